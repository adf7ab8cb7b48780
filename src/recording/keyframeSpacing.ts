/**
 * How far apart a run's keyframes are, the same on the page and in the recording worker:
 * KEYFRAME_EVERY steps for a small run; a long run spaces them further apart (powers of two, see
 * runEstimate.ts) so together they stay within the keyframe budget. A fixed spacing made a large
 * run's worker hold thousands of full states and crash the tab. Recorded steps and events are
 * the same either way; only a seek replays a few more steps.
 */
import { estimateRun, MIN_KEYFRAME_EVERY, type Scenario } from '../engine';

export const KEYFRAME_EVERY = MIN_KEYFRAME_EVERY;

export function keyframeEveryFor(scenario: Scenario): number {
  return Math.max(KEYFRAME_EVERY, estimateRun(scenario).keyframeEvery);
}
