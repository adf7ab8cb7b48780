/**
 * The changelog history index of the recording in the store, built once per revision (the
 * Timeline object is extended in place on a branch, so its identity alone is not enough) and
 * kept at module scope so that selecting another subtask does not index again.
 */
import type { Timeline } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectContentKey } from '../../store/selectors';
import { indexChangelogHistory, type ChangelogHistoryIndex } from './changelogHistory';

let last: { timeline: Timeline; revision: number; index: ChangelogHistoryIndex } | null = null;

function indexOf(timeline: Timeline, revision: number): ChangelogHistoryIndex {
  if (last && last.timeline === timeline && last.revision === revision) return last.index;
  const index = indexChangelogHistory(timeline.records());
  last = { timeline, revision, index };
  return index;
}

export function useChangelogHistory(): ChangelogHistoryIndex {
  const timeline = useAppStore((s) => s.timeline);
  const revision = useAppStore(selectContentKey);
  return indexOf(timeline, revision);
}
