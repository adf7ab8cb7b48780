/**
 * An up-front estimate of what recording a scenario costs (steps, events, memory, time), from
 * the scenario alone, before a single step runs: the configuration dialog shows it as the user
 * edits, a run over the budget is refused with it, and the timeline spaces its keyframes by it.
 *
 * The constants are measured, not derived: `bench/scale/memoryPerStep.ts` weighs recorded runs
 * (the scale scenario cut to 2 s and 8 s: ~520–640 bytes per step with its events; a keyframe
 * ~5 KB per subtask plus ~40 bytes per record read so far, since the sinks' record of what they
 * emitted became runs of offsets: job/sink/seenRuns.ts), and the scale bench times steps. The estimate is within a factor of about 2;
 * it is for deciding "fits or not", not for accounting.
 */
import type { Scenario } from '../scenario/scenarioSchema';
import { recordsPerBuffer } from '../dataflow/networkBuffers';
import type { RecordingDetail } from '../recordSummary';

/**
 * A recorded step (StepRecord) without its events, and each event, heap bytes: fitted to two
 * weighings of the scale run (per record, 4 s: 572 bytes a step with 1.1 events; buffers of 256,
 * 8 s: 2,244 bytes a step with 7.7 events). Buffers cut the steps, not the events: every record
 * keeps its events.
 */
export const BYTES_PER_STEP = 285;
export const BYTES_PER_EVENT = 256;
/**
 * Summary recording (recordSummary.ts): a step with its events kept, heap bytes, measured on the
 * scale run cut to 4, 8 and 16 s (343–350 bytes a step with ~1.7 events, steps weighed alone,
 * `bench/scale/memoryPerStep.ts … summary`) and rounded up; the engine's own state at the end
 * of the run is weighed per record (KEYFRAME_BYTES_PER_RECORD: a keyframe is that state).
 */
export const SUMMARY_BYTES_PER_STEP = 400;
/** A keyframe (an engine snapshot): a fixed part per subtask … */
export const KEYFRAME_BYTES_PER_SUBTASK = 5_000;
/**
 * … and a part that grows with the run, weighed per record read so far. Measured with
 * `bench/scale/memoryPerStep.ts … summary` on the scale run cut to 8 s and 32 s: 780 KB and
 * 1,726 KB per keyframe, 38.5 bytes per record between them (it was ~100, then ~48 of them the
 * sink's per-record `seen`, now a few runs). What grows now is mostly per checkpoint, which the
 * scale run does in step with its records: the coordinator's checkpoint history (~35 KB per
 * checkpoint at 48 subtasks), the registry's discarded files, the transactions (an ended
 * one sealed, shared by clones, its records packed as text: bench/diag/keyframeShape.ts).
 */
export const KEYFRAME_BYTES_PER_RECORD = 40;
/** The heap state backend keeps every key's state as plain data, copied into every keyframe. */
export const KEYFRAME_BYTES_PER_HEAP_KEY = 120;
/**
 * Recording time: a cost per step (the queue, the handler) and one per event (the record's state
 * update, sink write, …), fitted to the scale run with and without buffers (CPU time in Node:
 * 36,000 steps/s per record, 6,300 with buffers of 256) and doubled for a busy 2-core machine.
 */
export const STEPS_PER_SECOND = 110_000;
export const EVENTS_PER_SECOND = 28_000;

/** The fewest steps between keyframes: seeking replays at most this many (the app's spacing for small runs). */
export const MIN_KEYFRAME_EVERY = 32;
/** The memory all keyframes of a run may take together: the spacing grows so they fit. */
export const KEYFRAME_BUDGET_BYTES = 96 * 1024 * 1024;

export interface RunBudget {
  /** The timeline's own cap on recorded steps (Timeline maxSteps). */
  maxSteps: number;
  /** Estimated heap of the whole recording. */
  maxBytes: number;
}

/** What the app records with every event kept: a run over either limit is recorded in summary, or refused. */
export const RUN_BUDGET: RunBudget = { maxSteps: 200_000, maxBytes: 384 * 1024 * 1024 };
/**
 * What the app records in summary (per-record events counted per step): a run over either limit
 * is refused up front. Sized so the scale run (~493,000 steps, ~0.3 GB estimated) fits with
 * margin, and the largest run accepted still fits the page's mirror and the worker (both hold
 * every step) well under 1 GB each (measured in docs/architecture.md).
 */
export const SUMMARY_BUDGET: RunBudget = { maxSteps: 1_000_000, maxBytes: 640 * 1024 * 1024 };

export interface RunEstimate {
  records: number;
  checkpoints: number;
  subtasks: number;
  steps: number;
  /** Events the run records: one per record per vertex it passes, and a checkpoint's own. */
  events: number;
  /** Keyframe spacing in steps, grown with the run so keyframes stay within KEYFRAME_BUDGET_BYTES. */
  keyframeEvery: number;
  keyframes: number;
  /** Heap of the recording with every event kept. */
  bytes: number;
  /** Events kept in summary: one per (per-record type, task) per step moving records, and the rest as is. */
  summaryEvents: number;
  /** Heap of the recording in summary (SUMMARY_BYTES_PER_STEP). */
  summaryBytes: number;
  seconds: number;
}

function recordsOf(s: Scenario): number {
  const p = s.job.parallelism;
  const scripted = s.script.reduce((n, a) => n + (a.do === 'emit' ? a.records.length : 0), 0);
  const src = s.job.source;
  if (src.kind !== 'generator') return scripted;
  const periodMs = Math.max(1, Math.round(1000 / src.ratePerSec));
  return p * Math.floor(s.untilMs / periodMs) + scripted;
}

/** Expected distinct receivers of `n` records spread uniformly over `p` subtasks: the buffers one read fills. */
function distinctTargets(n: number, p: number): number {
  return p * (1 - Math.pow(1 - 1 / p, n));
}

/**
 * Steps of the records: with N records per buffer (1 = every record alone) a source step reads N
 * records, which keyBy spreads over the next vertex's subtasks as one arrival per subtask they
 * reach; each later hop forwards what one arrival brought as one arrival. A slow operator adds a
 * step per arrival it works through (its `task.process`).
 */
function recordSteps(s: Scenario, records: number, parallelisms: readonly number[]): number {
  const n = recordsPerBuffer(s);
  const reads = records / n;
  const arrivalsPerRead = n === 1 ? 1 : distinctTargets(n, parallelisms[1]!);
  const slow = s.job.operators.filter((o) => o.processingMs > 0).length;
  const downstreamHops = parallelisms.length - 1;
  return reads * (1 + arrivalsPerRead * (downstreamHops + slow));
}

/**
 * Steps of one checkpoint: the trigger RPC per source subtask, a barrier arrival per channel (and,
 * aligned exactly-once, the receiver's resume request back over it), a snapshot upload, an
 * acknowledgement and a confirmation per subtask, plus RocksDB's flushes and compactions.
 */
function checkpointSteps(s: Scenario, parallelisms: readonly number[]): number {
  let channels = 0;
  for (let i = 1; i < parallelisms.length; i++) {
    const last = i === parallelisms.length - 1;
    // keyBy is all-to-all; the sink takes keyed subtask i's output (forward when parallelisms match).
    channels += last ? parallelisms[i - 1]! : parallelisms[i - 1]! * parallelisms[i]!;
  }
  const c = s.checkpointing;
  const resumes = c.mode === 'exactly_once' && !(c.unaligned && c.alignedCheckpointTimeoutMs === 0) ? channels : 0;
  const subtasks = parallelisms.reduce((a, b) => a + b, 0);
  const keyedSubtasks = parallelisms.slice(1, -1).reduce((a, b) => a + b, 0);
  const lsm = s.stateBackend.type === 'rocksdb' ? 1.2 * keyedSubtasks : 0;
  return 1 + parallelisms[0]! + channels + resumes + 3 * subtasks + lsm;
}

export function estimateRun(s: Scenario): RunEstimate {
  const p = s.job.parallelism;
  const parallelisms = [p, ...s.job.operators.map((o) => o.parallelism ?? p), p];
  const subtasks = parallelisms.reduce((a, b) => a + b, 0);
  const records = recordsOf(s);
  const interval = s.checkpointing.intervalMs;
  const checkpoints = interval > 0 ? Math.floor(s.untilMs / interval) : 0;
  const perCheckpoint = checkpointSteps(s, parallelisms);
  const steps = Math.ceil(recordSteps(s, records, parallelisms) + checkpoints * perCheckpoint + 1);

  // Measured: a checkpoint's steps emit about 2.2 events each (received, snapshot, ack, notify, …).
  const checkpointEvents = checkpoints * perCheckpoint * 2.2;
  const events = Math.ceil(records * parallelisms.length + checkpointEvents);
  const moving = recordSteps(s, records, parallelisms);
  // In summary a step that moves records keeps one event per kind of record event it had.
  const summaryEvents = Math.ceil(Math.min(records * parallelisms.length, moving) + checkpointEvents);
  const heapKeys = s.stateBackend.type === 'hashmap' && s.job.source.kind === 'generator' ? Math.min(s.job.source.keys, records) : 0;
  // The average keyframe: the record-dependent part at half the run.
  const keyframeBytes = subtasks * KEYFRAME_BYTES_PER_SUBTASK + (records / 2) * KEYFRAME_BYTES_PER_RECORD + heapKeys * KEYFRAME_BYTES_PER_HEAP_KEY;
  const keyframeEvery = keyframeSpacing(steps, keyframeBytes);
  const keyframes = Math.ceil(steps / keyframeEvery) + 1;
  return {
    records,
    checkpoints,
    subtasks,
    steps,
    events,
    keyframeEvery,
    keyframes,
    bytes: steps * BYTES_PER_STEP + events * BYTES_PER_EVENT + keyframes * keyframeBytes,
    summaryEvents,
    // The engine's state at the end (the recording's head): about one keyframe at the end of the run.
    summaryBytes: steps * SUMMARY_BYTES_PER_STEP + keyframes * keyframeBytes + records * KEYFRAME_BYTES_PER_RECORD,
    seconds: steps / STEPS_PER_SECOND + events / EVENTS_PER_SECOND,
  };
}

/** Keyframes every MIN_KEYFRAME_EVERY steps while they fit KEYFRAME_BUDGET_BYTES; sparser (a power of two) beyond. */
export function keyframeSpacing(steps: number, keyframeBytes: number): number {
  const fitting = Math.max(1, Math.floor(KEYFRAME_BUDGET_BYTES / Math.max(1, keyframeBytes)));
  let every = MIN_KEYFRAME_EVERY;
  while (steps / every > fitting) every *= 2;
  return every;
}

export type BudgetVerdict =
  | {
      ok: true;
      estimate: RunEstimate;
      /** 'summary' when the run is over the full-detail budget but within the summary one. */
      detail: RecordingDetail;
    }
  | {
      ok: false;
      estimate: RunEstimate;
      /** Which limits of the summary budget the estimate passes. */
      over: ('steps' | 'bytes')[];
      /** The longest run (untilMs, whole seconds) of this scenario that fits. */
      suggestedUntilMs: number;
      /** The most records per second per source that fit this run's length (generator sources). */
      suggestedRatePerSec: number | null;
    };

function overOf(e: RunEstimate, budget: RunBudget, detail: RecordingDetail): ('steps' | 'bytes')[] {
  const over: ('steps' | 'bytes')[] = [];
  if (e.steps > budget.maxSteps) over.push('steps');
  if ((detail === 'summary' ? e.summaryBytes : e.bytes) > budget.maxBytes) over.push('bytes');
  return over;
}

/**
 * Whether a scenario fits: with every event (`full`), else in summary (`summary`: per-record
 * events counted per step, recordSummary.ts); if neither, a shorter run and a lower rate that
 * would fit in summary.
 */
export function checkRunBudget(s: Scenario, full: RunBudget = RUN_BUDGET, summary: RunBudget = SUMMARY_BUDGET): BudgetVerdict {
  const estimate = estimateRun(s);
  if (overOf(estimate, full, 'records').length === 0) return { ok: true, estimate, detail: 'records' };
  const over = overOf(estimate, summary, 'summary');
  if (over.length === 0) return { ok: true, estimate, detail: 'summary' };
  const fits = (t: Scenario): boolean => overOf(estimateRun(t), summary, 'summary').length === 0;
  // Both shrink the run monotonically, so a binary search finds the largest that fits.
  let lo = 0;
  let hi = Math.floor(s.untilMs / 1000);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits({ ...s, untilMs: mid * 1000 })) lo = mid;
    else hi = mid - 1;
  }
  let suggestedRatePerSec: number | null = null;
  const src = s.job.source;
  if (src.kind === 'generator') {
    let rlo = 0;
    let rhi = Math.floor(src.ratePerSec);
    while (rlo < rhi) {
      const mid = Math.ceil((rlo + rhi) / 2);
      if (fits({ ...s, job: { ...s.job, source: { ...src, ratePerSec: mid } } })) rlo = mid;
      else rhi = mid - 1;
    }
    suggestedRatePerSec = rlo > 0 ? rlo : null;
  }
  return { ok: false, estimate, over, suggestedUntilMs: lo * 1000, suggestedRatePerSec };
}

/**
 * How a scenario is recorded: every event when it fits the full-detail budget, else in summary
 * (a run over both is refused before it is recorded; recorded anyway, e.g. by a test, it is
 * summarized). The page and the worker both ask this, and the page passes it on with the run.
 */
export function recordingDetailFor(s: Scenario): RecordingDetail {
  return overOf(estimateRun(s), RUN_BUDGET, 'records').length === 0 ? 'records' : 'summary';
}

/** The Timeline's step cap for a recording of this detail. */
export function maxStepsFor(detail: RecordingDetail): number {
  return detail === 'summary' ? SUMMARY_BUDGET.maxSteps : RUN_BUDGET.maxSteps;
}
