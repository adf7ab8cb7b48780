/**
 * A transactional sink's operator state, as `TwoPhaseCommitSinkFunction` keeps it: one list
 * state named "state" (`getListState`, so SPLIT_DISTRIBUTE) holding one element per subtask,
 * `State{pendingTransaction, pendingCommitTransactions}`: the transaction opened right after
 * the barrier and the pre-committed transactions still waiting for their commit. On restore the
 * elements are redistributed round robin like any list state, so after a scale-in a subtask may
 * get several elements and after a scale-out some get none (Flink's comments in
 * `initializeState` say the same). Small, so it travels inline in `_metadata`.
 */
import type { Plain } from '../../core/plainData';
import { DataInputView, DataOutputView, plainValueSerializer } from '../../serialization';
import type { OperatorStateHandle } from '../../format/stateHandles';
import type { OperatorStateSnapshot } from '../../state/defaultOperatorStateBackend';
import { repartitionOperatorState } from '../../state/roundRobinOperatorStateRepartitioner';
import type { TransactionRef } from './externalTransactions';

/** The name Flink's `TwoPhaseCommitSinkFunction` gives its `ListStateDescriptor`. */
export const SINK_STATE_NAME = 'state';

/** A pre-committed transaction and the checkpoint whose barrier pre-committed it. */
export interface PendingCommit {
  checkpointId: number;
  transaction: TransactionRef;
}

/** One element of the list state (Flink's `TwoPhaseCommitSinkFunction.State`). */
export interface SinkStateElement {
  pendingTransaction: TransactionRef | null;
  pendingCommitTransactions: PendingCommit[];
}

function toPlain(e: SinkStateElement): Plain {
  return {
    pendingTransaction: e.pendingTransaction ? { id: e.pendingTransaction.id, jobId: e.pendingTransaction.jobId } : null,
    pendingCommitTransactions: e.pendingCommitTransactions.map((p) => ({ checkpointId: p.checkpointId, id: p.transaction.id, jobId: p.transaction.jobId })),
  };
}

const isObject = (v: Plain | undefined): v is { [k: string]: Plain } => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
const isRef = (v: Plain | undefined): boolean => isObject(v) && typeof v.id === 'string' && typeof v.jobId === 'string';

function fromPlain(v: Plain, where: string): SinkStateElement {
  const bad = (): never => {
    throw new Error(`${where}: a sink state element is corrupt (${JSON.stringify(v)})`);
  };
  if (!isObject(v) || !Array.isArray(v.pendingCommitTransactions)) return bad();
  const pt = v.pendingTransaction;
  if (pt !== null && !isRef(pt)) return bad();
  const pending = v.pendingCommitTransactions.map((p) => {
    if (!isRef(p) || !isObject(p) || typeof p.checkpointId !== 'number') return bad();
    return { checkpointId: p.checkpointId, transaction: { id: p.id as string, jobId: p.jobId as string } };
  });
  return { pendingTransaction: pt === null ? null : { id: (pt as { id: string }).id, jobId: (pt as { jobId: string }).jobId }, pendingCommitTransactions: pending };
}

/** Reused by every sink snapshot (`toBytes` copies the bytes out). */
const sinkScratch = new DataOutputView(1024);

/** Encodes a sink subtask's state (`state.update(singletonList(...))`) as an inline operator state handle. */
export function encodeSinkState(task: string, element: SinkStateElement): OperatorStateHandle {
  const out = sinkScratch;
  out.clear();
  plainValueSerializer.serialize(toPlain(element), out);
  return { type: 'operator', states: [{ name: SINK_STATE_NAME, mode: 'SPLIT_DISTRIBUTE', offsets: [0] }], delegate: { type: 'inline', name: `${task}-transactions`, bytes: out.toBytes() } };
}

/** Decodes the elements of a sink's operator state from the bytes its handle points at. */
export function decodeSinkState(handle: OperatorStateHandle, bytes: Uint8Array, where: string): SinkStateElement[] {
  const meta = handle.states.find((s) => s.name === SINK_STATE_NAME);
  if (!meta) return [];
  return meta.offsets.map((offset) => fromPlain(plainValueSerializer.deserialize(new DataInputView(bytes, offset)) as Plain, where));
}

/** Sink state elements from the plain list elements a restore produced. */
export function sinkElementsFromPlain(elements: readonly Plain[], where: string): SinkStateElement[] {
  return elements.map((e) => fromPlain(e, where));
}

/**
 * The elements new subtask `index` of `newP` gets from the old subtasks' states (in old-subtask
 * order), redistributed as SPLIT_DISTRIBUTE list state by `RoundRobinOperatorStateRepartitioner`.
 */
export function redistributeSinkState(oldPerSubtask: readonly SinkStateElement[][], index: number, newP: number): SinkStateElement[] {
  const old: OperatorStateSnapshot[] = oldPerSubtask.map((elements) => ({ listStates: [{ name: SINK_STATE_NAME, mode: 'SPLIT_DISTRIBUTE', elements: elements.map(toPlain) }], broadcastStates: [] }));
  const mine = repartitionOperatorState(old, newP)[index]!;
  return (mine.listStates[0]?.elements ?? []).map((e) => fromPlain(e, `sink#${index} restored state`));
}
