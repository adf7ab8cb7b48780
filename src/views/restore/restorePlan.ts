/**
 * What a restore reads, worked out from the restored checkpoint's `_metadata` and the new job's
 * topology, with the engine's own helpers (so the view decides exactly as the restore does):
 * - keyed operators: each old subtask's handle (kind, key-group range, files), and for each new
 *   subtask the old handles that overlap its new key-group range and how it rebuilds its state
 *   (full snapshot: load its key groups; RocksDB incremental: same range → open the downloaded
 *   instance, otherwise copy the key-group ranges out of temporary instances; changelog: the
 *   materialized part the nested way, then the change sets replayed);
 * - the source's operator state: the partitions each old subtask had (SPLIT_DISTRIBUTE).
 * Pure; the new partitions come from the `restore.taskRestored` events, not from here.
 */
import type { CheckpointMetadata, Topology } from '../../engine';
import { computeKeyGroupRangeForOperatorIndex } from '../../engine/keys/keyGroups';
import {
  isEmptyKeyGroupRange,
  keyGroupRangeEquals,
  keyGroupRangeIntersection,
  type KeyGroupRange,
} from '../../engine/keys/keyGroupRange';
import {
  filesOfKeyedHandle,
  streamHandleSize,
  type KeyedStateHandle,
  type NestedKeyedStateHandle,
  type OperatorStateHandle,
} from '../../engine/format/stateHandles';
import { decodeSourceState } from '../../engine/snapshot/sourceOperatorState';
import {
  entryLabels,
  oldOperatorStates,
  operatorStateModes,
} from '../../engine/job/restoreOperatorState';
import { overlappingHandles } from '../../engine/restore/restoreKeyedState';
import { materializedPartOf } from '../../engine/restore/restoreChangelog';

export type HandleKind = 'full' | 'sst' | 'changelog';

export interface OldKeyedHandle {
  index: number;
  range: KeyGroupRange;
  /** Null when the old subtask reported no keyed state. */
  kind: HandleKind | null;
  files: number;
  bytes: number;
  /** Changelog handles: the kind of the materialized part (null: no materialization yet). */
  materialized: Exclude<HandleKind, 'changelog'> | null;
  /** Changelog handles: the change-set streams (file, offset) it carries. */
  changeSets: number;
}

/** How a rebuild of nested (non-changelog) handles goes. */
export type NestedRebuild = 'none' | 'full' | 'sstReuse' | 'sstCopy';

export type Rebuild =
  | { kind: 'none' }
  | { kind: 'full'; handles: number }
  | { kind: 'sstReuse' }
  | { kind: 'sstCopy'; instances: number }
  | { kind: 'changelog'; materialized: NestedRebuild; handles: number };

export interface KeyedRead {
  /** Old subtask index. */
  from: number;
  /** The key groups read from it (the intersection of both ranges). */
  range: KeyGroupRange;
}

export interface NewKeyedSubtask {
  task: string;
  index: number;
  range: KeyGroupRange;
  reads: KeyedRead[];
  rebuild: Rebuild;
}

export interface KeyedPlan {
  vertex: string;
  maxParallelism: number;
  oldParallelism: number;
  newParallelism: number;
  old: OldKeyedHandle[];
  subtasks: NewKeyedSubtask[];
}

export interface SourcePlan {
  oldParallelism: number;
  newParallelism: number;
  /** Partitions of each old source subtask, in the order of its list state; null if unreadable. */
  old: { index: number; partitions: number[] | null }[];
  /** Total partitions in the checkpoint (null if some old state was unreadable). */
  total: number | null;
}

/** One operator state of the checkpoint: its mode and each old subtask's entries (as the restore events name them). */
export interface OperatorStatePlan {
  vertex: string;
  state: string;
  mode: 'SPLIT_DISTRIBUTE' | 'UNION' | 'BROADCAST';
  /** Entries of each old subtask; null when its state could not be read. */
  old: { index: number; entries: string[] | null }[];
  newParallelism: number;
}

export interface RestorePlan {
  checkpointId: number;
  maxParallelism: number;
  keyed: KeyedPlan[];
  source: SourcePlan | null;
  /** Every operator state of the checkpoint, vertices in topology order. */
  operatorStates: OperatorStatePlan[];
  /** Every subtask of the new job, in topology order. */
  tasks: string[];
}

function kindOf(h: KeyedStateHandle | NestedKeyedStateHandle): HandleKind {
  return h.type === 'keyGroups' ? 'full' : h.type === 'incremental' ? 'sst' : 'changelog';
}

function nestedRebuild(
  handles: readonly NestedKeyedStateHandle[],
  range: KeyGroupRange,
): NestedRebuild {
  const overlapping = overlappingHandles(handles, range) as NestedKeyedStateHandle[];
  if (overlapping.length === 0) return 'none';
  if (overlapping.some((h) => h.type === 'incremental')) {
    // RocksDBIncrementalRestoreOperation: one handle with exactly this range is opened as the instance.
    return overlapping.length === 1 && keyGroupRangeEquals(overlapping[0]!.keyGroupRange, range)
      ? 'sstReuse'
      : 'sstCopy';
  }
  return 'full';
}

/** How a new subtask with key groups `range` rebuilds its state from the old handles. */
export function rebuildOf(handles: readonly KeyedStateHandle[], range: KeyGroupRange): Rebuild {
  const overlapping = overlappingHandles(handles, range);
  if (overlapping.length === 0) return { kind: 'none' };
  if (overlapping.some((h) => h.type === 'changelog')) {
    return {
      kind: 'changelog',
      materialized: nestedRebuild(materializedPartOf(overlapping), range),
      handles: overlapping.length,
    };
  }
  const nested = nestedRebuild(overlapping as NestedKeyedStateHandle[], range);
  if (nested === 'sstReuse') return { kind: 'sstReuse' };
  if (nested === 'sstCopy') return { kind: 'sstCopy', instances: overlapping.length };
  return { kind: 'full', handles: overlapping.length };
}

function oldHandle(
  h: KeyedStateHandle | null,
  index: number,
  maxP: number,
  oldP: number,
): OldKeyedHandle {
  if (!h)
    return {
      index,
      range: computeKeyGroupRangeForOperatorIndex(maxP, oldP, index),
      kind: null,
      files: 0,
      bytes: 0,
      materialized: null,
      changeSets: 0,
    };
  const files = filesOfKeyedHandle(h).filter((f) => f.type === 'file');
  return {
    index,
    range: h.keyGroupRange,
    kind: kindOf(h),
    files: files.length,
    bytes: files.reduce((n, f) => n + streamHandleSize(f), 0),
    materialized:
      h.type === 'changelog' && h.materialized[0]
        ? (kindOf(h.materialized[0]) as 'full' | 'sst')
        : null,
    changeSets:
      h.type === 'changelog'
        ? h.nonMaterialized.reduce((n, s) => n + s.handlesAndOffsets.length, 0)
        : 0,
  };
}

/** The key-group plan of one keyed operator. */
export function keyedPlanOf(
  meta: CheckpointMetadata,
  topology: Topology,
  vertex: string,
): KeyedPlan {
  const op = meta.operators.find((o) => o.vertex === vertex);
  const oldP = op?.parallelism ?? 0;
  const handles = op ? op.subtasks.flatMap((st) => (st.keyed ? [st.keyed] : [])) : [];
  const subtasks = topology.subtasks
    .filter((s) => s.vertex === vertex && s.keyGroupRange)
    .map((s): NewKeyedSubtask => {
      const range = s.keyGroupRange!;
      const reads = (op?.subtasks ?? []).flatMap((st, i): KeyedRead[] => {
        if (!st.keyed) return [];
        const r = keyGroupRangeIntersection(st.keyed.keyGroupRange, range);
        return isEmptyKeyGroupRange(r) ? [] : [{ from: i, range: r }];
      });
      return { task: s.name, index: s.index, range, reads, rebuild: rebuildOf(handles, range) };
    });
  return {
    vertex,
    maxParallelism: meta.maxParallelism,
    oldParallelism: oldP,
    newParallelism: subtasks.length,
    old: (op?.subtasks ?? []).map((st, i) => oldHandle(st.keyed, i, meta.maxParallelism, oldP)),
    subtasks,
  };
}

function sourcePlanOf(
  meta: CheckpointMetadata,
  topology: Topology,
  readBytes: (path: string) => Uint8Array | null,
): SourcePlan | null {
  const op = meta.operators.find((o) => o.vertex === 'source');
  if (!op) return null;
  const old = op.subtasks.map((st, index) => {
    const h = st.operator as OperatorStateHandle | null;
    if (!h) return { index, partitions: [] };
    try {
      const bytes = h.delegate.type === 'inline' ? h.delegate.bytes : readBytes(h.delegate.path);
      if (!bytes) return { index, partitions: null };
      return {
        index,
        partitions: decodeSourceState(h, bytes, `source#${index}`).map((p) => p.partition),
      };
    } catch {
      return { index, partitions: null };
    }
  });
  const newP = topology.vertices.find((v) => v.name === 'source')?.parallelism ?? 0;
  const total = old.every((o) => o.partitions)
    ? old.reduce((n, o) => n + o.partitions!.length, 0)
    : null;
  return { oldParallelism: op.parallelism, newParallelism: newP, old, total };
}

function operatorStatePlansOf(
  meta: CheckpointMetadata,
  topology: Topology,
  readBytes: (path: string) => Uint8Array | null,
): OperatorStatePlan[] {
  return topology.vertices.flatMap((v) => {
    let old: ReturnType<typeof oldOperatorStates>;
    try {
      old = oldOperatorStates(meta, v.name, (path) => {
        const b = readBytes(path);
        if (!b) throw new Error(`${path} is gone`);
        return b;
      });
    } catch {
      return [];
    }
    if (!old) return [];
    return [...operatorStateModes(old)].map(([state, mode]) => ({
      vertex: v.name,
      state,
      mode,
      old: old.map((o, index) => ({ index, entries: entryLabels(o, state) })),
      newParallelism: v.parallelism,
    }));
  });
}

/** The whole plan of a restore: keyed operators in topology order, the source, the new subtasks. */
export function restorePlan(
  meta: CheckpointMetadata,
  topology: Topology,
  readBytes: (path: string) => Uint8Array | null,
): RestorePlan {
  return {
    checkpointId: meta.checkpointId,
    maxParallelism: meta.maxParallelism,
    keyed: topology.vertices
      .filter((v) => v.kind === 'keyed')
      .map((v) => keyedPlanOf(meta, topology, v.name)),
    source: sourcePlanOf(meta, topology, readBytes),
    operatorStates: operatorStatePlansOf(meta, topology, readBytes),
    tasks: topology.subtasks.map((s) => s.name),
  };
}
