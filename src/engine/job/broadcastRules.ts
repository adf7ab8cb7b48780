/**
 * Broadcast state (`job.operatorState.broadcastRules`): the first keyed operator is a
 * `KeyedBroadcastProcessFunction`, its input connected with a rules stream made with
 * `broadcast(MapStateDescriptor)`. Each rule reaches every subtask of the operator, and each
 * subtask writes it into its BroadcastState "rules" (`processBroadcastElement`), so every
 * subtask holds the same map, snapshots it, and on restore takes one old subtask's copy.
 *
 * Simplification: the rules stream has no source vertex of its own. Rules ride on partition 0:
 * after each `everyRecords`-th record read from it, its reader also sends a rule to every subtask
 * of the operator, over the same channels as the records, so barriers order rules exactly as they
 * order records (in Flink the operator aligns the barriers of both of its inputs). Rewinding
 * partition 0 on a restore sends the same rules again. The sending is dataflow/broadcastRuleStream.ts.
 */
import type { ChannelRecord } from './channelState';
import { DefaultOperatorStateBackend } from '../state/defaultOperatorStateBackend';
import type { Scenario } from '../scenario/scenarioSchema';
import type { StepContext } from '../stepContext';
import type { KeyedTaskState } from './jobState';

/** The `MapStateDescriptor` name of the rules' broadcast state. */
export const RULES_STATE_NAME = 'rules';
/** Rules are overwritten in turn: rule n sets key `rule-(n mod 3)`, as a rules stream updates a small config. */
export const RULE_KEYS = 3;
export const RULE_ORIGIN = 'rule:';

/** Whether `operator` holds the broadcast rules (the first keyed operator, when configured). */
export function holdsBroadcastState(s: Scenario, operator: string): boolean {
  return s.job.operatorState?.broadcastRules !== undefined && s.job.operators[0]?.name === operator;
}

/** A record of the rules stream (not a data record). */
export function isRuleRecord(r: ChannelRecord): boolean {
  return r.origin.startsWith(RULE_ORIGIN);
}

/** `processBroadcastElement`: the subtask writes the rule into its broadcast state. */
export function applyRule(ctx: StepContext, task: string, keyed: KeyedTaskState, r: ChannelRecord): void {
  const backend = new DefaultOperatorStateBackend(keyed.operatorState ?? (keyed.operatorState = DefaultOperatorStateBackend.create().data));
  const rules = backend.getBroadcastState<string, number>(RULES_STATE_NAME);
  rules.put(String(r.key), r.value);
  ctx.emit('broadcast.stateUpdated', { state: RULES_STATE_NAME, rule: String(r.key), value: r.value, entries: rules.entries().length }, { task });
}
