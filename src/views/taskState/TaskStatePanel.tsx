/** The selected subtask's state: keyed state entries by key group, or a source's offsets. */
import { lazy, Suspense, useMemo } from 'react';
import { keyedStateEntries, type StateValueView } from '../../engine';
import { KeyedStateTable } from './KeyedStateTable';
import { useAppStore } from '../../store/appStore';
import { selectPresenter, selectSelectedTask, selectTaskInStage } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { LsmView } from '../lsm/LsmView';
import { useViewState } from '../panelPace';
import { selectLessonNeedsTask } from '../../app/lessons/presenterLessonTargets';

/** Only changelog scenarios need the DSTL tape, so its code is fetched the first time one is shown. */
const ChangelogSection = lazy(() => import('../changelog/ChangelogSection').then((m) => ({ default: m.ChangelogSection })));

function show(v: StateValueView): string {
  if (v === null) return '∅';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v)) return `[${v.join(', ')}]`;
  return Object.entries(v)
    .map(([k, n]) => `${k}:${n}`)
    .join(' ');
}

export function TaskStatePanel() {
  const t = useT();
  const state = useViewState();
  const task = useAppStore(selectSelectedTask);
  const chosenInStage = useAppStore(selectTaskInStage);
  const lessonInStage = useAppStore(selectLessonNeedsTask);
  const inStage = chosenInStage || lessonInStage;
  const presenter = useAppStore(selectPresenter);
  const setInStage = useAppStore((s) => s.setTaskInStage);
  const keyed = task ? state.job.keyed[task] : undefined;
  const source = task ? state.job.sources[task] : undefined;
  const sink = task ? state.job.sinks[task] : undefined;
  const entries = useMemo(() => (keyed ? keyedStateEntries(keyed.backend) : []), [keyed]);
  return (
    <section
      className={`panel task-state${inStage ? ' in-stage' : ''}`}
      aria-labelledby="task-state-title"
      data-testid="task-state"
    >
      <h2 id="task-state-title">
        {t('taskState')} <span className="muted">{task ?? ''}</span>
        {/* Presenter mode has no side column to go back to: there the narration bar's toggle hides it. */}
        {!presenter && (
          <button
            type="button"
            className="task-stage-toggle"
            data-testid="task-in-stage"
            aria-pressed={inStage}
            title={t(inStage ? 'clsTaskToSideHint' : 'clsTaskInStageHint')}
            onClick={() => setInStage(!inStage)}
          >
            {t(inStage ? 'clsTaskToSide' : 'clsTaskInStage')}
          </button>
        )}
      </h2>
      {!task && <p className="muted">{t('selectTaskHint')}</p>}
      {keyed && (
        <>
          <p className="muted small">
            {keyed.backend.type === 'hashmap' ? t('heapBackendNote') : t('rocksBackendNote')} · {entries.length} {t('entries')}
          </p>
          {keyed.backend.type === 'rocksdb' && <LsmView task={task!} />}
          {entries.length === 0 ? (
            <p className="muted">{t('noStateYet')}</p>
          ) : (
            <KeyedStateTable entries={entries} show={show} />
          )}
          {keyed.changelog && (
            <Suspense fallback={null}>
              <ChangelogSection task={task!} />
            </Suspense>
          )}
        </>
      )}
      {source && (
        <div data-testid="source-offsets">
          <p className="muted small">{t('sourceNote')}</p>
          <table className="state-table">
            <thead>
              <tr>
                <th>{t('partition')}</th>
                <th>{t('offset')}</th>
                <th>{t('logOffset')}</th>
              </tr>
            </thead>
            <tbody>
              {source.partitions.map((p) => (
                <tr key={p.partition}>
                  <td>p{p.partition}</td>
                  <td className="num">{p.offset}</td>
                  <td className="num">{p.logOffset}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {t('emitted')}: <b>{source.emitted}</b>
          </p>
        </div>
      )}
      {sink && (
        <p>
          {t('received')}: <b>{sink.received}</b>
        </p>
      )}
    </section>
  );
}
