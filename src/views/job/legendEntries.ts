/**
 * Which entries the job graph's legend lists: only what the scenario can show. Buffers queue and
 * back-pressure builds only behind a slow operator; credit slots are drawn only when the credit
 * fits a lane; unaligned barriers and channel state need unaligned checkpoints; records wait at a
 * sender blocked by its barrier only under aligned exactly-once checkpoints (with unaligned ones,
 * only before the timeout).
 */
import type { Scenario } from '../../engine';
import type { MessageKey } from '../../i18n/messages';

export interface LegendEntry {
  kind: 'record' | 'buffer' | 'credit' | 'barrier' | 'priority' | 'persisted' | 'held' | 'backpressure' | 'cut';
  label: MessageKey;
  title?: MessageKey;
}

export function legendEntries(s: Scenario, laneCells: number): LegendEntry[] {
  const slow = s.job.operators.some((o) => o.processingMs > 0);
  const c = s.checkpointing;
  const unaligned = c.unaligned && c.mode === 'exactly_once';
  const aligned = c.mode === 'exactly_once' && (!c.unaligned || c.alignedCheckpointTimeoutMs > 0);
  const all: [boolean, LegendEntry][] = [
    [true, { kind: 'record', label: 'jgLegendRecord', title: 'jgLegendRecordTitle' }],
    [slow, { kind: 'buffer', label: 'jgLegendBuffer', title: 'jgLegendBufferTitle' }],
    [slow && s.job.channelCapacity <= laneCells, { kind: 'credit', label: 'jgLegendCredit' }],
    [true, { kind: 'barrier', label: 'jgLegendBarrier' }],
    [unaligned, { kind: 'priority', label: 'jgLegendPriority' }],
    [unaligned, { kind: 'persisted', label: 'jgLegendPersisted', title: 'jgLegendPersistedTitle' }],
    [aligned, { kind: 'held', label: 'jgLegendHeld' }],
    [slow, { kind: 'backpressure', label: 'jgLegendBackPressure', title: 'jgBackPressuredTitle' }],
    [true, { kind: 'cut', label: 'jgLegendCut' }],
  ];
  return all.filter(([show]) => show).map(([, e]) => e);
}
