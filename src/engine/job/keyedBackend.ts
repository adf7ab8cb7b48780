/**
 * The keyed state backend of a keyed operator subtask, as plain data in engine state, and the
 * cached wrapper that gives it Flink's keyed state API. Wrappers are cached per data object:
 * a restored or re-seeked engine has new data objects and so gets fresh wrappers.
 */
import { assertNever } from '../core/assertNever';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import { createHeapKeyedStateBackendData, HeapKeyedStateBackend, type HeapKeyedStateBackendData } from '../state/heapKeyedStateBackend';
import type { KeyedStateBackend } from '../state/keyedStateApi';

export type KeyedBackendData = { type: 'hashmap'; heap: HeapKeyedStateBackendData };

const wrappers = new WeakMap<object, KeyedStateBackend>();

/** Creates an empty backend of the configured type for one subtask's key-group range. */
export function createKeyedBackend(type: 'hashmap' | 'rocksdb', maxParallelism: number, range: KeyGroupRange): KeyedBackendData {
  switch (type) {
    case 'hashmap':
      return { type, heap: createHeapKeyedStateBackendData(maxParallelism, range) };
    case 'rocksdb':
      throw new Error('The RocksDB keyed backend is not wired into the job yet');
    default:
      return assertNever(type, 'backend type');
  }
}

/** Flink's keyed state API over the plain data (`AbstractKeyedStateBackend`). */
export function openKeyedBackend(d: KeyedBackendData): KeyedStateBackend {
  let w = wrappers.get(d);
  if (!w) {
    w = new HeapKeyedStateBackend(d.heap);
    wrappers.set(d, w);
  }
  return w;
}
