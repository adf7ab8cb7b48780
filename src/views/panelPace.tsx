/**
 * Which step a view shows. The job graph (and anything outside a PacedPanel) follows the cursor
 * every frame. The reading panels (narration and actions, subtask state, events, history and
 * storage) sit in PacedPanel groups: while playing fast, the playback loop moves one group per
 * frame to the cursor (the store's `pacedCursors`), so each frame renders, lays out and paints
 * the graph and one panel rather than all of them, and a panel lags by at most PANEL_GROUPS - 1
 * frames. A far seek in a big run lands the same way (timelineSlice.ts `land`); paused or
 * stepping, every group shows the cursor itself.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { EngineEvent, EngineState } from '../engine';
import { useAppStore, type AppStore } from '../store/appStore';
import { PANEL_GROUPS } from '../store/timelineSlice';

/** The panel groups, refreshed in this order while playing fast. */
export const PANEL = { side: 0, task: 1, events: 2, stage: 3 } as const;
export type PanelGroup = (typeof PANEL)[keyof typeof PANEL];

const GroupContext = createContext<PanelGroup | null>(null);

/** Views inside show the step of this panel group. */
export function PacedPanel({ group, children }: { group: PanelGroup; children: ReactNode }) {
  return <GroupContext.Provider value={group}>{children}</GroupContext.Provider>;
}

interface Selectors {
  cursor: (s: AppStore) => number;
  state: (s: AppStore) => EngineState;
  events: (s: AppStore) => readonly EngineEvent[];
}

function selectorsFor(position: (s: AppStore) => number): Selectors {
  return {
    cursor: position,
    state: (s) => s.timeline.stateAt(position(s)),
    events: (s) => s.timeline.eventsAt(position(s)),
  };
}

// Module-level selectors (one set per group), so subscriptions compare stable functions.
const LIVE = selectorsFor((s) => s.cursor);
const GROUPS: readonly Selectors[] = Array.from({ length: PANEL_GROUPS }, (_, g) =>
  selectorsFor((s) => s.pacedCursors?.[g] ?? s.cursor),
);

function useSelectors(): Selectors {
  const group = useContext(GroupContext);
  return group === null ? LIVE : GROUPS[group]!;
}

/** The position this view shows (the cursor, or its panel group's paced position). */
export function useViewCursor(): number {
  return useAppStore(useSelectors().cursor);
}

/** Engine state after the step this view shows. */
export function useViewState(): EngineState {
  return useAppStore(useSelectors().state);
}

/** Events of the step this view shows. */
export function useViewEvents(): readonly EngineEvent[] {
  return useAppStore(useSelectors().events);
}
