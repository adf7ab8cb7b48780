/**
 * Flink's `RocksDBKeyedStateBackend` (what `EmbeddedRocksDBStateBackend` creates per keyed
 * subtask): keyed state in the task's LSM, one column family per registered state, every key
 * laid out as key-group prefix + key + namespace so that a key group is one contiguous range.
 *
 * The backend is a thin wrapper over {@link RocksDbKeyedBackendData}; a deep copy of that data,
 * wrapped again, behaves identically. Handles are cached per wrapper; wrap a restored copy anew.
 *
 * Writes never run background work. They record seals and stall flushes in the data
 * (`takeWriteEffects`), and `needsFlush` / `pendingCompaction` tell the simulation what to
 * schedule as separate steps (`flushOldest`, `runCompaction`); `flushAll` is the synchronous
 * phase of a checkpoint.
 */
import type { KeyGroupRange } from '../keys/keyGroupRange';
import { assignToKeyGroup, computeKeyGroupRangeForOperatorIndex } from '../keys/keyGroups';
import {
  compactFiles,
  flushAll,
  flushOldest,
  liveSstFiles,
  liveSstSizes,
  needsFlush,
  pickCompaction,
  runCompaction,
  type CompactionPlan,
  type CompactionResult,
  type FlushReason,
  type FlushResult,
  type LiveSst,
  type LsmConfig,
} from '../lsm';
import { AbstractKeyedStateBackend } from '../state/abstractKeyedStateBackend';
import { checkStateDescriptor, sameStateDescriptor, type StateDescriptor, type StateKind } from '../state/stateDescriptor';
import { checkStateKey, type StateKey } from '../state/stateKeyIds';
import type { AbstractRocksDbState } from './abstractRocksDbState';
import { RocksDbAggregatingState } from './rocksDbAggregatingState';
import {
  createRocksDbKeyedBackendData,
  findRocksDbState,
  registerRocksDbState,
  takeWriteEffects,
  type RocksDbKeyedBackendData,
  type RocksDbRegisteredState,
  type RocksDbWriteEffect,
} from './rocksDbKeyedBackendData';
import { rocksDbKeyLayout } from './rocksDbKeySerializationUtils';
import { RocksDbListState } from './rocksDbListState';
import { RocksDbMapState } from './rocksDbMapState';
import { RocksDbReducingState } from './rocksDbReducingState';
import { RocksDbValueState } from './rocksDbValueState';
import { SerializedCompositeKeyBuilder } from './serializedCompositeKeyBuilder';

type HandleConstructor = new (
  backend: RocksDbKeyedBackendData,
  state: RocksDbRegisteredState,
  keyBuilder: SerializedCompositeKeyBuilder,
) => AbstractRocksDbState;

const HANDLES: { readonly [K in StateKind]: HandleConstructor } = {
  value: RocksDbValueState,
  list: RocksDbListState,
  map: RocksDbMapState,
  reducing: RocksDbReducingState,
  aggregating: RocksDbAggregatingState,
};

/** Flink's `RocksDBKeyedStateBackend`, over plain data. */
export class RocksDbKeyedStateBackend extends AbstractKeyedStateBackend<RocksDbKeyedBackendData, AbstractRocksDbState> {
  private readonly keyBuilder: SerializedCompositeKeyBuilder;

  constructor(data: RocksDbKeyedBackendData) {
    super(data);
    this.keyBuilder = new SerializedCompositeKeyBuilder(rocksDbKeyLayout(data.maxParallelism));
  }

  /** A new, empty backend (LSM at the teaching sizes unless `lsmConfig` says otherwise). */
  static create(maxParallelism: number, keyGroupRange: KeyGroupRange, lsmConfig: Partial<LsmConfig> = {}): RocksDbKeyedStateBackend {
    return new RocksDbKeyedStateBackend(createRocksDbKeyedBackendData(maxParallelism, keyGroupRange, lsmConfig));
  }

  /** A new backend for subtask `operatorIndex` of `parallelism` (`computeKeyGroupRangeForOperatorIndex`). */
  static forOperatorIndex(
    maxParallelism: number,
    parallelism: number,
    operatorIndex: number,
    lsmConfig: Partial<LsmConfig> = {},
  ): RocksDbKeyedStateBackend {
    const range = computeKeyGroupRangeForOperatorIndex(maxParallelism, parallelism, operatorIndex);
    return RocksDbKeyedStateBackend.create(maxParallelism, range, lsmConfig);
  }

  /** `setCurrentKey`: the key group is computed here; whether the backend owns it is checked on state access. */
  override setCurrentKey(key: StateKey): void {
    const d = this.data;
    if (typeof key !== 'string' && typeof key !== 'number') checkStateKey(key, 'setCurrentKey: key');
    d.currentKeyGroupIndex = assignToKeyGroup(key, d.maxParallelism);
    d.currentKey = key;
  }

  override getRegisteredStates(): readonly StateDescriptor[] {
    return this.data.states.map((s) => s.descriptor);
  }

  /** The column family (LSM keyspace) of a registered state, or undefined. */
  getColumnFamilyName(stateName: string): string | undefined {
    return findRocksDbState(this.data, stateName)?.columnFamily;
  }

  /** Seals and stall flushes caused by writes since the last call, oldest first; clears them. */
  takeWriteEffects(): RocksDbWriteEffect[] {
    return takeWriteEffects(this.data);
  }

  /** Whether sealed memtables wait for a background flush (RocksDB would schedule `FlushJob`s). */
  needsFlush(): boolean {
    return needsFlush(this.data.db);
  }

  /** RocksDB background `FlushJob`: writes the oldest sealed memtable (of `stateName`'s column family, else of the first that has one) as an L0 SST. */
  flushOldest(stateName?: string, reason: FlushReason = 'background'): FlushResult | null {
    const db = this.data.db;
    if (stateName !== undefined) {
      const cf = findRocksDbState(this.data, stateName)?.columnFamily;
      if (cf === undefined) throw new RangeError(`flushOldest: no state named '${stateName}' (registered: ${this.registeredNames()})`);
      return flushOldest(db, cf, reason);
    }
    const cf = db.columnFamilies.find((c) => c.immutables.length > 0);
    return cf === undefined ? null : flushOldest(db, cf.name, reason);
  }

  /** The synchronous phase of a RocksDB checkpoint (`RocksDB.flush` before `Checkpoint.createCheckpoint`): every memtable becomes an SST. */
  flushAll(reason: FlushReason = 'checkpoint'): FlushResult[] {
    return flushAll(this.data.db, reason);
  }

  /** RocksDB `LevelCompactionPicker`: the most urgent due compaction, or null; run it with `runCompaction`. */
  pendingCompaction(): CompactionPlan | null {
    return pickCompaction(this.data.db);
  }

  /** RocksDB background `CompactionJob` for a plan from `pendingCompaction`. */
  runCompaction(plan: CompactionPlan): CompactionResult {
    return runCompaction(this.data.db, plan);
  }

  /** RocksDB `DB::CompactFiles`: merges exactly these SSTs (of one column family) into one. */
  compactFiles(fileNumbers: readonly number[]): CompactionResult {
    return compactFiles(this.data.db, fileNumbers);
  }

  /** RocksDB `GetLiveFilesMetaData`: every live SST, ascending by number (what an incremental checkpoint uploads or reuses). */
  liveSstFiles(): LiveSst[] {
    return liveSstFiles(this.data.db);
  }

  /** Size of every live SST by file number (what `liveSstFiles` lists, without listing it). */
  liveSstSizes(): Map<number, number> {
    return liveSstSizes(this.data.db);
  }

  private registeredNames(): string {
    return this.data.states.map((s) => `'${s.descriptor.name}'`).join(', ') || 'none';
  }

  /** `RocksDBKeyedStateBackend.tryRegisterKvStateInformation` + `createOrUpdateInternalState`. */
  protected override createHandle(descriptor: StateDescriptor, kind: StateKind): AbstractRocksDbState {
    return new HANDLES[kind](this.data, this.registration(descriptor), this.keyBuilder);
  }

  private registration(descriptor: StateDescriptor): RocksDbRegisteredState {
    checkStateDescriptor(descriptor);
    const existing = findRocksDbState(this.data, descriptor.name);
    if (existing === undefined) return registerRocksDbState(this.data, descriptor);
    if (!sameStateDescriptor(existing.descriptor, descriptor)) {
      throw new TypeError(
        `State '${descriptor.name}' is registered as ${describe(existing.descriptor)}; it cannot be used as ${describe(descriptor)}`,
      );
    }
    return existing;
  }

}

function describe(d: StateDescriptor): string {
  return d.fn === undefined ? `${d.kind} state` : `${d.kind} state with fn '${d.fn}'`;
}
