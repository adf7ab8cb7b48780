/**
 * Local recovery in the Restore tab: the TaskManagers' local disks at the cursor (engine state
 * beside the job, never the remote storage in IndexedDB), each with the task-local copies its
 * stores hold, and one line adding up what the restore read from disk against what it downloaded.
 */
import type { Translate } from '../../i18n/useT';
import { formatBytes } from '../format';
import { useViewState } from '../panelPace';
import type { RestoreSpan } from './restoreSpans';

export function LocalDisks({ t }: { t: Translate }) {
  const state = useViewState();
  const disks = state.localState?.taskManagers;
  if (!disks) return null;
  const tms = Object.values(disks).sort((a, b) => a.taskManager.localeCompare(b.taskManager, 'en', { numeric: true }));
  return (
    <section className="rs-section rs-disks" data-testid="rs-local-disks">
      <h3>
        {t('rsDisksTitle')} <small>{t('rsDisksSub')}</small>
      </h3>
      <ul className="rs-disk-list">
        {tms.map((d) => {
          const stores = Object.entries(d.stores).filter(([, l]) => l.length > 0);
          const bytes = Object.values(d.files).reduce((n, b) => n + b.length, 0);
          return (
            <li key={d.taskManager} data-testid={`rs-disk-${d.taskManager}`}>
              <b className="mono">{d.taskManager}</b>
              {d.incarnation > 0 && <span className="rs-disk-new"> {t('rsDiskReplacement')}</span>}{' '}
              <span className="muted">{formatBytes(bytes)}</span>
              {': '}
              {stores.length === 0
                ? t('rsDiskEmpty')
                : stores
                    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
                    .map(([task, l]) => `${task} ${l.map((s) => `chk_${s.checkpointId}`).join(', ')}`)
                    .join(' · ')}
            </li>
          );
        })}
      </ul>
      <p className="muted small">{t('rsDisksNote')}</p>
    </section>
  );
}

/** What this restore read from the TaskManagers' disks and what it downloaded, up to the cursor. */
export function LocalRecoveryLine({ span, cursor, t }: { span: RestoreSpan; cursor: number; t: Translate }) {
  const seen = span.sources.filter((x) => x.pos <= cursor).map((x) => x.event);
  if (span.sources.length === 0) return null;
  const local = seen.filter((e) => e.source === 'local');
  return (
    <p className="rs-line" data-testid="rs-local-summary">
      {t('rsLocalSummary', {
        local: local.length,
        of: seen.length,
        localBytes: formatBytes(seen.reduce((n, e) => n + e.localBytes, 0)),
        remoteBytes: formatBytes(seen.reduce((n, e) => n + e.remoteBytes, 0)),
      })}
    </p>
  );
}
