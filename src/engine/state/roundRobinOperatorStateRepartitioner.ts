/**
 * Flink's `RoundRobinOperatorStateRepartitioner`: how operator state is redistributed when a
 * job is restored, possibly with a different parallelism.
 *
 * - Same parallelism: nothing moves. Each subtask gets its own old state back, except that
 *   UNION states are given to every subtask in full, and a BROADCAST state that some old
 *   subtasks did not report (they had finished) is filled in from one that did.
 * - Different parallelism:
 *   - SPLIT_DISTRIBUTE (ListState): the elements of all old subtasks, concatenated in
 *     old-subtask order, are cut into consecutive chunks of `total / newP` elements, one extra
 *     for the first `total % newP` chunks. With several such states, the next state starts its
 *     extra elements at the subtask where the previous state's ran out, so the extras rotate
 *     (Flink iterates the states in `HashMap` order of their names; see
 *     {@link javaHashMapIterationOrder}).
 *   - UNION: every new subtask gets the elements of all old subtasks.
 *   - BROADCAST: new subtask i gets the copy of the i % n-th old subtask that reported it.
 *
 * The plan ({@link planOperatorStateRepartition}) says which old subtask's elements (by
 * offset, i.e. index) each new subtask reads, like the offsets in Flink's
 * `OperatorStateHandle.StateMetaInfo`. One deliberate difference: when a new subtask reads
 * pieces of one state from several old subtasks, Flink orders the pieces by a `HashMap` over
 * the old state files; here they are always in old-subtask order.
 */
import { clonePlain } from '../core/plainData';
import { javaStringHashCode } from '../keys/javaHashCode';
import type { OperatorStateMode, OperatorStateSnapshot } from './defaultOperatorStateBackend';

/** One read of a new subtask: a state's elements at `offsets` from old subtask `fromSubtask` (BROADCAST: the whole map, offsets empty). */
export interface OperatorStateRead {
  readonly stateName: string;
  readonly mode: OperatorStateMode;
  readonly fromSubtask: number;
  readonly offsets: number[];
}

interface Reported {
  readonly subtask: number;
  readonly size: number;
}

/**
 * Iteration order of a default `java.util.HashMap<String, ?>` filled with `computeIfAbsent`
 * (as Flink's `groupByStateMode` fills it): by bucket `(h ^ h >>> 16) & (capacity - 1)`, and
 * within a bucket newest first, because `computeIfAbsent` links a new key in at the head of its
 * bucket (resizing keeps the relative order). Capacity starts at 16 and doubles when a key
 * arrives while size > 0.75 · capacity. Checked against OpenJDK 17 on random key sets. (Ignores tree bins,
 * which need 8+ keys in one bucket, far beyond a handful of state names.)
 */
export function javaHashMapIterationOrder(keysInInsertionOrder: readonly string[]): string[] {
  let capacity = 16;
  // computeIfAbsent resizes before inserting, when the size already exceeds 0.75 · capacity.
  while (keysInInsertionOrder.length - 1 > capacity * 0.75) capacity *= 2;
  const bucket = (k: string): number => {
    const h = javaStringHashCode(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keysInInsertionOrder
    .map((k, i) => ({ k, i, b: bucket(k) }))
    .sort((x, y) => x.b - y.b || y.i - x.i)
    .map((x) => x.k);
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from }, (_, i) => from + i);

/** Which old subtasks hold each state, by mode; names in first-seen order. Checks modes agree. */
function groupByStateMode(
  old: ReadonlyArray<OperatorStateSnapshot | null>,
): Record<OperatorStateMode, Map<string, Reported[]>> {
  const byMode: Record<OperatorStateMode, Map<string, Reported[]>> = {
    SPLIT_DISTRIBUTE: new Map(),
    UNION: new Map(),
    BROADCAST: new Map(),
  };
  const modeOf = new Map<string, OperatorStateMode>();
  const add = (name: string, mode: OperatorStateMode, r: Reported): void => {
    const seen = modeOf.get(name);
    if (seen !== undefined && seen !== mode) {
      throw new TypeError(
        `repartitionOperatorState: state '${name}' is ${seen} in one subtask and ${mode} in subtask ${r.subtask}`,
      );
    }
    modeOf.set(name, mode);
    const list = byMode[mode].get(name) ?? [];
    list.push(r);
    byMode[mode].set(name, list);
  };
  old.forEach((snap, subtask) => {
    if (snap === null) return;
    for (const s of snap.listStates) add(s.name, s.mode, { subtask, size: s.elements.length });
    for (const b of snap.broadcastStates) add(b.name, 'BROADCAST', { subtask, size: 0 });
  });
  return byMode;
}

/** Every state of old subtask i, read whole: what "nothing moves" means. */
function ownReads(snap: OperatorStateSnapshot | null, subtask: number): OperatorStateRead[] {
  if (snap === null) return [];
  return [
    ...snap.listStates.map((s) => ({
      stateName: s.name,
      mode: s.mode,
      fromSubtask: subtask,
      offsets: range(0, s.elements.length),
    })),
    ...snap.broadcastStates.map((b) => ({
      stateName: b.name,
      mode: 'BROADCAST' as const,
      fromSubtask: subtask,
      offsets: [],
    })),
  ];
}

/** `repartitionSplitState`: deals the concatenated elements out in chunks, rotating the extras across states. */
function splitReads(
  names: Map<string, Reported[]>,
  newP: number,
  plan: OperatorStateRead[][],
): void {
  let startParallelOp = 0;
  for (const name of javaHashMapIterationOrder([...names.keys()])) {
    const handles = names.get(name)!;
    const total = handles.reduce((n, h) => n + h.size, 0);
    const baseFraction = Math.floor(total / newP);
    let remainder = total % newP;
    let newStartParallelOp = startParallelOp;
    let handleIdx = 0;
    let offsetIdx = 0;
    for (let i = 0; i < newP; i++) {
      const target = (i + startParallelOp) % newP;
      let toAssign = baseFraction;
      if (remainder > 0) {
        toAssign++;
        remainder--;
      } else if (remainder === 0) {
        newStartParallelOp = target; // the extras of the next state start here
        remainder--;
      }
      while (toAssign > 0) {
        const h = handles[handleIdx]!;
        const remaining = h.size - offsetIdx;
        let offsets: number[];
        if (remaining > toAssign) {
          offsets = range(offsetIdx, offsetIdx + toAssign);
          offsetIdx += toAssign;
        } else {
          offsets = range(offsetIdx, h.size);
          offsetIdx = 0;
          handleIdx++;
        }
        toAssign -= remaining;
        plan[target]!.push({
          stateName: name,
          mode: 'SPLIT_DISTRIBUTE',
          fromSubtask: h.subtask,
          offsets,
        });
      }
    }
    startParallelOp = newStartParallelOp;
  }
}

function unionReads(
  names: Map<string, Reported[]>,
  plan: OperatorStateRead[][],
  old: ReadonlyArray<OperatorStateSnapshot | null>,
): void {
  for (const [name, handles] of names) {
    for (const reads of plan) {
      for (const h of handles)
        reads.push({
          stateName: name,
          mode: 'UNION',
          fromSubtask: h.subtask,
          offsets: range(0, sizeOf(old, h.subtask, name)),
        });
    }
  }
}

function sizeOf(
  old: ReadonlyArray<OperatorStateSnapshot | null>,
  subtask: number,
  name: string,
): number {
  return old[subtask]?.listStates.find((s) => s.name === name)?.elements.length ?? 0;
}

/**
 * `RoundRobinOperatorStateRepartitioner.repartitionState`, as a plan: for each new subtask,
 * which pieces of which old subtask's operator state it reads. `old[i]` is old subtask i's
 * snapshot (null if it reported none, e.g. because it had finished).
 */
export function planOperatorStateRepartition(
  old: ReadonlyArray<OperatorStateSnapshot | null>,
  newParallelism: number,
): OperatorStateRead[][] {
  if (!Array.isArray(old) || old.length === 0) {
    throw new RangeError(
      `repartitionOperatorState: need the states of at least one old subtask, got ${JSON.stringify(old)}`,
    );
  }
  if (!Number.isInteger(newParallelism) || newParallelism <= 0) {
    throw new RangeError(
      `repartitionOperatorState: newParallelism must be a positive integer, got ${newParallelism}`,
    );
  }
  const byMode = groupByStateMode(old);
  const oldP = old.length;
  const plan: OperatorStateRead[][] = Array.from({ length: newParallelism }, () => []);
  if (newParallelism === oldP) {
    // Start from "nothing moves", then hand union state to everybody and fill partly reported broadcast state.
    old.forEach((snap, i) => {
      plan[i]!.push(...ownReads(snap, i).filter((r) => r.mode !== 'UNION'));
    });
    unionReads(byMode.UNION, plan, old);
    for (const [name, reported] of byMode.BROADCAST) {
      if (reported.length === oldP) continue;
      plan.forEach((reads, i) => {
        // A subtask that reported the state keeps its own copy. (Flink also adds the picked copy
        // and restores both in handle-hash order; copies are meant to be identical anyway.)
        if (reported.some((r) => r.subtask === i)) return;
        reads.push({
          stateName: name,
          mode: 'BROADCAST',
          fromSubtask: reported[i % reported.length]!.subtask,
          offsets: [],
        });
      });
    }
    return plan;
  }
  splitReads(byMode.SPLIT_DISTRIBUTE, newParallelism, plan);
  unionReads(byMode.UNION, plan, old);
  for (const [name, reported] of byMode.BROADCAST) {
    plan.forEach((reads, i) =>
      reads.push({
        stateName: name,
        mode: 'BROADCAST',
        fromSubtask: reported[i % reported.length]!.subtask,
        offsets: [],
      }),
    );
  }
  return plan;
}

/** Applies a repartition plan: the operator state each new subtask restores (elements in read order). */
export function applyOperatorStateRepartition(
  old: ReadonlyArray<OperatorStateSnapshot | null>,
  plan: readonly OperatorStateRead[][],
): OperatorStateSnapshot[] {
  return plan.map((reads) => {
    const out: OperatorStateSnapshot = { listStates: [], broadcastStates: [] };
    for (const r of reads) {
      const snap = old[r.fromSubtask];
      if (r.mode === 'BROADCAST') {
        const src = snap?.broadcastStates.find((b) => b.name === r.stateName);
        let dst = out.broadcastStates.find((b) => b.name === r.stateName);
        if (dst === undefined) out.broadcastStates.push((dst = { name: r.stateName, entries: {} }));
        // Restoring several copies merges them (they are meant to be identical).
        for (const [id, v] of Object.entries(src?.entries ?? {})) dst.entries[id] = clonePlain(v);
        continue;
      }
      const src = snap?.listStates.find((s) => s.name === r.stateName);
      let dst = out.listStates.find((s) => s.name === r.stateName);
      if (dst === undefined)
        out.listStates.push((dst = { name: r.stateName, mode: r.mode, elements: [] }));
      for (const o of r.offsets) dst.elements.push(clonePlain(src!.elements[o]!));
    }
    return out;
  });
}

/** `RoundRobinOperatorStateRepartitioner`: the operator state of each of `newParallelism` subtasks. */
export function repartitionOperatorState(
  oldStatesPerSubtask: ReadonlyArray<OperatorStateSnapshot | null>,
  newParallelism: number,
): OperatorStateSnapshot[] {
  return applyOperatorStateRepartition(
    oldStatesPerSubtask,
    planOperatorStateRepartition(oldStatesPerSubtask, newParallelism),
  );
}
