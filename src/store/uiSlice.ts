/** Interface preferences and overlays. The language and presenter mode are remembered across visits. */
import type { StateCreator } from 'zustand';
import type { AppStore } from './appStore';
import { detectLanguage, rememberLanguage, type Lang } from '../i18n/language';
import { loadLanguage } from '../i18n/catalog';
import { fontsForText } from '../app/fonts/loadFonts';
import { headerText } from '../views/header/headerText';
import { detectPresenter, rememberPresenter } from '../views/presenter/presenterPreference';
import { detectChoice, rememberChoice } from '../views/presenter/stagePanelPreference';

export interface UiSlice {
  /** The language shown; its strings are loaded (src/main.tsx loads the first one before rendering). */
  lang: Lang;
  /** The language the last switch could not load (its chunk did not download), until a switch succeeds. */
  langLoadFailed: Lang | null;
  helpOpen: boolean;
  /** Presenter mode: large type, side panels hidden, the stage across the whole width. */
  presenter: boolean;
  /** The subtask whose internals the side panel shows (`<operator>#<index>`), or null. */
  selectedTask: string | null;
  selectTask: (task: string | null) => void;
  /** The subtask panel shown large in the stage (in place of remote storage), in both layouts. */
  taskInStage: boolean;
  setTaskInStage: (on: boolean) => void;
  /** Presenter mode shows the narration's full explanation under its headline. */
  presenterWhy: boolean;
  setPresenterWhy: (on: boolean) => void;
  /**
   * Loads the language's strings and the glyphs of the header's text in it, then shows and
   * remembers it. Until then the UI stays in the old language (a few ms; the glyphs wait at most
   * 1.5 s), and stays there if the strings do not load (`langLoadFailed` says so). The glyphs
   * first: drawn in a fallback and then in the arriving face, the header's buttons moved.
   */
  setLang: (lang: Lang) => Promise<void>;
  setHelpOpen: (open: boolean) => void;
  setPresenter: (on: boolean) => void;
  togglePresenter: () => void;
}

/** Counts language switches, so that only the latest click takes effect when loads overlap. */
let langRequest = 0;

export const createUiSlice: StateCreator<AppStore, [], [], UiSlice> = (set, get) => ({
  lang: detectLanguage(),
  langLoadFailed: null,
  helpOpen: false,
  presenter: detectPresenter(),
  selectedTask: 'count#0',
  selectTask: (selectedTask) => set({ selectedTask }),
  taskInStage: detectChoice('taskInStage'),
  setTaskInStage: (taskInStage) => {
    rememberChoice('taskInStage', taskInStage);
    set({ taskInStage });
  },
  presenterWhy: detectChoice('presenterWhy'),
  setPresenterWhy: (presenterWhy) => {
    rememberChoice('presenterWhy', presenterWhy);
    set({ presenterWhy });
  },
  setLang: async (lang) => {
    const request = ++langRequest;
    try {
      await loadLanguage(lang);
    } catch (error) {
      console.error(`Checkpoint Lab: the '${lang}' strings did not load`, error);
      if (request === langRequest) set({ langLoadFailed: lang });
      return;
    }
    // A later click chose another language while this one was loading: that one wins.
    if (request !== langRequest) return;
    await fontsForText(lang, headerText(lang, get().scenario.title));
    if (request !== langRequest) return;
    rememberLanguage(lang);
    set({ lang, langLoadFailed: null });
  },
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setPresenter: (presenter) => {
    rememberPresenter(presenter);
    set({ presenter });
  },
  togglePresenter: () => get().setPresenter(!get().presenter),
});
