/**
 * A reversible encoding of structured-clone data as JSON, for exports: what IndexedDB can hold
 * (byte arrays, dates, maps, non-finite numbers…) but JSON cannot becomes a tagged object,
 * e.g. a Uint8Array becomes {"$bytes": "<base64>"}. Plain objects that have a key starting with
 * "$" are wrapped in {"$object": …} so that they are never mistaken for a tag.
 */
import { base64ToBytes, bytesToBase64 } from './base64';

/** JSON data. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// Typed arrays other than Uint8Array keep their type so they decode to the same class.
const VIEWS: Record<string, new (buffer: ArrayBuffer) => ArrayBufferView> = {
  Int8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
  DataView,
};

/** Encodes `value` as JSON data. Things that cannot be encoded (Blobs, cycles) become {"$unsupported": what}. */
export function toJsonSafe(value: unknown, seen: Set<object> = new Set()): Json {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : { $number: Object.is(value, -0) ? '-0' : String(value) };
    case 'bigint':
      return { $bigint: value.toString() };
    case 'undefined':
      return { $undefined: true };
    case 'object':
      break;
    default:
      return { $unsupported: typeof value };
  }
  if (value === null) return null;
  if (value instanceof Uint8Array) return { $bytes: bytesToBase64(value) };
  if (value instanceof ArrayBuffer) return { $bytes: bytesToBase64(new Uint8Array(value)), $type: 'ArrayBuffer' };
  if (ArrayBuffer.isView(value)) return { $bytes: bytesToBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)), $type: value.constructor.name };
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString() };
  if (seen.has(value)) return { $unsupported: 'cycle' };
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((x) => toJsonSafe(x, seen));
    if (value instanceof Map) return { $map: [...value].map(([k, v]) => [toJsonSafe(k, seen), toJsonSafe(v, seen)]) };
    if (value instanceof Set) return { $set: [...value].map((x) => toJsonSafe(x, seen)) };
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return { $unsupported: (value as object).constructor?.name ?? 'object' };
    const out: { [key: string]: Json } = {};
    let tagLike = false;
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('$')) tagLike = true;
      out[k] = toJsonSafe(v, seen);
    }
    return tagLike ? { $object: out } : out;
  } finally {
    seen.delete(value);
  }
}

/** Decodes what `toJsonSafe` produced. Throws a TypeError naming the bad tag. */
export function fromJsonSafe(json: unknown): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return json.map(fromJsonSafe);
  const o = json as Record<string, unknown>;
  const keys = Object.keys(o);
  const tag = keys.find((k) => k.startsWith('$'));
  if (tag === undefined) return Object.fromEntries(keys.map((k) => [k, fromJsonSafe(o[k])]));
  switch (tag) {
    case '$object': {
      const inner = o.$object as Record<string, unknown>;
      return Object.fromEntries(Object.keys(inner).map((k) => [k, fromJsonSafe(inner[k])]));
    }
    case '$bytes':
    case '$type': {
      const bytes = base64ToBytes(String(o.$bytes));
      const type = o.$type;
      if (type === undefined) return bytes;
      if (type === 'ArrayBuffer') return bytes.buffer;
      const View = typeof type === 'string' ? VIEWS[type] : undefined;
      if (!View) throw new TypeError(`Unknown binary type ${JSON.stringify(type)}`);
      return new View(bytes.buffer as ArrayBuffer);
    }
    case '$number':
      return o.$number === '-0' ? -0 : Number(o.$number);
    case '$bigint':
      return BigInt(String(o.$bigint));
    case '$undefined':
      return undefined;
    case '$date':
      return new Date(String(o.$date));
    case '$map':
      return new Map((o.$map as [unknown, unknown][]).map(([k, v]) => [fromJsonSafe(k), fromJsonSafe(v)]));
    case '$set':
      return new Set((o.$set as unknown[]).map(fromJsonSafe));
    case '$unsupported':
      throw new TypeError(`The export could not hold a value here (${String(o.$unsupported)})`);
    default:
      throw new TypeError(`Unknown tag ${JSON.stringify(tag)}`);
  }
}
