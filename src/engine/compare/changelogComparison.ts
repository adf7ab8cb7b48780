/**
 * The same job, same seed, run twice — RocksDB incremental checkpoints with and without the
 * changelog — and measured the way FLIP-158's evaluation (and seed 000) compares them: the size
 * each checkpoint uploads (`checkpointed_size`) and how steady it is, the total size kept in
 * remote storage, and how long a restore of the latest checkpoint takes (download + replay).
 * The teaching engine reproduces the shapes, not Flink's absolute numbers: sizes are scaled down
 * and time is simulated.
 */
import { parseScenario } from '../scenario/parseScenario';
import type { Scenario, ScenarioInput } from '../scenario/scenarioSchema';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import type { EngineEvent } from '../events';

export interface RunFigures {
  checkpoints: number;
  checkpointedSize: { p50: number; p99: number; max: number; mean: number; stddev: number };
  /** Bytes in remote storage, averaged over time samples after the first checkpoint, and at the end. */
  storedBytes: { mean: number; end: number };
  /** Restore of the latest checkpoint at the end: slowest subtask's download and replay, and the total. */
  restore: { downloadMs: number; replayMs: number; totalMs: number };
  /** DSTL files written and upload requests (the small-file figure); 0 without the changelog. */
  dstlFiles: number;
  uploadRequests: number;
  materializations: number;
}

export interface ChangelogComparison {
  off: RunFigures;
  on: RunFigures;
  ratios: {
    /** Changelog ÷ plain; < 1 means changelog uploads less per checkpoint. */
    checkpointedSizeP50: number;
    checkpointedSizeMax: number;
    /** Coefficient of variation (stddev ÷ mean): lower is steadier. */
    steadinessOff: number;
    steadinessOn: number;
    storedBytesMean: number;
    restoreTime: number;
  };
}

/** FLIP-158's setting in teaching scale: frequent checkpoints, periodic materialization. */
export function comparisonScenario(changelog: boolean, seed = 158): Scenario {
  const input: ScenarioInput = {
    format: SCENARIO_FORMAT,
    title: `RocksDB incremental, changelog ${changelog ? 'on' : 'off'}`,
    seed,
    job: { parallelism: 2, source: { kind: 'generator', keys: 1000, ratePerSec: 400, valueBytes: 16 } },
    storage: { latencyMs: 10, bytesPerMs: 200 },
    stateBackend: { type: 'rocksdb', incremental: true, changelog: { enabled: changelog, materializationIntervalMs: 4000 }, rocksdb: { writeBufferBytes: 4096 } },
    checkpointing: { intervalMs: 200, numRetained: 1 },
    untilMs: 20_000,
  };
  const r = parseScenario(input);
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return r.scenario;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function storedBytes(sim: Simulation): number {
  let n = 0;
  for (const f of Object.values(sim.state.storage.files)) n += f.bytes.length;
  return n;
}

/** Runs one scenario to its end, samples storage every 100 ms, then restores the latest checkpoint. */
export function measureRun(s: Scenario): RunFigures {
  const sim = Simulation.create(s);
  const samples: number[] = [];
  let firstCompleted = false;
  let nextSample = 0;
  let dstlFiles = 0;
  let materializations = 0;
  for (let ev = sim.step(); ev && sim.nowMs <= s.untilMs; ev = sim.step()) {
    for (const e of ev) {
      if (e.type === 'checkpoint.completed') firstCompleted = true;
      if (e.type === 'dstl.uploaded') dstlFiles += 1;
      if (e.type === 'changelog.materialization.completed') materializations += 1;
    }
    if (firstCompleted && sim.nowMs >= nextSample) {
      samples.push(storedBytes(sim));
      nextSample = sim.nowMs + 100;
    }
  }
  const sizes = sim.state.coordinator.history.filter((h) => h.status === 'COMPLETED' && !h.isSavepoint).map((h) => h.checkpointedSize);
  const sorted = [...sizes].sort((a, b) => a - b);
  const mean = sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length);
  const stddev = Math.sqrt(sizes.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, sizes.length));
  const uploadRequests = Object.values(sim.state.job.changelogTms).reduce((n, tm) => n + tm.scheduler.uploadRequests, 0);
  const endBytes = storedBytes(sim);
  // Restore the latest checkpoint and let the job come back.
  const events: EngineEvent[] = sim.apply({ do: 'restore', checkpoint: 'latest' });
  const startMs = sim.nowMs;
  for (let ev = sim.step(); ev; ev = sim.step()) {
    events.push(...ev);
    if (ev.some((e) => e.type === 'job.running' || e.type === 'restore.failed')) break;
  }
  const restored = events.filter((e) => e.type === 'restore.taskRestored');
  const downloadMs = Math.max(0, ...restored.map((e) => e.downloadMs));
  const replayMs = Math.max(0, ...restored.map((e) => e.replayMs));
  return {
    checkpoints: sizes.length,
    checkpointedSize: { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? 0, mean, stddev },
    storedBytes: { mean: samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length), end: endBytes },
    restore: { downloadMs, replayMs, totalMs: sim.nowMs - startMs },
    dstlFiles,
    uploadRequests,
    materializations,
  };
}

/** Both runs and the ratios (changelog ÷ plain). */
export function compareChangelog(seed = 158): ChangelogComparison {
  const off = measureRun(comparisonScenario(false, seed));
  const on = measureRun(comparisonScenario(true, seed));
  return {
    off,
    on,
    ratios: {
      checkpointedSizeP50: on.checkpointedSize.p50 / off.checkpointedSize.p50,
      checkpointedSizeMax: on.checkpointedSize.max / off.checkpointedSize.max,
      steadinessOff: off.checkpointedSize.stddev / off.checkpointedSize.mean,
      steadinessOn: on.checkpointedSize.stddev / on.checkpointedSize.mean,
      storedBytesMean: on.storedBytes.mean / off.storedBytes.mean,
      restoreTime: on.restore.totalMs / off.restore.totalMs,
    },
  };
}
