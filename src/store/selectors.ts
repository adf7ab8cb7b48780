/** Selectors at module scope, so components subscribe to exactly what they read. */
import type { EngineEvent, EngineState } from '../engine';
import type { AppStore } from './appStore';

export const selectCursor = (s: AppStore): number => s.cursor;
export const selectLength = (s: AppStore): number => s.timeline.length;
export const selectPlaying = (s: AppStore): boolean => s.playing;
export const selectSpeed = (s: AppStore): number => s.speed;
export const selectLang = (s: AppStore) => s.lang;
export const selectHelpOpen = (s: AppStore): boolean => s.helpOpen;
export const selectPresenter = (s: AppStore): boolean => s.presenter;
export const selectTaskInStage = (s: AppStore): boolean => s.taskInStage;
export const selectPresenterWhy = (s: AppStore): boolean => s.presenterWhy;
export const selectLastBranch = (s: AppStore) => s.lastBranch;

/** Events of the step at the cursor (the recorded array, stable between renders). */
export const selectEventsAtCursor = (s: AppStore): readonly EngineEvent[] => s.timeline.eventsAt(s.cursor);

/** Simulated time at the cursor. */
export const selectTimeAtCursor = (s: AppStore): number => s.timeline.timeAt(s.cursor);

/** Engine state after the cursor's step (frozen; cached by the timeline for recent positions). */
export const selectStateAtCursor = (s: AppStore): EngineState => s.timeline.stateAt(s.cursor);

export const selectEndTime = (s: AppStore): number => s.timeline.timeAt(s.timeline.length);
export const selectSelectedTask = (s: AppStore): string | null => s.selectedTask;

/**
 * Changes whenever the recording's contents do: re-recorded or branched (`revision`), or grown by
 * a chunk streaming in from the recording worker (`recorded`). Memos of whole-run data key on it.
 */
export const selectContentKey = (s: AppStore): number => s.revision * 2 ** 32 + s.recorded;
