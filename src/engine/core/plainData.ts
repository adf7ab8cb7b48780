/**
 * Engine state is plain data: objects, arrays, strings, numbers, booleans, null and Uint8Array.
 * No class instances, Maps or functions, so a snapshot is a faithful, serializable copy.
 * Uint8Arrays are treated as immutable (SST and file bytes never change once written), so a
 * clone shares them instead of copying: keyframes stay cheap even when state holds many files.
 */
export type Plain = null | boolean | number | string | Uint8Array | Plain[] | { [k: string]: Plain };

/**
 * Plain data that will never change again, shared by clones like byte arrays: an append-only
 * history (a finished sink transaction) would otherwise be copied into every keyframe
 * and every seek, so their cost would grow with the length of the run. Sealed values are frozen,
 * so a mutation that breaks the promise throws instead of corrupting other snapshots.
 */
const SEALED = new WeakSet<object>();

/** Freezes `value` deeply and lets clones share it from now on. */
export function sealPlain<T extends object>(value: T): T {
  SEALED.add(deepFreeze(value));
  return value;
}

/** True for a value `sealPlain` sealed (in this realm: a copy that crossed from a worker is not). */
export function isSealed(value: object): boolean {
  return SEALED.has(value);
}

/** Deep-copies plain data, sharing (immutable) byte arrays and sealed values. */
export function clonePlain<T>(value: T): T {
  return copyAny(value, false) as T;
}

/**
 * `deepFreeze(clonePlain(value))` in one pass: each copied object and array is frozen as it is
 * made (shared byte arrays and sealed values are frozen already). The views' state at each step
 * they show is such a copy (Timeline#stateAt): two passes, and `deepFreeze`'s key array for every
 * object, were a quarter of what the page allocated while the scale run played fast.
 */
export function frozenClone<T>(value: T): T {
  return copyAny(value, true) as T;
}

/**
 * `frozenClone(value)`, made over `base` (an earlier frozenClone, frozen throughout): every part of
 * `value` equal to the same part of `base`, keys in the same order, is `base`'s part itself, not a
 * copy. The views' state at consecutive steps differs in a few places; made over the previous one,
 * a copy allocates only the objects on paths that changed (about half of the scale run's state
 * when playing it fast), and the rest is what views already hold, so memoized views see it
 * unchanged. The result is equal to `frozenClone(value)`, key order included.
 */
export function frozenCloneOver<T>(value: T, base: unknown): T {
  return copyOver(value, base) as T;
}

function copyOver(v: unknown, base: unknown): unknown {
  if (v === null || typeof v !== 'object' || v instanceof Uint8Array || SEALED.has(v)) return v;
  if (base === null || typeof base !== 'object' || base instanceof Uint8Array || !Object.isFrozen(base) || Array.isArray(v) !== Array.isArray(base)) {
    return copyAny(v, true);
  }
  return Array.isArray(v) ? arrayOver(v, base as unknown[]) : objectOver(v as Record<string, unknown>, base as Record<string, unknown>);
}

function arrayOver(v: unknown[], base: readonly unknown[]): readonly unknown[] {
  // Allocated at the first element that differs from base's (at once when the lengths differ).
  let out: unknown[] | null = v.length === base.length ? null : new Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const was = base[i];
    const c = copyOver(v[i], was);
    if (out) out[i] = c;
    else if (!Object.is(c, was)) {
      out = new Array(v.length);
      for (let j = 0; j < i; j++) out[j] = base[j];
      out[i] = c;
    }
  }
  return out ? Object.freeze(out) : base;
}

function objectOver(v: Record<string, unknown>, base: Record<string, unknown>): Readonly<Record<string, unknown>> {
  const baseKeys = Object.keys(base);
  let out: Record<string, unknown> | null = null;
  let n = 0;
  for (const k in v) {
    const x = v[k];
    if (x === undefined) continue;
    // Out of place (a key before it came or went), the object is new, but the value may still be base's.
    const inPlace = baseKeys[n] === k;
    const was = inPlace || Object.hasOwn(base, k) ? ownValue(base, k) : undefined;
    const c = copyOver(x, was);
    if (!out && !(inPlace && Object.is(c, was))) out = prefixOf(base, baseKeys, n);
    if (out) setOwn(out, k, c);
    n++;
  }
  if (!out && n === baseKeys.length) return base;
  return Object.freeze(out ?? prefixOf(base, baseKeys, n));
}

/** A new object with `base`'s first `n` keys and their values. */
function prefixOf(base: Record<string, unknown>, keys: readonly string[], n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let j = 0; j < n; j++) setOwn(out, keys[j]!, ownValue(base, keys[j]!));
  return out;
}

/** `o[k]`, except that an own "__proto__" key is read as data, not as the prototype. */
function ownValue(o: Record<string, unknown>, k: string): unknown {
  return k === '__proto__' ? Object.getOwnPropertyDescriptor(o, k)?.value : o[k];
}

/** `o[k] = x`, except that assigning an own "__proto__" key would set the prototype instead. */
function setOwn(o: Record<string, unknown>, k: string, x: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: x, enumerable: true, writable: true, configurable: true });
  else o[k] = x;
}

function copyAny(v: unknown, freeze: boolean): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Uint8Array || SEALED.has(v)) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyAny(v[i], freeze);
    return freeze ? Object.freeze(out) : out;
  }
  const out: Record<string, unknown> = {};
  for (const k in v as Record<string, unknown>) {
    const x = (v as Record<string, unknown>)[k];
    if (x !== undefined) setOwn(out, k, copyAny(x, freeze));
  }
  return freeze ? Object.freeze(out) : out;
}

/** Freezes plain data deeply (views must never mutate a recorded step). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const k of Object.keys(value as object)) deepFreeze((value as Record<string, unknown>)[k]);
  }
  return value;
}

/**
 * A stable digest of plain data (FNV-1a over a canonical encoding with sorted object keys).
 * Equal digests across runs are how determinism is tested; it is not cryptographic.
 */
export function digestPlain(value: unknown): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  const feed = (s: string): void => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
    }
  };
  const walk = (v: unknown): void => {
    if (v === null) return feed('n');
    switch (typeof v) {
      case 'number':
        return feed(`d${Object.is(v, -0) ? '-0' : String(v)};`);
      case 'string':
        return feed(`s${v.length}:${v}`);
      case 'boolean':
        return feed(v ? 't' : 'f');
      case 'undefined':
        return feed('u');
      case 'object': {
        if (v instanceof Uint8Array) {
          feed(`b${v.length}:`);
          for (let i = 0; i < v.length; i++) feed(String.fromCharCode(v[i]!));
          return;
        }
        if (Array.isArray(v)) {
          feed(`[${v.length}`);
          for (const x of v) walk(x);
          return feed(']');
        }
        const keys = Object.keys(v as object).sort();
        feed(`{${keys.length}`);
        for (const k of keys) {
          const x = (v as Record<string, unknown>)[k];
          if (x === undefined) continue;
          feed(`k${k.length}:${k}`);
          walk(x);
        }
        return feed('}');
      }
      default:
        throw new TypeError(`digestPlain: not plain data (${typeof v})`);
    }
  };
  walk(value);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
