/**
 * Flink's `SequenceNumber` (`GenericSequenceNumber`, a non-negative long) and
 * `SequenceNumberRange` ([from, to), `GenericSequenceNumberRange`). A sequence number is a logical
 * timestamp on one writer's log: every change set gets one, and a checkpoint or materialization
 * remembers "everything before this number".
 */

/** `SequenceNumber`: a non-negative safe integer here (Flink: a long ≥ 0). */
export type SequenceNumber = number;

/** `FsStateChangelogWriter.INITIAL_SQN`: a new writer's first sequence number. */
export const INITIAL_SQN: SequenceNumber = 0;

/** Stands in for `SequenceNumber.of(Long.MAX_VALUE)`, the writer's initial upper bound. */
export const MAX_SQN: SequenceNumber = Number.MAX_SAFE_INTEGER;

/** `SequenceNumberRange`: from inclusive, to exclusive. */
export interface SequenceNumberRange {
  readonly from: SequenceNumber;
  readonly to: SequenceNumber;
}

/** Checks a sequence number (Flink: `checkArgument(number >= 0)`). */
export function checkSqn(sqn: unknown, what = 'sequence number'): SequenceNumber {
  if (typeof sqn !== 'number' || !Number.isSafeInteger(sqn) || sqn < 0) {
    throw new RangeError(`${what} must be an integer ≥ 0, got ${String(sqn)}`);
  }
  return sqn;
}

/** `SequenceNumber#next`. */
export function nextSqn(sqn: SequenceNumber): SequenceNumber {
  if (sqn >= MAX_SQN)
    throw new RangeError(`SequenceNumber.next: ${sqn} is the largest sequence number`);
  return sqn + 1;
}

/** `SequenceNumberRange.generic(from, to)`; Flink requires to ≥ from. */
export function sqnRange(from: SequenceNumber, to: SequenceNumber): SequenceNumberRange {
  checkSqn(from, 'SequenceNumberRange from');
  checkSqn(to, 'SequenceNumberRange to');
  if (to < from)
    throw new RangeError(`SequenceNumberRange: to (${to}) must not be below from (${from})`);
  return { from, to };
}

/** `SequenceNumberRange#size`: how many sequence numbers [from, to) holds. */
export function sqnRangeSize(range: SequenceNumberRange): number {
  return range.to - range.from;
}

/** `SequenceNumberRange#contains`: from ≤ sqn < to. */
export function sqnRangeContains(range: SequenceNumberRange, sqn: SequenceNumber): boolean {
  return range.from <= sqn && sqn < range.to;
}
