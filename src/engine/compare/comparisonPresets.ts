/**
 * The ready-made comparisons: one base scenario (same job, same seed) and two or three variants
 * that differ in one choice. Titles and explanations live in the string tables (both languages);
 * here is only what the engine runs. Sizes and times are the teaching engine's scaled-down ones.
 */
import { parseScenario } from '../scenario/parseScenario';
import { SCENARIO_FORMAT, type Scenario, type ScenarioInput } from '../scenario/scenarioSchema';
import { mergeInput } from './mergeInput';

export const COMPARISON_IDS = ['backends', 'backpressure', 'registry', 'compression', 'interval', 'flip158'] as const;
export type ComparisonId = (typeof COMPARISON_IDS)[number];

/** What the variants differ in (the compact "what differs" of the comparison view). */
export type ComparisonAxis = 'stateBackend' | 'checkpointMode' | 'flinkVersion' | 'compression' | 'interval';

export interface ComparisonVariant {
  /** Stable id, used in share links and string keys (`compare.variant.<id>`). */
  id: string;
  patch: Partial<ScenarioInput>;
}

export interface ComparisonPreset {
  id: ComparisonId;
  axis: ComparisonAxis;
  base: ScenarioInput;
  variants: ComparisonVariant[];
}

const ROCKS_INCREMENTAL = { type: 'rocksdb', incremental: true } as const;

/** FLIP-158's workload, scaled down: ValueState over many keys, frequent checkpoints, periodic materialization. */
export const FLIP158_BASE: ScenarioInput = {
  format: SCENARIO_FORMAT,
  title: 'FLIP-158 workload (ValueState, frequent checkpoints)',
  seed: 158,
  job: { parallelism: 2, source: { kind: 'generator', keys: 1000, ratePerSec: 400, valueBytes: 16 } },
  storage: { latencyMs: 10, bytesPerMs: 200 },
  stateBackend: { ...ROCKS_INCREMENTAL, changelog: { enabled: false, materializationIntervalMs: 4000 }, rocksdb: { writeBufferBytes: 4096 } },
  checkpointing: { intervalMs: 200, numRetained: 1 },
  untilMs: 20_000,
};

export const COMPARISON_PRESETS: readonly ComparisonPreset[] = [
  {
    id: 'backends',
    axis: 'stateBackend',
    base: { ...FLIP158_BASE, title: 'State backends', checkpointing: { intervalMs: 500, numRetained: 1 } },
    variants: [
      { id: 'changelog', patch: { stateBackend: { changelog: { enabled: true } } } },
      { id: 'rocksdbIncremental', patch: {} },
      { id: 'rocksdbFull', patch: { stateBackend: { incremental: false } } },
    ],
  },
  {
    id: 'backpressure',
    axis: 'checkpointMode',
    base: {
      format: SCENARIO_FORMAT,
      title: 'Under back-pressure',
      seed: 7,
      job: {
        parallelism: 2,
        source: { kind: 'generator', keys: 200, ratePerSec: 300, valueBytes: 16 },
        // One subtask needs 4 ms per record for 150 records/s: the sources back up behind it.
        operators: [{ name: 'count', state: 'value', processingMs: 4 }],
        channelCapacity: 64,
      },
      stateBackend: { type: 'hashmap' },
      checkpointing: { intervalMs: 1000, timeoutMs: 4000, tolerableFailed: 100 },
      untilMs: 15_000,
    },
    variants: [
      { id: 'aligned', patch: {} },
      { id: 'unaligned', patch: { checkpointing: { unaligned: true } } },
      { id: 'atLeastOnce', patch: { checkpointing: { mode: 'at_least_once' } } },
    ],
  },
  {
    id: 'registry',
    axis: 'flinkVersion',
    base: {
      format: SCENARIO_FORMAT,
      title: 'Failing checkpoints and the shared state registry',
      seed: 114,
      job: { parallelism: 2, source: { kind: 'generator', keys: 300, ratePerSec: 200, valueBytes: 16 } },
      stateBackend: { ...ROCKS_INCREMENTAL },
      checkpointing: { intervalMs: 500, numRetained: 2, tolerableFailed: 100 },
      // Now and then count#1 declines a checkpoint that count#0 has already acknowledged with new files.
      script: [
        ...[2600, 5100, 7600, 10_100].map((atMs) => ({ atMs, do: 'decline' as const, task: 'count#1' })),
        // ≤1.14 registers a savepoint like a checkpoint and counts it toward num-retained.
        { atMs: 6_050, do: 'savepoint' as const },
      ],
      untilMs: 12_000,
    },
    variants: [
      { id: 'lastUsedId', patch: { checkpointing: { flinkVersion: '1.15-1.20' } } },
      { id: 'refcount', patch: { checkpointing: { flinkVersion: '<=1.14' } } },
    ],
  },
  {
    id: 'compression',
    axis: 'compression',
    base: { ...FLIP158_BASE, title: 'Compression', seed: 3, checkpointing: { intervalMs: 500, numRetained: 1 }, untilMs: 12_000 },
    variants: [
      { id: 'compressionOff', patch: { stateBackend: { snapshotCompression: false, rocksdb: { compressionPerLevel: ['NO_COMPRESSION'] } } } },
      { id: 'compressionOn', patch: { stateBackend: { snapshotCompression: true, rocksdb: { compressionPerLevel: ['SNAPPY_COMPRESSION'] } } } },
    ],
  },
  {
    id: 'interval',
    axis: 'interval',
    base: {
      format: SCENARIO_FORMAT,
      title: 'Checkpoint interval and a failure',
      seed: 11,
      job: { parallelism: 2, source: { kind: 'generator', keys: 200, ratePerSec: 200, valueBytes: 16 } },
      stateBackend: { ...ROCKS_INCREMENTAL },
      script: [{ atMs: 9_700, do: 'fail', task: 'count#0' }],
      untilMs: 14_000,
    },
    variants: [
      { id: 'interval500', patch: { checkpointing: { intervalMs: 500 } } },
      { id: 'interval4000', patch: { checkpointing: { intervalMs: 4000 } } },
    ],
  },
  {
    id: 'flip158',
    axis: 'stateBackend',
    base: FLIP158_BASE,
    variants: [
      { id: 'changelog', patch: { stateBackend: { changelog: { enabled: true } } } },
      { id: 'rocksdbIncremental', patch: {} },
    ],
  },
];

export function comparisonPreset(id: string): ComparisonPreset | undefined {
  return COMPARISON_PRESETS.find((p) => p.id === id);
}

/** A variant's scenario, every default filled in; its title names the variant. */
export function variantScenario(preset: ComparisonPreset, variantId: string): Scenario {
  const variant = preset.variants.find((v) => v.id === variantId);
  if (!variant) throw new Error(`comparison ${preset.id} has no variant ${variantId}`);
  const input = mergeInput(preset.base, { ...variant.patch, title: `${preset.base.title ?? preset.id}: ${variant.id}` });
  const r = parseScenario(input);
  if (!r.ok) throw new Error(`comparison ${preset.id}/${variant.id}: ${r.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  return r.scenario;
}
