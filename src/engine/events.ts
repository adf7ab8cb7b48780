/**
 * The event union: everything the engine records for views, the CLI and tests. Every event has
 * a namespaced `type`, the step that produced it, the simulated time, the task it concerns (if
 * any) and `flinkRef`, the Flink class or method it models, so a learner can find the real code.
 *
 * To add an event: add its payload to `EventPayloads` and its Flink reference to `FLINK_REFS`;
 * the compiler then insists every type has one.
 */
import type { UserAction } from './actions';

export interface EventBase {
  /** 1-based index of the step that produced the event. */
  step: number;
  /** Simulated time in logical milliseconds. */
  atMs: number;
  /** Task name, `<operator>#<subtaskIndex>`, when the event concerns one task. */
  task?: string;
  flinkRef: string;
}

export interface EventPayloads {
  'sim.started': { seed: number; untilMs: number };
  'user.action': { action: UserAction };
  'toy.emitted': { value: number; channelLatencyMs: number };
  'toy.received': { value: number; sum: number; count: number };
}

export type EventType = keyof EventPayloads;

export type EngineEvent = {
  [T in EventType]: EventBase & { type: T } & EventPayloads[T];
}[EventType];

export type EventOf<T extends EventType> = Extract<EngineEvent, { type: T }>;

/** The Flink class or method each event type models (or "-" where it is the simulator's own). */
export const FLINK_REFS: Record<EventType, string> = {
  'sim.started': 'org.apache.flink.runtime.jobmaster.JobMaster#startJobExecution',
  'user.action': '-',
  'toy.emitted': 'org.apache.flink.streaming.api.operators.StreamSource#run',
  'toy.received': 'org.apache.flink.streaming.runtime.tasks.StreamTask#processInput',
};

/** Event types grouped by namespace (`checkpoint`, `barrier`, …) for filters and "next event of this kind". */
export function eventNamespace(type: EventType): string {
  const dot = type.indexOf('.');
  return dot < 0 ? type : type.slice(0, dot);
}
