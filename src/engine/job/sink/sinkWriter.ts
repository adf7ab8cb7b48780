/**
 * A record reaches a sink subtask. The scenario's `job.sink.kind` decides what happens to it:
 * a transactional sink (`TwoPhaseCommitSinkFunction`) writes it into its open transaction, where
 * nobody downstream sees it until a checkpoint commits it; a plain sink emits it at once, so a
 * record read again after a restore is emitted a second time: a duplicate downstream.
 */
import type { QueueItemOf } from '../../queueItems';
import type { StepContext } from '../../stepContext';
import { makeVisible } from './externalTransactions';
import { isTransactionalSink, writeToTransaction } from './transactionalSink';

export function writeToSink(ctx: StepContext, item: QueueItemOf<'record.arrive'>): void {
  const sink = ctx.state.job.sinks[item.task]!;
  sink.received += 1;
  const record = { origin: item.origin, key: item.key, value: item.value };
  if (isTransactionalSink(ctx)) writeToTransaction(ctx, item.task, record);
  else makeVisible(ctx.state.job.output, [record]);
  ctx.emit('sink.received', { key: item.key, value: item.value, from: item.from }, { task: item.task });
}
