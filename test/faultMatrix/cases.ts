/**
 * The fault matrix's dimensions and the scenario of each case. Every case runs the same small
 * keyed job (two script-fed source partitions → keyBy → a running sum per key → a transactional
 * sink) with one savepoint and one fault injected; only the backend, the registry model, the
 * checkpoint mode, the savepoint format and the fault phase change from case to case.
 *
 * The input is finite (scripted `emit`s stop at TIMING.quietFromMs) and the last few checkpoints are
 * quiet, so a run settles: every record is read and committed, materializations and truncation
 * catch up, and every file left in storage must belong to a retained checkpoint.
 */
import { scenarioOf } from '../../src/engine/defaultScenario';
import type { ScenarioAction, ScenarioRecord } from '../../src/engine/scenario/actionSchema';
import { SCENARIO_FORMAT, type Scenario } from '../../src/engine/scenario/scenarioSchema';

export interface BackendConfig {
  id: string;
  type: 'hashmap' | 'rocksdb';
  incremental: boolean;
  changelog: boolean;
}

export const BACKENDS: readonly BackendConfig[] = [
  { id: 'hashmap-full', type: 'hashmap', incremental: false, changelog: false },
  { id: 'rocksdb-full', type: 'rocksdb', incremental: false, changelog: false },
  { id: 'rocksdb-incremental', type: 'rocksdb', incremental: true, changelog: false },
  { id: 'changelog+hashmap', type: 'hashmap', incremental: false, changelog: true },
  { id: 'changelog+rocksdb-full', type: 'rocksdb', incremental: false, changelog: true },
  { id: 'changelog+rocksdb-incremental', type: 'rocksdb', incremental: true, changelog: true },
];

export const REGISTRIES = ['refcount', 'last-used-id'] as const;
export type RegistryModel = (typeof REGISTRIES)[number];

/**
 * Checkpoint modes: exactly_once with aligned barriers, at_least_once (barriers tracked, never
 * blocking), and exactly_once with unaligned checkpoints (`checkpointing.unaligned`: the first
 * barrier overtakes the in-flight records, which go into the checkpoint as channel state).
 */
export const MODES = ['exactly_once', 'at_least_once', 'unaligned'] as const;
export type CheckpointMode = (typeof MODES)[number];

/** Where in a checkpoint's (or materialization's, truncation's, restore's) life the fault hits. */
export const PHASES = [
  'before-barrier',
  'during-alignment',
  'during-alignment-held',
  'sync',
  'async-fail',
  'async-failUploads',
  'before-ack',
  'after-ack',
  'materialization-fail',
  'materialization-failUploads',
  'truncation',
  'restore',
] as const;
export type FaultPhase = (typeof PHASES)[number];

/** Phases that exist only with the changelog state backend. */
export const CHANGELOG_ONLY: ReadonlySet<FaultPhase> = new Set(['materialization-fail', 'materialization-failUploads', 'truncation']);

/** The group a phase belongs to in the list (for the per-dimension table). */
export const PHASE_GROUP: Record<FaultPhase, string> = {
  'before-barrier': 'before the barrier',
  'during-alignment': 'during alignment',
  'during-alignment-held': 'during alignment',
  sync: 'sync',
  'async-fail': 'async upload',
  'async-failUploads': 'async upload',
  'before-ack': 'after ack, before completion',
  'after-ack': 'after ack, before completion',
  'materialization-fail': 'during materialization',
  'materialization-failUploads': 'during materialization',
  truncation: 'during truncation',
  restore: 'during restore',
};

/**
 * The savepoint every case takes before its fault (`SavepointFormatType`, 1.15+). Each case gets
 * one format, alternating, so the dimension costs one savepoint per case rather than a doubled
 * matrix. A native savepoint under the changelog backend stops materialization for good in Flink
 * 1.20 (ChangelogKeyedStateBackend#nativeSavepoint takes a materialization id no notification confirms; #initMaterialization then skips), so the cases whose fault needs a materialization take a canonical one
 * (as does the held-record phase, see allCases).
 */
export const SAVEPOINT_FORMATS = ['canonical', 'native'] as const;
export type SavepointFormat = (typeof SAVEPOINT_FORMATS)[number];

/**
 * How the 'restore' phase brings the job back: a failover (the job restarts from its own latest
 * checkpoint), or a new job submitted with that checkpoint in one of Flink's restore modes
 * (`RestoreMode`). Crossed with every backend and registry in aligned exactly_once only, to keep
 * the matrix's runtime; the changelog backend with NO_CLAIM is left out because Flink refuses it
 * (restore/restoreModes.test.ts checks the refusal).
 */
export const RESTORE_MODES = ['failover', 'CLAIM', 'NO_CLAIM', 'LEGACY'] as const;
export type RestoreModeDimension = (typeof RESTORE_MODES)[number];

/**
 * What a new job is submitted with in the 'restore' phase: the latest checkpoint, or the case's
 * savepoint (`flink run -s <savepoint>`). From a savepoint, in each restore mode × savepoint format
 * × backend, on Flink 1.15–1.20 (restore modes came with 1.15): a savepoint still listed keeps every
 * file (retainedFilesExist, every step), a claimed one leaves the list and is deleted once
 * subsumed (settledStorage).
 */
export type RestoreSource = 'latest checkpoint' | 'savepoint';

export interface FaultCase {
  name: string;
  backend: BackendConfig;
  registry: RegistryModel;
  mode: CheckpointMode;
  phase: FaultPhase;
  savepoint: SavepointFormat | 'none';
  restoreMode: RestoreModeDimension;
  restoreFrom: RestoreSource;
  /** `job.network.recordsPerBuffer`: 1 (records travel one by one) unless the case runs with network buffers. */
  recordsPerBuffer: number;
}

/**
 * The network-buffer dimension (`job.network.recordsPerBuffer` = 8: a source step reads up to 8
 * records, a channel carries them as one buffer, a subtask takes a buffer in one step): every mode
 * × phase on one heap and one RocksDB-incremental backend with the changelog off and on, under
 * last-used-id, so alignment, overtaking with channel state, restores and replays are checked on
 * buffered runs without doubling the matrix.
 */
export const BUFFERED_RECORDS_PER_BUFFER = 8;
const BUFFERED_BACKENDS: ReadonlySet<string> = new Set(['hashmap-full', 'rocksdb-incremental', 'changelog+rocksdb-incremental']);

export function allCases(): FaultCase[] {
  const out: FaultCase[] = [];
  let turn = 0;
  for (const backend of BACKENDS) {
    for (const registry of REGISTRIES) {
      for (const mode of MODES) {
        for (const phase of PHASES) {
          if (CHANGELOG_ONLY.has(phase) && !backend.changelog) continue;
          const turnFormat = CHANGELOG_ONLY.has(phase) ? 'canonical' : SAVEPOINT_FORMATS[turn++ % SAVEPOINT_FORMATS.length]!;
          // The held-record injector waits for a record to land mid-alignment after 600 ms; the
          // extra uploads of a native savepoint move that moment out of reach in one case
          // (rocksdb-incremental / last-used-id / unaligned), so this phase takes a canonical one.
          const savepoint: SavepointFormat = phase === 'during-alignment-held' ? 'canonical' : turnFormat;
          out.push({ name: `${backend.id} / ${registry} / ${mode} / ${phase} / ${savepoint} savepoint`, backend, registry, mode, phase, savepoint, restoreMode: 'failover', restoreFrom: 'latest checkpoint', recordsPerBuffer: 1 });
          if (registry === 'last-used-id' && BUFFERED_BACKENDS.has(backend.id)) {
            const n = BUFFERED_RECORDS_PER_BUFFER;
            out.push({ name: `${backend.id} / ${registry} / ${mode} / ${phase} / ${savepoint} savepoint / buffers of ${n}`, backend, registry, mode, phase, savepoint, restoreMode: 'failover', restoreFrom: 'latest checkpoint', recordsPerBuffer: n });
          }
        }
      }
      for (const restoreMode of RESTORE_MODES) {
        if (restoreMode === 'failover' || (restoreMode === 'NO_CLAIM' && backend.changelog)) continue;
        out.push({ name: `${backend.id} / ${registry} / exactly_once / restore / new job ${restoreMode}`, backend, registry, mode: 'exactly_once', phase: 'restore', restoreMode, savepoint: 'canonical', restoreFrom: 'latest checkpoint', recordsPerBuffer: 1 });
        if (registry === 'refcount') continue;
        for (const savepoint of SAVEPOINT_FORMATS) {
          out.push({ name: `${backend.id} / ${registry} / exactly_once / restore / new job ${restoreMode} from ${savepoint} savepoint`, backend, registry, mode: 'exactly_once', phase: 'restore', restoreMode, savepoint, restoreFrom: 'savepoint', recordsPerBuffer: 1 });
        }
      }
    }
  }
  return out;
}

/** Timeline of every case (simulated ms). */
export const TIMING = {
  /** Records are emitted every emitEveryMs until quietFromMs. */
  emitEveryMs: 20,
  quietFromMs: 1_400,
  /** Checkpoints every checkpointEveryMs while records flow. */
  firstCheckpointMs: 100,
  checkpointEveryMs: 150,
  /** Then a few quiet checkpoints let materialization, truncation and the registry settle. */
  quietCheckpoints: [1_700, 2_000, 2_300, 2_600],
  untilMs: 2_900,
  /** The case's savepoint (between the checkpoints at 400 and 550 ms, before any fault). */
  savepointMs: 470,
  /** Faults are injected at or after this time (a few checkpoints and a materialization have completed). */
  faultFromMs: 600,
  materializationIntervalMs: 250,
  /** DSTL upload attempts (`dstl.dfs.upload.max-attempts`); failing this many uploads fails a persist for good. */
  uploadMaxAttempts: 2,
  /** Consecutive failed materializations tolerated (`max-failures-allowed`); one more fails the task. */
  maxFailuresAllowed: 1,
} as const;

const KEYS: readonly (string | number)[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 7, 42, 99, 1000];

/** A small seeded generator (mulberry32): the same input in every case. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The input channel a value came through: partition 0 carries odd values, partition 1 even ones,
 * so a `state.updated` event (which names the key and the input value, not the record) says which
 * channel its record came from; channels are FIFO, so that names the record (ProcessedRecords).
 */
export function sourceOfValue(value: number): string {
  return value % 2 === 1 ? 'source#0' : 'source#1';
}

/** The input: 1–3 records per partition every emitEveryMs until the quiet period. */
function emits(): ScenarioAction[] {
  const next = rng(20261206);
  const out: ScenarioAction[] = [];
  for (let t = 0; t < TIMING.quietFromMs; t += TIMING.emitEveryMs) {
    for (const [partition, source] of ['source#0', 'source#1'].entries()) {
      const records: ScenarioRecord[] = [];
      const n = 1 + Math.floor(next() * 3);
      // Odd values 1–9 on partition 0, even values 2–8 on partition 1 (see sourceOfValue).
      for (let i = 0; i < n; i++) records.push({ key: KEYS[Math.floor(next() * KEYS.length)]!, value: partition === 0 ? 1 + 2 * Math.floor(next() * 5) : 2 + 2 * Math.floor(next() * 4) });
      out.push({ atMs: t, do: 'emit', source, records });
    }
  }
  return out;
}

function checkpoints(): ScenarioAction[] {
  const out: ScenarioAction[] = [];
  for (let t = TIMING.firstCheckpointMs; t < TIMING.quietFromMs; t += TIMING.checkpointEveryMs) out.push({ atMs: t, do: 'checkpoint' });
  for (const t of TIMING.quietCheckpoints) out.push({ atMs: t, do: 'checkpoint' });
  return out;
}

/** The scenario of a case: the common job plus the case's scripted fault actions (if any). */
export function scenarioFor(c: FaultCase, faults: readonly ScenarioAction[]): Scenario {
  const savepoint: ScenarioAction[] = c.savepoint === 'none' ? [] : [{ atMs: TIMING.savepointMs, do: 'savepoint', format: c.savepoint }];
  const script = [...emits(), ...checkpoints(), ...savepoint, ...faults].sort((a, b) => a.atMs - b.atMs);
  return scenarioOf({
    format: SCENARIO_FORMAT,
    title: `fault matrix: ${c.name}`,
    seed: 11,
    job: { parallelism: 2, maxParallelism: 16, source: { kind: 'script' }, operators: [{ name: 'count', state: 'value' }], sink: { kind: 'transactional' }, ...(c.recordsPerBuffer > 1 ? { network: { recordsPerBuffer: c.recordsPerBuffer } } : {}) },
    storage: { latencyMs: 10, bytesPerMs: 1000 },
    stateBackend: {
      type: c.backend.type,
      incremental: c.backend.incremental,
      rocksdb: { writeBufferBytes: 256 },
      changelog: {
        enabled: c.backend.changelog,
        materializationIntervalMs: c.backend.changelog ? TIMING.materializationIntervalMs : 0,
        maxFailuresAllowed: TIMING.maxFailuresAllowed,
        uploadMaxAttempts: TIMING.uploadMaxAttempts,
      },
    },
    // tolerableFailed 0: every failed checkpoint fails the job over, so no fault leaves the job stuck.
    checkpointing: { intervalMs: 0, mode: c.mode === 'at_least_once' ? 'at_least_once' : 'exactly_once', unaligned: c.mode === 'unaligned', flinkVersion: c.registry === 'refcount' ? ('<=1.14' as const) : ('1.15-1.20' as const), numRetained: 2, tolerableFailed: 0 },
    script,
    untilMs: TIMING.untilMs,
  });
}
