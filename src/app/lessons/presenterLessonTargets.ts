/**
 * Presenter mode gives the stage the whole width and has no side column: the subtask panel shows
 * only when enlarged, the event list and the actions panel not at all. A lesson stop that
 * highlights one of them would point at nothing, so while such a stop is open the stage shows the
 * panel it names (without changing the presenter's own choices, which return at the next stop).
 */
import type { HighlightTarget } from '../../lessons/lessonSchema';
import type { AppStore } from '../../store/appStore';
import { lessonById } from './lessonCatalog';

type Needs = Pick<AppStore, 'presenter' | 'lesson'>;

/** True when presenter mode is on and the open lesson stop highlights one of `targets`. */
function stopHighlights(s: Needs, targets: readonly HighlightTarget[]): boolean {
  if (!s.presenter || !s.lesson) return false;
  const stop = lessonById(s.lesson.id)?.stops[s.lesson.stop];
  return stop !== undefined && stop.highlight.some((h) => targets.includes(h));
}

/** The subtask panel (its state table, LSM tree and DSTL tape) must be in the stage. */
export const selectLessonNeedsTask = (s: Needs): boolean => stopHighlights(s, ['task-state', 'changelog']);
/** The event list must be in the stage. */
export const selectLessonNeedsEvents = (s: Needs): boolean => stopHighlights(s, ['events']);
/** The actions panel must be in the stage. */
export const selectLessonNeedsActions = (s: Needs): boolean => stopHighlights(s, ['actions']);
/** Remote storage must stay in the stage even beside a panel that usually takes its place. */
export const selectLessonNeedsStorage = (s: Needs): boolean => stopHighlights(s, ['storage']);
