/**
 * The narration of one recorded step: from its events and the engine state after it, one
 * sentence of what happened (`headline`) and one of why or what it means (`why`), with the Flink
 * code the step's main event models. A step is one queue item and often emits several events
 * (a barrier arrives, alignment completes, the snapshot is taken, the barrier goes on): the
 * narrators below are tried in order of importance, and the first that recognises the step tells
 * it, using the other events for detail. Anything not recognised falls back to the event text.
 */
import type { EngineEvent, EngineState, QuietStep } from '../../engine';
import { narrateQuiet } from './narrateQuiet';
import { describeEvent } from '../../i18n/eventText';
import type { Lang } from '../../i18n/language';
import type { Tr } from './translator';
import { dstl, materialization, persisted, truncated } from './narrateChangelog';
import {
  aborted,
  acknowledged,
  alignedOrSync,
  asyncCompleted,
  barrierReceived,
  completed,
  declined,
  injected,
  notified,
  subsumed,
  requestQueued,
  triggerSkipped,
  triggered,
} from './narrateCheckpoint';
import {
  alignmentTimedOut,
  backPressure,
  outputTimedOut,
  channelStatePersisted,
  held,
  overtook,
  restoreChannelState,
  blockedOrResumed,
  cancelMarker,
  taskNotified,
} from './narrateDataflow';
import {
  compactionFinished,
  compactionStarted,
  discarded,
  flushed,
  sealed,
  uploaded,
} from './narrateFiles';
import { recordFlow, scriptSkipped, simStarted, sinkTransactions, userAction } from './narrateJob';
import {
  jobFailed,
  jobRunning,
  restoreFailed,
  restoreStarted,
  taskRestored,
} from './narrateRestore';
import { keyedStateSource, taskManagerLost } from './narrateLocalRecovery';
import { stopWithSavepoint } from './narrateStop';
import type { NarrationContext, Narrator, StepNarration } from './narrationKit';
export type { StepNarration } from './narrationKit';
export { isSavepointId, recordText, whatOf } from './narrationKit';

const NARRATORS: readonly Narrator[] = [
  taskManagerLost,
  jobFailed,
  restoreFailed,
  stopWithSavepoint,
  scriptSkipped,
  restoreStarted,
  jobRunning,
  completed,
  aborted,
  declined,
  restoreChannelState,
  keyedStateSource,
  taskRestored,
  triggered,
  triggerSkipped,
  requestQueued,
  injected,
  alignmentTimedOut,
  outputTimedOut,
  overtook,
  alignedOrSync,
  channelStatePersisted,
  barrierReceived,
  asyncCompleted,
  acknowledged,
  subsumed,
  notified,
  cancelMarker,
  materialization,
  truncated,
  compactionFinished,
  compactionStarted,
  flushed,
  sealed,
  persisted,
  dstl,
  discarded,
  uploaded,
  sinkTransactions,
  taskNotified,
  held,
  blockedOrResumed,
  userAction,
  backPressure,
  recordFlow,
  simStarted,
];

/** The narration of a step (position ≥ 1) from its events and the engine state after it (a step without events: from what it handled). */
export function narrateStep(
  events: readonly EngineEvent[],
  state: EngineState,
  tr: Tr,
  lang: Lang,
  quiet?: QuietStep,
): StepNarration {
  const byUser = events.some((e) => e.type === 'user.action');
  if (events.length === 0) return { ...narrateQuiet(quiet, tr), byUser };
  const c: NarrationContext = { events, state, tr, lang };
  for (const n of NARRATORS) {
    const r = n(c);
    if (r) return { ...r, byUser };
  }
  const e = events[0]!;
  return {
    headline: describeEvent(e, lang),
    why: '',
    flinkRef: e.flinkRef,
    primary: e.type,
    byUser,
  };
}

/** Before the first step. */
export function narrateStart(tr: Tr): StepNarration {
  return {
    headline: tr('narStart'),
    why: tr('narStartWhy'),
    flinkRef: '-',
    primary: null,
    byUser: false,
  };
}
