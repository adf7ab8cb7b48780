/**
 * Narrators of the dataflow: records waiting behind a blocked channel, blocking and resuming,
 * cancellation markers and the JobManager's notifications reaching tasks, unaligned barriers and
 * channel state, the alignment timeout, back-pressure.
 */
import { formatBytes } from '../format';
import {
  type Narrator,
  first,
  isSavepointId,
  joinSentences,
  recordText,
  ref,
  whatOf,
} from './narrationKit';

export const held: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'record.held');
  if (!e) return null;
  return {
    headline: tr('narHeld', {
      task: e.task ?? '',
      record: recordText(e.key, e.value),
      to: e.to,
      id: e.checkpointId,
      n: e.held,
    }),
    why: tr('narHeldWhy', {
      id: e.checkpointId,
      to: e.to,
      what: whatOf(tr, isSavepointId(state, e.checkpointId)),
    }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

/** An aligned barrier blocks its channel at the sender, or the receiver's resume request unblocks it. */
export const blockedOrResumed: Narrator = ({ events, state, tr }) => {
  const b = first(events, 'channel.blocked');
  if (b) {
    const what = whatOf(tr, isSavepointId(state, b.checkpointId));
    return { headline: tr('narBlocked', { id: b.checkpointId, task: b.task ?? '', to: b.to }), why: tr('narBlockedWhy', { what, id: b.checkpointId }), flinkRef: ref(b), primary: b.type };
  }
  const r = first(events, 'channel.resumed');
  if (!r) return null;
  const what = whatOf(tr, isSavepointId(state, r.checkpointId));
  return { headline: tr('narResumed', { to: r.to, task: r.task ?? '', n: r.waiting }), why: tr('narResumedWhy', { to: r.to, what, id: r.checkpointId }), flinkRef: ref(r), primary: r.type };
};

/** A CancelCheckpointMarker is sent or received. */
export const cancelMarker: Narrator = ({ events, state, tr }) => {
  const s = first(events, 'cancelMarker.sent');
  const r = first(events, 'cancelMarker.received');
  if (r) {
    const what = whatOf(tr, isSavepointId(state, r.checkpointId));
    const why = r.cancelled ? tr('narCancelReceivedWhy', { what, id: r.checkpointId, task: r.task ?? '' }) : tr('narCancelIgnoredWhy', { what, id: r.checkpointId });
    return { headline: tr('narCancelReceived', { id: r.checkpointId, from: r.from, task: r.task ?? '' }), why, flinkRef: ref(r), primary: r.type };
  }
  if (!s) return null;
  const what = whatOf(tr, isSavepointId(state, s.checkpointId));
  return {
    headline: tr('narCancelSent', { task: s.task ?? '', id: s.checkpointId, to: s.to.join(tr('narListSep')) }),
    why: tr(s.why === 'declined' ? 'narCancelSentDeclined' : 'narCancelSentAborted', { what, id: s.checkpointId }),
    flinkRef: ref(s),
    primary: s.type,
  };
};

/** A JobManager notification RPC reaches a task. */
export const taskNotified: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'task.notified');
  if (!e) return null;
  const what = whatOf(tr, isSavepointId(state, e.checkpointId));
  const how = tr(e.notification === 'complete' ? 'narNotifiedComplete' : e.notification === 'subsumed' ? 'narNotifiedSubsumed' : 'narNotifiedAborted');
  const key =
    e.notification === 'complete'
      ? 'narTaskNotifiedComplete'
      : e.notification === 'subsumed'
        ? 'narTaskNotifiedSubsumed'
        : e.outcome === 'cancelled-async-part'
          ? 'narTaskNotifiedAborted'
          : e.outcome === 'remembered'
            ? 'narTaskNotifiedRemembered'
            : 'narTaskNotifiedNothing';
  return { headline: tr('narTaskNotified', { how, task: e.task ?? '' }), why: tr(key, { what, id: e.checkpointId }), flinkRef: ref(e), primary: e.type };
};

// ---------------------------------------------------------------------------------------------
// Unaligned checkpoints and back-pressure.

export const overtook: Narrator = (c) => {
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

export const alignmentTimedOut: Narrator = ({ events, state, tr }) => {
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
    why: tr('narAlignTimeoutWhy', { held: e.blocked }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const outputTimedOut: Narrator = ({ events, state, tr }) => {
  const e = first(events, 'barrier.outputTimedOut');
  if (!e) return null;
  const task = e.task ?? '';
  return {
    headline: tr('narOutputTimeout', { what: whatOf(tr, isSavepointId(state, e.checkpointId)), id: e.checkpointId, task, ms: e.afterMs, to: e.channels.join(', ') }),
    why: tr('narOutputTimeoutWhy', { n: e.outputRecords, task }),
    flinkRef: ref(e),
    primary: e.type,
  };
};

export const channelStatePersisted: Narrator = ({ events, state, tr }) => {
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

export const restoreChannelState: Narrator = ({ events, state, tr }) => {
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

export const backPressure: Narrator = ({ events, tr }) => {
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
