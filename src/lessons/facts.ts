/**
 * Evaluates a lesson's facts at a stop: from the events recorded up to the stop's step and the
 * engine state after it, read only through the engine's public API.
 */
import { getEntry, registryKeyForPath, seenDuplicates, sinkOutcome, type EngineEvent, type EngineState } from '../engine';
import { findAnchor, matching } from './anchor';
import type { Fact } from './lessonSchema';
import type { FactValue } from './template';

/** The recorded run as a stop sees it: events up to and including its step, and the state after it. */
export interface StopView {
  step: number;
  anchor: EngineEvent;
  /** Events of steps 1..step. */
  events: readonly EngineEvent[];
  state: EngineState;
}

export class FactError extends Error {}

const DEFAULT_TASK = 'count#0';

function scalarOf(x: unknown, what: string): FactValue {
  if (x === undefined) throw new FactError(`${what} does not exist`);
  if (x === null || typeof x === 'number' || typeof x === 'string' || typeof x === 'boolean') return x;
  if (Array.isArray(x) && x.every((y) => y === null || ['number', 'string', 'boolean'].includes(typeof y))) return x as FactValue;
  throw new FactError(`${what} is not a number, text or list`);
}

/** A field of an event, following a dotted path into nested objects (a missing step gives undefined). */
function fieldOf(e: EngineEvent, path: string): unknown {
  let x: unknown = e;
  for (const part of path.split('.')) {
    // A null on the way (e.g. `compression` of an uncompressed snapshot) is the value itself.
    if (x === null) return null;
    if (typeof x !== 'object' || !Object.prototype.hasOwnProperty.call(x, part)) return undefined;
    x = (x as Record<string, unknown>)[part];
  }
  return x;
}

/** The path of the latest upload of a task's SST up to the stop. */
function uploadPathOf(view: StopView, sst: number, task: string): string {
  let path: string | null = null;
  for (const e of view.events) if (e.type === 'file.uploaded' && e.sst === sst && e.task === task) path = e.path;
  if (path === null) throw new FactError(`${task} has uploaded no file for SST ${sst} by step ${view.step}`);
  return path;
}

function historyFiles(view: StopView, checkpointId: number, task: string) {
  const h = view.state.coordinator.history.find((x) => x.id === checkpointId);
  const files = h?.taskFiles[task];
  if (!files) throw new FactError(`checkpoint ${checkpointId} has no handle of ${task} by step ${view.step}`);
  return files;
}

export function evaluateFact(fact: Fact, view: StopView): FactValue {
  // Lessons are small runs recorded with every event; a summarized run (recordSummary.ts) has no
  // per-record events to count or anchor on, so a fact must fail rather than read it wrong.
  if (view.events.some((e) => e.type === 'records.summarized')) throw new FactError(`the run up to step ${view.step} was recorded in summary: per-record events are not kept`);
  const task = 'task' in fact && fact.task !== undefined ? fact.task : DEFAULT_TASK;
  switch (fact.fact) {
    case 'anchor':
      return scalarOf(fieldOf(view.anchor, fact.field), `field ${fact.field} of ${view.anchor.type}`);
    case 'eventField': {
      const found = findAnchor(view.events, fact.select);
      if (!found.ok) throw new FactError(`no single ${fact.select.event} event matches by step ${view.step} (${found.why}, ${found.matches} matches)`);
      return scalarOf(fieldOf(found.event, fact.field), `field ${fact.field} of ${fact.select.event}`);
    }
    case 'count':
      return matching(view.events, fact).length;
    case 'uploadedSsts':
      return [...new Set(view.events.flatMap((e) => (e.type === 'file.uploaded' && e.checkpointId === fact.checkpointId && e.task === task && e.sst !== null ? [e.sst] : [])))].sort((a, b) => a - b);
    case 'sharedSsts':
      return [...historyFiles(view, fact.checkpointId, task).sharedFiles].sort((a, b) => a - b);
    case 'referenceCount':
    case 'lastUsedCheckpointId': {
      const entry = getEntry(view.state.registry, registryKeyForPath(uploadPathOf(view, fact.sst, task)));
      if (!entry) return null; // no longer registered: its file was deleted
      return fact.fact === 'referenceCount' ? entry.referenceCount : entry.lastUsedCheckpointId;
    }
    case 'retainedCheckpoints':
      return view.state.coordinator.completed.map((c) => c.id);
    case 'deletedSsts': {
      const sstOfPath = new Map<string, number>();
      for (const e of view.events) if (e.type === 'file.uploaded' && e.sst !== null && e.task === task) sstOfPath.set(e.path, e.sst);
      const deleted = view.events.flatMap((e) => (e.type === 'file.discarded' && sstOfPath.has(e.path) ? [sstOfPath.get(e.path)!] : []));
      return [...new Set(deleted)].sort((a, b) => a - b);
    }
    case 'materializationOf':
      return historyFiles(view, fact.checkpointId, task).materializationId;
    case 'changeSetsOf': {
      const cl = historyFiles(view, fact.checkpointId, task).changelog;
      if (!cl) throw new FactError(`checkpoint ${fact.checkpointId} of ${task} is not a changelog checkpoint`);
      // Sequence numbers count from 0; a learner counts change sets from 1 (seed 000).
      return Array.from({ length: cl.toSqn - cl.fromSqn }, (_, i) => cl.fromSqn + i + 1);
    }
    case 'changelogLowestSqn': {
      const cl = view.state.job.keyed[task]?.changelog;
      if (!cl) throw new FactError(`${task} has no changelog`);
      return cl.writer.lowestSequenceNumber;
    }
    case 'sum':
      return matching(view.events, fact).reduce((total, e) => {
        const x = fieldOf(e, fact.field);
        if (typeof x !== 'number') throw new FactError(`field ${fact.field} of ${fact.event} is not a number`);
        return total + x;
      }, 0);
    case 'rewoundRecords':
      return rewoundRecords(view);
    case 'keyGroupRange': {
      const range = view.state.job.topology.subtasks.find((t) => t.name === task)?.keyGroupRange;
      if (!range) throw new FactError(`${task} is not a running keyed subtask at step ${view.step}`);
      // As Flink prints a KeyGroupRange's bounds, one text: "43–85".
      return `${range.startKeyGroup}–${range.endKeyGroup}`;
    }
    case 'restoredEntries': {
      const e = view.events.findLast((x) => x.type === 'restore.operatorState' && x.task === task && (fact.state === undefined || x.state === fact.state));
      if (!e || e.type !== 'restore.operatorState') throw new FactError(`${task} restored no operator state${fact.state ? ` "${fact.state}"` : ''} by step ${view.step}`);
      return e.received.flatMap((r) => r.entries);
    }
    case 'restoredFileCount': {
      const e = view.events.findLast((x) => x.type === 'restore.taskRestored' && x.task === task);
      if (!e || e.type !== 'restore.taskRestored') throw new FactError(`${task} has not been restored by step ${view.step}`);
      return e.files.length;
    }
    case 'reusedSsts': {
      const uploaded = new Set(evaluateFact({ fact: 'uploadedSsts', checkpointId: fact.checkpointId, task }, view) as number[]);
      return (evaluateFact({ fact: 'sharedSsts', checkpointId: fact.checkpointId, task }, view) as number[]).filter((sst) => !uploaded.has(sst));
    }
    case 'reusedBytes': {
      const done = view.events.find((e) => e.type === 'checkpoint.completed' && e.checkpointId === fact.checkpointId);
      if (done?.type !== 'checkpoint.completed') throw new FactError(`checkpoint ${fact.checkpointId} has not completed by step ${view.step}`);
      return done.stateSize - done.checkpointedSize;
    }
    case 'sinkDuplicates':
      // What a reader downstream sees: a plain sink's every write, a transactional sink's commits.
      return seenDuplicates(sinkOutcome(view.state).committed);
  }
}

/**
 * A failover rewinds every source to the offsets stored in the restored checkpoint: what a source
 * emitted after injecting that checkpoint's barrier and before the restore is read again.
 */
function rewoundRecords(view: StopView): number {
  // Event order, not steps: a barrier and a record may leave a source in one step.
  const events = view.events;
  const at = events.findLastIndex((e) => e.type === 'restore.started');
  const restore = events[at];
  if (!restore || restore.type !== 'restore.started') throw new FactError(`no restore by step ${view.step}`);
  const barrierAt = new Map<string, number>();
  for (let i = 0; i < at; i++) {
    const e = events[i]!;
    if (e.type === 'barrier.injected' && e.checkpointId === restore.checkpointId && e.task !== undefined) barrierAt.set(e.task, i);
  }
  if (barrierAt.size === 0) throw new FactError(`no source injected checkpoint ${restore.checkpointId}'s barrier before the restore`);
  let n = 0;
  for (let i = 0; i < at; i++) {
    const e = events[i]!;
    if (e.type === 'source.emitted' && e.task !== undefined && barrierAt.has(e.task) && i > barrierAt.get(e.task)!) n += 1;
  }
  return n;
}
