/**
 * The file format of a full keyed snapshot (Flink's `FullSnapshotAsyncWriter` /
 * `KeyGroupsStateHandle` file): a header with the registered states' meta info, then one section
 * per key group, whose start offsets go into the handle so that a restore at another
 * parallelism reads only the key groups it now owns. With snapshot compression each key-group
 * section is Snappy-framed on its own, as Flink wraps each key group's stream separately.
 */
import type { Plain } from '../core/plainData';
import { crc32c, snappyFramedCompress, snappyFramedDecompress } from '../codec';
import { keyGroupRangeContains, type KeyGroupRange } from '../keys/keyGroupRange';
import { DataInputView, DataOutputView, keySerializer, plainValueSerializer } from '../serialization';
import type { Namespace } from '../state/namespaces';
import type { StateDescriptor } from '../state/stateDescriptor';
import type { StateKey } from '../state/stateKeyIds';

const MAGIC = 0x434c4653; // "CLFS": Checkpoint Lab full snapshot
/** Version 2 adds a CRC-32C after each uncompressed key-group section (compressed ones carry Snappy's). */
const VERSION = 2;

export interface FullSnapshotEntry {
  /** Index into the header's state list. */
  stateIndex: number;
  key: StateKey;
  namespace: Namespace;
  /** The stored value (list, user map, accumulator …) in the backend's plain form. */
  stored: Plain;
}

export interface WrittenFullSnapshot {
  bytes: Uint8Array;
  /** Absolute offset of each key group's section. */
  offsets: number[];
  uncompressedSize: number;
}

/** Writes a full snapshot of `states` over `range`; `entriesOf(kg)` lists one key group's entries. */
export function writeFullSnapshot(
  states: readonly StateDescriptor[],
  range: KeyGroupRange,
  entriesOf: (keyGroup: number) => Iterable<FullSnapshotEntry>,
  compress: boolean,
): WrittenFullSnapshot {
  const out = new DataOutputView(1024);
  out.writeInt(MAGIC);
  out.writeInt(VERSION);
  out.writeBoolean(compress);
  out.writeInt(range.startKeyGroup);
  out.writeInt(range.endKeyGroup);
  out.writeVarUint32(states.length);
  for (const s of states) {
    out.writeString(s.name);
    out.writeString(s.kind);
    out.writeString(s.fn ?? '');
  }
  let uncompressedSize = out.length;
  const offsets: number[] = [];
  const section = new DataOutputView(256);
  for (let kg = range.startKeyGroup; kg <= range.endKeyGroup; kg++) {
    offsets.push(out.length);
    section.clear();
    section.writeInt(kg);
    const entries = [...entriesOf(kg)];
    section.writeVarUint32(entries.length);
    for (const e of entries) {
      section.writeVarUint32(e.stateIndex);
      keySerializer.serialize(e.key, section);
      plainValueSerializer.serialize(e.namespace as Plain, section);
      plainValueSerializer.serialize(e.stored, section);
    }
    const raw = section.toBytes();
    uncompressedSize += raw.length;
    if (compress) {
      out.writeBytes(snappyFramedCompress(raw));
    } else {
      // Integrity is checked by the formats, as Flink leaves it to its file formats, not the storage.
      out.writeBytes(raw);
      out.writeInt(crc32c(raw) | 0);
    }
  }
  return { bytes: out.toBytes(), offsets, uncompressedSize };
}

export interface ReadFullSnapshot {
  states: StateDescriptor[];
  entries: (FullSnapshotEntry & { keyGroup: number })[];
}

/** Reads the key groups of `wanted` from a full snapshot file; `file` names it in errors. */
export function readFullSnapshot(bytes: Uint8Array, offsets: readonly number[], wanted: KeyGroupRange, file: string): ReadFullSnapshot {
  try {
    const input = new DataInputView(bytes);
    if (input.readInt() !== MAGIC) throw new Error('not a full snapshot file (bad magic number)');
    const version = input.readInt();
    if (version !== VERSION) throw new Error(`unsupported full snapshot version ${version}`);
    const compressed = input.readBoolean();
    const start = input.readInt();
    const end = input.readInt();
    if (offsets.length !== end - start + 1) throw new Error(`the handle has ${offsets.length} key-group offsets, the file covers ${end - start + 1} key groups`);
    const stateCount = input.readVarUint32();
    const states: StateDescriptor[] = [];
    for (let i = 0; i < stateCount; i++) {
      const name = input.readString();
      const kind = input.readString() as StateDescriptor['kind'];
      const fn = input.readString();
      states.push(fn === '' ? { name, kind } : { name, kind, fn });
    }
    const entries: ReadFullSnapshot['entries'] = [];
    for (let kg = start; kg <= end; kg++) {
      if (!keyGroupRangeContains(wanted, kg)) continue;
      const from = offsets[kg - start]!;
      const to = kg < end ? offsets[kg - start + 1]! : bytes.length;
      if (!(from >= 0 && from <= to && to <= bytes.length)) throw new Error(`key group ${kg}: offsets ${from}…${to} outside the file`);
      let raw: Uint8Array;
      if (compressed) {
        raw = snappyFramedDecompress(bytes.subarray(from, to));
      } else {
        if (to - from < 4) throw new Error(`key group ${kg}: section at offset ${from} is too short`);
        raw = bytes.subarray(from, to - 4);
        const stored = new DataView(bytes.buffer, bytes.byteOffset + to - 4, 4).getInt32(0);
        if ((crc32c(raw) | 0) !== stored) throw new Error(`key group ${kg}: checksum mismatch in the section at offset ${from}`);
      }
      const sec = new DataInputView(raw);
      const got = sec.readInt();
      if (got !== kg) throw new Error(`key group ${kg}: the section at offset ${from} belongs to key group ${got}`);
      const n = sec.readVarUint32();
      for (let i = 0; i < n; i++) {
        const stateIndex = sec.readVarUint32();
        if (stateIndex >= states.length) throw new Error(`key group ${kg}: state index ${stateIndex} out of range`);
        const key = keySerializer.deserialize(sec);
        const namespace = plainValueSerializer.deserialize(sec) as Namespace;
        const stored = plainValueSerializer.deserialize(sec);
        entries.push({ stateIndex, key, namespace, stored, keyGroup: kg });
      }
    }
    return { states, entries };
  } catch (e) {
    throw new Error(`Cannot read full snapshot ${file}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}
