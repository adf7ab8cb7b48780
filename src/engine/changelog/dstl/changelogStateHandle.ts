/**
 * What an upload produces and what a checkpoint carries: Flink's `UploadResult` (one change set's
 * place in an uploaded file) and `ChangelogStateHandleStreamImpl` (the non-materialized part of a
 * changelog checkpoint: an ordered list of (file, offset) pairs).
 */
import type { KeyGroupRange } from '../../keys/keyGroupRange';
import type { SequenceNumber } from './sequenceNumber';

/** `FsStateChangelogStorageFactory.IDENTIFIER`. */
export const FS_CHANGELOG_STORAGE_IDENTIFIER = 'filesystem';

/** `UploadResult`: one change set's location in an uploaded file. */
export interface UploadResult {
  readonly logId: string;
  readonly sequenceNumber: SequenceNumber;
  /** The file's path (Flink: the `StreamStateHandle`). */
  readonly file: string;
  /** Position of the change set in the file's uncompressed stream. */
  readonly offset: number;
  /** `StateChangeSet#getSize`. */
  readonly size: number;
  /** Length of the record in the uncompressed stream (for views of a file's layout). */
  readonly recordBytes: number;
}

/** One (StreamStateHandle, offset) pair of `ChangelogStateHandleStreamImpl#getHandlesAndOffsets`. */
export interface ChangelogHandleEntry {
  readonly file: string;
  readonly offset: number;
}

/** `ChangelogStateHandleStreamImpl` as plain data. */
export interface ChangelogStateHandleStreamImpl {
  /** In sequence-number order: the order in which the changes must be replayed. */
  readonly handlesAndOffsets: readonly ChangelogHandleEntry[];
  readonly keyGroupRange: KeyGroupRange;
  /** `getStateSize`: summed size of all change sets referenced. */
  readonly stateSize: number;
  /** `getCheckpointedSize`: size uploaded for this persist only (the incremental part). */
  readonly checkpointedSize: number;
  readonly storageIdentifier: typeof FS_CHANGELOG_STORAGE_IDENTIFIER;
}

/**
 * `FsStateChangelogWriter#buildSnapshotResult`: a handle over upload results, ordered by sequence
 * number, with `incrementalSize` as the checkpointed size.
 */
export function buildChangelogStateHandle(
  keyGroupRange: KeyGroupRange,
  results: readonly UploadResult[],
  incrementalSize: number,
): ChangelogStateHandleStreamImpl {
  const sorted = results.slice().sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  let size = 0;
  const handlesAndOffsets = sorted.map((r) => {
    size += r.size;
    return { file: r.file, offset: r.offset };
  });
  return {
    handlesAndOffsets,
    keyGroupRange,
    stateSize: size,
    checkpointedSize: incrementalSize,
    storageIdentifier: FS_CHANGELOG_STORAGE_IDENTIFIER,
  };
}

/** The distinct files a handle references, in first-use order (what the registry registers). */
export function changelogHandleFiles(handle: ChangelogStateHandleStreamImpl): string[] {
  const seen = new Set<string>(); // local working set, never stored
  const files: string[] = [];
  for (const e of handle.handlesAndOffsets) {
    if (!seen.has(e.file)) {
      seen.add(e.file);
      files.push(e.file);
    }
  }
  return files;
}
