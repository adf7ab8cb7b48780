/** Interface preferences and overlays. The language and presenter mode are remembered across visits. */
import type { StateCreator } from 'zustand';
import type { AppStore } from './appStore';
import { detectLanguage, rememberLanguage, type Lang } from '../i18n/language';
import { detectPresenter, rememberPresenter } from '../views/presenter/presenterPreference';

export interface UiSlice {
  lang: Lang;
  helpOpen: boolean;
  /** Presenter mode: large type, side panels hidden, the stage across the whole width. */
  presenter: boolean;
  /** The subtask whose internals the side panel shows (`<operator>#<index>`), or null. */
  selectedTask: string | null;
  selectTask: (task: string | null) => void;
  setLang: (lang: Lang) => void;
  setHelpOpen: (open: boolean) => void;
  setPresenter: (on: boolean) => void;
  togglePresenter: () => void;
}

export const createUiSlice: StateCreator<AppStore, [], [], UiSlice> = (set, get) => ({
  lang: detectLanguage(),
  helpOpen: false,
  presenter: detectPresenter(),
  selectedTask: 'count#0',
  selectTask: (selectedTask) => set({ selectedTask }),
  setLang: (lang) => {
    rememberLanguage(lang);
    set({ lang });
  },
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setPresenter: (presenter) => {
    rememberPresenter(presenter);
    set({ presenter });
  },
  togglePresenter: () => get().setPresenter(!get().presenter),
});
