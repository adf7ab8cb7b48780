/**
 * Flink's `KeyGroupRangeAssignment`: key → key group → operator index, and the contiguous range
 * of key groups each parallel operator instance owns. The arithmetic is Flink's, in int32.
 *
 * Argument checks follow `KeyGroupRangeAssignment.checkParallelismPreconditions`
 * (0 < value ≤ 32768) plus the ranges Flink documents but leaves unchecked in its hot paths
 * (keyGroupId < maxParallelism, operatorIndex < parallelism); each error names the argument and value.
 */
import { javaHashCode, type JavaHashableKey } from './javaHashCode';
import { keyGroupRange, type KeyGroupRange } from './keyGroupRange';
import { murmurHash } from './murmurHash';

/** `KeyGroupRangeAssignment.DEFAULT_LOWER_BOUND_MAX_PARALLELISM` (1 << 7). */
export const DEFAULT_LOWER_BOUND_MAX_PARALLELISM = 128;

/** `KeyGroupRangeAssignment.UPPER_BOUND_MAX_PARALLELISM` (1 << 15), inclusive. */
export const UPPER_BOUND_MAX_PARALLELISM = 32768;

/** `KeyGroupRangeAssignment.checkParallelismPreconditions`: 0 < value ≤ 32768, an integer. */
export function checkParallelismPreconditions(
  value: number,
  argName = 'parallelism',
  fn = 'checkParallelismPreconditions',
): void {
  if (!Number.isInteger(value) || value <= 0 || value > UPPER_BOUND_MAX_PARALLELISM) {
    throw new RangeError(
      `${fn}: ${argName} must be an integer in [1, ${UPPER_BOUND_MAX_PARALLELISM}] (Flink: "Operator parallelism not within bounds"), got ${value}`,
    );
  }
}

function checkMaxAndParallelism(fn: string, maxParallelism: number, parallelism: number): void {
  checkParallelismPreconditions(parallelism, 'parallelism', fn);
  checkParallelismPreconditions(maxParallelism, 'maxParallelism', fn);
  if (maxParallelism < parallelism) {
    throw new RangeError(
      `${fn}: parallelism (${parallelism}) must not exceed maxParallelism (${maxParallelism}) (Flink: "Maximum parallelism must not be smaller than parallelism")`,
    );
  }
}

/** `KeyGroupRangeAssignment.computeKeyGroupForKeyHash`: `murmurHash(keyHash) % maxParallelism`. */
export function computeKeyGroupForKeyHash(keyHash: number, maxParallelism: number): number {
  if ((keyHash | 0) !== keyHash) {
    throw new RangeError(`computeKeyGroupForKeyHash: keyHash must be an int32, got ${keyHash}`);
  }
  checkParallelismPreconditions(maxParallelism, 'maxParallelism', 'computeKeyGroupForKeyHash');
  return murmurHash(keyHash) % maxParallelism;
}

/** `KeyGroupRangeAssignment.assignToKeyGroup`: the key group of a key, from Java's `key.hashCode()`. */
export function assignToKeyGroup(key: JavaHashableKey, maxParallelism: number): number {
  if (key === null || key === undefined) {
    throw new TypeError(
      `assignToKeyGroup: key must not be null (Flink: "Assigned key must not be null!"), got ${key}`,
    );
  }
  return computeKeyGroupForKeyHash(javaHashCode(key), maxParallelism);
}

/**
 * `KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex`: operator i owns
 * [ceil(i·maxP/p), floor(((i+1)·maxP − 1)/p)], so the ranges of all operators tile [0, maxP).
 */
export function computeKeyGroupRangeForOperatorIndex(
  maxParallelism: number,
  parallelism: number,
  operatorIndex: number,
): KeyGroupRange {
  const fn = 'computeKeyGroupRangeForOperatorIndex';
  checkMaxAndParallelism(fn, maxParallelism, parallelism);
  if (!Number.isInteger(operatorIndex) || operatorIndex < 0 || operatorIndex >= parallelism) {
    throw new RangeError(
      `${fn}: operatorIndex must be an integer in [0, ${parallelism - 1}] for parallelism ${parallelism}, got ${operatorIndex}`,
    );
  }
  // Products stay below 2^30 because both factors are at most 2^15, so doubles are exact.
  const start = Math.floor((operatorIndex * maxParallelism + parallelism - 1) / parallelism);
  const end = Math.floor(((operatorIndex + 1) * maxParallelism - 1) / parallelism);
  return keyGroupRange(start, end);
}

/** `KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup`: `keyGroupId * parallelism / maxParallelism`. */
export function computeOperatorIndexForKeyGroup(
  maxParallelism: number,
  parallelism: number,
  keyGroupId: number,
): number {
  const fn = 'computeOperatorIndexForKeyGroup';
  checkMaxAndParallelism(fn, maxParallelism, parallelism);
  if (!Number.isInteger(keyGroupId) || keyGroupId < 0 || keyGroupId >= maxParallelism) {
    throw new RangeError(
      `${fn}: keyGroupId must be an integer in [0, ${maxParallelism - 1}] for maxParallelism ${maxParallelism}, got ${keyGroupId}`,
    );
  }
  return Math.floor((keyGroupId * parallelism) / maxParallelism);
}

/** `KeyGroupRangeAssignment.assignKeyToParallelOperator`: the subtask index a key is routed to. */
export function assignKeyToParallelOperator(
  key: JavaHashableKey,
  maxParallelism: number,
  parallelism: number,
): number {
  return computeOperatorIndexForKeyGroup(
    maxParallelism,
    parallelism,
    assignToKeyGroup(key, maxParallelism),
  );
}

/** `MathUtils.roundUpToPowerOfTwo(int)`: the smallest power of two ≥ x, in int32 (0 → 0). */
export function roundUpToPowerOfTwo(x: number): number {
  let v = (x - 1) | 0;
  v |= v >> 1;
  v |= v >> 2;
  v |= v >> 4;
  v |= v >> 8;
  v |= v >> 16;
  return (v + 1) | 0;
}

/**
 * `KeyGroupRangeAssignment.computeDefaultMaxParallelism`: the max parallelism Flink picks when
 * none is configured: `min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768)`.
 */
export function computeDefaultMaxParallelism(operatorParallelism: number): number {
  checkParallelismPreconditions(
    operatorParallelism,
    'operatorParallelism',
    'computeDefaultMaxParallelism',
  );
  const grown = operatorParallelism + Math.floor(operatorParallelism / 2);
  return Math.min(
    Math.max(roundUpToPowerOfTwo(grown), DEFAULT_LOWER_BOUND_MAX_PARALLELISM),
    UPPER_BOUND_MAX_PARALLELISM,
  );
}
