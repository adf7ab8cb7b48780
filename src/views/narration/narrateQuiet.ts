/**
 * The narration of a step that emitted no event: the recording keeps the queue item it handled
 * (engine/quietStep.ts), so the step still says what happened — a record waiting in a busy
 * subtask's input queue, a source held back by back-pressure, a timer whose checkpoint moved on.
 */
import type { QuietStep } from '../../engine';
import type { Tr } from './translator';
import type { MessageKey } from '../../i18n/messages';
import type { StepNarration } from './narrationKit';

type Quiet = Omit<StepNarration, 'byUser'>;

/** Flink code each kind of quiet item stands for (what a learner can look up). */
const QUIET_REFS: Partial<Record<QuietStep['kind'], string>> = {
  'record.arrive': 'org.apache.flink.streaming.runtime.io.AbstractStreamTaskNetworkInput#emitNext',
  'source.tick': 'org.apache.flink.streaming.runtime.tasks.StreamTask#processInput',
  'barrier.arrive': 'org.apache.flink.streaming.runtime.io.checkpointing.CheckpointedInputGate#pollNext',
  'task.process': 'org.apache.flink.streaming.runtime.tasks.StreamTask#processInput',
  'barrier.alignmentTimeout': 'org.apache.flink.streaming.runtime.io.checkpointing.AbstractAlignedBarrierHandlerState#alignedCheckpointTimeout',
  'barrier.outputTimeout': 'org.apache.flink.runtime.io.network.partition.PipelinedSubpartition#alignedBarrierTimeout',
  'task.notifyComplete': 'org.apache.flink.streaming.runtime.tasks.StreamTask#notifyCheckpointCompleteAsync',
  'task.notifyAborted': 'org.apache.flink.streaming.runtime.tasks.StreamTask#notifyCheckpointAbortAsync',
  'source.readLog': 'org.apache.flink.streaming.runtime.tasks.StreamTask#processInput',
};

const KEYS: Partial<Record<QuietStep['kind'], [MessageKey, MessageKey]>> = {
  'record.arrive': ['narQuietRecord', 'narQuietRecordWhy'],
  'source.tick': ['narQuietSource', 'narQuietSourceWhy'],
  'source.readLog': ['narQuietSource', 'narQuietSourceWhy'],
  'barrier.arrive': ['narQuietBarrier', 'narQuietBarrierWhy'],
  'task.process': ['narQuietProcess', 'narQuietProcessWhy'],
  'barrier.alignmentTimeout': ['narQuietTimeout', 'narQuietTimeoutWhy'],
  'barrier.outputTimeout': ['narQuietOutputTimeout', 'narQuietOutputTimeoutWhy'],
  'task.notifyComplete': ['narQuietNotify', 'narQuietNotifyWhy'],
  'task.notifyAborted': ['narQuietNotifyAborted', 'narQuietNotifyWhy'],
};

export function narrateQuiet(q: QuietStep | undefined, tr: Tr): Quiet {
  if (!q) return { headline: tr('narEmpty'), why: tr('narEmptyWhy'), flinkRef: '-', primary: null };
  const p = { task: q.task ?? '', from: q.from ?? '', id: q.checkpointId ?? '', n: q.records ?? 0, action: q.action ?? '' };
  if (q.kind === 'script.action') {
    const emit = q.action === 'emit';
    return {
      headline: tr(emit ? 'narQuietEmit' : 'narQuietAction', p),
      why: tr(emit ? 'narQuietEmitWhy' : 'narEmptyWhy', p),
      flinkRef: '-',
      primary: null,
    };
  }
  const keys = KEYS[q.kind];
  if (!keys) return { headline: tr('narQuietOther', { kind: q.kind }), why: tr('narEmptyWhy'), flinkRef: '-', primary: null };
  return { headline: tr(keys[0], p), why: tr(keys[1], p), flinkRef: QUIET_REFS[q.kind] ?? '-', primary: null };
}
