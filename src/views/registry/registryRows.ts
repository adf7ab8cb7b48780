/**
 * The shared state registry as seed 002 draws it, one row per registered shared file: the file
 * (the SST's local number with its compaction lineage `(1,2,3)`, or a DSTL file), where it is in
 * remote storage, its reference count (≤ 1.14) or last-used checkpoint id (≥ 1.15), and the
 * retained checkpoints that use it. Compared with the previous step, rows are marked new,
 * changed, or deleted (with the registry's reason), so stepping shows the table updating.
 */
import { listEntries, type EngineEvent, type EngineState, type SharedStateEntry } from '../../engine';

export type RowChange = 'new' | 'changed' | 'deleted' | null;

export interface RegistryRow {
  key: string;
  path: string;
  sizeBytes: number;
  task: string;
  /** `sst 5 (1,2,3,4)`, or the file's kind and local name for other shared files. */
  file: { kind: string; sst: number | null; inputs: number[]; localName: string };
  /** Deleted rows: 0, the count that let the file go (refcount model). */
  referenceCount: number | null;
  createdBy: number;
  lastUsed: number;
  retainedBy: number[];
  change: RowChange;
  /** Deleted rows: why the registry let the file go. */
  reason: string | null;
}

/** SST lineage by storage path, from every upload recorded so far (compactions name their inputs). */
export function lineageByPath(events: Iterable<readonly EngineEvent[]>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const step of events)
    for (const e of step) if (e.type === 'file.uploaded' && e.inputs.length > 0) out.set(e.path, e.inputs);
  return out;
}

function same(a: SharedStateEntry, b: SharedStateEntry): boolean {
  return (
    a.referenceCount === b.referenceCount &&
    a.lastUsedCheckpointId === b.lastUsedCheckpointId &&
    a.retainedBy.length === b.retainedBy.length &&
    a.retainedBy.every((id, i) => id === b.retainedBy[i])
  );
}

function rowOf(state: EngineState, e: SharedStateEntry, lineage: Map<string, number[]>, change: RowChange, reason: string | null): RegistryRow {
  const meta = state.storage.files[e.path]?.meta;
  return {
    key: e.key,
    path: e.path,
    sizeBytes: e.sizeBytes,
    task: e.task,
    file: { kind: meta?.kind ?? 'file', sst: meta?.sst ?? null, inputs: lineage.get(e.path) ?? [], localName: e.localName },
    referenceCount: change === 'deleted' && e.referenceCount !== null ? 0 : e.referenceCount,
    createdBy: e.createdByCheckpointId,
    lastUsed: e.lastUsedCheckpointId,
    retainedBy: e.retainedBy,
    change,
    reason,
  };
}

/** The rows at `state`, marked against `before` (the state one step earlier); deleted rows last. */
export function registryRows(
  state: EngineState,
  before: EngineState | null,
  stepEvents: readonly EngineEvent[],
  lineage: Map<string, number[]>,
): RegistryRow[] {
  const previous = new Map((before ? listEntries(before.registry) : []).map((e) => [e.key, e]));
  const rows = listEntries(state.registry).map((e) => {
    const old = previous.get(e.key);
    return rowOf(state, e, lineage, !before ? null : !old ? 'new' : same(old, e) ? null : 'changed', null);
  });
  const current = new Set(rows.map((r) => r.key));
  const reasons = new Map(stepEvents.flatMap((e) => (e.type === 'file.discarded' ? [[e.path, e.reason] as const] : [])));
  for (const old of previous.values())
    if (!current.has(old.key)) rows.push(rowOf(before!, old, lineage, 'deleted', reasons.get(old.path) ?? null));
  const order = (r: RegistryRow) => (r.change === 'deleted' ? 1 : 0);
  return rows.sort((a, b) => order(a) - order(b) || a.task.localeCompare(b.task) || (a.file.sst ?? 0) - (b.file.sst ?? 0) || a.path.localeCompare(b.path));
}

/** Retained checkpoint ids as seed 002 writes them: a range `2–3` when contiguous, else a list. */
export function formatRetained(ids: readonly number[]): string {
  if (ids.length === 0) return '–';
  const contiguous = ids.every((id, i) => i === 0 || id === ids[i - 1]! + 1);
  return contiguous && ids.length > 1 ? `${ids[0]}–${ids[ids.length - 1]}` : ids.join(', ');
}
