/**
 * The keyed state backend of a keyed operator subtask, as plain data in engine state, and the
 * cached wrapper that gives it Flink's keyed state API. Wrappers are cached per data object:
 * a restored or re-seeked engine has new data objects and so gets fresh wrappers.
 */
import { assertNever } from '../core/assertNever';
import type { KeyGroupRange } from '../keys/keyGroupRange';
import type { LsmConfig } from '../lsm';
import { isImplementedCompression } from '../lsm/sstCompression';
import { createRocksDbKeyedBackendData, RocksDbKeyedStateBackend, type RocksDbKeyedBackendData } from '../rocksdb';
import type { Scenario } from '../scenario/scenarioSchema';
import { createHeapKeyedStateBackendData, HeapKeyedStateBackend, type HeapKeyedStateBackendData } from '../state/heapKeyedStateBackend';
import type { KeyedStateBackend } from '../state/keyedStateApi';

export type KeyedBackendData = { type: 'hashmap'; heap: HeapKeyedStateBackendData } | { type: 'rocksdb'; rocks: RocksDbKeyedBackendData };

const wrappers = new WeakMap<object, KeyedStateBackend>();

/** The scenario's RocksDB options in the LSM's terms (teaching sizes). */
export function lsmConfigOf(s: Scenario): Partial<LsmConfig> {
  const r = s.stateBackend.rocksdb;
  return {
    writeBufferBytes: r.writeBufferBytes,
    maxWriteBufferNumber: r.maxWriteBufferNumber,
    level0FileNumCompactionTrigger: r.level0CompactionTrigger,
    maxBytesForLevelBase: r.maxBytesForLevelBase,
    maxBytesForLevelMultiplier: r.maxBytesForLevelMultiplier,
    targetFileSizeBase: r.targetFileSizeBase,
    // checkScenario has refused every type the engine does not implement.
    compressionPerLevel: r.compressionPerLevel.filter(isImplementedCompression),
  };
}

/** Creates an empty backend of the scenario's type for one subtask's key-group range. */
export function createKeyedBackend(s: Scenario, maxParallelism: number, range: KeyGroupRange): KeyedBackendData {
  const type = s.stateBackend.type;
  switch (type) {
    case 'hashmap':
      return { type, heap: createHeapKeyedStateBackendData(maxParallelism, range) };
    case 'rocksdb':
      return { type, rocks: createRocksDbKeyedBackendData(maxParallelism, range, lsmConfigOf(s)) };
    default:
      return assertNever(type, 'backend type');
  }
}

/** Flink's keyed state API over the plain data (`AbstractKeyedStateBackend`). */
export function openKeyedBackend(d: KeyedBackendData): KeyedStateBackend {
  const data = d.type === 'hashmap' ? d.heap : d.rocks;
  let w = wrappers.get(data);
  if (!w) {
    w = d.type === 'hashmap' ? new HeapKeyedStateBackend(d.heap) : new RocksDbKeyedStateBackend(d.rocks);
    wrappers.set(data, w);
  }
  return w;
}

/** The RocksDB wrapper of a subtask's backend (flushes, compactions, native checkpoints). */
export function openRocksDb(d: KeyedBackendData): RocksDbKeyedStateBackend {
  if (d.type !== 'rocksdb') throw new Error(`This subtask runs the ${d.type} backend, not RocksDB`);
  return openKeyedBackend(d) as RocksDbKeyedStateBackend;
}
