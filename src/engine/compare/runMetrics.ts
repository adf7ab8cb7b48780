/**
 * One run of a scenario measured the way a Flink user compares configurations: per completed
 * checkpoint its `checkpointed_size`, `state_size` (the Web UI's "Full Checkpoint Data Size") and
 * end-to-end duration; over simulated time, the bytes uploaded, the bytes and files kept in remote
 * storage; and at the end, how long restoring the latest completed checkpoint takes.
 */
import type { EngineEvent } from '../events';
import type { Scenario } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { spreadOf, type Spread } from './quantiles';
import { summarizeEvents, type RecordingDetail } from '../recordSummary';

/** A completed checkpoint as the comparison charts plot it. */
export interface CheckpointPoint {
  id: number;
  completeMs: number;
  checkpointedSize: number;
  stateSize: number;
  durationMs: number;
}

/** Remote storage at one simulated time. */
export interface StoragePoint {
  atMs: number;
  /** Bytes written to remote storage since the start (uploads, DSTL, `_metadata`). */
  uploadedBytes: number;
  storedBytes: number;
  fileCount: number;
}

export interface RestoreFigures {
  /** From the restore request to the job running again. */
  totalMs: number;
  /** Slowest subtask's download and replay. */
  downloadMs: number;
  replayMs: number;
  /** The checkpoint restored (null: none had completed, nothing restored). */
  checkpointId: number | null;
}

export interface RunMetrics {
  title: string;
  untilMs: number;
  checkpoints: CheckpointPoint[];
  failedCheckpoints: number;
  checkpointedSize: Spread;
  stateSize: Spread;
  durationMs: Spread;
  series: StoragePoint[];
  /** Over the samples taken after the first completed checkpoint. */
  storedBytes: { mean: number; max: number; end: number };
  fileCount: { max: number; end: number };
  uploadedBytes: number;
  restore: RestoreFigures;
  /** Records the sources read (every emission, replays included). */
  emittedRecords: number;
  /** Records read again after a failover or restore: offsets a source had already emitted. */
  replayedRecords: number;
  dstlFiles: number;
  uploadRequests: number;
  materializations: number;
}

export interface MeasureOptions {
  /** Storage is sampled every this many simulated ms (default: 1/200 of the run, at least 50 ms). */
  sampleMs?: number;
  /** Restore the latest completed checkpoint at the end (default true). */
  restore?: boolean;
  /** Told the simulated time reached every `PROGRESS_EVERY` steps; returning false stops the run (cancel). */
  onProgress?: (nowMs: number) => boolean | void;
  /** Read the events as a recording of this detail keeps them (summary: per-record events counted per step); the figures are the same. */
  detail?: RecordingDetail;
}

/** Steps between progress reports: a few milliseconds of work each. */
export const PROGRESS_EVERY = 2000;

/** A run stopped by its `onProgress` before the end. */
export class RunCancelled extends Error {
  constructor() {
    super('the run was cancelled');
  }
}

/** Keeps the stored bytes and file count current from each step's storage outbox (no rescans). */
class StorageTally {
  bytes = 0;
  private readonly sizes = new Map<string, number>();

  constructor(sim: Simulation) {
    for (const [path, f] of Object.entries(sim.state.storage.files)) this.put(path, f.bytes.length);
  }

  get files(): number {
    return this.sizes.size;
  }

  apply(sim: Simulation): void {
    for (const op of sim.state.storage.outbox) {
      if (op.op === 'put') this.put(op.path, op.bytes.length);
      else this.remove(op.path);
    }
  }

  private put(path: string, size: number): void {
    this.bytes += size - (this.sizes.get(path) ?? 0);
    this.sizes.set(path, size);
  }

  private remove(path: string): void {
    this.bytes -= this.sizes.get(path) ?? 0;
    this.sizes.delete(path);
  }
}

function restoreLatest(sim: Simulation): RestoreFigures {
  const latest = sim.state.coordinator.completed.at(-1)?.id ?? null;
  if (latest === null) return { totalMs: 0, downloadMs: 0, replayMs: 0, checkpointId: null };
  const events: EngineEvent[] = sim.apply({ do: 'restore', checkpoint: 'latest' });
  const startMs = sim.nowMs;
  for (let ev = sim.step(); ev; ev = sim.step()) {
    events.push(...ev);
    if (ev.some((e) => e.type === 'job.running' || e.type === 'restore.failed')) break;
  }
  let downloadMs = 0;
  let replayMs = 0;
  for (const e of events) {
    if (e.type !== 'restore.taskRestored') continue;
    downloadMs = Math.max(downloadMs, e.downloadMs);
    replayMs = Math.max(replayMs, e.replayMs);
  }
  return { totalMs: sim.nowMs - startMs, downloadMs, replayMs, checkpointId: latest };
}

/** Records the scenario to its `untilMs` (headless, nothing kept but the figures) and measures it. */
export function measureRun(s: Scenario, opts: MeasureOptions = {}): RunMetrics {
  const sim = Simulation.create(s);
  const sampleMs = opts.sampleMs ?? Math.max(50, Math.round(s.untilMs / 200));
  const tally = new StorageTally(sim);
  const series: StoragePoint[] = [];
  let firstCompletedAt: number | null = null;
  let nextSample = 0;
  let dstlFiles = 0;
  let materializations = 0;
  let emittedRecords = 0;
  let replayedRecords = 0;
  /** Per source partition and offset sequence, the highest offset emitted so far. */
  const highestOffset = new Map<string, number>();
  /** One record read at `offset` of `stream`: counted, and counted again as replayed if not past the highest offset read. */
  const emitted = (stream: string, offset: number) => {
    emittedRecords += 1;
    const highest = highestOffset.get(stream) ?? -1;
    if (offset <= highest) replayedRecords += 1;
    else highestOffset.set(stream, offset);
  };
  const summarize = opts.detail === 'summary';
  const sample = (atMs: number) => series.push({ atMs, uploadedBytes: sim.state.storage.bytesWritten, storedBytes: tally.bytes, fileCount: tally.files });
  let steps = 0;
  for (let ev = sim.step(); ev && sim.nowMs <= s.untilMs; ev = sim.step()) {
    steps += 1;
    if (opts.onProgress && steps % PROGRESS_EVERY === 0 && opts.onProgress(sim.nowMs) === false) throw new RunCancelled();
    tally.apply(sim);
    for (const e of summarize ? summarizeEvents(ev) : ev) {
      if (e.type === 'checkpoint.completed' && firstCompletedAt === null) firstCompletedAt = sim.nowMs;
      else if (e.type === 'dstl.uploaded') dstlFiles += 1;
      else if (e.type === 'changelog.materialization.completed') materializations += 1;
      // A partition has two offset sequences: generated records and scripted (log) records.
      else if (e.type === 'source.emitted') emitted(`${e.partition}:${e.fromLog ? 'log' : 'gen'}`, e.offset);
      else if (e.type === 'records.summarized' && e.of === 'source.emitted') {
        // Runs of consecutive offsets (partition, log flag, first, last): the same count, record by record.
        const o = e.offsets;
        for (let i = 0; i + 3 < o.length; i += 4) {
          const stream = `${o[i]}:${o[i + 1] === 1 ? 'log' : 'gen'}`;
          for (let off = o[i + 2]!; off <= o[i + 3]!; off++) emitted(stream, off);
        }
      }
    }
    while (sim.nowMs >= nextSample) {
      sample(nextSample);
      nextSample += sampleMs;
    }
  }
  const history = sim.state.coordinator.history.filter((h) => !h.isSavepoint);
  const checkpoints: CheckpointPoint[] = history
    .filter((h) => h.status === 'COMPLETED' && h.completeMs !== null)
    .map((h) => ({ id: h.id, completeMs: h.completeMs!, checkpointedSize: h.checkpointedSize, stateSize: h.stateSize, durationMs: h.completeMs! - h.triggerMs }));
  const afterFirst = series.filter((p) => firstCompletedAt !== null && p.atMs >= firstCompletedAt);
  const stored = afterFirst.map((p) => p.storedBytes);
  const uploadRequests = Object.values(sim.state.job.changelogTms).reduce((n, tm) => n + tm.scheduler.uploadRequests, 0);
  const metrics: RunMetrics = {
    title: s.title,
    untilMs: s.untilMs,
    checkpoints,
    failedCheckpoints: history.filter((h) => h.status === 'FAILED').length,
    checkpointedSize: spreadOf(checkpoints.map((c) => c.checkpointedSize)),
    stateSize: spreadOf(checkpoints.map((c) => c.stateSize)),
    durationMs: spreadOf(checkpoints.map((c) => c.durationMs)),
    series,
    storedBytes: { mean: stored.reduce((a, b) => a + b, 0) / Math.max(1, stored.length), max: Math.max(0, ...stored), end: tally.bytes },
    fileCount: { max: Math.max(0, ...series.map((p) => p.fileCount)), end: tally.files },
    uploadedBytes: sim.state.storage.bytesWritten,
    restore: { totalMs: 0, downloadMs: 0, replayMs: 0, checkpointId: null },
    emittedRecords,
    replayedRecords,
    dstlFiles,
    uploadRequests,
    materializations,
  };
  if (opts.restore !== false) metrics.restore = restoreLatest(sim);
  return metrics;
}
