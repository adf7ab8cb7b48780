import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
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
]).then(
  () => {
    createRoot(root).render(
      <StrictMode>
        {isEmbedUrl(location.search) ? (
          <Suspense fallback={null}>
            <EmbedApp />
          </Suspense>
        ) : isCompareUrl(location.search) ? (
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
    console.error('Checkpoint Lab: the UI strings did not load', error);
    // No strings to say it with: this one line stays in both languages in the main bundle.
    root.textContent =
      'Checkpoint Lab could not load its texts. Check the connection and reload the page. / 界面文字加载失败，请检查网络后刷新页面。';
  },
);
