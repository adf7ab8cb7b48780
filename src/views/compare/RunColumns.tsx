/**
 * One column per run: the simulator's own views of that run at the shared cursor (RunViewsFrame),
 * its figures at the cursor, and its whole-run outcomes below. The views load one column at a time
 * once every run is measured: each embedded simulator records its run on the page's thread.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Scenario } from '../../engine';
import { useT } from '../../i18n/useT';
import { embedSrc } from '../../app/embed/embedLink';
import { RunViewsFrame } from './RunViewsFrame';
import type { RunMetrics } from '../../engine/compare/runMetrics';
import { formatBytes } from '../format';
import { RUN_COLORS } from './compareLabels';
import { formatTime } from './OverlayChart';
import { runAtTime } from './runAtTime';

export function RunColumns({ labels, scenarios, runs, cursorMs }: { labels: string[]; scenarios: readonly Scenario[]; runs: (RunMetrics | null)[]; cursorMs: number }) {
  const t = useT();
  const srcs = useMemo(() => scenarios.map((s) => embedSrc(s, location.pathname)), [scenarios]);
  const allMeasured = runs.length === scenarios.length && runs.every((r) => r !== null);
  // How many frames have loaded (or failed), for this set of runs: the next one loads after them.
  const [settled, setSettled] = useState({ srcs, n: 0 });
  const loadedCount = settled.srcs === srcs ? settled.n : 0;
  const onSettled = useCallback((i: number) => setSettled((s) => ({ srcs, n: Math.max(s.srcs === srcs ? s.n : 0, i + 1) })), [srcs]);
  return (
    <div className="cmp-columns" style={{ gridTemplateColumns: `repeat(${labels.length}, minmax(0, 1fr))` }}>
      {labels.map((label, i) => {
        const m = runs[i] ?? null;
        const at = m ? runAtTime(m, cursorMs) : null;
        return (
          <section key={srcs[i] ?? label} className="cmp-column" data-testid={`cmp-column-${i}`} style={{ borderTopColor: RUN_COLORS[i] }}>
            <h3>
              <span className="cmp-swatch" style={{ background: RUN_COLORS[i] }} aria-hidden="true" />
              {label}
            </h3>
            <p className="cmp-column-time" data-testid={`cmp-column-time-${i}`}>
              {t('cmpAt', { time: formatTime(cursorMs) })}
            </p>
            {srcs[i] && <RunViewsFrame key={srcs[i]} index={i} label={label} src={srcs[i]} atMs={cursorMs} load={allMeasured && i <= loadedCount} onSettled={onSettled} />}
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
