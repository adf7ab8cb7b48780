import type { Plain } from '../core/plainData';
import type { TypeSerializer } from '../serialization';
import type { InternalListState } from '../state/keyedStateApi';
import type { Namespace } from '../state/namespaces';
import { AbstractRocksDbState, checkMergeArguments } from './abstractRocksDbState';
import { appendDelimited, deserializeDelimitedList, serializeDelimitedList } from './listDelimitedSerializer';
import type { RocksDbKeyedBackendData, RocksDbRegisteredState } from './rocksDbKeyedBackendData';
import { stateValueSerializer } from './rocksDbStateSerializers';
import type { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

const EMPTY: readonly never[] = Object.freeze([]);

function checkElements(stateName: string, method: string, values: readonly unknown[]): void {
  if (!Array.isArray(values)) {
    throw new TypeError(`ListState '${stateName}'.${method}: values must be an array, got ${JSON.stringify(values)}`);
  }
  for (let i = 0; i < values.length; i++) {
    if (values[i] === null || values[i] === undefined) {
      throw new TypeError(`ListState '${stateName}'.${method}: values[${i}] is null; a ListState cannot hold null`);
    }
  }
}

/**
 * Flink's `RocksDBListState`: one RocksDB entry per (key, namespace) holding the elements in
 * `ListDelimitedSerializer` form (element , element , …).
 *
 * Flink appends (`add`, `addAll`, merging namespaces) with RocksDB's merge operator: the write
 * stores only the new elements as a merge operand and RocksDB joins operands with ',' when the
 * key is read or compacted. The engine's LSM has no merge operator, so an append here reads the
 * stored bytes and puts `old , new`: byte for byte the value the merge operator would produce,
 * at the price of one extra read per append. The old elements are never deserialized.
 */
export class RocksDbListState<T extends Plain = Plain> extends AbstractRocksDbState implements InternalListState<T> {
  private readonly elementSerializer: TypeSerializer<T>;

  constructor(backend: RocksDbKeyedBackendData, state: RocksDbRegisteredState, keyBuilder: SerializedCompositeKeyBuilder) {
    super(backend, state, keyBuilder);
    this.elementSerializer = stateValueSerializer(state.descriptor) as TypeSerializer<T>;
  }

  get(): readonly T[] {
    return this.getInternal() ?? EMPTY;
  }

  /** `getInternal`: every element, deserialized, or null when the key has no list. */
  getInternal(): T[] | null {
    const bytes = this.dbGet(this.currentKeyBytes());
    return bytes === null ? null : deserializeDelimitedList(bytes, this.elementSerializer, this.valueIn);
  }

  add(value: T): void {
    if (value === null || value === undefined) {
      throw new TypeError(`ListState '${this.name}'.add: value is null; a ListState cannot hold null`);
    }
    this.append(this.currentKeyBytes(), this.serializeValue(value, this.elementSerializer));
  }

  addAll(values: readonly T[]): void {
    checkElements(this.name, 'addAll', values);
    if (values.length > 0) this.append(this.currentKeyBytes(), this.serializeList(values));
  }

  update(values: readonly T[]): void {
    checkElements(this.name, 'update', values);
    this.updateInternal(values as T[]);
  }

  /** `updateInternal`: replaces the list; null or an empty list clears (Flink's RocksDB list state never stores an empty list). */
  updateInternal(values: T[] | null): void {
    if (values === null || values === undefined) return this.clear();
    checkElements(this.name, 'updateInternal', values);
    if (values.length === 0) this.clear();
    else this.dbPut(this.currentKeyBytes(), this.serializeList(values));
  }

  /**
   * `RocksDBListState.mergeNamespaces`: each source's bytes are read and deleted, and appended
   * to the target without deserializing. Flink merges each source into the target as it goes;
   * here the sources are collected first and appended with one put, which gives the same bytes
   * whenever the target is not among the sources (the window operator never lists it). When it
   * is, its value takes its place among the sources, as in the heap backend.
   */
  mergeNamespaces(target: Namespace, sources: readonly Namespace[]): void {
    const args = checkMergeArguments(this.name, target, sources);
    if (args.sources.length === 0) return;
    let merged: Uint8Array | null = null;
    for (const source of args.sources) {
      const key = this.keyBytesFor(source);
      const bytes = this.dbGet(key);
      if (bytes === null) continue;
      this.dbDelete(key);
      merged = appendDelimited(merged, bytes);
    }
    if (merged !== null) this.append(this.keyBytesFor(args.target), merged);
  }

  /** Stands in for `RocksDB.merge` with the string-append operator: stores `existing , operand`. */
  private append(key: Uint8Array, operand: Uint8Array): void {
    this.dbPut(key, appendDelimited(this.dbGet(key), operand));
  }

  private serializeList(values: readonly T[]): Uint8Array {
    const out = this.valueOut;
    out.clear();
    serializeDelimitedList(values, this.elementSerializer, out);
    return out.toBytesIn(this.keyBuilder.slab);
  }
}
