/**
 * The narration panel's content as a pure function of the recording: for the step at
 * `position`, what happened and why (narrateStep), the Flink code it models, and what the next
 * relevant step is (findNextHint).
 */
import type { EngineState, StepRecord } from '../../engine';
import type { Lang } from '../../i18n/language';
import { narrateStart, narrateStep, type StepNarration } from './narrateStep';
import { findNextHint, type NextHint } from './nextHint';
import type { Tr } from './translator';

export interface Narration extends StepNarration {
  next: NextHint | null;
}

/** `state` is the engine state after `position` steps (what the views show at the cursor). */
export function narrate(records: readonly StepRecord[], position: number, state: EngineState, tr: Tr, lang: Lang): Narration {
  const step = position === 0 ? narrateStart(tr) : narrateStep(records[position - 1]!.events, state, tr, lang);
  return { ...step, next: findNextHint(records, position, step.primary, state, tr, lang) };
}

export { narrateStep, narrateStart, type StepNarration } from './narrateStep';
export { findNextHint, type NextHint } from './nextHint';
export { translator, type Tr } from './translator';
