/**
 * The event union: everything the engine records for views, the CLI and tests. Every event has
 * a namespaced `type`, the step that produced it, the simulated time, the task it concerns (if
 * any) and `flinkRef`, the Flink class or method it models, so a learner can find the real code.
 *
 * To add an event: add its payload to `EventPayloads` and its Flink reference to `FLINK_REFS`;
 * the compiler then insists every type has one (and the UI's event texts, too).
 */
import type { UserAction } from './actions';
import type { StateKind } from './state/stateDescriptor';

export interface EventBase {
  /** 1-based index of the step that produced the event. */
  step: number;
  /** Simulated time in logical milliseconds. */
  atMs: number;
  /** Task name, `<operator>#<subtaskIndex>`, when the event concerns one task. */
  task?: string;
  flinkRef: string;
}

type Key = string | number;
/** A state value as the summary shows it (number, list, map as object, or null). */
export type StateValueView = null | number | number[] | Record<string, number>;

export interface EventPayloads {
  'sim.started': { seed: number; untilMs: number; tasks: number; maxParallelism: number };
  'user.action': { action: UserAction };
  'source.emitted': { offset: number; fromLog: boolean; key: Key; value: number; keyGroup: number; to: string };
  'state.updated': { key: Key; keyGroup: number; state: string; kind: StateKind; input: number; value: StateValueView };
  'sink.received': { key: Key; value: number; from: string };
}

export type EventType = keyof EventPayloads;

export type EngineEvent = {
  [T in EventType]: EventBase & { type: T } & EventPayloads[T];
}[EventType];

export type EventOf<T extends EventType> = Extract<EngineEvent, { type: T }>;

const O = 'org.apache.flink.';

/** The Flink class or method each event type models (or "-" where it is the simulator's own). */
export const FLINK_REFS: Record<EventType, string> = {
  'sim.started': `${O}runtime.scheduler.DefaultScheduler#startScheduling`,
  'user.action': '-',
  'source.emitted': `${O}streaming.api.operators.SourceOperator#emitNext`,
  'state.updated': `${O}runtime.state.internal.InternalKvState`,
  'sink.received': `${O}streaming.api.functions.sink.v2.SinkWriter#write`,
};

/** Event types grouped by namespace (`checkpoint`, `barrier`, …) for filters and "next event of this kind". */
export function eventNamespace(type: EventType): string {
  const dot = type.indexOf('.');
  return dot < 0 ? type : type.slice(0, dot);
}
