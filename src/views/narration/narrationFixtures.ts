/**
 * Recordings the narration tests share: the default scenario (incremental RocksDB, transactional
 * sink), one with a savepoint, an injected task failure, a decline and a rescaling restore, one
 * with the changelog backend, one with unaligned checkpoints under back-pressure, and one whose
 * barriers time out in the senders' output queues; plus helpers that find a step by its events.
 */
import {
  DEFAULT_SCENARIO,
  DEFAULT_SCENARIO_INPUT,
  scenarioOf,
  Timeline,
  type EngineEvent,
  type EventOf,
  type EventType,
  type ScenarioInput,
} from '../../engine';
import { narrate, translator } from './narrate';

export const en = translator('en');
export const zh = translator('zh');

export const KEYFRAMES = { keyframeEvery: 32 };
export const plain = Timeline.record(DEFAULT_SCENARIO, KEYFRAMES);

export const TROUBLED_INPUT = {
  ...DEFAULT_SCENARIO_INPUT,
  script: [
    { atMs: 1500, do: 'savepoint' },
    { atMs: 2395, do: 'fail', task: 'count#1', phase: 'async' },
    { atMs: 4400, do: 'decline', task: 'count#0' },
    { atMs: 6000, do: 'restore', checkpoint: 'latest', parallelism: 3 },
  ],
} as ScenarioInput;
export const troubled = Timeline.record(scenarioOf(TROUBLED_INPUT), KEYFRAMES);

export const CHANGELOG_INPUT = {
  ...DEFAULT_SCENARIO_INPUT,
  stateBackend: { type: 'hashmap', changelog: { enabled: true, materializationIntervalMs: 1500 } },
  script: [{ atMs: 5000, do: 'fail', task: 'count#0', phase: 'now' }],
} as ScenarioInput;
export const changelog = Timeline.record(scenarioOf(CHANGELOG_INPUT), KEYFRAMES);

/** Unaligned checkpoints on a back-pressured job (a slow operator, small channels). */
export const UNALIGNED_INPUT = {
  ...DEFAULT_SCENARIO_INPUT,
  job: {
    ...DEFAULT_SCENARIO_INPUT.job,
    operators: [{ name: 'count', state: 'value', processingMs: 100 }],
    channelCapacity: 2,
  },
  checkpointing: { intervalMs: 1000, numRetained: 2, unaligned: true },
  script: [{ atMs: 3000, do: 'fail', task: 'count#0', phase: 'now' }],
} as ScenarioInput;
export const unaligned = Timeline.record(scenarioOf(UNALIGNED_INPUT), KEYFRAMES);

/** Aligned checkpoints with a timeout, the operator so slow that barriers wait in the sources' output queues. */
export const OUTPUT_TIMEOUT_INPUT = {
  ...UNALIGNED_INPUT,
  job: { ...UNALIGNED_INPUT.job, operators: [{ name: 'count', state: 'value', processingMs: 150 }] },
  checkpointing: { intervalMs: 1000, numRetained: 2, unaligned: true, alignedCheckpointTimeoutMs: 100 },
  script: [],
} as ScenarioInput;
export const outputTimeout = Timeline.record(scenarioOf(OUTPUT_TIMEOUT_INPUT), KEYFRAMES);

/** The first position after `from` whose step has an event matching `match`. */
export function positionOf(tl: Timeline, match: (e: EngineEvent) => boolean, from = 0): number {
  const i = tl.records().findIndex((r, idx) => idx >= from && r.events.some(match));
  if (i < 0) throw new Error('no such step');
  return i + 1;
}

export function eventAt<T extends EventType>(tl: Timeline, position: number, type: T): EventOf<T> {
  return tl.eventsAt(position).find((e) => e.type === type) as EventOf<T>;
}

export function narrateAt(tl: Timeline, position: number, lang: 'en' | 'zh' = 'en') {
  return narrate(tl.records(), position, tl.stateAt(position), lang === 'en' ? en : zh, lang);
}

export const isType =
  <T extends EventType>(type: T, extra: (e: EventOf<T>) => boolean = () => true) =>
  (e: EngineEvent): boolean =>
    e.type === type && extra(e as EventOf<T>);
