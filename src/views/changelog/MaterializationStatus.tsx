/**
 * The materialization status line (last and running materialization, consecutive failures
 * against `max-failures-allowed`) and the TaskManager's DSTL upload figures, where the
 * small-file problem becomes visible: the file count climbs with every batch.
 */
import type { EngineState } from '../../engine';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { materializationFigures, taskManagerUploadFigures } from './changelogStatus';
import type { ChangelogTaskState } from './dstlTape';
import { Term } from '../glossary/Term';

function formatInterval(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${ms / 1000} s`;
}

export function MaterializationStatus({
  task,
  cl,
  state,
}: {
  task: string;
  cl: ChangelogTaskState;
  state: EngineState;
}) {
  const t = useT();
  const m = materializationFigures(cl, state.scenario);
  const tm = taskManagerUploadFigures(state.job, task);
  return (
    <div className="cl-status small" data-testid="changelog-status">
      <h4>
        <Term id="materialization">{t('clMatTitle')}</Term>{' '}
        <span className="muted">
          (
          {m.intervalMs > 0
            ? t('clMatEvery', { interval: formatInterval(m.intervalMs) })
            : t('clMatByAction')}
          )
        </span>
      </h4>
      <dl className="cl-figures" data-testid="materialization-status">
        <dt>{t('clMatLastLabel')}</dt>
        <dd data-testid="materialization-last">
          {m.lastId > 0 ? t('clMatAt', { id: m.lastId, sqn: m.syncPoint }) : t('clMatNone')}
        </dd>
        <dt>{t('clMatRunningLabel')}</dt>
        <dd data-testid="materialization-running">
          {m.running
            ? t('clMatAt', { id: m.running.id, sqn: m.running.upTo })
            : t('clMatNotRunning')}
        </dd>
        <dt>{t('clMatFailuresLabel')}</dt>
        <dd
          className={m.consecutiveFailures > 0 ? 'cl-warn' : undefined}
          data-testid="materialization-failures"
        >
          {t('clMatFailures', { n: m.consecutiveFailures, max: m.maxFailuresAllowed })}
        </dd>
        <dt>{t('clUntruncatedLabel')}</dt>
        <dd data-testid="changelog-untruncated">
          {t('clUntruncated', { n: m.untruncated.changeSets, size: formatBytes(m.untruncated.bytes) })}
        </dd>
      </dl>
      {tm && (
        <>
          <h4>
            {t('clTmTitle', { tm: tm.name })}{' '}
            <span className="muted">({t('clTmWriters', { n: tm.writers })})</span>
          </h4>
          <dl className="cl-figures" data-testid="dstl-uploads">
            <dt>{t('clTmFiles')}</dt>
            <dd data-testid="dstl-files-written">
              <b>{tm.filesWritten}</b>
            </dd>
            <dt>{t('clTmRequests')}</dt>
            <dd>{tm.uploadRequests}</dd>
            <dt>{t('clTmInFlight')}</dt>
            <dd>{formatBytes(tm.bytesInFlight)}</dd>
            <dt>{t('clTmOwned')}</dt>
            <dd>{tm.ownedFiles}</dd>
            {tm.uploadFailures > 0 && (
              <>
                <dt>{t('clTmFailures')}</dt>
                <dd className="cl-warn">{tm.uploadFailures}</dd>
              </>
            )}
          </dl>
          <p className="muted">{t('clSmallFiles')}</p>
        </>
      )}
      {cl.writer.closed && <p className="cl-warn">{t('clClosed')}</p>}
      {cl.snapshot.restoredNonMaterialized.length > 0 && (
        <p>
          {t('clRestored', {
            n: cl.snapshot.restoredNonMaterialized.reduce(
              (n, h) => n + h.handlesAndOffsets.length,
              0,
            ),
          })}
        </p>
      )}
    </div>
  );
}
