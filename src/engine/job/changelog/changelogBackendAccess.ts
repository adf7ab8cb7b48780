/**
 * The keyed state API a keyed operator subtask writes through: the nested backend directly, or,
 * with the changelog enabled, Flink's `ChangelogKeyedStateBackend` around it, whose sink appends
 * every change to the subtask's DSTL writer (`FsStateChangelogWriter#append`). An append may
 * trigger a pre-emptive persist (`preEmptiveFlushIfNeeded`); its upload task is collected here
 * and handed to the TaskManager's upload scheduler by {@link afterChangelogWrite}, in the same
 * step, because scheduling needs the step context.
 */
import { ChangelogKeyedStateBackend } from '../../changelog/backend/changelogKeyedStateBackend';
import { appendChange, type PersistResult } from '../../changelog/dstl/fsStateChangelogWriter';
import type { KeyedStateBackend } from '../../state/keyedStateApi';
import type { StepContext } from '../../stepContext';
import { openKeyedBackend } from '../keyedBackend';
import type { KeyedTaskState } from '../jobState';
import type { ChangelogTaskState } from './changelogTaskState';
import { scheduleUploadTask } from './dstlUploads';

/** Wrappers per changelog state object (a seeked or restored engine has new objects, so fresh wrappers). */
const wrappers = new WeakMap<ChangelogTaskState, { backend: ChangelogKeyedStateBackend; preEmptive: PersistResult[] }>();

function wrapperOf(keyed: KeyedTaskState, cl: ChangelogTaskState) {
  let w = wrappers.get(cl);
  if (!w) {
    const preEmptive: PersistResult[] = [];
    const backend = new ChangelogKeyedStateBackend(
      openKeyedBackend(keyed.backend),
      (change) => {
        const r = appendChange(cl.writer, change);
        if (r.preEmptive) preEmptive.push(r.preEmptive);
      },
      cl.backend,
    );
    w = { backend, preEmptive };
    wrappers.set(cl, w);
  }
  return w;
}

/** The backend the operator's state calls go to (logging when the changelog is on). */
export function openTaskKeyedBackend(keyed: KeyedTaskState): KeyedStateBackend {
  return keyed.changelog ? wrapperOf(keyed, keyed.changelog).backend : openKeyedBackend(keyed.backend);
}

/** Hands the upload tasks of pre-emptive persists triggered by this step's writes to the scheduler. */
export function afterChangelogWrite(ctx: StepContext, task: string): void {
  const keyed = ctx.state.job.keyed[task];
  if (!keyed?.changelog) return;
  const w = wrapperOf(keyed, keyed.changelog);
  const due = w.preEmptive.splice(0);
  for (const r of due) {
    if (r.status !== 'ok' || !r.task) continue;
    ctx.emit('changelog.persisted', { checkpointId: null, fromSqn: r.range.from, toSqn: r.range.to, changeSets: r.task.changeSets.length, bytes: r.task.sizeBytes, ready: false }, { task });
    scheduleUploadTask(ctx, task, r.task);
  }
}
