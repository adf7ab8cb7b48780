/**
 * The rules stream of `job.operatorState.broadcastRules` (see job/broadcastRules.ts): a rule rides on
 * partition 0's reader and is sent over the record channels to every subtask of the broadcast
 * operator, so barriers order rules as they order records.
 */
import { RULE_KEYS, RULE_ORIGIN } from '../job/broadcastRules';
import type { SourcePartitionState } from '../job/jobState';
import type { StepContext } from '../stepContext';
import { sendRecord } from './channels';

/**
 * After a record at `offset` of partition 0 was read: every `everyRecords`-th one is followed by
 * a rule broadcast to every subtask of the operator.
 */
export function maybeBroadcastRule(ctx: StepContext, task: string, part: SourcePartitionState, offset: number, fromLog: boolean, value: number): void {
  const cfg = ctx.state.scenario.job.operatorState?.broadcastRules;
  if (!cfg || part.partition !== 0 || (offset + 1) % cfg.everyRecords !== 0) return;
  const vertex = ctx.state.job.topology.vertices[1];
  if (!vertex || vertex.kind !== 'keyed') return;
  const n = (offset + 1) / cfg.everyRecords;
  const rule = `rule-${n % RULE_KEYS}`;
  const to = Array.from({ length: vertex.parallelism }, (_, i) => `${vertex.name}#${i}`);
  ctx.emit('broadcast.ruleSent', { rule, value, n, to }, { task });
  for (const t of to) sendRecord(ctx, task, t, { key: rule, keyGroup: 0, value, origin: `${RULE_ORIGIN}p0:${fromLog ? 'l' : 'g'}${offset}` });
}
