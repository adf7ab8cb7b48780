/**
 * Namespaces of keyed state. Every keyed state value lives under (key group, key, namespace).
 * Outside windows the namespace is Flink's `VoidNamespace` singleton; window operators use the
 * window itself (`TimeWindow`) so that each window of a key has its own accumulator, and merging
 * windows (sessions) fold several namespaces into one (`InternalMergingState.mergeNamespaces`).
 *
 * Namespaces are plain data and must be treated as immutable once handed to a backend.
 */

/** Flink's `VoidNamespace.INSTANCE`: the namespace of all non-window keyed state. */
export const VOID_NAMESPACE = 'VoidNamespace';

/** Type of {@link VOID_NAMESPACE}. */
export type VoidNamespace = typeof VOID_NAMESPACE;

/** Flink's `TimeWindow`: the half-open interval [start, end) of event or processing time. */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
}

/** A keyed-state namespace: `VoidNamespace` or a `TimeWindow`. */
export type Namespace = VoidNamespace | TimeWindow;

/** `new TimeWindow(start, end)`: a window namespace; start < end, both finite integers. */
export function timeWindow(start: number, end: number): TimeWindow {
  if (!Number.isSafeInteger(start))
    throw new RangeError(`timeWindow: start must be a safe integer, got ${start}`);
  if (!Number.isSafeInteger(end) || end <= start) {
    throw new RangeError(
      `timeWindow: end must be a safe integer greater than start (${start}), got ${end}`,
    );
  }
  return { start, end };
}

/**
 * A canonical string for a namespace, used to address entries in plain-data tables.
 * VoidNamespace maps to '' so the hot path (non-window state) needs no string concatenation;
 * a window maps to 'w<start>,<end>|', which can never be confused with a key id (those start
 * with 's' or 'n', see stateKeyIds).
 */
export function namespaceId(ns: Namespace): string {
  if (ns === VOID_NAMESPACE) return '';
  return `w${ns.start},${ns.end}|`;
}

/** Checks that a value is a namespace and returns an owned copy (callers may reuse their object). */
export function checkNamespace(ns: unknown, what = 'namespace'): Namespace {
  if (ns === VOID_NAMESPACE) return VOID_NAMESPACE;
  if (ns === null || ns === undefined) {
    throw new TypeError(
      `${what} must not be null (Flink: namespaces are never null), got ${String(ns)}`,
    );
  }
  if (typeof ns === 'object') {
    const w = ns as { start?: unknown; end?: unknown };
    if (typeof w.start === 'number' && typeof w.end === 'number') return timeWindow(w.start, w.end);
  }
  throw new TypeError(
    `${what} must be '${VOID_NAMESPACE}' or a TimeWindow {start, end}, got ${JSON.stringify(ns)}`,
  );
}

/**
 * Java `hashCode()` of a namespace: `VoidNamespace.hashCode()` is 99 and `TimeWindow.hashCode()`
 * is `MathUtils.longToIntWithBitMixing(start + end)` (64-bit arithmetic). The heap backend
 * mixes it with the key's hash to place an entry in its hash table.
 */
export function namespaceHashCode(ns: Namespace): number {
  if (ns === VOID_NAMESPACE) return 99;
  const M64 = 64;
  let x = BigInt.asUintN(M64, BigInt(ns.start) + BigInt(ns.end));
  x = BigInt.asUintN(M64, (x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n);
  x = BigInt.asUintN(M64, (x ^ (x >> 27n)) * 0x94d049bb133111ebn);
  x = x ^ (x >> 31n);
  return Number(BigInt.asIntN(32, x));
}

/** Whether two namespaces are equal (`Object.equals` of Flink's namespace types). */
export function namespaceEquals(a: Namespace, b: Namespace): boolean {
  if (a === VOID_NAMESPACE || b === VOID_NAMESPACE) return a === b;
  return a.start === b.start && a.end === b.end;
}
