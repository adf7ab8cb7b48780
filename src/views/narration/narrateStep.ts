/**
 * The narration of one recorded step: from its events and the engine state after it, one
 * sentence of what happened (`headline`) and one of why or what it means (`why`), with the Flink
 * code the step's main event models. A step is one queue item and often emits several events
 * (a barrier arrives, alignment completes, the snapshot is taken, the barrier goes on): the
 * narrators below are tried in order of importance, and the first that recognises the step tells
 * it, using the other events for detail. Anything not recognised falls back to the event text.
 */
import {
  describeAction,
  formatKeyGroupRange,
  type EngineEvent,
  type EngineState,
  type EventOf,
  type EventType,
  type StateValueView,
} from '../../engine';
import { describeEvent } from '../../i18n/eventText';
import type { Lang } from '../../i18n/language';
import { formatBytes } from '../format';
import {
  declineReason,
  discardKind,
  discardReason,
  jobFailedReason,
  truncationReason,
} from './reasonText';
import type { Tr } from './translator';

export interface StepNarration {
  headline: string;
  /** Why it happened or what it means; may be empty. */
  why: string;
  /** The Flink class or method the step's main event models ('-' when none). */
  flinkRef: string;
  /** The event the narration is built around (null for an empty step). */
  primary: EventType | null;
  /** The step applied a user action. */
  byUser: boolean;
}

/** What a narrator gets: the step's events, the state after it, and how to say things. */
export interface NarrationContext {
  events: readonly EngineEvent[];
  state: EngineState;
  tr: Tr;
  lang: Lang;
}

type Narrator = (c: NarrationContext) => Omit<StepNarration, 'byUser'> | null;

function first<T extends EventType>(
  events: readonly EngineEvent[],
  type: T,
): EventOf<T> | undefined {
  return events.find((e) => e.type === type) as EventOf<T> | undefined;
}

function all<T extends EventType>(events: readonly EngineEvent[], type: T): EventOf<T>[] {
  return events.filter((e) => e.type === type) as EventOf<T>[];
}

function joinSentences(...parts: (string | false | null | undefined)[]): string {
  // Chinese sentences end in a full-width stop and need no space after it.
  return parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .reduce((out, p) => (out === '' ? p : /[。！？）]$/.test(out) ? out + p : `${out} ${p}`), '');
}

/** Whether checkpoint `id` is a savepoint, from the coordinator's history (false when unknown). */
export function isSavepointId(state: EngineState, id: number): boolean {
  return (
    state.coordinator.history.some((h) => h.id === id && h.isSavepoint) ||
    state.coordinator.savepoints.some((s) => s.id === id)
  );
}

export function whatOf(tr: Tr, isSavepoint: boolean): string {
  return tr(isSavepoint ? 'narSavepoint' : 'narCheckpoint');
}

function WhatOf(tr: Tr, isSavepoint: boolean): string {
  return tr(isSavepoint ? 'narSavepointCap' : 'narCheckpointCap');
}

export function recordText(key: string | number, value: number): string {
  return `${String(key)}=${value}`;
}

function valueText(v: StateValueView): string {
  if (v === null) return '∅';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v))
    return v.length > 5 ? `[${v.slice(0, 5).join(', ')}, …]` : `[${v.join(', ')}]`;
  const entries = Object.entries(v);
  return `{${entries
    .slice(0, 4)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ')}${entries.length > 4 ? ', …' : ''}}`;
}

const KIND_NAMES: Record<string, string> = {
  value: 'ValueState',
  list: 'ListState',
  map: 'MapState',
  reducing: 'ReducingState',
  aggregating: 'AggregatingState',
};

function rangeOf(state: EngineState, task: string): string {
  const r = state.job.topology.subtasks.find((s) => s.name === task)?.keyGroupRange;
  return r ? formatKeyGroupRange(r) : '–';
}

/** The path of a checkpoint file without the job id (`chk-3/_metadata`). */
function shortPath(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(-2).join('/') : path;
}

function backendName(state: EngineState, tr: Tr): string {
  const sb = state.scenario.stateBackend;
  const base = sb.type === 'rocksdb' ? 'RocksDB' : 'HashMap';
  const extras = [
    sb.type === 'rocksdb' && sb.incremental ? tr('narIncremental') : null,
    state.job.changelogEnabled ? tr('narWithChangelog') : null,
  ].filter(Boolean);
  return extras.length > 0
    ? tr('narBackend', { base, extras: extras.join(tr('narListSep')) })
    : base;
}

const ref = (e: EngineEvent): string => e.flinkRef;

// ---------------------------------------------------------------------------------------------
// Failure and restore.

const jobFailed: Narrator = ({ events, tr }) => {
  const e = first(events, 'job.failed');
  if (!e) return null;
  return {
    headline: tr('narJobFailed', { reason: jobFailedReason(e.reason, tr) }),
    why:
      e.restartFrom !== null
        ? tr('narJobFailedWhy', { cp: e.restartFrom })
        : tr('narJobFailedWhyScratch'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const restoreFailed: Narrator = ({ events, tr }) => {
  const e = first(events, 'restore.failed');
  if (!e) return null;
  return {
    headline: tr('narRestoreFailed', { reason: e.reason }),
    why: tr('narRestoreFailedWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const restoreStarted: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'restore.started');
  if (!e) return null;
  const action = first(events, 'user.action')?.action;
  const switched =
    action?.do === 'restore' && action.changelog !== undefined
      ? tr(action.changelog ? 'narRestoreChangelogOn' : 'narRestoreChangelogOff')
      : null;
  const why =
    e.parallelism !== e.previousParallelism
      ? tr('narRestoreWhyRescale', {
          from: e.previousParallelism,
          to: e.parallelism,
          maxP: state.job.topology.maxParallelism,
        })
      : tr('narRestoreWhySame');
  return {
    headline: tr('narRestoreStarted', {
      what: whatOf(tr, e.isSavepoint),
      id: e.checkpointId,
      path: shortPath(e.metadataPath),
    }),
    why: joinSentences(why, switched),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const jobRunning: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'job.running');
  if (!e) return null;
  const what = whatOf(tr, isSavepointId(state, e.restoredFrom));
  const transactional = state.scenario.job.sink.kind === 'transactional';
  const inFlight = all(events, 'restore.channelState').reduce((n, c) => n + c.records, 0);
  return {
    headline: tr('narJobRunning', { attempt: e.attempt, what, id: e.restoredFrom }),
    why: joinSentences(
      tr(transactional ? 'narJobRunningWhyTx' : 'narJobRunningWhyPlain', {
        what,
        id: e.restoredFrom,
      }),
      inFlight > 0 ? tr('narJobRunningChannel', { n: inFlight }) : null,
    ),
    flinkRef: ref(e),
    primary: e.type,
  };
};

function sinkRecoveryWhy(events: readonly EngineEvent[], tr: Tr): string {
  const parts: string[] = [];
  for (const r of all(events, 'sink.recoverAndCommit')) {
    const key =
      r.outcome === 'committed'
        ? 'narRecoverCommitted'
        : r.outcome === 'already-committed'
          ? 'narRecoverAlready'
          : r.outcome === 'already-aborted'
            ? 'narRecoverAborted'
            : 'narRecoverUnknown';
    parts.push(tr(key, { tx: r.transaction }));
  }
  for (const a of all(events, 'sink.abort'))
    if (a.reason === 'recoverAndAbort')
      parts.push(tr('narRecoverAbortOpen', { tx: a.transaction }));
  return parts.join(' ');
}

const taskRestored: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'restore.taskRestored');
  const replay = first(events, 'changelog.restore.replayed');
  if (!e && replay) {
    return {
      headline: tr('narReplayed', {
        task: replay.task ?? '',
        sets: replay.changeSets,
        changes: replay.changes,
        from: replay.fromSqn,
        to: replay.toSqn,
        files: replay.files,
      }),
      why: tr('narReplayedWhy'),
      flinkRef: ref(replay),
      primary: replay.type,
    };
  }
  if (!e) return null;
  const task = e.task ?? '';
  if (e.keyGroupRange) {
    const replayWhy = e.changelog
      ? tr('narTaskRestoredReplayWhy', {
          sets: e.changelog.changeSets,
          changes: e.changelog.changes,
          downloads: e.changelog.downloads,
          ms: e.replayMs,
        })
      : null;
    return {
      headline: tr('narTaskRestoredKeyed', {
        task,
        range: formatKeyGroupRange(e.keyGroupRange),
        files: e.files.length,
        bytes: formatBytes(e.bytes),
        entries: e.entries,
      }),
      why: joinSentences(replayWhy, tr('narTaskRestoredKeyedWhy', { ms: e.downloadMs })),
      flinkRef: ref(e),
      primary: e.type,
    };
  }
  if (task.startsWith('source#') || e.partitions.length > 0) {
    return {
      headline: tr('narTaskRestoredSource', {
        task,
        partitions: e.partitions.map((p) => `p${p}`).join(tr('narListSep')) || tr('narNone'),
      }),
      why: tr('narTaskRestoredSourceWhy'),
      flinkRef: ref(e),
      primary: e.type,
    };
  }
  const recovery = sinkRecoveryWhy(events, tr);
  return {
    headline: tr('narTaskRestoredSink', {
      task,
      what: whatOf(tr, isSavepointId(state, e.checkpointId)),
      id: e.checkpointId,
    }),
    why: recovery || tr('narTaskRestoredSinkWhy'),
    flinkRef: ref(first(events, 'sink.recoverAndCommit') ?? e),
    primary: e.type,
  };
};

// ---------------------------------------------------------------------------------------------
// The checkpoint coordinator.

const completed: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.completed');
  if (!e) return null;
  const headline = tr('narCompleted', {
    What: WhatOf(tr, e.isSavepoint),
    id: e.checkpointId,
    delta: formatBytes(e.checkpointedSize),
    full: formatBytes(e.stateSize),
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

const ABORT_REASON_KEYS = {
  CHECKPOINT_DECLINED: 'narAbortDeclined',
  CHECKPOINT_EXPIRED: 'narAbortExpired',
  CHECKPOINT_SUBSUMED: 'narAbortSubsumed',
  TASK_FAILURE: 'narAbortFailover',
  JOB_FAILOVER: 'narAbortFailover',
  IO_EXCEPTION: 'narAbortIo',
  TOO_MANY_CHECKPOINT_REQUESTS: 'narAbortTooMany',
} as const;

const aborted: Narrator = ({ events, state, tr }) => {
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

const declined: Narrator = ({ events, state, tr }) => {
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

const triggered: Narrator = ({ events, state, tr }) => {
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

const triggerSkipped: Narrator = ({ events, tr }) => {
  const e = first(events, 'checkpoint.triggerSkipped');
  if (!e) return null;
  const reason =
    e.reason === 'max-concurrent'
      ? tr('narSkipMaxConcurrent', { n: e.pending })
      : e.reason === 'min-pause'
        ? tr('narSkipMinPause')
        : tr('narSkipNotRunning');
  return {
    headline: tr('narTriggerSkipped', { reason }),
    why: tr('narTriggerSkippedWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const acknowledged: Narrator = ({ events, state, tr }) => {
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

const subsumed: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.subsumed');
  if (!e) return null;
  return {
    headline: tr('narSubsumed', { id: e.checkpointId, by: e.by }),
    why: tr('narSubsumedWhy', { n: state.scenario.checkpointing.numRetained }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const notified: Narrator = ({ events, state, tr }) => {
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

const injected: Narrator = ({ events, state, tr }) => {
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

function syncWhy(
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
  const aligned = first(events, 'barrier.aligned');
  const released =
    aligned && aligned.released > 0 ? tr('narSyncWhyReleased', { n: aligned.released }) : null;
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
  return joinSentences(main, released, compacting);
}

const alignedOrSync: Narrator = (c) => {
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

const barrierReceived: Narrator = ({ events, state, tr }) => {
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

const asyncCompleted: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'checkpoint.asyncCompleted');
  if (!e) return null;
  const task = e.task ?? '';
  const what = whatOf(tr, isSavepointId(state, e.checkpointId));
  const uploaded = all(events, 'file.uploaded').filter((f) => f.task === task);
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

const held: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'record.held');
  if (!e) return null;
  return {
    headline: tr('narHeld', {
      task: e.task ?? '',
      record: recordText(e.key, e.value),
      from: e.from,
      n: e.held,
    }),
    why: tr('narHeldWhy', {
      id: e.checkpointId,
      what: whatOf(tr, isSavepointId(state, e.checkpointId)),
    }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

// ---------------------------------------------------------------------------------------------
// Unaligned checkpoints and back-pressure.

const overtook: Narrator = (c) => {
  const { events, state, tr } = c;
  const e = first(events, 'barrier.overtook');
  if (!e) return null;
  const task = e.task ?? '';
  const sync = first(events, 'checkpoint.syncSnapshot');
  const what = whatOf(tr, sync?.isSavepoint ?? isSavepointId(state, e.checkpointId));
  const waiting =
    e.waitingFor.length > 0
      ? tr('narOvertookWaiting', { inputs: e.waitingFor.join(tr('narListSep')) })
      : null;
  const preCommit = first(events, 'sink.preCommit');
  const sink = preCommit
    ? tr('narSyncWhySink', {
        tx: preCommit.transaction,
        records: preCommit.records,
        what,
        id: e.checkpointId,
      })
    : null;
  const nothing = e.inputRecords === 0 && e.outputRecords === 0;
  return {
    headline: nothing
      ? tr('narOvertookNothing', { what, id: e.checkpointId, task })
      : tr('narOvertook', {
          what,
          id: e.checkpointId,
          task,
          in: e.inputRecords,
          out: e.outputRecords,
        }),
    why: joinSentences(nothing ? null : tr('narOvertookWhy'), waiting, sink),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const alignmentTimedOut: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'barrier.alignmentTimedOut');
  if (!e) return null;
  return {
    headline: tr('narAlignTimeout', {
      what: whatOf(tr, isSavepointId(state, e.checkpointId)),
      id: e.checkpointId,
      task: e.task ?? '',
      ms: e.afterMs,
      arrived: e.arrived,
      of: e.of,
    }),
    why: tr('narAlignTimeoutWhy', { held: e.held }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const channelStatePersisted: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'channel.statePersisted');
  if (!e) return null;
  return {
    headline: tr('narChannelState', {
      what: whatOf(tr, isSavepointId(state, e.checkpointId)),
      id: e.checkpointId,
      task: e.task ?? '',
      in: e.inputRecords,
      out: e.outputRecords,
      bytes: formatBytes(e.bytes),
    }),
    why: tr('narChannelStateWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const restoreChannelState: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'restore.channelState');
  if (!e) return null;
  return {
    headline: tr('narRestoreChannel', {
      task: e.task ?? '',
      records: e.records,
      what: whatOf(tr, isSavepointId(state, e.checkpointId)),
      id: e.checkpointId,
    }),
    why: tr('narRestoreChannelWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const backPressure: Narrator = ({ events, tr }) => {
  const e = first(events, 'channel.backPressured');
  if (e)
    return {
      headline: tr('narBackPressured', { to: e.to, capacity: e.capacity, queued: e.queued }),
      why: tr('narBackPressuredWhy'),
      flinkRef: ref(e),
      primary: e.type,
    };
  const r = first(events, 'channel.released');
  if (r)
    return {
      headline: tr('narReleased', { to: r.to }),
      why: tr('narReleasedWhy'),
      flinkRef: ref(r),
      primary: r.type,
    };
  return null;
};

// ---------------------------------------------------------------------------------------------
// Files.

const discarded: Narrator = ({ events, tr }) => {
  const files = all(events, 'file.discarded');
  if (files.length === 0) return null;
  const e = files[0]!;
  const bytes = files.reduce((n, f) => n + f.size, 0);
  const kind = discardKind(e.reason);
  const whyKey = {
    subsumed: 'narDiscardWhySubsumed',
    lastUsed: 'narDiscardWhyLastUsed',
    refCount: 'narDiscardWhyRefCount',
    aborted: 'narDiscardWhyAborted',
    duplicate: 'narDiscardWhyDuplicate',
    truncated: 'narDiscardWhyTruncated',
    other: 'narDiscardWhyOther',
  } as const;
  return {
    headline: tr('narDiscarded', {
      n: files.length,
      bytes: formatBytes(bytes),
      reason: discardReason(e.reason, tr),
    }),
    why: tr(whyKey[kind]),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const uploaded: Narrator = ({ events, state, tr }) => {
  const files = all(events, 'file.uploaded');
  if (files.length === 0) return null;
  const e = files[0]!;
  const bytes = files.reduce((n, f) => n + f.size, 0);
  return {
    headline: tr('narUploaded', {
      n: files.length,
      bytes: formatBytes(bytes),
      what: whatOf(tr, isSavepointId(state, e.checkpointId)),
      id: e.checkpointId,
    }),
    why: tr('narUploadedWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

// ---------------------------------------------------------------------------------------------
// RocksDB's LSM.

const compactionFinished: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'compaction.finished');
  if (!e) return null;
  const task = e.task ?? '';
  if (e.trivialMove)
    return {
      headline: tr('narTrivialMove', { task, inputs: e.inputs.join(', '), level: e.outputLevel }),
      why: tr('narTrivialMoveWhy'),
      flinkRef: ref(e),
      primary: e.type,
    };
  const outputs = e.outputs.join(', ');
  const incremental = state.scenario.stateBackend.incremental && !state.job.changelogEnabled;
  return {
    headline: tr('narCompactionFinished', {
      task,
      inputs: e.inputs.join(', '),
      outputs,
      level: e.outputLevel,
      bytes: formatBytes(e.bytesWritten),
    }),
    why: incremental
      ? tr('narCompactionFinishedWhy', { outputs })
      : tr('narCompactionFinishedWhyFull'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const compactionStarted: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'compaction.started');
  if (!e) return null;
  const task = e.task ?? '';
  const inputs = e.inputs.join(', ');
  if (e.reason === 'manual')
    return {
      headline: tr('narCompactionStartedManual', { task, inputs }),
      why: tr('narCompactionWhyManual'),
      flinkRef: ref(e),
      primary: e.type,
    };
  const why =
    e.inputLevel === 0
      ? tr('narCompactionWhyL0', { n: state.scenario.stateBackend.rocksdb.level0CompactionTrigger })
      : tr('narCompactionWhyLevel');
  return {
    headline: tr('narCompactionStarted', { task, inputs, level: e.outputLevel }),
    why,
    flinkRef: ref(e),
    primary: e.type,
  };
};

const flushed: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'sst.flushed');
  if (!e) return null;
  const manual = e.reason === 'manual';
  return {
    headline: tr('narFlushed', {
      task: e.task ?? '',
      cf: e.cf,
      sst: e.sst,
      bytes: formatBytes(e.sizeBytes),
      entries: e.entries,
    }),
    why: manual
      ? tr('narFlushedWhyManual')
      : tr('narFlushedWhy', {
          wb: formatBytes(state.scenario.stateBackend.rocksdb.writeBufferBytes),
        }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const sealed: Narrator = ({ events, tr }) => {
  const e = first(events, 'memtable.sealed');
  if (!e) return null;
  return {
    headline: tr('narSealed', {
      id: e.memtableId,
      cf: e.cf,
      task: e.task ?? '',
      bytes: formatBytes(e.bytes),
    }),
    why: tr('narSealedWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

// ---------------------------------------------------------------------------------------------
// The changelog backend.

const materialization: Narrator = ({ events, tr }) => {
  const started = first(events, 'changelog.materialization.started');
  if (started) {
    return {
      headline: tr('narMatStarted', {
        task: started.task ?? '',
        id: started.materializationId,
        sqn: started.upToSqn,
        uploads: started.uploads,
        bytes: formatBytes(started.bytes),
      }),
      why: tr('narMatStartedWhy', { id: started.materializationId, sqn: started.upToSqn }),
      flinkRef: ref(started),
      primary: started.type,
    };
  }
  const done = first(events, 'changelog.materialization.completed');
  if (done) {
    return {
      headline: tr('narMatCompleted', {
        task: done.task ?? '',
        id: done.materializationId,
        bytes: formatBytes(done.uploadedBytes),
        ms: done.durationMs,
      }),
      why: tr('narMatCompletedWhy', { id: done.materializationId, sqn: done.upToSqn }),
      flinkRef: ref(done),
      primary: done.type,
    };
  }
  const failed = first(events, 'changelog.materialization.failed');
  if (failed) {
    return {
      headline: tr('narMatFailed', {
        id: failed.materializationId,
        task: failed.task ?? '',
        reason: declineReason(failed.reason, tr),
      }),
      why: tr('narMatFailedWhy', { n: failed.consecutiveFailures, max: failed.maxFailuresAllowed }),
      flinkRef: ref(failed),
      primary: failed.type,
    };
  }
  const skipped = first(events, 'changelog.materialization.skipped');
  if (skipped) {
    const key = {
      'not-changelog': 'narMatSkipNotChangelog',
      running: 'narMatSkipRunning',
      unconfirmed: 'narMatSkipUnconfirmed',
      'no-changes': 'narMatSkipNoChanges',
      'job-not-running': 'narMatSkipNotRunning',
    } as const;
    return {
      headline: tr('narMatSkipped', { task: skipped.task ?? '', reason: tr(key[skipped.reason]) }),
      why: tr('narMatSkippedWhy'),
      flinkRef: ref(skipped),
      primary: skipped.type,
    };
  }
  return null;
};

const truncated: Narrator = ({ events, tr }) => {
  const e = first(events, 'changelog.truncated');
  if (!e) return null;
  return {
    headline: tr('narTruncated', {
      task: e.task ?? '',
      sqn: e.toSqn,
      n: e.releasedChangeSets,
      bytes: formatBytes(e.releasedBytes),
    }),
    why: tr('narTruncatedWhy', { why: truncationReason(e.why, tr) }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

const persisted: Narrator = ({ events, tr }) => {
  const e = first(events, 'changelog.persisted');
  if (!e) return null;
  const task = e.task ?? '';
  if (e.checkpointId === null) {
    return {
      headline: tr('narPersistedPre', {
        task,
        from: e.fromSqn,
        to: e.toSqn,
        bytes: formatBytes(e.bytes),
      }),
      why: tr('narPersistedPreWhy'),
      flinkRef: ref(e),
      primary: e.type,
    };
  }
  const headline = e.ready
    ? tr('narPersistedReady', { task, from: e.fromSqn, to: e.toSqn, id: e.checkpointId })
    : tr('narPersistedWait', {
        task,
        from: e.fromSqn,
        to: e.toSqn,
        id: e.checkpointId,
        n: e.changeSets,
        bytes: formatBytes(e.bytes),
      });
  return { headline, why: tr('narPersistedWhy'), flinkRef: ref(e), primary: e.type };
};

const dstl: Narrator = ({ events, tr }) => {
  const failed = first(events, 'dstl.uploadFailed');
  if (failed) {
    return {
      headline: tr('narDstlFailed', { attempt: failed.attempt, max: failed.maxAttempts }),
      why: tr(failed.willRetry ? 'narDstlFailedWhyRetry' : 'narDstlFailedWhyGiveUp'),
      flinkRef: ref(failed),
      primary: failed.type,
    };
  }
  const done = first(events, 'dstl.uploaded');
  if (done)
    return {
      headline: tr('narDstlUploaded', {
        tm: done.taskManager,
        bytes: formatBytes(done.bytes),
        n: done.changeSets,
      }),
      why: tr('narDstlUploadedWhy'),
      flinkRef: ref(done),
      primary: done.type,
    };
  const started = first(events, 'dstl.uploadStarted');
  if (started) {
    return {
      headline: tr('narDstlStarted', {
        tm: started.taskManager,
        n: started.changeSets,
        writers: started.writers.join(tr('narListSep')),
        bytes: formatBytes(started.bytes),
        attempt: started.attempt,
      }),
      why: tr('narDstlStartedWhy'),
      flinkRef: ref(started),
      primary: started.type,
    };
  }
  return null;
};

// ---------------------------------------------------------------------------------------------
// Sinks.

const sinkTransactions: Narrator = ({ events, state, tr }) => {
  const commit = first(events, 'sink.commit');
  if (commit) {
    const dup = commit.duplicates > 0 ? tr('narCommitDuplicates', { n: commit.duplicates }) : null;
    return {
      headline: tr('narCommit', {
        task: commit.task ?? '',
        tx: commit.transaction,
        records: commit.records,
      }),
      why: joinSentences(tr('narCommitWhy', { id: commit.notifiedCheckpointId }), dup),
      flinkRef: ref(commit),
      primary: commit.type,
    };
  }
  const recover = first(events, 'sink.recoverAndCommit');
  if (recover) {
    return {
      headline: tr('narTaskRestoredSink', {
        task: recover.task ?? '',
        what: whatOf(tr, isSavepointId(state, recover.restoredCheckpointId)),
        id: recover.restoredCheckpointId,
      }),
      why: sinkRecoveryWhy(events, tr),
      flinkRef: ref(recover),
      primary: recover.type,
    };
  }
  const pre = first(events, 'sink.preCommit');
  if (pre) {
    const what = whatOf(tr, pre.isSavepoint);
    return {
      headline: tr('narPreCommit', {
        task: pre.task ?? '',
        tx: pre.transaction,
        what,
        id: pre.checkpointId,
        records: pre.records,
      }),
      why: tr('narPreCommitWhy', { what, id: pre.checkpointId }),
      flinkRef: ref(pre),
      primary: pre.type,
    };
  }
  const abort = first(events, 'sink.abort');
  if (abort) {
    const why =
      abort.reason === 'close'
        ? 'narAbortTxWhyClose'
        : abort.reason === 'recoverAndAbort'
          ? 'narAbortTxWhyRecover'
          : 'narAbortTxWhyLingering';
    return {
      headline: tr('narAbortTx', {
        task: abort.task ?? '',
        tx: abort.transaction,
        records: abort.records,
      }),
      why: tr(why),
      flinkRef: ref(abort),
      primary: abort.type,
    };
  }
  return null;
};

// ---------------------------------------------------------------------------------------------
// User actions that arm a fault or add input (their effects come later).

const userAction: Narrator = ({ events, tr, state }) => {
  const e = first(events, 'user.action');
  if (!e) return null;
  const a = e.action;
  const t = state.scenario.checkpointing.tolerableFailed;
  switch (a.do) {
    case 'fail': {
      if (a.phase === 'now') break;
      const phase = {
        sync: 'narPhaseSync',
        async: 'narPhaseAsync',
        'before-ack': 'narPhaseBeforeAck',
        materialization: 'narPhaseMaterialization',
      } as const;
      return {
        headline: tr('narArmFail', { task: a.task, phase: tr(phase[a.phase]) }),
        why: tr('narArmFailWhy'),
        flinkRef: '-',
        primary: e.type,
      };
    }
    case 'decline':
      return {
        headline:
          a.checkpoint !== undefined
            ? tr('narArmDeclineId', { task: a.task, id: a.checkpoint })
            : tr('narArmDecline', { task: a.task }),
        why: tr('narArmDeclineWhy', { t }),
        flinkRef: '-',
        primary: e.type,
      };
    case 'failUploads':
      return {
        headline: a.task
          ? tr('narArmUploadsTask', { n: a.count, task: a.task })
          : tr('narArmUploads', { n: a.count }),
        why: tr('narArmUploadsWhy'),
        flinkRef: '-',
        primary: e.type,
      };
    case 'emit': {
      const source = a.source ?? 'source#0';
      return {
        headline: tr('narEmitAction', {
          records: a.records.map((r) => recordText(r.key, r.value)).join(tr('narListSep')),
          partition: source.slice(source.indexOf('#') + 1),
        }),
        why: tr('narEmitActionWhy', { task: source }),
        flinkRef: '-',
        primary: e.type,
      };
    }
    default:
      break;
  }
  return {
    headline: tr('narUserAction', { action: describeAction(a) }),
    why: '',
    flinkRef: '-',
    primary: e.type,
  };
};

// ---------------------------------------------------------------------------------------------
// Records flowing (the most frequent steps).

const recordFlow: Narrator = ({ events, state, tr }) => {
  const emitted = first(events, 'source.emitted');
  if (emitted) {
    const params = {
      task: emitted.task ?? '',
      record: recordText(emitted.key, emitted.value),
      partition: emitted.partition,
      offset: emitted.offset,
      to: emitted.to,
    };
    return {
      headline: tr(emitted.fromLog ? 'narEmittedLog' : 'narEmitted', params),
      why: tr('narEmittedWhy', {
        kg: emitted.keyGroup,
        to: emitted.to,
        range: rangeOf(state, emitted.to),
      }),
      flinkRef: ref(emitted),
      primary: emitted.type,
    };
  }
  const updated = first(events, 'state.updated');
  if (updated) {
    const task = updated.task ?? '';
    const keyed = state.job.keyed[task];
    const why = keyed?.changelog
      ? tr('narStateWhyChangelog')
      : keyed?.backend.type === 'rocksdb'
        ? tr('narStateWhyRocks')
        : tr('narStateWhyHeap');
    return {
      headline: tr('narStateUpdated', {
        task,
        kind: KIND_NAMES[updated.kind] ?? updated.kind,
        state: updated.state,
        key: String(updated.key),
        value: valueText(updated.value),
      }),
      why,
      flinkRef: ref(updated),
      primary: updated.type,
    };
  }
  const received = first(events, 'sink.received');
  if (received) {
    const transactional = state.scenario.job.sink.kind === 'transactional';
    return {
      headline: tr('narSinkReceived', {
        task: received.task ?? '',
        record: recordText(received.key, received.value),
        from: received.from,
      }),
      why: tr(transactional ? 'narSinkWhyTx' : 'narSinkWhyPlain'),
      flinkRef: ref(received),
      primary: received.type,
    };
  }
  const begin = first(events, 'sink.beginTransaction');
  if (begin && !events.some((e) => e.type === 'sim.started')) {
    return {
      headline: tr('narBeginTx', { task: begin.task ?? '', tx: begin.transaction }),
      why: tr('narBeginTxWhy'),
      flinkRef: ref(begin),
      primary: begin.type,
    };
  }
  return null;
};

const simStarted: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'sim.started');
  if (!e) return null;
  const interval = state.scenario.checkpointing.intervalMs;
  const backend = backendName(state, tr);
  return {
    headline: tr('narSimStarted', { tasks: e.tasks, maxP: e.maxParallelism }),
    why:
      interval > 0
        ? tr('narSimStartedWhy', { interval, backend })
        : tr('narSimStartedWhyManual', { backend }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

/** Most important first: a step is told by the first narrator that recognises it. */
const NARRATORS: readonly Narrator[] = [
  jobFailed,
  restoreFailed,
  restoreStarted,
  jobRunning,
  completed,
  aborted,
  declined,
  restoreChannelState,
  taskRestored,
  triggered,
  triggerSkipped,
  injected,
  alignmentTimedOut,
  overtook,
  alignedOrSync,
  channelStatePersisted,
  barrierReceived,
  asyncCompleted,
  acknowledged,
  subsumed,
  notified,
  materialization,
  truncated,
  compactionFinished,
  compactionStarted,
  flushed,
  sealed,
  persisted,
  dstl,
  discarded,
  uploaded,
  sinkTransactions,
  held,
  userAction,
  backPressure,
  recordFlow,
  simStarted,
];

/** The narration of a step (position ≥ 1) from its events and the engine state after it. */
export function narrateStep(
  events: readonly EngineEvent[],
  state: EngineState,
  tr: Tr,
  lang: Lang,
): StepNarration {
  const byUser = events.some((e) => e.type === 'user.action');
  if (events.length === 0)
    return {
      headline: tr('narEmpty'),
      why: tr('narEmptyWhy'),
      flinkRef: '-',
      primary: null,
      byUser,
    };
  const c: NarrationContext = { events, state, tr, lang };
  for (const n of NARRATORS) {
    const r = n(c);
    if (r) return { ...r, byUser };
  }
  const e = events[0]!;
  return {
    headline: describeEvent(e, lang),
    why: '',
    flinkRef: e.flinkRef,
    primary: e.type,
    byUser,
  };
}

/** Before the first step. */
export function narrateStart(tr: Tr): StepNarration {
  return {
    headline: tr('narStart'),
    why: tr('narStartWhy'),
    flinkRef: '-',
    primary: null,
    byUser: false,
  };
}
