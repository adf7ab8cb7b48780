/** Interface preferences and overlays. The language is remembered across visits. */
import type { StateCreator } from 'zustand';
import type { AppStore } from './appStore';
import { detectLanguage, rememberLanguage, type Lang } from '../i18n/language';

export interface UiSlice {
  lang: Lang;
  helpOpen: boolean;
  /** The subtask whose internals the side panel shows (`<operator>#<index>`), or null. */
  selectedTask: string | null;
  selectTask: (task: string | null) => void;
  setLang: (lang: Lang) => void;
  setHelpOpen: (open: boolean) => void;
}

export const createUiSlice: StateCreator<AppStore, [], [], UiSlice> = (set) => ({
  lang: detectLanguage(),
  helpOpen: false,
  selectedTask: 'count#0',
  selectTask: (selectedTask) => set({ selectedTask }),
  setLang: (lang) => {
    rememberLanguage(lang);
    set({ lang });
  },
  setHelpOpen: (helpOpen) => set({ helpOpen }),
});
