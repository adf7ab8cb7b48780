/**
 * Flink's `KeyGroupRange` as plain data: an inclusive interval of key-group ids. The empty range
 * is `{ startKeyGroup: 0, endKeyGroup: -1 }`, as in `KeyGroupRange.EMPTY_KEY_GROUP_RANGE`.
 */
export interface KeyGroupRange {
  readonly startKeyGroup: number;
  readonly endKeyGroup: number;
}

/** `KeyGroupRange.EMPTY_KEY_GROUP_RANGE`: no key groups. */
export const EMPTY_KEY_GROUP_RANGE: KeyGroupRange = Object.freeze({
  startKeyGroup: 0,
  endKeyGroup: -1,
});

/** `new KeyGroupRange(start, end)`: a non-empty range; 0 ≤ start ≤ end is required. */
export function keyGroupRange(startKeyGroup: number, endKeyGroup: number): KeyGroupRange {
  if (!Number.isInteger(startKeyGroup) || startKeyGroup < 0) {
    throw new RangeError(
      `keyGroupRange: startKeyGroup must be an integer ≥ 0, got ${startKeyGroup}`,
    );
  }
  if (!Number.isInteger(endKeyGroup) || endKeyGroup < startKeyGroup) {
    throw new RangeError(
      `keyGroupRange: endKeyGroup must be an integer ≥ startKeyGroup (${startKeyGroup}), got ${endKeyGroup}`,
    );
  }
  return { startKeyGroup, endKeyGroup };
}

/** `KeyGroupRange.of(start, end)`: like {@link keyGroupRange} but end < start gives the empty range. */
export function keyGroupRangeOf(startKeyGroup: number, endKeyGroup: number): KeyGroupRange {
  return startKeyGroup <= endKeyGroup
    ? keyGroupRange(startKeyGroup, endKeyGroup)
    : EMPTY_KEY_GROUP_RANGE;
}

/** `KeyGroupRange.getNumberOfKeyGroups()`. */
export function keyGroupRangeSize(range: KeyGroupRange): number {
  return Math.max(0, 1 + range.endKeyGroup - range.startKeyGroup);
}

/** Whether the range holds no key group. */
export function isEmptyKeyGroupRange(range: KeyGroupRange): boolean {
  return range.endKeyGroup < range.startKeyGroup;
}

/** `KeyGroupRange.contains(keyGroup)`. */
export function keyGroupRangeContains(range: KeyGroupRange, keyGroup: number): boolean {
  return keyGroup >= range.startKeyGroup && keyGroup <= range.endKeyGroup;
}

/** `KeyGroupRange.getIntersection(other)`: the overlap, or the empty range. Rescaling reads old handles by this. */
export function keyGroupRangeIntersection(a: KeyGroupRange, b: KeyGroupRange): KeyGroupRange {
  const start = Math.max(a.startKeyGroup, b.startKeyGroup);
  const end = Math.min(a.endKeyGroup, b.endKeyGroup);
  return start <= end ? { startKeyGroup: start, endKeyGroup: end } : EMPTY_KEY_GROUP_RANGE;
}

/** `KeyGroupRange.equals`: all empty ranges are equal to each other. */
export function keyGroupRangeEquals(a: KeyGroupRange, b: KeyGroupRange): boolean {
  if (isEmptyKeyGroupRange(a) || isEmptyKeyGroupRange(b)) {
    return isEmptyKeyGroupRange(a) && isEmptyKeyGroupRange(b);
  }
  return a.startKeyGroup === b.startKeyGroup && a.endKeyGroup === b.endKeyGroup;
}

/** The key-group ids in the range, ascending (`KeyGroupRange.iterator()`). */
export function keyGroupRangeIds(range: KeyGroupRange): number[] {
  const n = keyGroupRangeSize(range);
  const ids = new Array<number>(n);
  for (let i = 0; i < n; i++) ids[i] = range.startKeyGroup + i;
  return ids;
}

/** `KeyGroupRange.prettyPrintInterval()`: "[start, end]". */
export function formatKeyGroupRange(range: KeyGroupRange): string {
  return `[${range.startKeyGroup}, ${range.endKeyGroup}]`;
}
