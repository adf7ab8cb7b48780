/**
 * The "Faults" group: make a task fail now or at a phase of its next checkpoint (or during its
 * next materialization), make it decline the next checkpoint, make the next n uploads fail; and
 * lose a TaskManager (its slots and local disk); and the faults already armed at this step, read
 * from the engine state.
 */
import { useState } from 'react';
import type { EngineState, UserAction } from '../../engine';
import { useT, type Translate } from '../../i18n/useT';
import { TaskSelect } from './TaskSelect';
import { ActionButton } from './ActionButton';
import {
  allTasks,
  armedFaults,
  FAIL_PHASES,
  PHASE_LABELS,
  pick,
  usesChangelog,
  type ArmedFault,
  type FailPhase,
} from './actionModel';

function armedText(f: ArmedFault, t: Translate): string {
  if (f.kind === 'fail')
    return t('actArmedFail', { task: f.task, phase: t(PHASE_LABELS[f.phase]) });
  if (f.kind === 'decline')
    return f.checkpoint === 'next'
      ? t('actArmedDeclineNext', { task: f.task })
      : t('actArmedDecline', { task: f.task, which: f.checkpoint });
  return t('actArmedUploads', { n: f.count, scope: f.task ?? t('actAnyTask') });
}

interface Props {
  state: EngineState;
  selectedTask: string | null;
  run: (action: UserAction) => void;
}

export function FaultActions({ state, selectedTask, run }: Props) {
  const t = useT();
  const [taskChoice, setTaskChoice] = useState<string | null>(null);
  const [phase, setPhase] = useState<FailPhase>('now');
  const [count, setCount] = useState(1);
  const [scopeChoice, setScopeChoice] = useState<string>('');
  const [slow, setSlow] = useState(10);
  const [tmChoice, setTmChoice] = useState(0);
  const tasks = allTasks(state);
  const task = pick(tasks, taskChoice, selectedTask);
  const changelog = usesChangelog(state);
  const effectivePhase: FailPhase = phase === 'materialization' && !changelog ? 'now' : phase;
  const scope = scopeChoice !== '' && tasks.includes(scopeChoice) ? scopeChoice : '';
  const n = Math.max(1, Math.min(1000, Math.round(count) || 1));
  const armed = armedFaults(state);
  const tolerable = state.scenario.checkpointing.tolerableFailed;
  const tmCount = state.job.topology.taskManagers;
  const tm = Math.min(tmChoice, tmCount - 1);
  const tmTasks = state.job.topology.subtasks.filter((s) => s.taskManager === tm).map((s) => s.name);
  return (
    <>
      <div className="act-row">
        <TaskSelect tasks={tasks} value={task} onChange={setTaskChoice} testId="fault-task" />
        <select
          value={effectivePhase}
          onChange={(e) => setPhase(e.target.value as FailPhase)}
          aria-label={t('actFailWhen')}
          title={t('actFailWhen')}
          data-testid="fault-phase"
        >
          {FAIL_PHASES.map((p) => (
            <option key={p} value={p} disabled={p === 'materialization' && !changelog}>
              {t(PHASE_LABELS[p])}
              {p === 'materialization' && !changelog ? ` (${t('actChangelogOnly')})` : ''}
            </option>
          ))}
        </select>
        <ActionButton
          testId="fault-fail"
          className="act-danger"
          title={t('actFailTitle', { task, phase: t(PHASE_LABELS[effectivePhase]) })}
          disabledReason={null}
          onClick={() => run({ do: 'fail', task, phase: effectivePhase })}
        >
          {t('actFail')}
        </ActionButton>
      </div>
      <div className="act-row">
        <select
          value={tm}
          onChange={(e) => setTmChoice(Number(e.target.value))}
          aria-label={t('actLoseTmWhich')}
          title={t('actLoseTmWhich')}
          data-testid="fault-tm"
        >
          {Array.from({ length: tmCount }, (_, i) => (
            <option key={i} value={i}>
              tm-{i}
            </option>
          ))}
        </select>
        <ActionButton
          testId="fault-lose-tm"
          className="act-danger"
          title={t('actLoseTmTitle', { tm: `tm-${tm}`, tasks: tmTasks.join(', ') })}
          disabledReason={null}
          onClick={() => run({ do: 'loseTaskManager', taskManager: tm })}
        >
          {t('actLoseTm')}
        </ActionButton>
        {/* One row with the TaskManager loss where it fits (presenter mode shows the group whole); it wraps when narrow. */}
        <ActionButton
          testId="fault-decline"
          title={t('actDeclineTitle', { task, n: tolerable })}
          disabledReason={null}
          onClick={() => run({ do: 'decline', task })}
        >
          {t('actDecline')}
        </ActionButton>
      </div>
      <div className="act-row">
        <label className="act-field">
          {t('actUploadCount')}
          <input
            type="number"
            min={1}
            max={1000}
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
            data-testid="fault-upload-count"
            className="act-count"
          />
        </label>
        <label className="act-field">
          {t('actUploadScope')}
          <select
            value={scope}
            onChange={(e) => setScopeChoice(e.target.value)}
            data-testid="fault-upload-task"
          >
            <option value="">{t('actAnyTask')}</option>
            {tasks.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        <ActionButton
          testId="fault-fail-uploads"
          title={t('actFailUploadsTitle', { n, scope: scope || t('actAnyTask') })}
          disabledReason={null}
          onClick={() =>
            run(
              scope
                ? { do: 'failUploads', count: n, task: scope }
                : { do: 'failUploads', count: n },
            )
          }
        >
          {t('actFailUploads')}
        </ActionButton>
      </div>
      <div className="act-row">
        <label className="act-field">
          {t('actSlowFactor')}
          <select value={slow} onChange={(e) => setSlow(Number(e.target.value))} data-testid="fault-slow-factor">
            {[5, 10, 50, 1].map((f) => (
              <option key={f} value={f}>
                {f === 1 ? t('actSlowNormal') : `×${f}`}
              </option>
            ))}
          </select>
        </label>
        <ActionButton
          testId="fault-slow-storage"
          title={t('actSlowStorageTitle')}
          disabledReason={null}
          onClick={() => run({ do: 'slowStorage', factor: slow, durationMs: 0 })}
        >
          {t('actSlowStorage')}
        </ActionButton>
      </div>
      <p className="act-armed" data-testid="fault-armed">
        {armed.length === 0 ? (
          <span className="muted">{t('actArmedNone')}</span>
        ) : (
          <>
            <b>{t('actArmed')}</b> {armed.map((f) => armedText(f, t)).join(' · ')}
          </>
        )}
      </p>
    </>
  );
}
