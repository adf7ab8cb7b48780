/**
 * Carries out an action (from the scenario script or from a user at the cursor) inside a step.
 * Actions whose mechanism the engine does not run yet are refused by the scenario checks
 * (`ENGINE_SUPPORTED_ACTIONS`), so reaching one here is a programming error.
 */
import type { UserAction } from './actions';
import { assertNever } from './core/assertNever';
import { appendToSourceLog } from './dataflow/recordFlow';
import { requestCheckpoint } from './coordinator/triggerCheckpoint';
import { restoreJob } from './restore/restoreJob';
import { failJob } from './restore/failover';
import { cancelJobAction } from './restore/cancelJobAction';
import { loseTaskManager } from './restore/loseTaskManager';
import { compactTaskFilesNow, flushTaskNow } from './job/lsmEvents';
import type { StepContext } from './stepContext';
import { materializeNow } from './snapshot/materialization';
import { stopWithSavepoint } from './coordinator/stopWithSavepoint';

/** Performs `action` now. */
export function performAction(ctx: StepContext, action: UserAction): void {
  // A cancelled job has no tasks: only a new submission (restore), input and storage faults apply.
  if ((ctx.state.job.canceled || ctx.state.job.finished) && (action.do === 'fail' || action.do === 'loseTaskManager' || action.do === 'decline' || action.do === 'flush' || action.do === 'compact' || action.do === 'materialize')) return;
  switch (action.do) {
    case 'emit':
      appendToSourceLog(ctx, action.source ?? 'source#0', action.records);
      return;
    case 'checkpoint':
      requestCheckpoint(ctx, false, false);
      return;
    case 'savepoint': {
      requestCheckpoint(ctx, true, false, action.format === 'native' ? 'NATIVE' : 'CANONICAL');
      return;
    }
    case 'restore':
      restoreJob(ctx, action);
      return;
    case 'cancel':
      cancelJobAction(ctx);
      return;
    case 'stop':
      stopWithSavepoint(ctx, action.drain, action.format === 'native' ? 'NATIVE' : 'CANONICAL');
      return;
    case 'loseTaskManager':
      loseTaskManager(ctx, action.taskManager);
      return;
    case 'decline': {
      const cp = ctx.state.job.checkpointing[action.task];
      if (!cp) throw new Error(`decline: no task "${action.task}"`);
      cp.declineNext = action.checkpoint ?? 'next';
      return;
    }
    case 'fail': {
      if (!ctx.state.job.checkpointing[action.task]) throw new Error(`fail: no task "${action.task}"`);
      if (action.phase === 'now') failJob(ctx, `${action.task} failed (injected)`);
      else if (action.phase === 'materialization') {
        const cl = ctx.state.job.keyed[action.task]?.changelog;
        if (cl) cl.failDuringMaterialization = true;
        else ctx.emit('changelog.materialization.skipped', { reason: 'not-changelog' }, { task: action.task });
      } else ctx.state.job.checkpointing[action.task]!.failAt = action.phase;
      return;
    }
    case 'failUploads':
      ctx.state.storage.failingUploads = { count: action.count, task: action.task ?? null };
      return;
    case 'slowStorage': {
      const untilMs = action.durationMs > 0 ? ctx.nowMs + action.durationMs : null;
      ctx.state.storage.slow = action.factor > 1 ? { factor: action.factor, untilMs } : null;
      ctx.emit('storage.slowed', { factor: action.factor, untilMs }, { task: 'jobmanager' });
      return;
    }
    case 'flush':
      flushTaskNow(ctx, action.task);
      return;
    case 'compact':
      compactTaskFilesNow(ctx, action.task, action.files);
      return;
    case 'materialize':
      materializeNow(ctx, action.task);
      return;
    default:
      return assertNever(action, 'action');
  }
}
