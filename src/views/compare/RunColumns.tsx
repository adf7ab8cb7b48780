/** One column per run: its figures at the shared cursor, and its whole-run outcomes below. */
import { useT } from '../../i18n/useT';
import type { RunMetrics } from '../../engine/compare/runMetrics';
import { formatBytes } from '../format';
import { RUN_COLORS } from './compareLabels';
import { formatTime } from './OverlayChart';
import { runAtTime } from './runAtTime';

export function RunColumns({ labels, runs, cursorMs }: { labels: string[]; runs: (RunMetrics | null)[]; cursorMs: number }) {
  const t = useT();
  return (
    <div className="cmp-columns" style={{ gridTemplateColumns: `repeat(${labels.length}, minmax(0, 1fr))` }}>
      {labels.map((label, i) => {
        const m = runs[i] ?? null;
        const at = m ? runAtTime(m, cursorMs) : null;
        return (
          <section key={label} className="cmp-column" data-testid={`cmp-column-${i}`} style={{ borderTopColor: RUN_COLORS[i] }}>
            <h3>
              <span className="cmp-swatch" style={{ background: RUN_COLORS[i] }} aria-hidden="true" />
              {label}
            </h3>
            <p className="cmp-column-time" data-testid={`cmp-column-time-${i}`}>
              {t('cmpAt', { time: formatTime(cursorMs) })}
            </p>
            {!m || !at ? (
              <p className="cmp-pending">{t('cmpColPending')}</p>
            ) : (
              <dl>
                <dt>{t('cmpColCheckpoints')}</dt>
                <dd data-testid={`cmp-completed-${i}`}>{at.completed}</dd>
                <dt>{t('cmpColLast')}</dt>
                <dd>
                  {at.latest ? (
                    <>
                      #{at.latest.id} · {t('cmpColCheckpointed')} {formatBytes(at.latest.checkpointedSize)} · {t('cmpColState')} {formatBytes(at.latest.stateSize)} · {t('cmpColDuration')} {at.latest.durationMs} ms
                    </>
                  ) : (
                    t('cmpColLastNone')
                  )}
                </dd>
                <dt>{t('cmpColStored')}</dt>
                <dd data-testid={`cmp-stored-${i}`}>
                  {at.storage ? `${formatBytes(at.storage.storedBytes)} · ${t('cmpColFiles', { n: at.storage.fileCount })}` : '—'}
                </dd>
                <dt>{t('cmpColUploaded')}</dt>
                <dd>{at.storage ? formatBytes(at.storage.uploadedBytes) : '—'}</dd>
                <dt>{t('cmpColFailed')}</dt>
                <dd>{m.failedCheckpoints}</dd>
                <dt>{t('cmpColRestore')}</dt>
                <dd>{m.restore.checkpointId === null ? '—' : `${m.restore.totalMs} ms (#${m.restore.checkpointId})`}</dd>
                <dt>{t('cmpColReplayed')}</dt>
                <dd>{m.replayedRecords}</dd>
              </dl>
            )}
          </section>
        );
      })}
    </div>
  );
}
