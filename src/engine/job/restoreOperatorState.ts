/**
 * Operator state on restore, for any vertex: each old subtask's `OperatorStateHandle` is read
 * back (from `_metadata` or its file), `RoundRobinOperatorStateRepartitioner` plans which
 * entries every new subtask gets (SPLIT_DISTRIBUTE: a round-robin share; UNION: every entry of
 * every old subtask; BROADCAST: old subtask i mod oldP's copy), and the new subtask restores its
 * part. A `restore.operatorState` event per state records what it received from whom.
 */
import type { Plain } from '../core/plainData';
import type { CheckpointMetadata } from '../format/metadataFormat';
import { readOperatorStateStream } from './operatorStateWriter';
import type { OperatorStateHandle } from '../format/stateHandles';
import type { OperatorStateSnapshot } from '../state/defaultOperatorStateBackend';
import { applyOperatorStateRepartition, planOperatorStateRepartition, type OperatorStateRead } from '../state/roundRobinOperatorStateRepartitioner';
import { decodeStateKeyId } from '../state/stateKeyIds';
import type { StepContext } from '../stepContext';
import { readFile } from '../storage/remoteStorage';

/**
 * The operator state each old subtask of `vertex` snapshotted (null: it reported none), or null
 * if the vertex is not in the checkpoint. `read` gives a file's bytes (a handle's stream above
 * the memory threshold).
 */
export function oldOperatorStates(meta: CheckpointMetadata, vertex: string, read: (path: string) => Uint8Array): (OperatorStateSnapshot | null)[] | null {
  const op = meta.operators.find((o) => o.vertex === vertex);
  if (!op) return null;
  return op.subtasks.map((st, i) => {
    const h = st.operator as OperatorStateHandle | null;
    if (!h) return null;
    const bytes = h.delegate.type === 'inline' ? h.delegate.bytes : read(h.delegate.path);
    return readOperatorStateStream(h, bytes, `${vertex}#${i} operator state`);
  });
}

const isRecord = (v: Plain | undefined): v is { [k: string]: Plain } => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/**
 * How a list entry reads on screen: a source offset `p<partition>@<offset>`; a sink's
 * `TwoPhaseCommitSinkFunction.State` as its open transaction and `+n` pre-committed ones; else
 * its JSON. (Broadcast entries read `<key>=<value>`.)
 */
export function operatorEntryLabel(e: Plain): string {
  if (Array.isArray(e) && e.length === 3 && e.every((x) => typeof x === 'number')) return `p${e[0] as number}@${e[1] as number}`;
  if (isRecord(e) && Array.isArray(e.pendingCommitTransactions)) {
    const open = isRecord(e.pendingTransaction) && typeof e.pendingTransaction.id === 'string' ? e.pendingTransaction.id : '–';
    const n = e.pendingCommitTransactions.length;
    return `${open}${n ? ` +${n}` : ''}`;
  }
  return JSON.stringify(e);
}

/** The entries of state `name` in one subtask's snapshot, as they read on screen (at `offsets` for a list state, else all). */
export function entryLabels(snap: OperatorStateSnapshot | null | undefined, name: string, offsets?: readonly number[]): string[] {
  const b = snap?.broadcastStates.find((x) => x.name === name);
  if (b) return Object.entries(b.entries).map(([id, v]) => `${String(decodeStateKeyId(id))}=${JSON.stringify(v)}`);
  const l = snap?.listStates.find((x) => x.name === name);
  if (!l) return [];
  return (offsets ?? l.elements.map((_, i) => i)).map((o) => operatorEntryLabel(l.elements[o]!));
}

/** Every state of the old subtasks with its mode, in first-seen order. */
export function operatorStateModes(old: ReadonlyArray<OperatorStateSnapshot | null>): Map<string, OperatorStateRead['mode']> {
  const modes = new Map<string, OperatorStateRead['mode']>();
  for (const o of old) {
    for (const l of o?.listStates ?? []) modes.set(l.name, l.mode);
    for (const b of o?.broadcastStates ?? []) modes.set(b.name, 'BROADCAST');
  }
  return modes;
}

/**
 * The operator state new subtask `index` (of `newP`) of `vertex` restores, and one
 * `restore.operatorState` event per state. `keptOf` (the legacy consumer) names what the subtask
 * keeps of a UNION state.
 */
export function restoreOperatorStateOf(
  ctx: StepContext,
  meta: CheckpointMetadata,
  vertex: string,
  index: number,
  newP: number,
  keptOf?: (restored: OperatorStateSnapshot) => string[],
): OperatorStateSnapshot | null {
  const old = oldOperatorStates(meta, vertex, (path) => readFile(ctx.state.storage, path));
  if (!old || old.every((o) => o === null)) return null;
  const plan = planOperatorStateRepartition(old, newP);
  const reads = plan[index]!;
  const mine = applyOperatorStateRepartition(old, [reads])[0]!;
  // Every state of the checkpoint, also one this subtask gets nothing of (a scale-out's extra subtask).
  for (const [name, mode] of operatorStateModes(old)) {
    const received: { from: number; entries: string[] }[] = [];
    for (const r of reads.filter((x) => x.stateName === name)) {
      const entries = entryLabels(old[r.fromSubtask], name, mode === 'BROADCAST' ? undefined : r.offsets);
      const same = received.find((x) => x.from === r.fromSubtask);
      if (same) same.entries.push(...entries);
      else received.push({ from: r.fromSubtask, entries });
    }
    ctx.emit(
      'restore.operatorState',
      { checkpointId: meta.checkpointId, state: name, mode, oldParallelism: old.length, received, kept: mode === 'UNION' && keptOf ? keptOf(mine) : null },
      { task: `${vertex}#${index}` },
    );
  }
  return mine;
}
