/** The vocabulary shared by the narrators: the narration types and small text helpers. */
import {
  formatKeyGroupRange,
  type EngineEvent,
  type EngineState,
  type EventOf,
  type EventType,
  type StateValueView,
} from '../../engine';
import type { Lang } from '../../i18n/language';
import type { Tr } from './translator';

export interface StepNarration {
  headline: string;
  /** Why it happened or what it means; may be empty. */
  why: string;
  /** The Flink class or method the step's main event models ('-' when none). */
  flinkRef: string;
  /** The event the narration is built around (null for an empty step). */
  primary: EventType | null;
  /** The step applied a user action. */
  byUser: boolean;
}

/** What a narrator gets: the step's events, the state after it, and how to say things. */
export interface NarrationContext {
  events: readonly EngineEvent[];
  state: EngineState;
  tr: Tr;
  lang: Lang;
}

export type Narrator = (c: NarrationContext) => Omit<StepNarration, 'byUser'> | null;

export function first<T extends EventType>(
  events: readonly EngineEvent[],
  type: T,
): EventOf<T> | undefined {
  return events.find((e) => e.type === type) as EventOf<T> | undefined;
}

export function all<T extends EventType>(events: readonly EngineEvent[], type: T): EventOf<T>[] {
  return events.filter((e) => e.type === type) as EventOf<T>[];
}

export function joinSentences(...parts: (string | false | null | undefined)[]): string {
  // Chinese sentences end in a full-width stop and need no space after it.
  return parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .reduce((out, p) => (out === '' ? p : /[。！？）]$/.test(out) ? out + p : `${out} ${p}`), '');
}

/** Whether checkpoint `id` is a savepoint, from the coordinator's history (false when unknown). */
export function isSavepointId(state: EngineState, id: number): boolean {
  return (
    state.coordinator.history.some((h) => h.id === id && h.isSavepoint) ||
    state.coordinator.savepoints.some((s) => s.id === id)
  );
}

export function whatOf(tr: Tr, isSavepoint: boolean): string {
  return tr(isSavepoint ? 'narSavepoint' : 'narCheckpoint');
}

export function WhatOf(tr: Tr, isSavepoint: boolean): string {
  return tr(isSavepoint ? 'narSavepointCap' : 'narCheckpointCap');
}

export function recordText(key: string | number, value: number): string {
  return `${String(key)}=${value}`;
}

export function valueText(v: StateValueView): string {
  if (v === null) return '∅';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (Array.isArray(v))
    return v.length > 5 ? `[${v.slice(0, 5).join(', ')}, …]` : `[${v.join(', ')}]`;
  const entries = Object.entries(v);
  return `{${entries
    .slice(0, 4)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ')}${entries.length > 4 ? ', …' : ''}}`;
}

export const KIND_NAMES: Record<string, string> = {
  value: 'ValueState',
  list: 'ListState',
  map: 'MapState',
  reducing: 'ReducingState',
  aggregating: 'AggregatingState',
};

export function rangeOf(state: EngineState, task: string): string {
  const r = state.job.topology.subtasks.find((s) => s.name === task)?.keyGroupRange;
  return r ? formatKeyGroupRange(r) : '–';
}

/** The path of a checkpoint file without the job id (`chk-3/_metadata`). */
export function shortPath(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(-2).join('/') : path;
}

export function backendName(state: EngineState, tr: Tr): string {
  const sb = state.scenario.stateBackend;
  const base = sb.type === 'rocksdb' ? 'RocksDB' : 'HashMap';
  const extras = [
    sb.type === 'rocksdb' && sb.incremental ? tr('narIncremental') : null,
    state.job.changelogEnabled ? tr('narWithChangelog') : null,
  ].filter(Boolean);
  return extras.length > 0
    ? tr('narBackend', { base, extras: extras.join(tr('narListSep')) })
    : base;
}

export const ref = (e: EngineEvent): string => e.flinkRef;

// ---------------------------------------------------------------------------------------------
// Failure and restore.
