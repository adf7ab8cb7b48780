/**
 * Read-only views of the LSM behind a RocksDB backend, one per state's column family: the
 * active and sealed memtables with their entries, and the SSTs of each level with key ranges,
 * file numbers and compaction pressure, every key decoded back to (key group, key, namespace,
 * user key). They read the plain data only, so they work on frozen, recorded steps.
 */
import { blockCount, columnFamily, levelScores, sstFileName, type Memtable, type SstFile, type SstOrigin } from '../lsm';
import { DataInputView, type CompositeKeyLayout } from '../serialization';
import type { Namespace } from '../state/namespaces';
import type { StateKind } from '../state/stateDescriptor';
import type { MapUserKey, StateKey } from '../state/stateKeyIds';
import type { RocksDbKeyedBackendData } from './rocksDbKeyedBackendData';
import { decodeRocksDbKey, rocksDbKeyLayout } from './rocksDbKeySerializationUtils';

/** A RocksDB key of a state, decoded for display. */
export interface RocksDbKeyView {
  bytes: Uint8Array;
  /** Null when the bytes do not decode (never for keys the backend wrote). */
  keyGroup: number | null;
  key: StateKey | null;
  namespace: Namespace | null;
  /** MapState only. */
  userKey?: MapUserKey;
}

/** One memtable record: the newest version of a key in that memtable. */
export interface RocksDbMemtableEntryView {
  key: RocksDbKeyView;
  seq: number;
  /** A delete (`State.clear`, `MapState.remove`) not yet compacted away. */
  tombstone: boolean;
  valueBytes: number;
}

/** A memtable (`MemTable`): the active one takes writes; sealed ones wait for a flush. */
export interface RocksDbMemtableView {
  id: number;
  active: boolean;
  /** Bytes charged against the write buffer size (every write, overwrites included). */
  bytes: number;
  writes: number;
  overwrites: number;
  entries: RocksDbMemtableEntryView[];
}

/** An SST as the level view shows it (metadata only, no bytes). */
export interface RocksDbSstView {
  fileNumber: number;
  fileName: string;
  level: number;
  smallestKey: RocksDbKeyView;
  largestKey: RocksDbKeyView;
  smallestSeq: number;
  largestSeq: number;
  entryCount: number;
  tombstoneCount: number;
  sizeBytes: number;
  /** Size with every data block raw (equal to sizeBytes when RocksDB stored none compressed). */
  rawSizeBytes: number;
  /** Data blocks stored Snappy-compressed, of blockCount. */
  compressedBlocks: number;
  blockCount: number;
  origin: SstOrigin;
  /** Files a compaction merged into this one (empty for flushes). */
  inputs: number[];
}

/** One level of the LSM tree with its compaction score (≥ 1: a compaction is due). */
export interface RocksDbLevelView {
  level: number;
  files: RocksDbSstView[];
  bytes: number;
  /** L0: the file-count trigger; L1+: the byte target; the last level: null. */
  target: number | null;
  score: number;
}

/** The column family of one registered state. */
export interface RocksDbColumnFamilyView {
  state: string;
  kind: StateKind;
  columnFamily: string;
  cfId: number;
  active: RocksDbMemtableView;
  /** Sealed memtables, oldest first (the next flush takes the first). */
  immutables: RocksDbMemtableView[];
  levels: RocksDbLevelView[];
}

/** Views of every state's column family, in registration order. */
export function rocksDbColumnFamilyViews(data: RocksDbKeyedBackendData): RocksDbColumnFamilyView[] {
  const layout = rocksDbKeyLayout(data.maxParallelism);
  const input = new DataInputView(new Uint8Array(0));
  return data.states.map((state) => {
    const cf = columnFamily(data.db, state.columnFamily);
    const isMap = state.descriptor.kind === 'map';
    const keyView = (bytes: Uint8Array): RocksDbKeyView => decodeForView(layout, bytes, isMap, input);
    const scores = levelScores(data.db, cf);
    return {
      state: state.descriptor.name,
      kind: state.descriptor.kind,
      columnFamily: cf.name,
      cfId: cf.id,
      active: memtableView(cf.active, true, keyView),
      immutables: cf.immutables.map((m) => memtableView(m, false, keyView)),
      levels: cf.levels.map((files, level) => {
        const s = scores[level]!;
        return { level, files: files.map((f) => sstView(f, keyView)), bytes: s.bytes, target: s.target, score: s.score };
      }),
    };
  });
}

/** A subtask's SST files per column family and level, without decoding any key (for pickers). */
export interface RocksDbSstFileRef {
  columnFamily: string;
  level: number;
  fileNumber: number;
  sizeBytes: number;
}

/**
 * The SST files of each column family, level by level: what `rocksDbColumnFamilyViews` lists,
 * without building the memtables' entries and key views (thousands of decoded keys per subtask
 * in a big run, for a list of file numbers).
 */
export function rocksDbSstFiles(data: RocksDbKeyedBackendData): RocksDbSstFileRef[] {
  return data.states.flatMap((state) => {
    const cf = columnFamily(data.db, state.columnFamily);
    return cf.levels.flatMap((files, level) => files.map((f) => ({ columnFamily: cf.name, level, fileNumber: f.fileNumber, sizeBytes: f.sizeBytes })));
  });
}

function memtableView(m: Memtable, active: boolean, keyView: (b: Uint8Array) => RocksDbKeyView): RocksDbMemtableView {
  return {
    id: m.id,
    active,
    bytes: m.bytes,
    writes: m.writes,
    overwrites: m.overwrites,
    entries: m.entries.map((e) => ({
      key: keyView(e.key),
      seq: e.seq,
      tombstone: e.value === null,
      valueBytes: e.value === null ? 0 : e.value.length,
    })),
  };
}

function sstView(f: SstFile, keyView: (b: Uint8Array) => RocksDbKeyView): RocksDbSstView {
  return {
    fileNumber: f.fileNumber,
    fileName: sstFileName(f.fileNumber),
    level: f.level,
    smallestKey: keyView(f.smallestKey),
    largestKey: keyView(f.largestKey),
    smallestSeq: f.smallestSeq,
    largestSeq: f.largestSeq,
    entryCount: f.entryCount,
    tombstoneCount: f.tombstoneCount,
    sizeBytes: f.sizeBytes,
    rawSizeBytes: f.rawSizeBytes,
    compressedBlocks: f.compressedBlocks,
    blockCount: blockCount(f.blockIndex),
    origin: f.origin,
    inputs: f.inputs.slice(),
  };
}

function decodeForView(
  layout: CompositeKeyLayout<StateKey, Namespace>,
  bytes: Uint8Array,
  isMap: boolean,
  input: DataInputView,
): RocksDbKeyView {
  try {
    const d = decodeRocksDbKey(layout, bytes, isMap, input);
    const v: RocksDbKeyView = { bytes, keyGroup: d.keyGroup, key: d.key, namespace: d.namespace };
    if (d.userKey !== undefined) v.userKey = d.userKey;
    return v;
  } catch {
    // A view must not fail on a key it cannot read; it shows the raw bytes instead.
    return { bytes, keyGroup: null, key: null, namespace: null };
  }
}
