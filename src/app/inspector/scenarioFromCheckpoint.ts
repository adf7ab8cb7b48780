/**
 * "Simulate a job like this": a scenario for the engine from an inspected real checkpoint. The
 * engine's job graph is fixed (source → keyed operators after keyBy → sink), so only what that
 * graph can express is carried over; every decision is returned as a note the inspector shows
 * (mapped or not mapped), so the learner sees what the simulation keeps and what it drops.
 */
import { parseScenario, SCENARIO_FORMAT, type ParseResult } from '../../engine';
import type { InspectedCheckpoint } from '../../inspector/folder';
import type { KeyedHandle, OperatorState } from '../../inspector/metadata';
import type { MessageKey } from '../../i18n/messages';

export interface MappingNote {
  mapped: boolean;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface ScenarioFromCheckpoint {
  /** The scenario document (before defaults), as the Scenario dialog would export it. */
  document: Record<string, unknown>;
  notes: MappingNote[];
}

// The engine's limits (scenarioSchema.ts): at most 8 keyed operators, parallelism 1–64.
const MAX_OPERATORS = 8;
const MAX_PARALLELISM_ENGINE = 64;
/** Real bytes per simulated byte: the engine's teaching scale (a 5 MB memory limit becomes 5 KB). */
export const STATE_SCALE = 1024;
/** Roughly what one key's value state costs in the engine's snapshots (key, value, key group). */
const BYTES_PER_KEY = 16;
const MIN_KEYS = 4;
const MAX_KEYS = 2000;

/**
 * A short, light run: real jobs have several keyed operators at parallelism 4 or more, and the
 * whole run is recorded before it opens, so it stays short.
 */
const UNTIL_MS = 4000;
const RATE_PER_SEC = 10;
const SAVEPOINT_AT_MS = 2500;

const NAME = /^[A-Za-z][\w-]{0,31}$/;

/** A name the scenario accepts: letters, digits, "_" and "-", starting with a letter, at most 32. */
export function engineOperatorName(raw: string, taken: Set<string>): string {
  let name = raw.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '');
  if (!/^[A-Za-z]/.test(name)) name = `op-${name}`;
  name = name.slice(0, 32).replace(/-+$/, '');
  if (!NAME.test(name) || name === 'source' || name === 'sink') name = `op-${name}`.slice(0, 32);
  let unique = name;
  for (let i = 2; taken.has(unique); i++) unique = `${name.slice(0, 29)}-${i}`;
  taken.add(unique);
  return unique;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The keyed handle a changelog checkpoint materialized into, if any (RocksDB incremental or a full snapshot). */
function materializedIncremental(h: KeyedHandle | null): boolean | null {
  if (h?.type !== 'ChangelogStateBackendHandle') return null;
  if (h.materialized.length === 0) return null;
  return h.materialized.some((m) => m.type === 'IncrementalRemoteKeyedStateHandle');
}

function operatorModes(op: OperatorState): Set<string> {
  const modes = new Set<string>();
  for (const s of op.subtasks) for (const h of [s.managedOperatorState, s.rawOperatorState]) for (const st of h?.states ?? []) modes.add(st.mode);
  return modes;
}

export function scenarioFromCheckpoint(c: InspectedCheckpoint): ScenarioFromCheckpoint {
  const notes: MappingNote[] = [];
  const note = (mapped: boolean, key: MessageKey, params?: MappingNote['params']) => notes.push({ mapped, key, ...(params ? { params } : {}) });
  const rawOps = new Map(c.metadata.operators.map((o) => [o.operatorId, o]));
  const keyed = c.operators.filter((o) => o.style !== 'no keyed state' && !o.fullyFinished);
  const others = c.operators.filter((o) => !keyed.includes(o));

  // Keyed operators, in the order the metadata lists them (Flink does not record the graph's edges).
  const taken = new Set<string>();
  const operators = keyed.slice(0, MAX_OPERATORS).map((o) => {
    const name = engineOperatorName(o.name ?? o.uid ?? `op-${o.operatorId.slice(0, 6)}`, taken);
    const parallelism = clamp(o.parallelism, 1, MAX_PARALLELISM_ENGINE);
    note(true, 'insMapKeyed', { name, id: o.operatorId.slice(0, 8), p: parallelism });
    if (parallelism !== o.parallelism) note(false, 'insMapParallelismCut', { name, p: o.parallelism, max: MAX_PARALLELISM_ENGINE });
    return { name, state: 'value' as const, parallelism };
  });
  if (keyed.length > MAX_OPERATORS) note(false, 'insMapTooManyOperators', { n: keyed.length, max: MAX_OPERATORS });
  if (operators.length === 0) {
    operators.push({ name: 'count', state: 'value', parallelism: clamp(c.operators[0]?.parallelism ?? 2, 1, MAX_PARALLELISM_ENGINE) });
    note(false, 'insMapNoKeyed');
  }
  if (keyed.length > 0) note(false, 'insMapStateKinds');
  if (others.length > 0) note(false, 'insMapOthers', { n: others.length });

  // Job parallelism (source and sink): the widest operator without keyed state, else the first keyed one's.
  const parallelism = clamp(others.length ? Math.max(...others.map((o) => o.parallelism)) : operators[0]!.parallelism, 1, MAX_PARALLELISM_ENGINE);
  const maxParallelisms = [...new Set((keyed.length ? keyed : c.operators).map((o) => o.maxParallelism))];
  let maxParallelism = clamp(maxParallelisms[0] ?? 128, 1, 32768);
  const widest = Math.max(parallelism, ...operators.map((o) => o.parallelism));
  if (maxParallelism < widest) maxParallelism = widest;
  note(true, 'insMapParallelism', { p: parallelism, max: maxParallelism });
  if (maxParallelisms.length > 1) note(false, 'insMapMaxParallelismDiffers', { values: maxParallelisms.join(', '), max: maxParallelism });

  // Backend: what the keyed handles say.
  const styles = new Set(keyed.map((o) => o.style));
  const firstChangelog = c.metadata.operators.flatMap((o) => o.subtasks.map((s) => s.managedKeyedState)).find((h) => h?.type === 'ChangelogStateBackendHandle') ?? null;
  const stateBackend: Record<string, unknown> = {};
  if (styles.has('changelog')) {
    const inc = materializedIncremental(firstChangelog);
    Object.assign(stateBackend, inc ? { type: 'rocksdb', incremental: true } : { type: 'hashmap' }, { changelog: { enabled: true, materializationIntervalMs: 3000 } });
    note(true, inc ? 'insMapChangelogRocks' : 'insMapChangelogHeap');
  } else if (styles.has('incremental')) {
    Object.assign(stateBackend, { type: 'rocksdb', incremental: true });
    note(true, 'insMapRocksIncremental');
  } else if (styles.has('native')) {
    Object.assign(stateBackend, { type: 'rocksdb', incremental: false });
    note(true, 'insMapRocksNative');
  } else if (styles.has('full')) {
    const inlinedOnly = c.files.length === 0 && c.inlinedBytes > 0;
    Object.assign(stateBackend, { type: 'hashmap' }, inlinedOnly ? { checkpointStorage: 'jobmanager' } : {});
    note(true, inlinedOnly ? 'insMapHeapJobManager' : 'insMapHeapFull');
  } else {
    Object.assign(stateBackend, { type: 'hashmap' });
    note(false, 'insMapNoBackend');
  }

  // Operator state modes: UNION → the legacy consumer's union offsets; BROADCAST → broadcast rules.
  const modes = new Set(c.metadata.operators.flatMap((o) => [...operatorModes(o)]));
  const operatorState: Record<string, unknown> = {};
  if (modes.has('UNION')) operatorState.sourceOffsets = 'union';
  if (modes.has('BROADCAST')) operatorState.broadcastRules = { everyRecords: 10 };
  if (modes.size) note(true, 'insMapOperatorState', { modes: [...modes].sort().join(', ') });

  // Unaligned: channel state present in any subtask.
  const unaligned = c.metadata.operators.some((o) => o.subtasks.some((s) => s.inputChannelState.length + s.resultSubpartitionState.length > 0));
  if (unaligned) note(true, 'insMapUnaligned');

  // State size, scaled: the keyed bytes of the checkpoint, ÷ STATE_SCALE, as a number of keys.
  const keyedBytes = keyed.reduce((s, o) => s + o.totals.bytes, 0);
  const keys = clamp(Math.round(keyedBytes / STATE_SCALE / BYTES_PER_KEY), MIN_KEYS, MAX_KEYS);
  note(true, 'insMapStateSize', { bytes: keyedBytes, keys, scale: STATE_SCALE });

  const savepoint = c.snapshotType === 'SAVEPOINT';
  const script: Record<string, unknown>[] = [];
  if (savepoint) {
    const format = c.savepointFormat === 'NATIVE' ? 'native' : 'canonical';
    script.push({ atMs: SAVEPOINT_AT_MS, do: 'savepoint', format });
    note(true, 'insMapSavepoint', { format });
  }
  if (c.metadata.masterStates.length || c.operators.some((o) => rawOps.get(o.operatorId)?.coordinatorState)) note(false, 'insMapCoordinator');

  const title = `Like checkpoint ${c.checkpointId}${c.dir ? ` (${c.dir})` : ''}`.slice(0, 120);
  const document: Record<string, unknown> = {
    format: SCENARIO_FORMAT,
    title,
    seed: 1,
    untilMs: UNTIL_MS,
    job: {
      parallelism,
      maxParallelism,
      source: { kind: 'generator', keys, ratePerSec: RATE_PER_SEC, valueBytes: 16, skew: 0 },
      operators,
      ...(Object.keys(operatorState).length ? { operatorState } : {}),
    },
    stateBackend,
    checkpointing: { intervalMs: 1000, ...(unaligned ? { unaligned: true } : {}), numRetained: 3 },
    script,
  };
  return { document, notes };
}

/** The scenario, validated by the engine's own parser (the same path as an imported file). */
export function parseScenarioFromCheckpoint(c: InspectedCheckpoint): { result: ParseResult; notes: MappingNote[] } {
  const { document, notes } = scenarioFromCheckpoint(c);
  return { result: parseScenario(document), notes };
}
