/**
 * What a step that emitted no event handled. Every step takes one item off the queue, and some
 * items change nothing a learner sees as an event: a record that waits in a busy subtask's input
 * queue, a source that cannot read because its output has no credit, a timer that fires after
 * its checkpoint moved on, a notification a subtask has nothing to do with. The recording keeps
 * the item's kind and subjects so the narration can say what happened in such a step.
 */
import type { QueueItem, QueueItemKind } from './queueItems';
import type { Scenario } from './scenario/scenarioSchema';

export interface QuietStep {
  kind: QueueItemKind;
  /** The subtask the item was for (a script action: the subtask it names). */
  task: string | null;
  /** The upstream subtask of a record or barrier. */
  from: string | null;
  checkpointId: number | null;
  /** A script action: its `do` and, for `emit`, how many records it appended. */
  action: string | null;
  records: number | null;
}

/** Describes the item a step handled, for a step without events. */
export function quietStepOf(item: QueueItem, scenario: Scenario): QuietStep {
  const q: QuietStep = { kind: item.kind, task: null, from: null, checkpointId: null, action: null, records: null };
  if ('task' in item) q.task = item.task;
  if ('from' in item) q.from = item.from;
  if ('checkpointId' in item) q.checkpointId = item.checkpointId;
  if (item.kind === 'script.action') {
    const a = scenario.script[item.index];
    if (a) {
      q.action = a.do;
      if (a.do === 'emit') {
        q.task = a.source ?? 'source#0';
        q.records = a.records.length;
      } else if ('task' in a && typeof a.task === 'string') q.task = a.task;
    }
  }
  return q;
}
