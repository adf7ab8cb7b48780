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

/** Moves the cursor to the last step at or before `ms` (the shared time); the answer for the page. */
export function seekEmbeddedRun(ms: number): Extract<FromEmbed, { type: 'at' }> {
  const s = useAppStore.getState();
  s.setPlaying(false);
  const step = s.timeline.lastPositionAtOrBefore(ms);
  s.setCursor(step);
  return { type: 'at', ms, step, stepMs: s.timeline.timeAt(step) };
}
