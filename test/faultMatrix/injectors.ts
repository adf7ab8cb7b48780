/**
 * Fault injectors, one per fault phase. A phase the scenario format can express is a scripted
 * action (`fail … sync`, `failUploads`, …); a phase that is a moment in the run (alignment under
 * way, an acknowledgement not yet completing its checkpoint, a truncation, a restore half done)
 * is found by watching the steps, and the fault is applied right there with `Simulation.apply`.
 * Each injector reports what it did, so a case can prove its fault really happened.
 */
import type { UserAction } from '../../src/engine/actions';
import type { EngineEvent } from '../../src/engine/events';
import type { QueueItem } from '../../src/engine/queueItems';
import type { ScenarioAction } from '../../src/engine/scenario/actionSchema';
import type { Simulation } from '../../src/engine/simulation';
import { sourceOfValue, TIMING, type FaultCase } from './cases';

export interface Injection {
  step: number;
  atMs: number;
  what: string;
}

export interface FaultInjector {
  /** The case's fault actions for the scenario script (the failure-free reference run drops them). */
  readonly script: ScenarioAction[];
  /** Called before each step; may apply an action now. Returns the events of what it applied. */
  beforeStep(sim: Simulation): EngineEvent[];
  /** Called with each step's events; may apply an action now. Returns the events of what it applied. */
  afterStep(sim: Simulation, events: readonly EngineEvent[]): EngineEvent[];
  /** What was injected, in order (scripted faults: the step where they took effect). */
  readonly injected: Injection[];
}

/** The item the next `step()` will take off the queue. */
export function nextItem(sim: Simulation): QueueItem | undefined {
  return sim.state.queue.heap[0]?.item;
}

const FAULT_TASK = 'count#0';

/** A scripted fault; `effect` recognises the step where it took effect. */
function scripted(action: ScenarioAction, effect: (e: EngineEvent) => boolean): FaultInjector {
  const injected: Injection[] = [];
  return {
    script: [action],
    injected,
    beforeStep: () => [],
    afterStep(sim, events) {
      const hit = events.find(effect);
      if (hit && injected.length === 0) injected.push({ step: sim.stepIndex, atMs: sim.nowMs, what: `${hit.type}${hit.task ? ` at ${hit.task}` : ''}` });
      return [];
    },
  };
}

/** A fault applied with `Simulation.apply` on the task `before` or `after` names (at most `times` times, from TIMING.faultFromMs on). */
function watching(opts: {
  before?: (sim: Simulation) => string | null;
  after?: (sim: Simulation, events: readonly EngineEvent[]) => string | null;
  action: (task: string) => UserAction;
  times?: number;
}): FaultInjector {
  const injected: Injection[] = [];
  const times = opts.times ?? 1;
  const fire = (sim: Simulation, task: string | null): EngineEvent[] => {
    if (task === null) return [];
    const action = opts.action(task);
    const events = sim.apply(action);
    injected.push({ step: sim.stepIndex, atMs: sim.nowMs, what: JSON.stringify(action) });
    return events;
  };
  return {
    script: [],
    injected,
    beforeStep: (sim) => (opts.before && injected.length < times && sim.nowMs >= TIMING.faultFromMs ? fire(sim, opts.before(sim)) : []),
    afterStep: (sim, events) => (opts.after && injected.length < times && sim.nowMs >= TIMING.faultFromMs ? fire(sim, opts.after(sim, events)) : []),
  };
}

const failNow = (task: string) => ({ do: 'fail' as const, task, phase: 'now' as const });
const reasonIncludes = (text: string) => (e: EngineEvent) => e.type === 'job.failed' && e.reason.includes(text);

export function createInjector(c: FaultCase): FaultInjector {
  const at = TIMING.faultFromMs;
  switch (c.phase) {
    case 'before-barrier':
      // Right before the coordinator triggers a checkpoint (the next step is the `checkpoint` action).
      return watching({
        before: (sim) => {
          const item = nextItem(sim);
          const due = item?.kind === 'script.action' && sim.state.scenario.script[item.index]?.do === 'checkpoint';
          return due && sim.state.job.running ? 'source#0' : null;
        },
        action: failNow,
      });
    case 'during-alignment':
      // A barrier has arrived on one input channel but not on all (aligned exactly_once: the channel is blocked).
      return watching({
        after: (_sim, events) => {
          const e = events.find((x) => x.type === 'barrier.received' && x.arrived < x.of && (c.mode !== 'exactly_once' || x.blocked));
          return e?.task ?? null;
        },
        action: failNow,
      });
    case 'during-alignment-held': {
      // Later in the same alignment, a record came in on a channel while its barrier is not complete:
      // aligned exactly_once keeps it at the sender, whose channel the barrier blocked (`record.held`,
      // emitted by the sender, which is the task that fails); at_least_once
      // processes it although its channel's barrier has arrived (it overtakes the barrier);
      // unaligned processes one that comes before its channel's barrier after the snapshot was
      // taken (in-flight data, recorded as channel state). The task that has it fails.
      const aligning = new Map<string, { checkpointId: number; arrived: Set<string>; of: number }>();
      return watching({
        after: (_sim, events) => {
          let hit: string | null = null;
          for (const e of events) {
            if (e.type === 'barrier.received') {
              const a = aligning.get(e.task!);
              if (a?.checkpointId === e.checkpointId) a.arrived.add(e.from);
              else aligning.set(e.task!, { checkpointId: e.checkpointId, arrived: new Set([e.from]), of: e.of });
            } else if (e.type === 'barrier.aligned' || e.type === 'job.failed' || e.type === 'restore.started') {
              if (e.type === 'barrier.aligned') aligning.delete(e.task!);
              else aligning.clear();
            } else if (e.type === 'record.held') hit = e.task!;
            else if (e.type === 'state.updated') {
              const a = aligning.get(e.task!);
              const arrived = a?.arrived.has(sourceOfValue(e.input));
              if (a && a.arrived.size < a.of && (c.mode === 'at_least_once' ? arrived : c.mode === 'unaligned' && !arrived)) hit = e.task!;
            }
          }
          return hit;
        },
        action: failNow,
      });
    }
    case 'sync':
      return scripted({ atMs: at, do: 'fail', task: FAULT_TASK, phase: 'sync' }, reasonIncludes('synchronous part'));
    case 'async-fail':
      return scripted({ atMs: at, do: 'fail', task: FAULT_TASK, phase: 'async' }, reasonIncludes('while uploading'));
    case 'async-failUploads': {
      // Without the changelog the checkpoint's own upload fails: count#0 declines (CHECKPOINT_ASYNC_EXCEPTION).
      if (!c.backend.changelog) {
        return scripted({ atMs: at, do: 'failUploads', count: 1, task: FAULT_TASK }, (e) => e.type === 'checkpoint.declined' && e.reason.includes('upload'));
      }
      // With it, a checkpoint's async part is the DSTL persist: every attempt of one DSTL batch
      // holding count#0's changes fails (upload.max-attempts), so the persist fails for good. A
      // batch whose changes a materialization covered meanwhile fails harmlessly (nothing needs
      // it any more); then the next batch is failed too, until the job fails over.
      let batch: { taskManager: string; batchId: number } | null = null;
      let failedOver = false;
      const injected: Injection[] = [];
      return {
        script: [],
        injected,
        beforeStep(sim) {
          const item = nextItem(sim);
          if (failedOver || sim.nowMs < at || item?.kind !== 'dstl.uploadDone') return [];
          const inFlight = sim.state.job.changelogTms[item.taskManager]?.scheduler.inFlight ?? [];
          if (batch && !inFlight.some((x) => x.batchId === batch!.batchId)) batch = null; // given up (or written): pick the next one
          if (batch && (batch.taskManager !== item.taskManager || batch.batchId !== item.batchId)) return [];
          const u = inFlight.find((x) => x.batchId === item.batchId);
          if (!u || u.attempt !== item.attempt || u.awaitingRetry || !u.logIds.includes(FAULT_TASK)) return [];
          batch = { taskManager: item.taskManager, batchId: item.batchId };
          const action = { do: 'failUploads' as const, count: 1, task: FAULT_TASK };
          const events = sim.apply(action);
          injected.push({ step: sim.stepIndex, atMs: sim.nowMs, what: `${JSON.stringify(action)} (DSTL batch ${item.batchId}, attempt ${item.attempt})` });
          return events;
        },
        afterStep(_sim, events) {
          if (injected.length > 0 && events.some((e) => e.type === 'job.failed')) failedOver = true;
          return [];
        },
      };
    }
    case 'before-ack':
      return scripted({ atMs: at, do: 'fail', task: FAULT_TASK, phase: 'before-ack' }, reasonIncludes('before acknowledging'));
    case 'after-ack':
      // A task's acknowledgement reached the coordinator, the checkpoint is not complete yet: that task fails.
      return watching({
        after: (_sim, events) => {
          if (events.some((e) => e.type === 'checkpoint.completed')) return null;
          const e = events.find((x) => x.type === 'checkpoint.acknowledged' && x.acknowledged < x.of);
          return e?.task ?? null;
        },
        action: failNow,
      });
    case 'materialization-fail':
      return scripted({ atMs: at, do: 'fail', task: FAULT_TASK, phase: 'materialization' }, reasonIncludes('during materialization'));
    case 'materialization-failUploads':
      // The upload of each of the next materializations of count#0 fails, one more than tolerated: the task fails.
      return watching({
        before: (sim) => {
          const item = nextItem(sim);
          if (item?.kind !== 'changelog.materializationDone' || item.task !== FAULT_TASK) return null;
          const running = sim.state.job.keyed[FAULT_TASK]?.changelog?.running;
          return running && running.id === item.materializationId && running.uploads.length > 0 ? FAULT_TASK : null;
        },
        action: (task) => ({ do: 'failUploads', count: 1, task }),
        times: TIMING.maxFailuresAllowed + 1,
      });
    case 'truncation':
      // Right at the step where a changelog writer dropped changes (and released their files).
      return watching({
        after: (_sim, events) => events.find((e) => e.type === 'changelog.truncated' && e.releasedChangeSets > 0)?.task ?? null,
        action: failNow,
      });
    case 'restore': {
      // First a failover, or a new job submitted with the latest checkpoint in the case's restore
      // mode; then, while its restore is under way (some subtasks restored, not all), a restored task fails.
      let failedOver = false;
      let fired = 0;
      let savepointId: number | null = null;
      return watching({
        before: (sim) => {
          if (failedOver || (c.restoreMode !== 'failover' && sim.state.coordinator.completed.length === 0)) return null;
          if (c.restoreFrom === 'savepoint') {
            savepointId = sim.state.coordinator.savepoints.at(-1)?.id ?? null;
            if (savepointId === null) return null;
          }
          failedOver = true;
          return FAULT_TASK;
        },
        after: (sim, events) => {
          if (!failedOver || events.some((e) => e.type === 'job.running') || sim.state.job.restoring === null) return null;
          return events.find((e) => e.type === 'restore.taskRestored')?.task ?? null;
        },
        action: (task) => (fired++ === 0 && c.restoreMode !== 'failover' ? { do: 'restore', checkpoint: savepointId ?? 'latest', mode: c.restoreMode } : failNow(task)),
        times: 2,
      });
    }
  }
}
