import { lazy, StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage } from './i18n/catalog';
import { useAppStore } from './store/appStore';
import { fontsForFirstRender, fontsForText, loadCjkFonts } from './app/fonts/loadFonts';
import { headerText } from './views/header/headerText';
import './app/fonts/latinFonts';
import './app/app.css';
import { isCompareUrl } from './app/compare/compareLink';
import { isEmbedUrl } from './app/embed/embedLink';

// The comparison page (`?compare=…`) is its own chunk: the simulator never loads it.
const CompareApp = lazy(() => import('./views/compare/CompareApp').then((m) => ({ default: m.CompareApp })));
// The simulator's views of one run, embedded in a comparison column (`?embed=1`): also its own chunk.
const EmbedApp = lazy(() => import('./views/embed/EmbedApp').then((m) => ({ default: m.EmbedApp })));
// The simulator is a chunk of its own as well, which only its page loads, and it loads together
// with the strings (no later than they do). The comparison page and its frames never load it: every
// column's frame is the app again, and the second load of a script makes Chromium produce its code
// cache, the whole static module tree in one main-thread task (30–35 ms of CPU with the simulator in
// it, issue 18 §6). With the simulator split off, a frame's tree is the entry and React; the
// embedded views come as EmbedApp's own tree, whose cache is produced in a task of its own.
const embedded = isEmbedUrl(location.search);
const comparing = !embedded && isCompareUrl(location.search);
const simulator: Promise<ComponentType | null> = embedded || comparing ? Promise.resolve(null) : import('./app/App').then((m) => m.App);

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// The strings are a lazy chunk per language (i18n/catalog.ts): load the starting language
// (remembered, else the browser's) before the first render, so that no view ever renders without
// them; the shipped fonts too, so the first render is measured and drawn in them (app/fonts/),
// with the glyphs of the header's text (in Chinese they load by subset, views/header/headerText.ts).
const { lang, scenario } = useAppStore.getState();
Promise.all([
  loadLanguage(lang).then(() => fontsForText(lang, headerText(lang, scenario.title))),
  fontsForFirstRender(lang),
  simulator,
]).then(
  ([, , App]) => {
    createRoot(root).render(
      <StrictMode>
        {embedded ? (
          <Suspense fallback={null}>
            <EmbedApp />
          </Suspense>
        ) : comparing || !App ? (
          <Suspense fallback={null}>
            <CompareApp />
          </Suspense>
        ) : (
          <App />
        )}
      </StrictMode>,
    );
    // The Chinese faces' CSS, if the first render did not need it: the language button "中文".
    void loadCjkFonts();
  },
  (error: unknown) => {
    console.error('Checkpoint Lab: the UI strings or the simulator did not load', error);
    // No strings to say it with: this one line stays in both languages in the main bundle.
    root.textContent =
      'Checkpoint Lab could not load its texts. Check the connection and reload the page. / 界面文字加载失败，请检查网络后刷新页面。';
  },
);
