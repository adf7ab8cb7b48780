/**
 * The restores of the recording in the store, found once per recording (memoByRevision), and
 * each restore's plan, worked out once from the engine state right after its `restore.started`
 * step (the job then holds the `_metadata` it read back and the new topology). That state comes
 * from `Timeline.seek`, a fresh simulation, so the views' reader at the cursor is not disturbed.
 */
import type { Timeline } from '../../engine';
import { memoByRevision, useDerived } from '../charts/memoByRevision';
import { useAppStore } from '../../store/appStore';
import { selectContentKey } from '../../store/selectors';
import { restorePlan, type RestorePlan } from './restorePlan';
import { runIndex } from '../../store/runIndex';
import { addRestoreStep, copySpans, emptyRestoreScan, type RestoreSpan } from './restoreSpans';

/**
 * Scanned incrementally (runIndex): while a big run streams in, this was rebuilt from step 1 on
 * every store update, measured the largest script share of the page's long tasks while recording.
 */
export const restoreSpansDerived = memoByRevision((timeline: Timeline) =>
  copySpans(runIndex(timeline, 'restoreSpans', emptyRestoreScan, addRestoreStep).spans),
);

/** The plan of the restore that started at `startPos`, or null if its metadata was not read. */
export function planAt(timeline: Timeline, startPos: number): RestorePlan | null {
  const state = timeline.seek(startPos).state;
  const meta = state.job.restoring?.metadata;
  if (!meta) return null;
  return restorePlan(meta, state.job.topology, (path) => state.storage.files[path]?.bytes ?? null);
}

let planCache: {
  timeline: Timeline;
  revision: number;
  plans: Map<number, RestorePlan | null>;
} | null = null;

function cachedPlan(timeline: Timeline, revision: number, startPos: number): RestorePlan | null {
  if (!planCache || planCache.timeline !== timeline || planCache.revision !== revision)
    planCache = { timeline, revision, plans: new Map() };
  if (!planCache.plans.has(startPos)) planCache.plans.set(startPos, planAt(timeline, startPos));
  return planCache.plans.get(startPos)!;
}

export function useRestoreSpans(): RestoreSpan[] {
  return useDerived(restoreSpansDerived);
}

/** The plan of `span` (null for a restore refused before it started). */
export function useRestorePlan(span: RestoreSpan | null): RestorePlan | null {
  const timeline = useAppStore((s) => s.timeline);
  const revision = useAppStore(selectContentKey);
  if (!span || !span.started) return null;
  return cachedPlan(timeline, revision, span.startPos);
}
