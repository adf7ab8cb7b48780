/**
 * The plain-data state of the RocksDB keyed state backend (`RocksDBKeyedStateBackend`): the
 * task's LSM (one RocksDB instance per task), one column family per registered state (Flink's
 * `kvStateInformation`: state name → `RocksDbKvStateInfo`), the key context, and the LSM side
 * effects of writes that the simulation has not yet turned into events.
 *
 * Everything the backend knows lives here, so a deep copy (`clonePlain`), wrapped again,
 * behaves identically; wrappers and handles only cache things derived from it.
 */
import type { KeyGroupRange } from '../keys/keyGroupRange';
import {
  createColumnFamily,
  createLsmDb,
  DEFAULT_COLUMN_FAMILY,
  type FlushResult,
  type LsmConfig,
  type LsmDb,
  type SealResult,
  type WriteResult,
} from '../lsm';
import { computeRequiredBytesInKeyGroupPrefix } from '../serialization';
import { VOID_NAMESPACE, type Namespace } from '../state/namespaces';
import { checkStateDescriptor, type StateDescriptor } from '../state/stateDescriptor';
import type { StateKey } from '../state/stateKeyIds';

/** Format tag of the plain data, bumped when its shape changes (keyframes carry it). */
export const ROCKSDB_KEYED_BACKEND_FORMAT = 'checkpoint-lab/rocksdb-keyed-backend@1';

/** Flink's `RocksDbKvStateInfo`: a registered state, its column family, and the namespace its handle addresses. */
export interface RocksDbRegisteredState {
  readonly descriptor: StateDescriptor;
  /** Flink names the column family after the state. */
  readonly columnFamily: string;
  /** `AbstractRocksDBState.currentNamespace` (kept in the data so handles stay stateless). */
  currentNamespace: Namespace;
}

/**
 * An LSM side effect of a state write, in the order it happened. RocksDB runs these in the
 * background; the engine reports them so the simulation can record `memtable.sealed` and
 * schedule the flush as its own step.
 */
export type RocksDbWriteEffect =
  /** The write filled the active memtable; it became immutable and waits for a flush. */
  | { kind: 'memtableSealed'; seal: SealResult }
  /** All `maxWriteBufferNumber` memtables were full: RocksDB stalls the writer until a flush; here it flushed inline. */
  | { kind: 'stallFlush'; flush: FlushResult };

/** The plain-data state of a `RocksDbKeyedStateBackend`. */
export interface RocksDbKeyedBackendData {
  readonly format: typeof ROCKSDB_KEYED_BACKEND_FORMAT;
  readonly maxParallelism: number;
  readonly keyGroupRange: KeyGroupRange;
  /** `CompositeKeySerializationUtils.computeRequiredBytesInKeyGroupPrefix(maxParallelism)`. */
  readonly keyGroupPrefixBytes: 1 | 2;
  /** The task's RocksDB instance. */
  readonly db: LsmDb;
  /** Registered states in registration order; state name → column family. */
  readonly states: RocksDbRegisteredState[];
  /** Key context (`InternalKeyContextImpl`): null until the first `setCurrentKey`. */
  currentKey: StateKey | null;
  currentKeyGroupIndex: number;
  /** Seals and stall flushes caused by writes since the last `takeWriteEffects` (the simulation drains it after each step). */
  writeEffects: RocksDbWriteEffect[];
  /** State writes (puts and deletes) so far: each one is a serialized key and, for puts, a serialized value. */
  writes: number;
}

/** Creates the plain data of an empty RocksDB backend owning `keyGroupRange` of `maxParallelism` key groups. */
export function createRocksDbKeyedBackendData(
  maxParallelism: number,
  keyGroupRange: KeyGroupRange,
  lsmConfig: Partial<LsmConfig> = {},
): RocksDbKeyedBackendData {
  if (!Number.isInteger(maxParallelism) || maxParallelism <= 0 || maxParallelism > 32768) {
    throw new RangeError(`createRocksDbKeyedBackendData: maxParallelism must be an integer in [1, 32768], got ${maxParallelism}`);
  }
  const { startKeyGroup: s, endKeyGroup: e } = keyGroupRange;
  if (!Number.isInteger(s) || !Number.isInteger(e) || s < 0 || e < s || e >= maxParallelism) {
    throw new RangeError(
      `createRocksDbKeyedBackendData: keyGroupRange must be a non-empty range inside [0, ${maxParallelism - 1}], got [${s}, ${e}]`,
    );
  }
  return {
    format: ROCKSDB_KEYED_BACKEND_FORMAT,
    maxParallelism,
    keyGroupRange: { startKeyGroup: s, endKeyGroup: e },
    keyGroupPrefixBytes: computeRequiredBytesInKeyGroupPrefix(maxParallelism),
    db: createLsmDb(lsmConfig),
    states: [],
    currentKey: null,
    currentKeyGroupIndex: -1,
    writeEffects: [],
    writes: 0,
  };
}

/** The registered state named `name`, or undefined (`RocksDBKeyedStateBackend.kvStateInformation.get`). */
export function findRocksDbState(data: RocksDbKeyedBackendData, name: string): RocksDbRegisteredState | undefined {
  const states = data.states;
  for (let i = 0; i < states.length; i++) if (states[i]!.descriptor.name === name) return states[i];
  return undefined;
}

/**
 * `RocksDBKeyedStateBackend.tryRegisterKvStateInformation` for a new state: creates its column
 * family (named after the state, as Flink does; 'default' is refused because it is RocksDB's
 * own column family, exactly as `RocksDBOperationUtils.createColumnFamilyDescriptor` refuses it).
 */
export function registerRocksDbState(data: RocksDbKeyedBackendData, descriptor: StateDescriptor): RocksDbRegisteredState {
  checkStateDescriptor(descriptor);
  if (findRocksDbState(data, descriptor.name) !== undefined) {
    throw new RangeError(`registerRocksDbState: state '${descriptor.name}' is already registered`);
  }
  if (descriptor.name === DEFAULT_COLUMN_FAMILY) {
    throw new RangeError(`The state name '${DEFAULT_COLUMN_FAMILY}' collides with the name of RocksDB's default column family; choose another state name`);
  }
  createColumnFamily(data.db, descriptor.name);
  const state: RocksDbRegisteredState = {
    descriptor: { ...descriptor },
    columnFamily: descriptor.name,
    currentNamespace: VOID_NAMESPACE,
  };
  data.states.push(state);
  return state;
}

/** Records what one LSM write did besides storing the record (stall flush first: it happens before the seal). */
export function recordWriteResult(data: RocksDbKeyedBackendData, result: WriteResult): void {
  data.writes++;
  if (result.stallFlush !== null) data.writeEffects.push({ kind: 'stallFlush', flush: result.stallFlush });
  if (result.sealed !== null) data.writeEffects.push({ kind: 'memtableSealed', seal: result.sealed });
}

/** The write effects recorded so far, removed from the data (the simulation turns them into events once). */
export function takeWriteEffects(data: RocksDbKeyedBackendData): RocksDbWriteEffect[] {
  const effects = data.writeEffects;
  data.writeEffects = [];
  return effects;
}
