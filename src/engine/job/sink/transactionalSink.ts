/**
 * The transactional sink: Flink's `TwoPhaseCommitSinkFunction` (the base of the exactly-once
 * Kafka producer) over the external system of externalTransactions.ts.
 * - `invoke`: a record goes into the subtask's current (open) transaction, invisible downstream.
 * - `snapshotState` (the synchronous part at the barrier): `preCommit` the current transaction,
 *   keep it as pending under the checkpoint id, begin a new one, and store both in the operator
 *   state (sinkOperatorState.ts).
 * - `notifyCheckpointComplete(n)`: commit every pending transaction of a checkpoint ≤ n (one
 *   notification may cover checkpoints that were declined or whose notification was lost).
 * - cancellation (`close`): the open transaction is aborted; pre-committed ones stay prepared.
 * - `initializeState` on restore: commit the pending transactions of the restored state
 *   (`recoverAndCommit`: the failure may have come between completion and notification), abort
 *   the transaction it had opened after the barrier (`recoverAndAbort`); once every subtask has
 *   restored, transactions no restored state knows are aborted (`FlinkKafkaProducer` does this
 *   through its transactional-id pool), and each subtask begins a fresh transaction.
 */
import type { CheckpointMetadata } from '../../format/metadataFormat';
import type { OperatorStateHandle } from '../../format/stateHandles';
import type { StepContext } from '../../stepContext';
import type { RunningSnapshot } from '../taskCheckpointing';
import { subtaskIndexOf } from '../topology';
import { beginExternalTransaction, endTransaction, findTransaction, openRecords, recordCountOf, type SinkOutputRecord, type TransactionRef } from './externalTransactions';
import { SINK_STATE_NAME, encodeSinkState, sinkElementsFromPlain, type PendingCommit, type SinkStateElement } from './sinkOperatorState';
import { restoreOperatorStateOf } from '../restoreOperatorState';

/** A transactional sink subtask's own bookkeeping (what `TwoPhaseCommitSinkFunction` holds in fields). */
export interface TwoPhaseCommitState {
  /** `currentTransactionHolder`: the transaction records go into now. */
  current: TransactionRef | null;
  /** `pendingCommitTransactions`: pre-committed, waiting for `notifyCheckpointComplete`, oldest first. */
  pending: PendingCommit[];
}

const TPC = 'org.apache.flink.streaming.api.functions.sink.TwoPhaseCommitSinkFunction';
const LINGERING_REF = 'org.apache.flink.streaming.connectors.kafka.FlinkKafkaProducer#abortTransactions';

export function isTransactionalSink(ctx: StepContext): boolean {
  return ctx.state.scenario.job.sink.kind === 'transactional';
}

function tpcOf(ctx: StepContext, task: string): TwoPhaseCommitState {
  const sink = ctx.state.job.sinks[task]!;
  return (sink.twoPhaseCommit ??= { current: null, pending: [] });
}

/** `beginTransactionInternal`: a new open transaction becomes the subtask's current one. */
function begin(ctx: StepContext, task: string): TransactionRef {
  const job = ctx.state.job;
  const txn = beginExternalTransaction(job.output, ctx.state.coordinator.jobId, task, job.attempt, ctx.nowMs);
  const ref = { id: txn.id, jobId: txn.jobId };
  tpcOf(ctx, task).current = ref;
  ctx.emit('sink.beginTransaction', { transaction: txn.id }, { task });
  return ref;
}

/** `invoke(transaction, value)`: the record is written into the current transaction. */
export function writeToTransaction(ctx: StepContext, task: string, record: SinkOutputRecord): void {
  const current = tpcOf(ctx, task).current ?? begin(ctx, task);
  openRecords(findTransaction(ctx.state.job.output, current)!).push(record);
}

/** `snapshotState` at the barrier: pre-commit, begin anew, and the operator state to acknowledge. */
export function snapshotTransactionalSink(ctx: StepContext, task: string, checkpointId: number, isSavepoint: boolean): OperatorStateHandle {
  const tpc = tpcOf(ctx, task);
  if (tpc.current) {
    const txn = findTransaction(ctx.state.job.output, tpc.current)!;
    // preCommit: Kafka flushes the transaction; from now on a commit of it must succeed.
    txn.status = 'pre-committed';
    txn.checkpointId = checkpointId;
    txn.preCommittedAtMs = ctx.nowMs;
    tpc.pending.push({ checkpointId, transaction: tpc.current });
    ctx.emit('sink.preCommit', { transaction: txn.id, checkpointId, isSavepoint, records: recordCountOf(txn), pending: tpc.pending.map((p) => p.transaction.id) }, { task });
  }
  const next = begin(ctx, task);
  const element: SinkStateElement = { pendingTransaction: next, pendingCommitTransactions: tpc.pending.map((p) => ({ checkpointId: p.checkpointId, transaction: p.transaction })) };
  return encodeSinkState(task, element);
}

/** The synchronous part of a sink's snapshot, or null for a plain sink (it has no state). */
export function sinkSnapshot(ctx: StepContext, task: string, checkpointId: number, isSavepoint: boolean): Pick<RunningSnapshot, 'uploads' | 'state' | 'stateSize' | 'heapSnapshot' | 'ssts'> | null {
  if (!isTransactionalSink(ctx) || !ctx.state.job.sinks[task]) return null;
  const op = snapshotTransactionalSink(ctx, task, checkpointId, isSavepoint);
  const size = op.delegate.type === 'inline' ? op.delegate.bytes.length : 0;
  return { uploads: [], state: { keyed: null, operator: op }, stateSize: size, heapSnapshot: null, ssts: null };
}

/**
 * `notifyCheckpointComplete(n)` reaches a sink subtask (with the JobManager's `confirmCheckpoint`
 * RPC, snapshot/taskNotifications.ts): commit every pending transaction up to n. A failure between
 * completion and this RPC leaves the transactions prepared but uncommitted.
 */
export function sinkNotifyCheckpointComplete(ctx: StepContext, task: string, checkpointId: number): void {
  const job = ctx.state.job;
  if (!isTransactionalSink(ctx) || !job.sinks[task]) return;
  const tpc = tpcOf(ctx, task);
  const due = tpc.pending.filter((p) => p.checkpointId <= checkpointId);
  tpc.pending = tpc.pending.filter((p) => p.checkpointId > checkpointId);
  for (const p of due) {
    const txn = findTransaction(job.output, p.transaction);
    if (!txn || txn.status !== 'pre-committed') continue;
    const duplicates = endTransaction(job.output, txn, 'commit', ctx.nowMs);
    ctx.emit('sink.commit', { transaction: txn.id, checkpointId: p.checkpointId, notifiedCheckpointId: checkpointId, records: recordCountOf(txn), duplicates }, { task });
  }
}

/** `close()` of every sink subtask when the job is cancelled: each aborts its open transaction. */
export function closeSinks(ctx: StepContext): void {
  if (!isTransactionalSink(ctx)) return;
  const job = ctx.state.job;
  for (const [task, sink] of Object.entries(job.sinks)) {
    const txn = sink.twoPhaseCommit?.current ? findTransaction(job.output, sink.twoPhaseCommit.current) : undefined;
    if (sink.twoPhaseCommit) sink.twoPhaseCommit.current = null;
    if (!txn || txn.status !== 'open') continue;
    endTransaction(job.output, txn, 'close', ctx.nowMs);
    ctx.emit('sink.abort', { transaction: txn.id, reason: 'close', checkpointId: null, records: recordCountOf(txn) }, { task, flinkRef: `${TPC}#close` });
  }
}

/** The restored sink state elements of new sink subtask `task` (read from `_metadata` or its files), redistributed SPLIT_DISTRIBUTE. */
function restoredElements(ctx: StepContext, meta: CheckpointMetadata, task: string): SinkStateElement[] {
  const newP = ctx.state.job.topology.vertices.find((v) => v.kind === 'sink')!.parallelism;
  const mine = restoreOperatorStateOf(ctx, meta, 'sink', subtaskIndexOf(task), newP);
  const list = mine?.listStates.find((s) => s.name === SINK_STATE_NAME);
  return list ? sinkElementsFromPlain(list.elements, `${task} restored state`) : [];
}

/** `initializeState` of a restored sink subtask: recoverAndCommit, then recoverAndAbort. */
export function restoreTransactionalSink(ctx: StepContext, task: string, meta: CheckpointMetadata): void {
  if (!isTransactionalSink(ctx)) return;
  const output = ctx.state.job.output;
  tpcOf(ctx, task);
  for (const element of restoredElements(ctx, meta, task)) {
    for (const p of element.pendingCommitTransactions) {
      const txn = findTransaction(output, p.transaction);
      const outcome = !txn ? 'unknown' : txn.status === 'pre-committed' ? 'committed' : txn.status === 'committed' ? 'already-committed' : 'already-aborted';
      // Committing is idempotent: a transaction committed before the failure stays committed once.
      const duplicates = txn && outcome === 'committed' ? endTransaction(output, txn, 'recoverAndCommit', ctx.nowMs) : 0;
      ctx.emit('sink.recoverAndCommit', { transaction: p.transaction.id, checkpointId: p.checkpointId, restoredCheckpointId: meta.checkpointId, outcome, records: txn ? recordCountOf(txn) : 0, duplicates }, { task });
    }
    const open = element.pendingTransaction ? findTransaction(output, element.pendingTransaction) : undefined;
    if (open && (open.status === 'open' || open.status === 'pre-committed')) {
      endTransaction(output, open, 'recoverAndAbort', ctx.nowMs);
      ctx.emit('sink.abort', { transaction: open.id, reason: 'recoverAndAbort', checkpointId: open.checkpointId, records: recordCountOf(open) }, { task, flinkRef: `${TPC}#recoverAndAbort` });
    }
  }
}

/**
 * The job starts running (first start, restart from scratch, or after a restore): transactions
 * still open or prepared belong to no restored state, so their records will be read again and
 * they are aborted; then every sink subtask begins its first transaction.
 */
export function openSinkTransactions(ctx: StepContext): void {
  if (!isTransactionalSink(ctx)) return;
  const job = ctx.state.job;
  const sinkP = job.topology.vertices.find((v) => v.kind === 'sink')!.parallelism;
  for (const txn of job.output.transactions ?? []) {
    if (txn.status !== 'open' && txn.status !== 'pre-committed') continue;
    endTransaction(job.output, txn, 'lingering', ctx.nowMs);
    const task = `sink#${subtaskIndexOf(txn.task) % sinkP}`;
    ctx.emit('sink.abort', { transaction: txn.id, reason: 'lingering', checkpointId: txn.checkpointId, records: recordCountOf(txn) }, { task, flinkRef: LINGERING_REF });
  }
  for (const task of Object.keys(job.sinks)) {
    const tpc = tpcOf(ctx, task);
    tpc.pending = [];
    begin(ctx, task);
  }
}
