/** Narrators of a checkpoint's life: trigger, barriers injected and received, alignment, sync and async parts, acknowledgements, completion, abort, decline, subsumption, notifications. */
import type { CheckpointFailureReason, EventOf } from '../../engine';
import { formatBytes } from '../format';
import { declineReason } from './reasonText';
import {
  type NarrationContext,
  type Narrator,
  WhatOf,
  all,
  first,
  isSavepointId,
  joinSentences,
  ref,
  whatOf,
} from './narrationKit';

export const completed: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.completed');
  if (!e) return null;
  const headline = tr('narCompleted', {
    What: WhatOf(tr, e.isSavepoint),
    id: e.checkpointId,
    delta: formatBytes(e.checkpointedSize),
    full: formatBytes(e.stateSize),
    meta: formatBytes(all(events, 'file.uploaded').find((f) => f.path === e.metadataPath)?.size ?? 0),
  });
  const truncatedTasks = [...new Set(all(events, 'changelog.truncated').map((t) => t.task ?? ''))];
  const truncated =
    truncatedTasks.length > 0
      ? tr('narCompletedWhyTruncated', { tasks: truncatedTasks.join(tr('narListSep')) })
      : null;
  if (e.isSavepoint)
    return { headline, why: tr('narCompletedWhySavepoint'), flinkRef: ref(e), primary: e.type };
  const subsumed = first(events, 'checkpoint.subsumed');
  const deleted = all(events, 'file.discarded').length;
  const n = state.scenario.checkpointing.numRetained;
  const why = subsumed
    ? tr(deleted > 0 ? 'narCompletedWhySubsumed' : 'narCompletedWhySubsumedNoFiles', {
        old: subsumed.checkpointId,
        n,
        files: deleted,
        id: e.checkpointId,
      })
    : tr('narCompletedWhy', {
        retained: e.retained.join(tr('narListSep')) || tr('narNone'),
        id: e.checkpointId,
      });
  return { headline, why: joinSentences(why, truncated), flinkRef: ref(e), primary: e.type };
};

export const ABORT_REASON_KEYS = {
  CHECKPOINT_DECLINED: 'narAbortDeclined',
  CHECKPOINT_EXPIRED: 'narAbortExpired',
  CHECKPOINT_SUBSUMED: 'narAbortSubsumed',
  CHECKPOINT_DECLINED_SUBSUMED: 'narAbortDeclinedSubsumed',
  TASK_FAILURE: 'narAbortFailover',
  JOB_FAILOVER_REGION: 'narAbortFailover',
  CHECKPOINT_ASYNC_EXCEPTION: 'narAbortAsync',
  TOO_MANY_CHECKPOINT_REQUESTS: 'narAbortTooMany',
  CHECKPOINT_COORDINATOR_SHUTDOWN: 'narAbortShutdown',
  CHECKPOINT_COORDINATOR_SUSPEND: 'narAbortSuspend',
  CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER: 'narAbortCancelMarker',
} as const satisfies Record<CheckpointFailureReason, string>;

export const aborted: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.aborted');
  if (!e) return null;
  const key = (
    ABORT_REASON_KEYS as Record<string, (typeof ABORT_REASON_KEYS)[keyof typeof ABORT_REASON_KEYS]>
  )[e.reason];
  return {
    headline: tr('narAborted', {
      What: WhatOf(tr, isSavepointId(state, e.checkpointId)),
      id: e.checkpointId,
      reason: key ? tr(key) : e.reason,
    }),
    why: tr('narAbortedWhy', {
      n: e.continuousFailures,
      t: state.scenario.checkpointing.tolerableFailed,
    }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const declined: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.declined');
  if (!e) return null;
  const what = whatOf(tr, isSavepointId(state, e.checkpointId));
  return {
    headline: tr('narDeclined', {
      task: e.task ?? '',
      what,
      id: e.checkpointId,
      reason: declineReason(e.reason, tr),
    }),
    why: tr('narDeclinedWhy', {
      what,
      id: e.checkpointId,
      t: state.scenario.checkpointing.tolerableFailed,
    }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const triggered: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.triggered');
  if (!e) return null;
  const byUser = events.some((x) => x.type === 'user.action');
  const why = e.isSavepoint
    ? tr('narTriggeredWhySavepoint', { tasks: e.tasks })
    : byUser
      ? tr('narTriggeredWhyUser', { tasks: e.tasks })
      : tr('narTriggeredWhyPeriodic', {
          interval: state.scenario.checkpointing.intervalMs,
          tasks: e.tasks,
        });
  return {
    headline: tr('narTriggered', { what: whatOf(tr, e.isSavepoint), id: e.checkpointId }),
    why,
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const triggerSkipped: Narrator = ({ events, tr }) => {
  const e = first(events, 'checkpoint.triggerSkipped');
  if (!e) return null;
  const reason =
    e.reason === 'TOO_MANY_CHECKPOINT_REQUESTS'
      ? tr('narSkipTooMany')
      : e.reason === 'MINIMUM_TIME_BETWEEN_CHECKPOINTS'
        ? tr('narSkipMinPause', { at: e.rescheduledAtMs ?? 0 })
        : tr('narSkipNotRunning');
  return {
    headline: tr('narTriggerSkipped', { reason }),
    why: tr('narTriggerSkippedWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const requestQueued: Narrator = ({ events, tr }) => {
  const e = first(events, 'checkpoint.requestQueued');
  if (!e) return null;
  return {
    headline: tr('narRequestQueued', { what: whatOf(tr, e.isSavepoint), n: e.pending, max: e.maxConcurrent }),
    why: tr('narRequestQueuedWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const acknowledged: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.acknowledged');
  if (!e) return null;
  const what = whatOf(tr, isSavepointId(state, e.checkpointId));
  return {
    headline: tr('narAcked', {
      what,
      id: e.checkpointId,
      task: e.task ?? '',
      a: e.acknowledged,
      of: e.of,
    }),
    why: tr('narAckedWhy', { left: e.of - e.acknowledged, what }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const subsumed: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.subsumed');
  if (!e) return null;
  return {
    headline: tr('narSubsumed', { id: e.checkpointId, by: e.by }),
    why: tr('narSubsumedWhy', { n: state.scenario.checkpointing.numRetained }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const notified: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.notified');
  if (!e) return null;
  const how = tr(
    e.notification === 'complete'
      ? 'narNotifiedComplete'
      : e.notification === 'subsumed'
        ? 'narNotifiedSubsumed'
        : 'narNotifiedAborted',
  );
  return {
    headline: tr('narNotified', {
      what: whatOf(tr, isSavepointId(state, e.checkpointId)),
      id: e.checkpointId,
      how,
    }),
    why: tr('narNotifiedWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

// ---------------------------------------------------------------------------------------------
// Barriers and the task's snapshot.

export const injected: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'barrier.injected');
  if (!e) return null;
  const sync = first(events, 'checkpoint.syncSnapshot');
  const what = whatOf(tr, sync?.isSavepoint ?? isSavepointId(state, e.checkpointId));
  const overtaken = first(events, 'barrier.overtook');
  return {
    headline: tr('narInjected', { task: e.task ?? '', what, id: e.checkpointId, n: e.to.length }),
    why: joinSentences(
      tr('narInjectedWhy', { what, id: e.checkpointId }),
      overtaken && overtaken.outputRecords > 0
        ? tr('narInjectedUnaligned', { out: overtaken.outputRecords })
        : null,
    ),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export function syncWhy(
  c: NarrationContext,
  sync: EventOf<'checkpoint.syncSnapshot'> | undefined,
  task: string,
  id: number,
  what: string,
): string {
  const { events, state, tr } = c;
  const preCommit = first(events, 'sink.preCommit');
  const persisted = first(events, 'changelog.persisted');
  const flushed = all(events, 'sst.flushed').filter((f) => f.task === task);
  const compaction = first(events, 'compaction.started');
  // Resuming the blocked channels is narrated when each resume request reaches its sender (channel.resumed).
  const keyed = state.job.keyed[task];
  let main: string;
  if (preCommit)
    main = tr('narSyncWhySink', {
      tx: preCommit.transaction,
      records: preCommit.records,
      what,
      id,
    });
  else if (persisted && persisted.checkpointId !== null)
    main = tr('narSyncWhyChangelog', { from: persisted.fromSqn, to: persisted.toSqn });
  else if (keyed && keyed.backend.type === 'rocksdb' && sync)
    main =
      flushed.length > 0
        ? tr('narSyncWhyRocksFlush', {
            sst: flushed.map((f) => f.sst).join(', '),
            uploads: sync.uploads,
            ms: sync.asyncDurationMs,
          })
        : tr('narSyncWhyRocks', { uploads: sync.uploads, ms: sync.asyncDurationMs });
  else if (keyed && sync)
    main = tr('narSyncWhyHeap', { size: formatBytes(sync.stateSize), ms: sync.asyncDurationMs });
  else main = tr('narSyncWhyOperator', { size: formatBytes(sync?.stateSize ?? 0) });
  const compacting =
    compaction && compaction.task === task
      ? tr('narSyncWhyCompaction', { inputs: compaction.inputs.join(', ') })
      : null;
  return joinSentences(main, compacting);
}

export const alignedOrSync: Narrator = (c) => {
  const { events, state, tr } = c;
  const aligned = first(events, 'barrier.aligned');
  const sync = first(events, 'checkpoint.syncSnapshot');
  if (!aligned && !sync) return null;
  const task = (aligned ?? sync)!.task ?? '';
  const id = (aligned ?? sync)!.checkpointId;
  const what = whatOf(tr, sync?.isSavepoint ?? isSavepointId(state, id));
  const received = all(events, 'barrier.received').find(
    (r) => r.task === task && r.checkpointId === id,
  );
  const inputs = state.job.topology.inputs[task]?.length ?? received?.of ?? 1;
  let headline: string;
  if (received && received.of > 1)
    headline = tr('narAlignedSync', { what, id, task, from: received.from, of: received.of });
  else if (received || inputs === 1) headline = tr('narOnlyInputSync', { what, id, task });
  else headline = tr('narSyncOnly', { task, what, id });
  return {
    headline,
    why: syncWhy(c, sync, task, id, what),
    flinkRef: ref(aligned ?? sync!),
    primary: (aligned ?? sync)!.type,
  };
};

export const barrierReceived: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'barrier.received');
  if (!e) return null;
  const what = whatOf(tr, isSavepointId(state, e.checkpointId));
  const params = {
    id: e.checkpointId,
    task: e.task ?? '',
    from: e.from,
    arrived: e.arrived,
    of: e.of,
    what,
  };
  return {
    headline: tr(e.blocked ? 'narBarrierBlocked' : 'narBarrierTracked', params),
    why: tr(e.blocked ? 'narBarrierBlockedWhy' : 'narBarrierTrackedWhy', params),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const asyncCompleted: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.asyncCompleted');
  if (!e) return null;
  const task = e.task ?? '';
  const what = whatOf(tr, isSavepointId(state, e.checkpointId));
  const uploaded = all(events, 'file.uploaded').filter((f) => f.task === task);
  // A changelog checkpoint uploads nothing in this step: its change sets went out in DSTL batches.
  if (e.changelog && uploaded.length === 0) {
    const c = e.changelog;
    const none = c.dstlFiles.length === 0;
    return {
      headline: tr(none ? 'narAsyncDoneChangelogNone' : 'narAsyncDoneChangelog', {
        task,
        what,
        id: e.checkpointId,
        from: c.fromSqn,
        to: c.toSqn,
        bytes: formatBytes(c.deltaBytes),
        files: c.dstlFiles.map((f) => f.split('/').pop()).join(tr('narListSep')),
      }),
      why: tr(none ? 'narAsyncWhyChangelogNone' : 'narAsyncWhyChangelog'),
      flinkRef: ref(e),
      primary: e.type,
    };
  }
  if (uploaded.length === 0) {
    return {
      headline: tr('narAsyncDoneNothing', { task, what, id: e.checkpointId }),
      why: tr('narAsyncWhyOperator'),
      flinkRef: ref(e),
      primary: e.type,
    };
  }
  const bytes = uploaded.reduce((n, f) => n + f.size, 0);
  const ssts = uploaded.filter((f) => f.sst !== null).length;
  const incremental =
    state.scenario.stateBackend.type === 'rocksdb' &&
    state.scenario.stateBackend.incremental &&
    !isSavepointId(state, e.checkpointId);
  return {
    headline: tr('narAsyncDone', {
      task,
      what,
      id: e.checkpointId,
      files: uploaded.length,
      bytes: formatBytes(bytes),
      ms: e.asyncDurationMs,
    }),
    why: incremental ? tr('narAsyncWhyIncremental', { ssts }) : tr('narAsyncWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};
