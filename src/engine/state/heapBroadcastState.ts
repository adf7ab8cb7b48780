import type { Plain } from '../core/plainData';
import type { BroadcastStateData } from './defaultOperatorStateBackend';
import { checkStateKey, decodeStateKeyId, stateKeyId, type MapUserKey } from './stateKeyIds';

/** Flink's `BroadcastState`: a map every parallel instance holds identically. */
export interface BroadcastState<K extends MapUserKey = MapUserKey, V extends Plain = Plain> {
  get(key: K): V | null;
  put(key: K, value: V): void;
  putAll(entries: ReadonlyArray<readonly [K, V]>): void;
  remove(key: K): void;
  contains(key: K): boolean;
  /** A fresh array of the entries, in insertion order. */
  entries(): Array<[K, V]>;
  clear(): void;
}

/** Flink's `HeapBroadcastState`, over plain data. */
export class HeapBroadcastState<
  K extends MapUserKey = MapUserKey,
  V extends Plain = Plain,
> implements BroadcastState<K, V> {
  constructor(private readonly data: BroadcastStateData) {}

  private id(method: string, key: unknown): string {
    return stateKeyId(checkStateKey(key, `BroadcastState '${this.data.name}'.${method}: key`));
  }

  private checkValue(method: string, value: unknown): void {
    if (value === null || value === undefined) {
      throw new TypeError(
        `BroadcastState '${this.data.name}'.${method}: value must not be null (use remove)`,
      );
    }
  }

  get(key: K): V | null {
    const v = this.data.entries[this.id('get', key)];
    return v === undefined ? null : (v as V);
  }

  put(key: K, value: V): void {
    const id = this.id('put', key);
    this.checkValue('put', value);
    this.data.entries[id] = value;
  }

  putAll(entries: ReadonlyArray<readonly [K, V]>): void {
    const ids = entries.map(([k, v]) => {
      this.checkValue('putAll', v);
      return this.id('putAll', k);
    });
    ids.forEach((id, i) => (this.data.entries[id] = entries[i]![1]));
  }

  remove(key: K): void {
    delete this.data.entries[this.id('remove', key)];
  }

  contains(key: K): boolean {
    return this.data.entries[this.id('contains', key)] !== undefined;
  }

  entries(): Array<[K, V]> {
    const e = this.data.entries;
    return Object.keys(e).map((id) => [decodeStateKeyId(id) as K, e[id] as V]);
  }

  clear(): void {
    this.data.entries = {};
  }
}
