/**
 * What the keyboard reaches besides playback: the jump kind chosen in the control bar ("next event
 * of this kind", `[` / `]`), the stage tab shown (`1`–`5`), the glossary and, in presenter mode, the
 * actions panel. They live in the store rather than in their components so the document-level
 * shortcuts (app/useKeyboardShortcuts.ts) act on the same choice the controls show.
 */
import type { StateCreator } from 'zustand';
import type { AppStore } from './appStore';
import type { JumpKind } from './eventJumps';
import { detectChoice, rememberChoice } from '../views/presenter/stagePanelPreference';

export const STAGE_TAB_IDS = ['checkpoints', 'timeline', 'charts', 'registry', 'restore'] as const;
export type StageTabId = (typeof STAGE_TAB_IDS)[number];

export interface NavigationSlice {
  jumpKind: JumpKind;
  setJumpKind: (kind: JumpKind) => void;
  /** The stage tab the user chose (shown when the recording offers it; else the history). */
  stageTab: StageTabId;
  setStageTab: (tab: StageTabId) => void;
  /** The tabs the stage offers now, in order (the Restore tab only once a restore was recorded). */
  stageTabsShown: readonly StageTabId[];
  setStageTabsShown: (tabs: readonly StageTabId[]) => void;
  /** The glossary dialog: closed (null), or open at an entry (its id) or at its list (''). */
  glossaryEntry: string | null;
  openGlossary: (entry?: string) => void;
  closeGlossary: () => void;
  /** Presenter mode shows the actions panel (faults, savepoint, restore) in the stage. */
  presenterActions: boolean;
  setPresenterActions: (on: boolean) => void;
}

export const createNavigationSlice: StateCreator<AppStore, [], [], NavigationSlice> = (set) => ({
  jumpKind: 'checkpoint',
  setJumpKind: (jumpKind) => set({ jumpKind }),
  stageTab: 'checkpoints',
  setStageTab: (stageTab) => set({ stageTab }),
  stageTabsShown: STAGE_TAB_IDS.filter((id) => id !== 'restore'),
  setStageTabsShown: (stageTabsShown) => set({ stageTabsShown }),
  glossaryEntry: null,
  openGlossary: (entry = '') => set({ glossaryEntry: entry, helpOpen: false }),
  closeGlossary: () => set({ glossaryEntry: null }),
  presenterActions: detectChoice('presenterActions'),
  setPresenterActions: (presenterActions) => {
    rememberChoice('presenterActions', presenterActions);
    set({ presenterActions });
  },
});
