/**
 * What the checkpoint-history property tests share: the reference state of a checkpoint (from
 * the recorded events, across restarts), the keyed state of a job as per-key sums, and restoring
 * a copy of a run from a retained checkpoint until the job runs again.
 */
import type { EngineEvent } from '../../src/engine/events';
import { keyedStateEntries } from '../../src/engine/job/stateView';
import { Simulation } from '../../src/engine/simulation';
import type { EngineState } from '../../src/engine/state';

/**
 * The reference state at checkpoint `id`: the restored checkpoint's state of the attempt that took
 * it (empty for the first attempt, or after a restart from scratch) plus the records each source
 * read in that attempt before its barrier of `id`.
 */
export function expectedAt(events: EngineEvent[], id: number, sources = ['source#0', 'source#1']): Map<string, number> {
  const barriers = events.filter((e) => e.type === 'barrier.injected' && e.checkpointId === id);
  const firstBarrier = barriers[0]!.step;
  // The attempt: the last restart (failover or restore) before the barrier.
  let start = 0;
  let base = new Map<string, number>();
  for (const e of events) {
    if (e.step >= firstBarrier) break;
    if (e.type === 'job.running') {
      start = e.step;
      base = expectedAt(events, e.restoredFrom, sources);
    } else if (e.type === 'job.failed' && e.restartFrom === null) {
      start = e.step;
      base = new Map();
    }
  }
  const sums = new Map(base);
  for (const src of sources) {
    const barrier = barriers.find((e) => e.task === src)!;
    for (const e of events) {
      if (e.type === 'source.emitted' && e.task === src && e.step > start && e.step < barrier.step) sums.set(String(e.key), (sums.get(String(e.key)) ?? 0) + e.value);
    }
  }
  return sums;
}

/** Every keyed subtask's running sums, by key. */
export function keyedSums(state: EngineState): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of Object.values(state.job.keyed)) for (const e of keyedStateEntries(k.backend)) out.set(String(e.key), e.value as number);
  return out;
}

/** Restores a copy of `sim` from `checkpoint` and steps until the job runs again; throws on a failed restore. */
export function restoreAndSettle(sim: Simulation, checkpoint: number, parallelism: number, changelog?: boolean): EngineState {
  const copy = Simulation.fromSnapshot(sim.snapshot());
  const events = copy.apply({ do: 'restore', checkpoint, parallelism, ...(changelog === undefined ? {} : { changelog }) });
  for (let ev = copy.step(); ev; ev = copy.step()) {
    events.push(...ev);
    if (ev.some((e) => e.type === 'job.running' || e.type === 'restore.failed')) break;
  }
  const failed = events.find((e) => e.type === 'restore.failed');
  if (failed && failed.type === 'restore.failed') throw new Error(failed.reason);
  return copy.state;
}
