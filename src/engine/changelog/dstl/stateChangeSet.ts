/**
 * Flink's `StateChangeSet`: the changes one writer (state backend) appended under one sequence
 * number, i.e. between two `nextSequenceNumber` calls. It is the unit of upload: a file holds one
 * or more change sets (of one or more writers), each found again by its offset.
 */
import type { StateChange } from './stateChange';
import { META_KEY_GROUP } from './stateChange';
import { stateChangeSize } from './stateChangeSerializer';
import { checkSqn, type SequenceNumber } from './sequenceNumber';

/** `StateChangeSet` as plain data. */
export interface StateChangeSet {
  /** The writer's log id (Flink: a UUID per writer; here the backend's id, e.g. `'window#0'`). */
  readonly logId: string;
  readonly sequenceNumber: SequenceNumber;
  /** In append order. */
  readonly changes: readonly StateChange[];
  /** `StateChangeSet#getSize`: the summed length of the serialized changes. */
  readonly sizeBytes: number;
}

/** `new StateChangeSet(logId, sqn, changes)`; sizes each change unless the caller already did. */
export function stateChangeSet(
  logId: string,
  sequenceNumber: SequenceNumber,
  changes: readonly StateChange[],
  sizeBytes?: number,
): StateChangeSet {
  if (typeof logId !== 'string' || logId.length === 0) {
    throw new TypeError(
      `StateChangeSet: logId must be a non-empty string, got ${JSON.stringify(logId)}`,
    );
  }
  checkSqn(sequenceNumber, `StateChangeSet sequence number of '${logId}'`);
  let size = sizeBytes;
  if (size === undefined) {
    size = 0;
    for (const c of changes) size += stateChangeSize(c);
  }
  return { logId, sequenceNumber, changes: changes.slice(), sizeBytes: size };
}

/** One key group's changes, in append order (a group of `StateChangeFormat#writeChangeSetOfKG`). */
export interface KeyGroupChanges {
  readonly keyGroup: number;
  readonly changes: readonly StateChange[];
}

/**
 * The changes grouped by key group in the order the file format writes them
 * (`StateChangeFormat#writeChangeSet`): metadata first, so a state is known before its first
 * change is replayed, then one group per key group. Flink iterates a `HashMap<Integer, …>`, which
 * visits small integer keys in ascending order; ascending order is used for every key group here.
 * Within a group the append order is kept: replay must apply a key's changes in order.
 */
export function changesByKeyGroup(changes: readonly StateChange[]): KeyGroupChanges[] {
  const groups = new Map<number, StateChange[]>(); // local working index, never stored
  for (const c of changes) {
    let g = groups.get(c.keyGroup);
    if (g === undefined) {
      g = [];
      groups.set(c.keyGroup, g);
    }
    g.push(c);
  }
  const keyGroups = [...groups.keys()].sort((a, b) => a - b);
  // META_KEY_GROUP is -1, so ascending order already puts metadata first; keep it explicit.
  if (keyGroups[0] !== undefined && keyGroups[0] < META_KEY_GROUP) {
    throw new RangeError(`changesByKeyGroup: key group ${keyGroups[0]} is below META_KEY_GROUP`);
  }
  return keyGroups.map((keyGroup) => ({ keyGroup, changes: groups.get(keyGroup)! }));
}

/** Sorts change sets the way `StateChangeFormat#write` does before writing: by log id, then sequence number. */
export function sortForUpload(changeSets: readonly StateChangeSet[]): StateChangeSet[] {
  return changeSets
    .slice()
    .sort((a, b) =>
      a.logId < b.logId ? -1 : a.logId > b.logId ? 1 : a.sequenceNumber - b.sequenceNumber,
    );
}
