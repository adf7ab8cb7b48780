/**
 * Engine state is plain data: objects, arrays, strings, numbers, booleans, null and Uint8Array.
 * No class instances, Maps or functions, so a snapshot is a faithful, serializable copy.
 * Uint8Arrays are treated as immutable (SST and file bytes never change once written), so a
 * clone shares them instead of copying: keyframes stay cheap even when state holds many files.
 */
export type Plain = null | boolean | number | string | Uint8Array | Plain[] | { [k: string]: Plain };

/**
 * Plain data that will never change again, shared by clones like byte arrays: an append-only
 * history (a finished sink transaction's records) would otherwise be copied into every keyframe
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
    if (x === undefined) continue;
    // Assigning an own "__proto__" key would set the prototype instead of copying the field.
    if (k === '__proto__') Object.defineProperty(out, k, { value: copyAny(x, freeze), enumerable: true, writable: true, configurable: true });
    else out[k] = copyAny(x, freeze);
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
