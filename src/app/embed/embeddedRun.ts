/**
 * The embedded simulator's run: loaded from its `#scenario=` hash through applyScenario, the same
 * path the app's share links and file imports take (so it moves wherever the app records runs),
 * and moved to a simulated time on the comparison page's request.
 */
import { useAppStore } from '../../store/appStore';
import { applyScenario } from '../scenarioIo/applyScenario';
import { readShareHash } from '../scenarioIo/shareLink';
import type { FromEmbed } from './embedProtocol';

/**
 * Records the run the hash carries into the store; says what to tell the page once the whole
 * run is there (it records in the worker: the comparison page lines runs up by their end).
 */
export async function loadEmbeddedRun(hash: string): Promise<Extract<FromEmbed, { type: 'ready' | 'error' }>> {
  const read = readShareHash(hash);
  if (!read) return { type: 'error', message: 'the embedded view was opened without a #scenario= run' };
  const applied = read.ok ? applyScenario(read.scenario) : read;
  if (!applied.ok) return { type: 'error', message: applied.problems.map((p) => `${p.path}: ${p.message}`).join('; ') };
  if (!(await useAppStore.getState().whenRecorded())) return { type: 'error', message: 'another run replaced this one' };
  const { timeline } = useAppStore.getState();
  return { type: 'ready', steps: timeline.length, endMs: timeline.timeAt(timeline.length) };
}

/**
 * The frames share the comparison page's main thread, so a seek is spread over short tasks
 * (measured whole: 0.1–0.8 s per frame and seek on a loaded machine, issue 18 §6). The replay
 * from the nearest keyframe runs in slices of about SLICE_MS; then the views move one panel group
 * per task, in `groups`' order (the job graph follows the cursor from the first).
 */
const SLICE_MS = 6;
const SLICE_STEPS = 8;

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let seeks = 0;

/**
 * Moves the cursor to the last step at or before `ms` (the shared time). Resolves with the
 * answer for the page once every group shows that step, or null if a later seek (or another
 * run) superseded this one on the way.
 */
export async function seekEmbeddedRun(ms: number, groups: readonly number[]): Promise<Extract<FromEmbed, { type: 'at' }> | null> {
  const seek = ++seeks;
  const store = useAppStore.getState();
  store.setPlaying(false);
  const { timeline } = store;
  const step = timeline.lastPositionAtOrBefore(ms);
  const current = () => seek === seeks && useAppStore.getState().timeline === timeline;
  // The registry also reads the step before (what changed): both states are built here, the one
  // before first, so reading the cursor's steps on from it.
  const positions = step > 0 ? [step - 1, step] : [step];
  // A keyframe the recording worker sent is decoded on its first read (keyframeDecode.ts): done
  // here in a task of its own, apart from the copy a read starts from.
  for (const position of positions) void timeline.keyframeNear(position).state;
  await nextTask();
  if (!current()) return null;
  for (const position of positions) {
    for (;;) {
      const until = performance.now() + SLICE_MS;
      let there = false;
      while (!there && performance.now() < until) there = timeline.advanceReader(position, SLICE_STEPS);
      if (there) break;
      await nextTask();
      if (!current()) return null;
    }
    // The state there, snapshotted and frozen once in a task of its own; the views read it cached.
    await nextTask();
    if (!current()) return null;
    timeline.stateAt(position);
  }
  for (const group of groups) {
    await nextTask();
    if (!current()) return null;
    useAppStore.getState().setCursor(step, group);
  }
  await nextTask();
  if (!current()) return null;
  return { type: 'at', ms, step, stepMs: timeline.timeAt(step) };
}
