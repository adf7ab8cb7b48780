/** Narrators of the rest of the job: sink transactions, user actions, records flowing, the start. */
import { describeAction, recordsPerBuffer, type EventOf } from '../../engine';
import { sinkRecoveryWhy } from './narrateRestore';
import {
  KIND_NAMES,
  type Narrator,
  backendName,
  first,
  isSavepointId,
  joinSentences,
  rangeOf,
  recordText,
  ref,
  valueText,
  whatOf,
} from './narrationKit';

export const sinkTransactions: Narrator = ({ events, state, tr }) => {
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
// A scripted action that no longer applies after a branch (src/engine/scriptSkips.ts).

export const scriptSkipped: Narrator = ({ events, tr }) => {
  const e = first(events, 'script.skipped');
  if (!e) return null;
  const why =
    e.reason === 'files-not-live'
      ? tr('narScriptSkippedFiles', { task: e.task, live: e.live.join(', ') || '-', missing: e.missing.join(', ') })
      : e.reason === 'not-rocksdb'
        ? tr('narScriptSkippedBackend', { task: e.task })
        : tr('narScriptSkippedTask', { task: e.task });
  return {
    headline: tr('narScriptSkipped', { action: describeAction(e.action) }),
    why,
    flinkRef: ref(e),
    primary: e.type,
  };
};

// ---------------------------------------------------------------------------------------------
// User actions that arm a fault or add input (their effects come later).

export const userAction: Narrator = ({ events, tr, state }) => {
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

/**
 * With network buffers a step moves a buffer's records: the narration tells the first one and
 * says what the step left out (the records' own steps).
 */
function buffered(events: Parameters<Narrator>[0]['events'], state: Parameters<Narrator>[0]['state'], tr: Parameters<Narrator>[0]['tr'], type: 'source.emitted' | 'state.updated' | 'sink.received', why: string): string {
  const n = recordsPerBuffer(state.scenario);
  if (n <= 1) return why;
  const count = events.filter((e) => e.type === type).length;
  return `${tr('narBuffered', { count, n })} ${why}`;
}

/** The order a summarized step is told in: the same as its records' own events. */
const SUMMARY_ORDER = ['source.emitted', 'state.updated', 'sink.received', 'record.held'] as const;

/** A step of a run recorded in summary (recordSummary.ts): what its records did, counted. */
export const summarizedRecords: Narrator = ({ events, tr }) => {
  let e: EventOf<'records.summarized'> | undefined;
  for (const of of SUMMARY_ORDER) {
    e = events.find((x): x is EventOf<'records.summarized'> => x.type === 'records.summarized' && x.of === of);
    if (e) break;
  }
  if (!e) return null;
  const params = { task: e.task ?? '', count: e.count, first: String(e.firstKey), last: String(e.lastKey), peers: e.peers, to: e.peer, from: e.peer, state: e.state, kgs: `${e.minKeyGroup}–${e.maxKeyGroup}` };
  const key = e.of === 'source.emitted' ? 'narSumEmitted' : e.of === 'state.updated' ? 'narSumUpdated' : e.of === 'sink.received' ? 'narSumReceived' : 'narSumHeld';
  return { headline: tr(key, params), why: tr('narSummaryWhy'), flinkRef: e.flinkRef, primary: e.type };
};

export const recordFlow: Narrator = (c) => {
  const { events, state, tr } = c;
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
      why: buffered(events, state, tr, 'source.emitted', tr('narEmittedWhy', {
        kg: emitted.keyGroup,
        to: emitted.to,
        range: rangeOf(state, emitted.to),
      })),
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
      why: buffered(events, state, tr, 'state.updated', why),
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
      why: buffered(events, state, tr, 'sink.received', tr(transactional ? 'narSinkWhyTx' : 'narSinkWhyPlain')),
      flinkRef: ref(received),
      primary: received.type,
    };
  }
  const summarized = summarizedRecords(c);
  if (summarized) return summarized;
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

export const simStarted: Narrator = ({ events, state, tr }) => {
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
