/**
 * Operator state on restore, for any vertex: each old subtask's `OperatorStateHandle` is read
 * back (from `_metadata` or its file), `RoundRobinOperatorStateRepartitioner` plans which
 * entries every new subtask gets (SPLIT_DISTRIBUTE: a round-robin share; UNION: every entry of
 * every old subtask; BROADCAST: old subtask i mod oldP's copy), and the new subtask restores its
 * part. A `restore.operatorState` event per state records what it received from whom.
 */
import type { Plain } from '../core/plainData';
import type { CheckpointMetadata } from './metadataFormat';
import { readOperatorStateStream } from './operatorStateWriter';
import type { OperatorStateHandle } from './stateHandles';
import type { OperatorStateSnapshot } from '../state/defaultOperatorStateBackend';
import { applyOperatorStateRepartition, planOperatorStateRepartition, type OperatorStateRead } from '../state/roundRobinOperatorStateRepartitioner';
import { decodeStateKeyId } from '../state/stateKeyIds';
import type { StepContext } from '../stepContext';
import { readFile } from '../storage/remoteStorage';

/** The operator state each old subtask of `vertex` snapshotted (null: it reported none), or null if the vertex is not in the checkpoint. */
export function oldOperatorStates(ctx: StepContext, meta: CheckpointMetadata, vertex: string): (OperatorStateSnapshot | null)[] | null {
  const op = meta.operators.find((o) => o.vertex === vertex);
  if (!op) return null;
  return op.subtasks.map((st, i) => {
    const h = st.operator as OperatorStateHandle | null;
    if (!h) return null;
    const bytes = h.delegate.type === 'inline' ? h.delegate.bytes : readFile(ctx.state.storage, h.delegate.path);
    return readOperatorStateStream(h, bytes, `${vertex}#${i} operator state`);
  });
}

/** How a list entry reads on screen: a source offset `p<partition>@<offset>`, else its JSON. (Broadcast entries read `<key>=<value>`.) */
function listEntryLabel(e: Plain): string {
  if (Array.isArray(e) && e.length === 3 && e.every((x) => typeof x === 'number')) return `p${e[0] as number}@${e[1] as number}`;
  return JSON.stringify(e);
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
  label: (e: Plain) => string = listEntryLabel,
): OperatorStateSnapshot | null {
  const old = oldOperatorStates(ctx, meta, vertex);
  if (!old || old.every((o) => o === null)) return null;
  const plan = planOperatorStateRepartition(old, newP);
  const reads = plan[index]!;
  const mine = applyOperatorStateRepartition(old, [reads])[0]!;
  // Every state of the checkpoint, also one this subtask gets nothing of (a scale-out's extra subtask).
  const modes = new Map<string, OperatorStateRead['mode']>();
  for (const o of old) {
    for (const l of o?.listStates ?? []) modes.set(l.name, l.mode);
    for (const b of o?.broadcastStates ?? []) modes.set(b.name, 'BROADCAST');
  }
  for (const [name, mode] of modes) {
    const ofState = reads.filter((r) => r.stateName === name);
    const received: { from: number; entries: string[] }[] = [];
    for (const r of ofState) {
      const src = old[r.fromSubtask];
      const entries =
        mode === 'BROADCAST'
          ? Object.entries(src?.broadcastStates.find((b) => b.name === name)?.entries ?? {}).map(([id, v]) => `${String(decodeStateKeyId(id))}=${JSON.stringify(v)}`)
          : r.offsets.map((o) => label(src!.listStates.find((s) => s.name === name)!.elements[o]!));
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
