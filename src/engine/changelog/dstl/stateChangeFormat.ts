/**
 * Flink's `StateChangeFormat`: how one change set is laid out in a changelog file, and how it is
 * read back from its offset. Flink's layout for the changes is kept:
 *
 *   [number of key groups: int]
 *   per key group (metadata first): [number of changes: int][key group: int]
 *                                   per change: [length: int][change bytes]
 *
 * Flink writes nothing else: the handle (file, offset) and the writer's bookkeeping say whose
 * change set it is. This format adds a small header so that a file can be inspected on its own
 * and a wrong offset or a flipped bit is caught instead of replayed as garbage:
 *
 *   [magic "DSTL": int][log id: string][sequence number: long][payload length: int]
 *   [CRC-32C of the payload: int][payload as above]
 */
import { crc32c } from '../../codec/crc32c';
import { DataInputView } from '../../serialization/dataInputView';
import { DataOutputView } from '../../serialization/dataOutputView';
import { META_KEY_GROUP, type StateChange } from './stateChange';
import { decodeStateChange, writeStateChange } from './stateChangeSerializer';
import { changesByKeyGroup, stateChangeSet, type StateChangeSet } from './stateChangeSet';

/** "DSTL" in ASCII: the first four bytes of every change-set record. */
export const CHANGE_SET_RECORD_MAGIC = 0x4453544c;

/** A change-set record is unreadable: names the file and the record's offset. */
export class StateChangeFormatError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    detail: string,
  ) {
    super(`StateChangeFormat: ${file} at offset ${offset}: ${detail}`);
    this.name = 'StateChangeFormatError';
  }
}

// Working buffers, never engine state: the payload is written first so its length and CRC are known.
const payloadOut = new DataOutputView(1024);
const changeOut = new DataOutputView(256);

/**
 * `StateChangeFormat#writeChangeSet`: appends one change-set record to `out` and returns the
 * record's length. The record starts at `out.length` before the call: that is its offset.
 */
export function writeChangeSetRecord(out: DataOutputView, set: StateChangeSet): number {
  const start = out.length;
  payloadOut.clear();
  const groups = changesByKeyGroup(set.changes);
  payloadOut.writeInt(groups.length);
  for (const g of groups) {
    payloadOut.writeInt(g.changes.length);
    payloadOut.writeInt(g.keyGroup);
    for (const c of g.changes) {
      changeOut.clear();
      writeStateChange(c, changeOut);
      payloadOut.writeInt(changeOut.length);
      changeOut.copyRangeTo(payloadOut, 0, changeOut.length);
    }
  }
  const payload = payloadOut.toBytes();
  out.writeInt(CHANGE_SET_RECORD_MAGIC);
  out.writeString(set.logId);
  out.writeLong(set.sequenceNumber);
  out.writeInt(payload.length);
  out.writeInt(crc32c(payload));
  out.writeBytes(payload);
  return out.length - start;
}

/** A change set read back, with the length of its record in the stream. */
export interface ReadChangeSet {
  readonly changeSet: StateChangeSet;
  readonly recordBytes: number;
}

/**
 * `StateChangeFormat#read` from an offset: parses the record at `offset` of a changelog stream
 * (the file's bytes after the compression flag, decompressed). Verifies the magic and the CRC
 * before decoding, and throws a {@link StateChangeFormatError} naming `file` and `offset`.
 */
export function readChangeSetRecord(
  stream: Uint8Array,
  offset: number,
  file: string,
): ReadChangeSet {
  const fail = (detail: string): never => {
    throw new StateChangeFormatError(file, offset, detail);
  };
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= stream.length) {
    fail(`offset is outside the changelog stream of ${stream.length} byte(s)`);
  }
  const input = new DataInputView(stream, offset);
  let logId = '';
  let sequenceNumber = 0;
  let payloadStart = 0;
  let payloadEnd = 0;
  try {
    const magic = input.readInt() >>> 0;
    if (magic !== CHANGE_SET_RECORD_MAGIC) {
      fail(
        `no change-set record here (found 0x${magic.toString(16).padStart(8, '0')}, expected "DSTL")`,
      );
    }
    logId = input.readString();
    sequenceNumber = input.readLong();
    const payloadLength = input.readInt();
    const storedCrc = input.readInt() >>> 0;
    if (payloadLength < 0 || payloadLength > input.remaining) {
      fail(
        `payload length ${payloadLength} exceeds the ${input.remaining} byte(s) left (truncated file?)`,
      );
    }
    payloadStart = input.position;
    payloadEnd = payloadStart + payloadLength;
    const actualCrc = crc32c(stream, payloadStart, payloadEnd);
    if (actualCrc !== storedCrc) {
      fail(
        `checksum mismatch in change set ${sequenceNumber} of '${logId}': stored CRC-32C 0x${hex(storedCrc)}, computed 0x${hex(actualCrc)}`,
      );
    }
  } catch (e) {
    if (e instanceof StateChangeFormatError) throw e;
    fail(`unreadable record header: ${(e as Error).message}`);
  }
  let changes: StateChange[];
  try {
    changes = readPayload(stream, payloadStart, payloadEnd);
  } catch (e) {
    return fail(`corrupt change set ${sequenceNumber} of '${logId}': ${(e as Error).message}`);
  }
  return {
    changeSet: stateChangeSet(
      logId,
      sequenceNumber,
      changes,
      payloadEnd - payloadStart - headerBytesOf(changes),
    ),
    recordBytes: payloadEnd - offset,
  };
}

function readPayload(stream: Uint8Array, start: number, end: number): StateChange[] {
  const input = new DataInputView(stream, start, end);
  const numGroups = input.readInt();
  if (numGroups < 0 || numGroups * 8 > input.remaining)
    throw new Error(`bad key-group count ${numGroups}`);
  const changes: StateChange[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (let g = 0; g < numGroups; g++) {
    const count = input.readInt();
    const keyGroup = input.readInt();
    if (count <= 0 || count * 4 > input.remaining)
      throw new Error(`bad change count ${count} in key group ${keyGroup}`);
    if (keyGroup < META_KEY_GROUP || keyGroup <= previous) {
      throw new Error(`key group ${keyGroup} out of order (after ${previous})`);
    }
    previous = keyGroup;
    for (let i = 0; i < count; i++) {
      const len = input.readInt();
      if (len <= 0 || len > input.remaining)
        throw new Error(`bad change length ${len} in key group ${keyGroup}`);
      const at = input.position;
      input.skipBytes(len);
      changes.push(decodeStateChange(stream, at, at + len, keyGroup));
    }
  }
  if (input.remaining !== 0)
    throw new Error(`${input.remaining} trailing byte(s) after the last key group`);
  return changes;
}

/**
 * Bytes of the payload that are framing, not change bytes: the group count, 8 bytes per group
 * header and 4 per change length. Subtracting them from the payload gives `StateChangeSet#getSize`.
 */
function headerBytesOf(changes: readonly StateChange[]): number {
  const groups = new Set<number>(); // local working set, never stored
  for (const c of changes) groups.add(c.keyGroup);
  return 4 + 8 * groups.size + 4 * changes.length;
}

function hex(n: number): string {
  return n.toString(16).padStart(8, '0');
}
