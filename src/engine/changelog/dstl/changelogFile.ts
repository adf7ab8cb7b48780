/**
 * A changelog file as `StateChangeFsUploader` writes it and `ChangelogStreamWrapper` opens it:
 *
 *   [compression flag: 1 byte, 0 = none, 1 = Snappy][the changelog stream]
 *
 * The stream is the change-set records one after another; with compression it is stored in the
 * Snappy framing format (`SnappyStreamCompressionDecorator`). Offsets in handles are positions in
 * the *uncompressed* stream (`OutputStreamWithPos` counts the bytes handed to the compressing
 * stream, after the flag), so reading any change set of a compressed file means decompressing the
 * file from its start. That is what makes a per-TaskManager cache of decompressed files pay off.
 */
import { snappyFramedCompress, snappyFramedDecompress } from '../../codec/snappyFramed';
import { DataOutputView } from '../../serialization/dataOutputView';
import { readChangeSetRecord, writeChangeSetRecord, type ReadChangeSet } from './stateChangeFormat';
import { sortForUpload, type StateChangeSet } from './stateChangeSet';
import type { SequenceNumber } from './sequenceNumber';

/** The file is not a changelog file or cannot be decompressed; names the file. */
export class ChangelogFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`Changelog file ${file}: ${detail}`);
    this.name = 'ChangelogFileError';
  }
}

const FLAG_UNCOMPRESSED = 0;
const FLAG_SNAPPY = 1;

/** Where one change set landed in a file (`StateChangeFormat#write`'s offsets per change set). */
export interface ChangeSetPlacement {
  readonly logId: string;
  readonly sequenceNumber: SequenceNumber;
  /** Position of the record in the uncompressed stream. */
  readonly offset: number;
  /** Length of the record (header + payload) in the uncompressed stream. */
  readonly recordBytes: number;
  /** `StateChangeSet#getSize`, which Flink reports as the handle's size. */
  readonly size: number;
}

/** The bytes of one changelog file and where each change set is. */
export interface ChangelogFileContent {
  readonly bytes: Uint8Array;
  readonly compressed: boolean;
  /** Length of the uncompressed stream (Flink: `OutputStreamWithPos#getPos` at close). */
  readonly streamBytes: number;
  /** One list per input group (upload task), in the order the records were written. */
  readonly placements: readonly (readonly ChangeSetPlacement[])[];
}

/**
 * `AbstractStateChangeFsUploader#uploadInternal`: writes the change sets of several upload tasks
 * into one file. Each task's sets are sorted by log id and sequence number
 * (`StateChangeFormat#write`); tasks keep their order.
 */
export function writeChangelogFile(
  groups: readonly (readonly StateChangeSet[])[],
  options: { readonly compression: boolean },
): ChangelogFileContent {
  const out = new DataOutputView(4096);
  const placements = groups.map((sets) =>
    sortForUpload(sets).map((set): ChangeSetPlacement => {
      const offset = out.length;
      const recordBytes = writeChangeSetRecord(out, set);
      return {
        logId: set.logId,
        sequenceNumber: set.sequenceNumber,
        offset,
        recordBytes,
        size: set.sizeBytes,
      };
    }),
  );
  const stream = out.toBytes();
  const body = options.compression ? snappyFramedCompress(stream) : stream;
  const bytes = new Uint8Array(1 + body.length);
  bytes[0] = options.compression ? FLAG_SNAPPY : FLAG_UNCOMPRESSED;
  bytes.set(body, 1);
  return { bytes, compressed: options.compression, streamBytes: stream.length, placements };
}

/**
 * `ChangelogStreamWrapper#wrap`: the uncompressed changelog stream of a file (decompressing it
 * when the flag says so). Flink treats any flag other than 1 as "uncompressed"; this is strict,
 * so a file that is not a changelog file is reported rather than misread.
 */
export function openChangelogStream(fileBytes: Uint8Array, file: string): Uint8Array {
  if (fileBytes.length === 0) throw new ChangelogFileError(file, 'is empty (no compression flag)');
  const flag = fileBytes[0]!;
  const body = fileBytes.subarray(1);
  if (flag === FLAG_UNCOMPRESSED) return body;
  if (flag !== FLAG_SNAPPY) {
    throw new ChangelogFileError(
      file,
      `unknown compression flag ${flag} (expected 0 or 1): not a changelog file?`,
    );
  }
  try {
    return snappyFramedDecompress(body);
  } catch (e) {
    throw new ChangelogFileError(file, `cannot decompress: ${(e as Error).message}`);
  }
}

/** `ChangelogStreamWrapper#wrapAndSeek` + `StateChangeFormat#read`: the change set at `offset` of a file. */
export function readChangeSetAt(
  fileBytes: Uint8Array,
  file: string,
  offset: number,
): ReadChangeSet {
  return readChangeSetRecord(openChangelogStream(fileBytes, file), offset, file);
}
