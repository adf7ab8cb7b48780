/**
 * Flink's `StateChangelogHandleStreamHandleReader` with `StateChangeIteratorImpl`: reads the change
 * sets of a `ChangelogStateHandleStreamImpl` for restore, one (file, offset) pair after another in
 * the handle's order (sequence-number order), each through the TaskManager's
 * `ChangelogStreamHandleReader` (direct or cached). The caller replays the changes in that order.
 */
import {
  closeChangelogStream,
  openAndSeek,
  type ChangelogHandleReaderState,
  type ReadChangelogFile,
} from './changelogHandleReaderWithCache';
import type { ChangelogHandleEntry, ChangelogStateHandleStreamImpl } from './changelogStateHandle';
import { StateChangeFormatError, readChangeSetRecord } from './stateChangeFormat';
import type { StateChangeSet } from './stateChangeSet';

/** `StateChangeIteratorImpl#read(handle, offset)`: the change set at one (file, offset) pair. */
export function readChangeSet(
  r: ChangelogHandleReaderState,
  entry: ChangelogHandleEntry,
  readFile: ReadChangelogFile,
  nowMs: number,
): StateChangeSet {
  const opened = openAndSeek(r, entry.file, entry.offset, readFile, nowMs);
  try {
    return readChangeSetRecord(opened.stream, entry.offset, entry.file).changeSet;
  } finally {
    closeChangelogStream(r, opened, nowMs);
  }
}

/**
 * `StateChangelogHandleStreamHandleReader#getChanges`: every change set of one handle, in order.
 * A handle comes from one writer's persist, so its sets share a log id and their sequence numbers
 * rise; anything else means the handle points at the wrong bytes, and is reported.
 */
export function readChangelogHandle(
  r: ChangelogHandleReaderState,
  handle: ChangelogStateHandleStreamImpl,
  readFile: ReadChangelogFile,
  nowMs: number,
): StateChangeSet[] {
  const sets: StateChangeSet[] = [];
  for (const entry of handle.handlesAndOffsets) {
    const set = readChangeSet(r, entry, readFile, nowMs);
    const prev = sets[sets.length - 1];
    if (
      prev !== undefined &&
      (set.logId !== prev.logId || set.sequenceNumber <= prev.sequenceNumber)
    ) {
      throw new StateChangeFormatError(
        entry.file,
        entry.offset,
        `change set ${set.sequenceNumber} of '${set.logId}' does not follow change set ${prev.sequenceNumber} of '${prev.logId}' in the handle`,
      );
    }
    sets.push(set);
  }
  return sets;
}

/**
 * The non-materialized part of a `ChangelogStateBackendHandle` (its list of changelog handles, in
 * checkpoint order): all change sets in replay order.
 */
export function readNonMaterializedChanges(
  r: ChangelogHandleReaderState,
  handles: readonly ChangelogStateHandleStreamImpl[],
  readFile: ReadChangelogFile,
  nowMs: number,
): StateChangeSet[] {
  const out: StateChangeSet[] = [];
  for (const h of handles) out.push(...readChangelogHandle(r, h, readFile, nowMs));
  return out;
}
