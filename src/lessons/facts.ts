/**
 * Evaluates a lesson's facts at a stop: from the events recorded up to the stop's step and the
 * engine state after it, read only through the engine's public API.
 */
import { getEntry, registryKeyForPath, sinkOutcome, type EngineEvent, type EngineState } from '../engine';
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
  const task = 'task' in fact && fact.task !== undefined ? fact.task : DEFAULT_TASK;
  switch (fact.fact) {
    case 'anchor':
      return scalarOf((view.anchor as unknown as Record<string, unknown>)[fact.field], `field ${fact.field} of ${view.anchor.type}`);
    case 'eventField': {
      const found = findAnchor(view.events, fact.select);
      if (!found.ok) throw new FactError(`no single ${fact.select.event} event matches by step ${view.step} (${found.why}, ${found.matches} matches)`);
      return scalarOf((found.event as unknown as Record<string, unknown>)[fact.field], `field ${fact.field} of ${fact.select.event}`);
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
      return Object.values(sinkOutcome(view.state).committed).reduce((sum, times) => sum + Math.max(0, times - 1), 0);
  }
}
