/**
 * Java's `hashCode()` for the key types a scenario can use, computed bit-exactly in int32
 * arithmetic, because Flink's key-group assignment starts from `key.hashCode()`.
 *
 * How a JavaScript key maps to a Java type (see {@link javaTypeOfKey}):
 * - `string` is a `java.lang.String` (hashed over its UTF-16 code units, like Java).
 * - `number` must be a safe integer. In int32 range it is a `java.lang.Integer`; beyond it a
 *   `java.lang.Long`. So `-1` hashes as Integer (-1), never as Long. Fractions, NaN, ±Infinity
 *   and unsafe integers are rejected: they have no exact Integer/Long twin.
 * - `bigint` is always a `java.lang.Long` (it must fit in 64 bits). `-1n` hashes to 0, the way
 *   `Long.valueOf(-1).hashCode()` does, which differs from the number `-1`.
 */

/** The Java boxed type a key stands for. */
export type JavaKeyType = 'String' | 'Integer' | 'Long';

/** A key as scenarios and the engine carry it. */
export type JavaHashableKey = string | number | bigint;

const TWO_POW_32 = 4294967296;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Which Java type a JS key models (`String`, `Integer` or `Long`); throws for keys with no exact Java twin. */
export function javaTypeOfKey(key: JavaHashableKey): JavaKeyType {
  if (typeof key === 'string') return 'String';
  if (typeof key === 'bigint') {
    checkInt64(key, 'javaTypeOfKey');
    return 'Long';
  }
  if (typeof key === 'number') {
    if ((key | 0) === key) return 'Integer';
    if (Number.isSafeInteger(key)) return 'Long';
    throw new RangeError(
      `javaTypeOfKey: a numeric key must be a safe integer (Java Integer or Long), got ${key}`,
    );
  }
  throw new TypeError(`javaTypeOfKey: a key must be a string, number or bigint, got ${typeof key}`);
}

/** `String.hashCode()`: h = 31*h + c over UTF-16 code units, in int32. */
export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** `Integer.hashCode()`: the value itself; the argument must be an int32. */
export function javaIntegerHashCode(value: number): number {
  if ((value | 0) !== value) {
    throw new RangeError(`javaIntegerHashCode: value must be an int32, got ${value}`);
  }
  return value | 0; // folds -0 to 0
}

/** `Long.hashCode()`: `(int)(v ^ (v >>> 32))`, for a bigint in int64 range or a safe-integer number. */
export function javaLongHashCode(value: number | bigint): number {
  if (typeof value === 'bigint') {
    checkInt64(value, 'javaLongHashCode');
    const lo = Number(BigInt.asIntN(32, value));
    const hi = Number(BigInt.asIntN(32, value >> 32n));
    return lo ^ hi;
  }
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(
      `javaLongHashCode: value must be a safe integer or a bigint, got ${value}`,
    );
  }
  // Two's-complement split without bigint: value = hi * 2^32 + lo with lo in [0, 2^32).
  const hi = Math.floor(value / TWO_POW_32);
  const lo = value - hi * TWO_POW_32;
  return (hi ^ lo) | 0;
}

/** Java `key.hashCode()` for a scenario key, with the type mapping described in this module. */
export function javaHashCode(key: JavaHashableKey): number {
  if (typeof key === 'string') return javaStringHashCode(key);
  if (typeof key === 'number') {
    if ((key | 0) === key) return key | 0;
    if (Number.isSafeInteger(key)) return javaLongHashCode(key);
    throw new RangeError(
      `javaHashCode: a numeric key must be a safe integer (Java Integer or Long), got ${key}`,
    );
  }
  if (typeof key === 'bigint') return javaLongHashCode(key);
  throw new TypeError(`javaHashCode: a key must be a string, number or bigint, got ${typeof key}`);
}

function checkInt64(value: bigint, fn: string): void {
  if (value < INT64_MIN || value > INT64_MAX) {
    throw new RangeError(`${fn}: a bigint key must fit in a Java long (64 bits), got ${value}`);
  }
}
