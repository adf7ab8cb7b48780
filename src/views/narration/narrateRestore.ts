/** Narrators of failures and restores: job failed, restore started/failed, subtasks restored, job running again. */
import { formatKeyGroupRange, type EngineEvent } from '../../engine';
import { formatBytes } from '../format';
import { jobFailedReason } from './reasonText';
import type { Tr } from './translator';
import {
  type Narrator,
  all,
  first,
  isSavepointId,
  joinSentences,
  ref,
  shortPath,
  whatOf,
} from './narrationKit';

export const jobFailed: Narrator = ({ events, tr }) => {
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

export const restoreFailed: Narrator = ({ events, tr }) => {
  const e = first(events, 'restore.failed');
  if (!e) return null;
  return {
    headline: tr('narRestoreFailed', { reason: e.reason }),
    why: tr('narRestoreFailedWhy'),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const restoreStarted: Narrator = ({ events, state, tr }) => {
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

export const jobRunning: Narrator = ({ events, state, tr }) => {
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

export function sinkRecoveryWhy(events: readonly EngineEvent[], tr: Tr): string {
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

/** What the subtask received of each operator state, by its redistribution mode (RoundRobinOperatorStateRepartitioner). */
function operatorStateWhy(events: readonly EngineEvent[], tr: Tr): string | null {
  const parts = all(events, 'restore.operatorState').map((o) => {
    const n = o.received.reduce((k, r) => k + r.entries.length, 0);
    if (o.mode === 'BROADCAST')
      return tr('narOpStateBroadcast', {
        state: o.state,
        from: o.received[0]?.from ?? 0,
        n,
        p: o.oldParallelism,
      });
    if (o.mode === 'UNION')
      return tr('narOpStateUnion', {
        state: o.state,
        p: o.oldParallelism,
        n,
        kept: o.kept?.join(tr('narListSep')) || tr('narNone'),
      });
    if (n === 0) return tr('narOpStateSplitNone', { state: o.state });
    return tr('narOpStateSplit', {
      state: o.state,
      n,
      from: o.received.map((r) => `#${r.from}`).join(tr('narListSep')),
    });
  });
  return parts.length ? joinSentences(...parts) : null;
}

export const taskRestored: Narrator = ({ events, state, tr }) => {
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
      why: joinSentences(
        replayWhy,
        tr('narTaskRestoredKeyedWhy', { ms: e.downloadMs }),
        operatorStateWhy(events, tr),
      ),
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
      why: joinSentences(operatorStateWhy(events, tr), tr('narTaskRestoredSourceWhy')),
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
    why: joinSentences(operatorStateWhy(events, tr), recovery || tr('narTaskRestoredSinkWhy')),
    flinkRef: ref(first(events, 'sink.recoverAndCommit') ?? e),
    primary: e.type,
  };
};

// ---------------------------------------------------------------------------------------------
// The checkpoint coordinator.
