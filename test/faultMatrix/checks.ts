/**
 * The checks of every fault-matrix case. Each returns the problems it found as sentences (empty:
 * the check holds), so a failing case lists everything that went wrong, not just the first thing.
 */
import type { EngineEvent } from '../../src/engine/events';
import { keyedStateEntries } from '../../src/engine/job/stateView';
import { generatedRecord } from '../../src/engine/job/sourceGenerator';
import type { Scenario } from '../../src/engine/scenario/scenarioSchema';
import type { EngineState } from '../../src/engine/state';
import { exactlyOnceVerdict } from '../../src/engine/verdict/exactlyOnce';
import { failureFreeOutcome, failureFreeScenario } from '../../src/engine/verdict/failureFreeRun';
import type { SinkOutcome } from '../../src/engine/verdict/sinkOutcome';
import type { CheckpointMode } from './cases';
import type { Multiset, ProcessedRecords } from './processedRecords';

type Sums = Map<string, number>;

/**
 * Per-key sums of every record below the sources' current offsets: right after a restore, the
 * state of the restored checkpoint under exactly-once (as in endToEndExactlyOnce.property.test.ts).
 */
export function referenceState(state: Readonly<EngineState>): Sums {
  const sums: Sums = new Map();
  const add = (key: string | number, value: number) => sums.set(String(key), (sums.get(String(key)) ?? 0) + value);
  for (const src of Object.values(state.job.sources)) {
    for (const p of src.partitions) {
      if (state.scenario.job.source.kind === 'generator') {
        for (let o = 0; o < p.offset; o++) {
          const r = generatedRecord(state.scenario, p.partition, o);
          add(r.key, r.value);
        }
      }
      for (const r of (state.job.scriptLog[`p${p.partition}`] ?? []).slice(0, p.logOffset)) add(r.key, r.value);
    }
  }
  return sums;
}

/** The job's keyed state: one running sum per key, across subtasks. */
export function keyedState(state: Readonly<EngineState>): Sums {
  const out: Sums = new Map();
  for (const k of Object.values(state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value as number);
  return out;
}

function sumsOf(content: Multiset, records: ProcessedRecords['records']): Sums {
  const out: Sums = new Map();
  for (const [origin, n] of content) {
    const r = records.get(origin)!;
    out.set(String(r.key), (out.get(String(r.key)) ?? 0) + n * r.value);
  }
  return out;
}

/** Differences between two per-key sums, as short text (empty when equal). */
function diffSums(actual: Sums, expected: Sums): string[] {
  const out: string[] = [];
  for (const k of new Set([...actual.keys(), ...expected.keys()])) {
    const a = actual.get(k) ?? 0;
    const e = expected.get(k) ?? 0;
    if (a !== e) out.push(`${k}: ${a} (expected ${e})`);
  }
  return out;
}

/** (2) After every step: no retained checkpoint or savepoint references a missing file. */
export function retainedFilesExist(state: Readonly<EngineState>): string[] {
  const out: string[] = [];
  for (const cp of [...state.coordinator.completed, ...state.coordinator.savepoints]) {
    for (const f of cp.files) if (!state.storage.files[f]) out.push(`step ${state.stepIndex}: retained checkpoint ${cp.id} references missing file ${f}`);
  }
  return out;
}

/** Barriers block a channel exactly when aligning under aligned exactly_once (and savepoints under unaligned); never at_least_once. */
export function barrierBlocking(events: readonly EngineEvent[], mode: CheckpointMode, savepointIds: ReadonlySet<number> = new Set()): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type !== 'barrier.received') continue;
    // A savepoint is always aligned, unaligned checkpoints or not (CheckpointOptions#forConfig).
    const aligned = mode === 'exactly_once' || (mode === 'unaligned' && savepointIds.has(e.checkpointId));
    const shouldBlock = aligned && e.arrived < e.of;
    if (e.blocked !== shouldBlock) out.push(`step ${e.step}: barrier ${e.checkpointId} at ${e.task} from ${e.from} (${e.arrived}/${e.of}) reports blocked=${e.blocked}`);
  }
  return out;
}

export interface RestoreFigures {
  /** Records restored on top of the reference (at-least-once: records counted past the barriers). */
  extraRecords: number;
}

/**
 * (1) At the end of the step that restarts the job from checkpoint n (`job.running`), before any
 * new record is read:
 * - the sources stand at checkpoint n's barrier offsets;
 * - the keyed state is exactly the sum of the records the operators held at their snapshots of n
 *   (the restore is faithful to what was snapshotted), plus, unaligned, the checkpoint's in-flight
 *   records (channel state), which are processed again right at the restart; none is left over;
 * - exactly_once (aligned or unaligned): that is the reference, the sums of every record below the
 *   restored offsets, each once;
 * - at_least_once: every record below the restored offsets is in it (nothing lost); the rest are
 *   records the operators had already counted past the barriers (overtakers of n, and records
 *   restored earlier that way and then read again): state = reference + their sums. They lie at or
 *   after the offsets, so they are read again: duplicated in state, never lost. Which records
 *   overtook is checked at every snapshot (ProcessedRecords).
 */
export function checkRestore(state: Readonly<EngineState>, restoredFrom: number, seen: ProcessedRecords, figures: RestoreFigures): string[] {
  const where = `step ${state.stepIndex}: restore from checkpoint ${restoredFrom}`;
  const out: string[] = [];
  const offsets = seen.barrierOffsets.get(restoredFrom);
  if (!seen.snapshots.get(restoredFrom) || !offsets) return [`${where}: the run never snapshotted checkpoint ${restoredFrom}`];
  for (const src of Object.values(state.job.sources)) {
    for (const p of src.partitions) {
      if (p.logOffset !== offsets.get(`p${p.partition}:l`) || p.offset !== offsets.get(`p${p.partition}:g`)) {
        out.push(`${where}: partition ${p.partition} restarts at log offset ${p.logOffset}, the barrier stood at ${offsets.get(`p${p.partition}:l`)}`);
      }
    }
  }
  const notReplayed = seen.pendingReplay();
  if (notReplayed.length > 0) out.push(`${where}: ${notReplayed.length} in-flight records of the checkpoint were not processed again: ${notReplayed.slice(0, 8).join(', ')}`);
  const content = seen.currentContent();
  const actual = keyedState(state);
  const snapshotted = diffSums(actual, sumsOf(content, seen.records));
  if (snapshotted.length > 0) out.push(`${where}: restored state differs from what the operators snapshotted (and the replayed in-flight records): ${snapshotted.join(', ')}`);

  const below = (origin: string) => {
    const r = seen.records.get(origin)!;
    return r.offset < (offsets.get(r.stream) ?? 0);
  };
  const reference = referenceState(state);
  // The records below the restored offsets: every one of them must be in the restored state.
  const lost = [...seen.records.keys()].filter((o) => below(o) && !content.has(o));
  if (lost.length > 0) out.push(`${where}: ${lost.length} records before the barriers are missing from the restored state: ${lost.slice(0, 8).join(', ')}`);
  const extra: Multiset = new Map();
  for (const [origin, n] of content) if (n - (below(origin) ? 1 : 0) > 0) extra.set(origin, n - (below(origin) ? 1 : 0));
  figures.extraRecords += [...extra.values()].reduce((a, b) => a + b, 0);
  if (state.scenario.checkpointing.mode === 'exactly_once') {
    const d = diffSums(actual, reference);
    if (d.length > 0) out.push(`${where}: restored state differs from the reference: ${d.join(', ')}`);
    if (extra.size > 0) out.push(`${where}: exactly_once restored records past the barriers or twice: ${[...extra.keys()].slice(0, 8).join(', ')}`);
  } else {
    const withExtras = new Map(reference);
    for (const [k, v] of sumsOf(extra, seen.records)) withExtras.set(k, (withExtras.get(k) ?? 0) + v);
    const d = diffSums(actual, withExtras);
    if (d.length > 0) out.push(`${where}: restored state is not the reference plus the records counted past the barriers: ${d.join(', ')}`);
  }
  return out;
}

/**
 * (3) After the run settled (the last checkpoint completed, nothing pending): every file in
 * storage belongs to a retained checkpoint or savepoint, or to a previous (suspended) job that a
 * new job was submitted after, and which the new job does not own (`previousJobFiles`).
 */
export function settledStorage(state: Readonly<EngineState>, previousJobFiles: ReadonlySet<string> = new Set()): string[] {
  const c = state.coordinator;
  const last = c.history.at(-1);
  if (!state.job.running || c.pending.length > 0 || last?.status !== 'COMPLETED') {
    return [`the run did not settle: job ${state.job.running ? 'running' : 'not running'}, ${c.pending.length} pending, last checkpoint ${last?.id} ${last?.status}`];
  }
  const referenced = new Set([...c.completed, ...c.savepoints].flatMap((cp) => cp.files));
  const orphans = Object.keys(state.storage.files).filter((p) => !referenced.has(p) && !previousJobFiles.has(p));
  return orphans.length > 0 ? [`${orphans.length} files outlive every reference: ${orphans.slice(0, 6).join(', ')}`] : [];
}

const referenceOutcomes = new Map<string, SinkOutcome>();

/** The failure-free run's sink outcome, computed once per distinct failure-free scenario. */
export function failureFreeOutcomeCached(s: Scenario): SinkOutcome {
  const key = JSON.stringify(failureFreeScenario(s));
  let o = referenceOutcomes.get(key);
  if (!o) {
    o = failureFreeOutcome(s);
    referenceOutcomes.set(key, o);
  }
  return o;
}

/** (4) The exactly-once verdict: exactly_once + transactional sink: no loss, no duplicates; otherwise no loss. */
export function verdictHolds(state: Readonly<EngineState>, s: Scenario): { problems: string[]; compared: number } {
  const v = exactlyOnceVerdict(state, failureFreeOutcomeCached(s));
  const out: string[] = [];
  if (v.compared === 0) out.push('the verdict compared no records');
  if (v.lost > 0) out.push(`verdict: ${v.lost} records lost: ${v.lostOrigins.slice(0, 8).join(', ')}`);
  if (s.checkpointing.mode === 'exactly_once' && s.job.sink.kind === 'transactional') {
    if (v.duplicated > 0) out.push(`verdict: ${v.duplicated} duplicates: ${v.duplicatedOrigins.slice(0, 8).join(', ')}`);
    if (state.job.output.duplicates > 0) out.push(`sink output counts ${state.job.output.duplicates} duplicates`);
  }
  return { problems: out, compared: v.compared };
}
