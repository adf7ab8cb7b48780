/** Narrators of files and the LSM: uploads, deletions (with the registry's reason), flushes, compactions, sealed memtables. */
import { formatBytes } from '../format';
import { discardKind, discardReason } from './reasonText';
import { type Narrator, all, first, isSavepointId, ref, whatOf } from './narrationKit';

export const discarded: Narrator = ({ events, tr }) => {
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
    canceled: 'narDiscardWhyCanceled',
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

export const uploaded: Narrator = ({ events, state, tr }) => {
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

export const compactionFinished: Narrator = ({ events, state, tr }) => {
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

export const compactionStarted: Narrator = ({ events, state, tr }) => {
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

export const flushed: Narrator = ({ events, state, tr }) => {
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

export const sealed: Narrator = ({ events, tr }) => {
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
