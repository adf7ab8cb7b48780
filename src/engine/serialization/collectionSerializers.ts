/**
 * `ListSerializer` and `MapSerializer`. Maps are plain data here: an array of [key, value]
 * entries (the engine keeps no `Map` in state). The map serializer writes entries sorted by
 * their serialized key bytes, so equal maps give equal bytes whatever their insertion order
 * (Flink iterates a `HashMap`, whose order is not something a replayable simulation can use).
 */
import { DataOutputView } from './dataOutputView';
import type { TypeSerializer } from './typeSerializer';

/** A map as plain data: entries with distinct keys. */
export type MapEntries<K, V> = Array<[K, V]>;

/** `ListSerializer`: int32 size, then each element. */
export function listSerializer<T>(element: TypeSerializer<T>): TypeSerializer<T[]> {
  return {
    name: `list<${element.name}>`,
    fixedLength: -1,
    serialize(value, out) {
      if (!Array.isArray(value)) {
        throw new TypeError(
          `listSerializer<${element.name}>: value must be an array, got ${typeof value}`,
        );
      }
      out.writeInt(value.length);
      for (let i = 0; i < value.length; i++) element.serialize(value[i] as T, out);
    },
    deserialize(input) {
      const at = input.position;
      const n = input.readInt();
      if (n < 0 || n > input.remaining) {
        // Every element takes at least one byte, so a larger count is corrupt input.
        throw new Error(`listSerializer<${element.name}>: bad element count ${n} at offset ${at}`);
      }
      const out = new Array<T>(n);
      for (let i = 0; i < n; i++) out[i] = element.deserialize(input);
      return out;
    },
  };
}

/** `MapSerializer`: int32 size, then key and value per entry, in ascending key-byte order. */
export function mapSerializer<K, V>(
  key: TypeSerializer<K>,
  value: TypeSerializer<V>,
): TypeSerializer<MapEntries<K, V>> {
  const name = `map<${key.name},${value.name}>`;
  return {
    name,
    fixedLength: -1,
    serialize(entries, out) {
      if (!Array.isArray(entries)) {
        throw new TypeError(
          `${name}: value must be an array of [key, value] entries, got ${typeof entries}`,
        );
      }
      const n = entries.length;
      // Serialize the keys once into one local buffer (nested maps each get their own) and sort
      // entry indexes by those bytes.
      const keys = new DataOutputView(16 * n + 16);
      const bounds = new Array<number>(n + 1);
      bounds[0] = 0;
      for (let i = 0; i < n; i++) {
        const e = entries[i];
        if (!Array.isArray(e) || e.length !== 2) {
          throw new TypeError(
            `${name}: entry ${i} must be a [key, value] pair, got ${JSON.stringify(e)}`,
          );
        }
        key.serialize(e[0], keys);
        bounds[i + 1] = keys.length;
      }
      const order = new Array<number>(n);
      for (let i = 0; i < n; i++) order[i] = i;
      const cmp = (a: number, b: number): number =>
        keys.compareRanges(bounds[a]!, bounds[a + 1]!, bounds[b]!, bounds[b + 1]!);
      order.sort(cmp);
      out.writeInt(n);
      for (let j = 0; j < n; j++) {
        const i = order[j]!;
        if (j > 0 && cmp(order[j - 1]!, i) === 0) {
          throw new Error(`${name}: duplicate key ${JSON.stringify(entries[i]![0])} (entry ${i})`);
        }
        keys.copyRangeTo(out, bounds[i]!, bounds[i + 1]!);
        value.serialize(entries[i]![1], out);
      }
    },
    deserialize(input) {
      const at = input.position;
      const n = input.readInt();
      if (n < 0 || n > input.remaining) {
        throw new Error(`${name}: bad entry count ${n} at offset ${at}`);
      }
      const out: MapEntries<K, V> = new Array(n);
      for (let i = 0; i < n; i++) {
        const k = key.deserialize(input);
        out[i] = [k, value.deserialize(input)];
      }
      return out;
    },
  };
}
