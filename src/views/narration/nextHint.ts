/**
 * "What next": from the step at the cursor, look ahead in the recorded timeline for the next
 * event that continues the story the step started (the acknowledgement after a snapshot, the
 * completion after an acknowledgement, the commit after a completion, the job running again
 * after a failure …). When nothing specific follows, the next event that is not ordinary record
 * traffic is named instead.
 */
import { offsetRuns, type EngineEvent, type EngineState, type StepRecord } from '../../engine';
import type { Lang } from '../../i18n/language';
import { narrateStep, whatOf } from './narrateStep';
import type { Tr } from './translator';

export interface NextHint {
  /** The position (step) to jump to. */
  position: number;
  /** A short clause: "count#0 acknowledges checkpoint 3". */
  text: string;
}

type Match = (e: EngineEvent) => boolean;

/** Record traffic and transaction bookkeeping: what "something interesting" skips over. */
const ROUTINE: ReadonlySet<string> = new Set([
  'source.emitted',
  'state.updated',
  'sink.received',
  // A run recorded in summary: its steps' records, counted (recordSummary.ts).
  'records.summarized',
  'sink.beginTransaction',
  'channel.backPressured',
  'channel.released',
]);

const cp = (e: EngineEvent): number | null =>
  'checkpointId' in e && typeof e.checkpointId === 'number' ? e.checkpointId : null;
const is =
  (...types: EngineEvent['type'][]): Match =>
  (e) =>
    types.includes(e.type);
const forCheckpoint =
  (id: number, ...types: EngineEvent['type'][]): Match =>
  (e) =>
    types.includes(e.type) && cp(e) === id;
const ofTask =
  (task: string | undefined, ...types: EngineEvent['type'][]): Match =>
  (e) =>
    types.includes(e.type) && e.task === task;
const anyOf =
  (...ms: Match[]): Match =>
  (e) =>
    ms.some((m) => m(e));

const FAILOVER = is('job.failed', 'restore.started');
const NEXT_CHECKPOINT = is('checkpoint.triggered', 'job.failed', 'restore.started');
const BACK_RUNNING = is('job.running', 'restore.failed');

/** The event the story of `e` continues with (null: anything interesting). */
function continuation(e: EngineEvent, state: EngineState): Match | null {
  switch (e.type) {
    case 'checkpoint.triggered':
      return anyOf(
        forCheckpoint(e.checkpointId, 'barrier.injected', 'checkpoint.aborted'),
        FAILOVER,
      );
    case 'barrier.injected':
      // The first downstream task to snapshot (a source's own unaligned snapshot is in its injection step).
      return anyOf(
        (x) =>
          forCheckpoint(
            e.checkpointId,
            'barrier.aligned',
            'barrier.overtook',
            'barrier.alignmentTimedOut',
          )(x) && !(x.task ?? '').startsWith('source#'),
        forCheckpoint(e.checkpointId, 'checkpoint.declined', 'checkpoint.aborted'),
        FAILOVER,
      );
    case 'barrier.received':
    case 'record.held':
      return anyOf(
        (x) =>
          (x.type === 'barrier.aligned' ||
            x.type === 'barrier.alignmentTimedOut' ||
            x.type === 'channel.statePersisted') &&
          x.task === e.task &&
          x.checkpointId === e.checkpointId,
        forCheckpoint(e.checkpointId, 'checkpoint.aborted'),
        FAILOVER,
      );
    case 'barrier.aligned':
    case 'barrier.overtook':
    case 'barrier.alignmentTimedOut':
    case 'barrier.outputTimedOut':
    case 'channel.statePersisted':
    case 'checkpoint.syncSnapshot':
    case 'checkpoint.asyncCompleted':
      return anyOf(
        (x) =>
          x.type === 'checkpoint.acknowledged' &&
          x.task === e.task &&
          x.checkpointId === e.checkpointId,
        forCheckpoint(e.checkpointId, 'checkpoint.aborted', 'checkpoint.declined'),
        FAILOVER,
      );
    case 'checkpoint.acknowledged':
      return anyOf(
        forCheckpoint(e.checkpointId, 'checkpoint.completed', 'checkpoint.aborted'),
        FAILOVER,
      );
    case 'checkpoint.completed':
      return state.scenario.job.sink.kind === 'transactional' && !e.isSavepoint
        ? anyOf(
            (x) => x.type === 'sink.commit' && x.notifiedCheckpointId === e.checkpointId,
            NEXT_CHECKPOINT,
          )
        : NEXT_CHECKPOINT;
    case 'checkpoint.declined':
      return anyOf(forCheckpoint(e.checkpointId, 'checkpoint.aborted'), FAILOVER);
    case 'checkpoint.aborted':
    case 'checkpoint.subsumed':
    case 'checkpoint.notified':
    case 'checkpoint.triggerSkipped':
    case 'checkpoint.requestQueued':
    case 'sink.commit':
    case 'file.discarded':
      return NEXT_CHECKPOINT;
    case 'job.failed':
    case 'restore.started':
    case 'restore.taskRestored':
    case 'changelog.restore.replayed':
    case 'sink.recoverAndCommit':
    case 'restore.channelState':
      return BACK_RUNNING;
    case 'channel.backPressured':
      return (x) => x.type === 'channel.released' && x.to === e.to;
    case 'sink.abort':
      return e.reason === 'close' ? BACK_RUNNING : null;
    case 'job.running':
      return is('checkpoint.completed', 'job.failed');
    case 'restore.failed':
      return is('restore.started');
    case 'sink.preCommit':
      return anyOf(
        (x) =>
          (x.type === 'sink.commit' ||
            x.type === 'sink.abort' ||
            x.type === 'sink.recoverAndCommit') &&
          x.transaction === e.transaction,
        FAILOVER,
      );
    case 'memtable.sealed':
      return ofTask(e.task, 'sst.flushed');
    case 'compaction.started':
      return ofTask(e.task, 'compaction.finished');
    case 'sst.flushed':
    case 'compaction.finished':
      return anyOf(
        (x) => x.type === 'file.uploaded' && x.task === e.task && x.sst !== null,
        FAILOVER,
      );
    case 'changelog.materialization.started':
      return (x) =>
        (x.type === 'changelog.materialization.completed' ||
          x.type === 'changelog.materialization.failed') &&
        x.task === e.task &&
        x.materializationId === e.materializationId;
    case 'changelog.materialization.completed':
      return anyOf(ofTask(e.task, 'changelog.truncated'), FAILOVER);
    case 'changelog.materialization.failed':
    case 'changelog.materialization.skipped':
    case 'changelog.truncated':
      return anyOf(ofTask(e.task, 'changelog.materialization.started'), FAILOVER);
    case 'changelog.persisted':
      return anyOf((x) => x.type === 'dstl.uploaded' && x.writers.includes(e.task ?? ''), FAILOVER);
    case 'dstl.uploadStarted':
    case 'dstl.uploadFailed':
      return (x) =>
        (x.type === 'dstl.uploaded' || x.type === 'dstl.uploadFailed') &&
        x.taskManager === e.taskManager &&
        x.batchId === e.batchId &&
        x !== e;
    case 'dstl.uploaded':
      return is('checkpoint.completed', 'job.failed');
    case 'user.action': {
      const a = e.action;
      if (a.do === 'fail' && a.phase !== 'now') return is('job.failed', 'restore.started');
      if (a.do === 'decline') return anyOf(ofTask(a.task, 'checkpoint.declined'), FAILOVER);
      if (a.do === 'failUploads')
        return is(
          'checkpoint.declined',
          'dstl.uploadFailed',
          'changelog.materialization.failed',
          'job.failed',
        );
      // In a summarized run the script-log records are in a summary's offset runs (flag 1).
      if (a.do === 'emit') return (x) => (x.type === 'source.emitted' && x.fromLog) || (x.type === 'records.summarized' && offsetRuns(x.offsets).some((r) => r.fromLog));
      return null;
    }
    default:
      return null;
  }
}

function findFrom(
  records: readonly StepRecord[],
  position: number,
  match: Match,
  skip?: EngineEvent,
): { position: number; event: EngineEvent } | null {
  for (let p = position + 1; p <= records.length; p++) {
    for (const e of records[p - 1]!.events)
      if (e !== skip && match(e)) return { position: p, event: e };
  }
  return null;
}

/** Whether checkpoint `id` is a savepoint: the state knows those triggered so far, the recording the later ones. */
function savepointLookup(
  records: readonly StepRecord[],
  state: EngineState,
  position: number,
): (id: number) => boolean {
  // A run triggers each checkpoint id once, so where the search starts changes only its time: a
  // checkpoint the state does not know yet is triggered after `position`. Read from the run's
  // first step, a late position of the scale run went through millions of events per hint.
  const triggered = (r: StepRecord, id: number): boolean | undefined => {
    for (const e of r.events) if (e.type === 'checkpoint.triggered' && e.checkpointId === id) return e.isSavepoint;
    return undefined;
  };
  return (id) => {
    if (state.coordinator.history.some((h) => h.id === id))
      return state.coordinator.history.some((h) => h.id === id && h.isSavepoint);
    for (let p = position; p < records.length; p++) {
      const found = triggered(records[p]!, id);
      if (found !== undefined) return found;
    }
    for (let p = Math.min(position, records.length) - 1; p >= 0; p--) {
      const found = triggered(records[p]!, id);
      if (found !== undefined) return found;
    }
    return false;
  };
}

/** A short clause for the target event; other kinds use the headline of their step. */
function shortText(
  e: EngineEvent,
  isSp: (id: number) => boolean,
  tr: Tr,
  stepEvents: readonly EngineEvent[],
): string | null {
  const task = e.task ?? '';
  const w = (id: number) => whatOf(tr, isSp(id));
  switch (e.type) {
    case 'barrier.injected':
      return tr('narNextInjected', { task, id: e.checkpointId });
    case 'barrier.received':
      return tr('narNextReceived', { task, id: e.checkpointId });
    case 'barrier.aligned':
    case 'barrier.alignmentTimedOut':
    case 'channel.statePersisted':
      return tr('narNextAligned', { task, what: w(e.checkpointId), id: e.checkpointId });
    case 'barrier.overtook':
      return tr('narNextSync', { task, what: w(e.checkpointId), id: e.checkpointId });
    case 'checkpoint.syncSnapshot':
      return tr('narNextSync', { task, what: w(e.checkpointId), id: e.checkpointId });
    case 'checkpoint.asyncCompleted':
      return tr('narNextAsync', { task, what: w(e.checkpointId), id: e.checkpointId });
    case 'checkpoint.acknowledged':
      return tr('narNextAck', { task, what: w(e.checkpointId), id: e.checkpointId });
    case 'checkpoint.completed':
      return tr('narNextCompleted', { what: whatOf(tr, e.isSavepoint), id: e.checkpointId });
    case 'checkpoint.aborted':
      return tr('narNextAborted', { what: w(e.checkpointId), id: e.checkpointId });
    case 'checkpoint.triggered':
      return tr('narNextTriggered', { what: whatOf(tr, e.isSavepoint), id: e.checkpointId });
    case 'checkpoint.declined':
      return tr('narNextDeclined', { task, what: w(e.checkpointId), id: e.checkpointId });
    case 'checkpoint.subsumed':
      return tr('narNextSubsumed', { id: e.checkpointId });
    case 'job.failed':
      return tr('narNextJobFailed');
    case 'restore.started':
      return tr('narNextRestoreStarted', { what: whatOf(tr, e.isSavepoint), id: e.checkpointId });
    case 'restore.failed':
      return tr('narNextRestoreFailed');
    case 'job.running':
      return tr('narNextJobRunning');
    case 'restore.taskRestored':
      return tr('narNextTaskRestored', { task });
    case 'sink.commit':
    case 'sink.recoverAndCommit':
      return tr('narNextCommit', { task, tx: e.transaction });
    case 'sink.preCommit':
      return tr('narNextPreCommit', { task, tx: e.transaction });
    case 'file.discarded':
      return tr('narNextDiscarded', {
        n: stepEvents.filter((x) => x.type === 'file.discarded').length,
      });
    case 'file.uploaded':
      return tr('narNextUploaded', {
        task,
        n: stepEvents.filter((x) => x.type === 'file.uploaded' && x.task === e.task).length,
        what: w(e.checkpointId),
        id: e.checkpointId,
      });
    case 'sst.flushed':
      return tr('narNextFlushed', { task, sst: e.sst });
    case 'memtable.sealed':
      return tr('narNextSealed', { task });
    case 'compaction.started':
      return tr('narNextCompactionStarted', { task });
    case 'compaction.finished':
      return tr('narNextCompactionFinished', { task });
    case 'changelog.materialization.started':
      return tr('narNextMatStarted', { task, id: e.materializationId });
    case 'changelog.materialization.completed':
      return tr('narNextMatCompleted', { task, id: e.materializationId });
    case 'changelog.materialization.failed':
      return tr('narNextMatFailed', { task, id: e.materializationId });
    case 'changelog.truncated':
      return tr('narNextTruncated', { task });
    case 'changelog.persisted':
      return tr('narNextPersisted', { task });
    case 'dstl.uploaded':
      return tr('narNextDstlUploaded', { tm: e.taskManager });
    case 'dstl.uploadFailed':
      return tr('narNextDstlFailed');
    case 'record.held':
      return tr('narNextHeld', { task });
    case 'sim.started':
      return tr('narNextJobStarts');
    case 'channel.released':
      return tr('narNextReleased', { to: e.to });
    default:
      return null;
  }
}

/** The step's main event, the one the narration is about (same order of importance). */
function mainEvent(
  events: readonly EngineEvent[],
  primaryType: string | null,
): EngineEvent | undefined {
  return primaryType ? events.find((e) => e.type === primaryType) : undefined;
}

/**
 * The next relevant step after `position`: `primaryType` is the type the step's narration is
 * built around (see narrateStep). `state` is the engine state at `position`.
 */
export function findNextHint(
  records: readonly StepRecord[],
  position: number,
  primaryType: string | null,
  state: EngineState,
  tr: Tr,
  lang: Lang,
): NextHint | null {
  const events = position === 0 ? [] : records[position - 1]!.events;
  const main = mainEvent(events, primaryType);
  const specific = main ? continuation(main, state) : null;
  const routine: Match = (e) => !ROUTINE.has(e.type) && e.type !== 'user.action';
  const found =
    (specific && findFrom(records, position, specific, main)) ||
    findFrom(records, position, routine);
  if (!found) return null;
  const isSp = savepointLookup(records, state, position);
  const stepEvents = records[found.position - 1]!.events;
  const text =
    shortText(found.event, isSp, tr, stepEvents) ??
    narrateStep(stepEvents, state, tr, lang).headline.replace(/[.。]$/, '');
  return { position: found.position, text };
}
