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
export function narrate(
  records: readonly StepRecord[],
  position: number,
  state: EngineState,
  tr: Tr,
  lang: Lang,
): Narration {
  const step =
    position === 0 ? narrateStart(tr) : narrateStep(records[position - 1]!.events, state, tr, lang, records[position - 1]!.quiet);
  return { ...step, next: findNextHint(records, position, step.primary, state, tr, lang) };
}

/**
 * The class and method of a Flink reference without the package, for the panel (the full name is
 * its tooltip): `o.a.f.streaming.runtime.tasks.AsyncCheckpointRunnable#run` → `AsyncCheckpointRunnable#run`.
 */
export function shortFlinkRef(ref: string): string {
  const space = ref.indexOf(' ');
  const head = space < 0 ? ref : ref.slice(0, space);
  const rest = space < 0 ? '' : ref.slice(space);
  const hash = head.indexOf('#');
  const path = hash < 0 ? head : head.slice(0, hash);
  const dot = path.lastIndexOf('.');
  return (
    (dot < 0 ? head : head.slice(dot + 1)) + rest.replace(/(^| )(?:[a-z]+\.)+(?=[A-Z])/g, '$1')
  );
}

export { narrateStep, narrateStart, type StepNarration } from './narrateStep';
export { findNextHint, type NextHint } from './nextHint';
export { translator, type Tr } from './translator';
