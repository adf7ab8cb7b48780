/**
 * Searches over a Timeline's sorted steps and keyframes, and which keyframes a chunk sends: pure
 * functions of the arrays they are given (the Timeline holds the arrays).
 */
import type { Intervention, Keyframe, StepRecord } from './timelineTypes';

/** The first position whose time is ≥ `ms` (`steps.length` when none is). */
export function firstPositionAtTime(steps: readonly StepRecord[], ms: number): number {
  if (ms <= 0) return 0;
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid]!.atMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo + 1, steps.length);
}

/** The last position whose time is ≤ `ms` (0 when none is). */
export function lastPositionAtOrBefore(steps: readonly StepRecord[], ms: number): number {
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (steps[mid - 1]!.atMs <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The nearest keyframe at or before `position` (the list is sorted and starts at position 0). */
export function keyframeAtOrBefore(keyframes: readonly Keyframe[], position: number): Keyframe {
  let lo = 0;
  let hi = keyframes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (keyframes[mid]!.position <= position) lo = mid;
    else hi = mid - 1;
  }
  return keyframes[lo]!;
}

/**
 * The keyframes a chunk sends after position `from`, and the position of the last one sent:
 * every keyframe right after a user action (replay cannot cross an action), and with a gap at most
 * one other, the newest at least `gap` steps after the last one sent (each keyframe is a whole
 * engine state to copy across, while replaying a few hundred steps on the other side is cheap);
 * with no gap, all of them.
 */
export function keyframesToSend(keyframes: readonly Keyframe[], interventions: readonly Intervention[], from: number, lastSent: number, gap: number): { keyframes: Keyframe[]; lastSent: number } {
  const actionSteps = new Set(interventions.map((iv) => iv.step));
  const sent: Keyframe[] = [];
  let newest: Keyframe | null = null;
  for (const k of keyframes) {
    if (k.position <= from) continue;
    if (actionSteps.has(k.position) || gap === 0) {
      sent.push(k);
      lastSent = k.position;
    } else if (k.position - lastSent >= gap) newest = k;
  }
  if (newest && newest.position > lastSent) {
    sent.push(newest);
    sent.sort((a, b) => a.position - b.position);
    lastSent = newest.position;
  }
  return { keyframes: sent, lastSent };
}

/**
 * `keyframes` with `k` inserted in order, and the list of keyframes added this way with `k` last:
 * only the most recent `cap` added ones stay (each is a whole state, the scale run's ~45 MB of
 * text, and keeping one per place a learner scrubbed to grew the page's heap without bound).
 */
export function withAddedKeyframe(keyframes: readonly Keyframe[], added: readonly Keyframe[], k: Keyframe, cap: number): { keyframes: Keyframe[]; added: Keyframe[] } {
  const all = [...keyframes];
  const i = all.findIndex((x) => x.position > k.position);
  all.splice(i < 0 ? all.length : i, 0, k);
  const recent = [...added.filter((x) => all.includes(x)), k];
  while (recent.length > cap) all.splice(all.indexOf(recent.shift()!), 1);
  return { keyframes: all, added: recent };
}
