import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage } from './i18n/catalog';
import { useAppStore } from './store/appStore';
import { fontsForFirstRender, loadCjkFonts } from './app/fonts/loadFonts';
import './app/fonts/latinFonts';
import './app/app.css';
import { isCompareUrl } from './app/compare/compareLink';
import { isEmbedUrl } from './app/embed/embedLink';

/**
 * Each page is a chunk of its own, loaded beside the strings and fonts: the simulator never loads
 * the comparison page (`?compare=…`), and neither the comparison page nor its embed frames (the
 * simulator's views of one run, `?embed=1`, one per column) parse and evaluate the simulator's
 * App (lessons validated at load, panels, persistence): that was 30–45 ms of the shared main
 * thread in one task per frame (issue 18 §6).
 */
function pageView(): Promise<ComponentType> {
  if (isEmbedUrl(location.search)) return import('./views/embed/EmbedApp').then((m) => m.EmbedApp);
  if (isCompareUrl(location.search)) return import('./views/compare/CompareApp').then((m) => m.CompareApp);
  return import('./app/App').then((m) => m.App);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// The strings are a lazy chunk per language (i18n/catalog.ts): load the starting language
// (remembered, else the browser's) before the first render, so that no view ever renders without
// them; the shipped fonts too, so the first render is measured and drawn in them (app/fonts/).
const lang = useAppStore.getState().lang;
Promise.all([pageView(), loadLanguage(lang), fontsForFirstRender(lang)]).then(
  ([View]) => {
    createRoot(root).render(
      <StrictMode>
        <View />
      </StrictMode>,
    );
    // The Chinese faces' CSS, if the first render did not need it: the language button "中文".
    void loadCjkFonts();
  },
  (error: unknown) => {
    console.error('Checkpoint Lab: the UI strings or the page did not load', error);
    // No strings to say it with: this one line stays in both languages in the main bundle.
    root.textContent =
      'Checkpoint Lab could not load its texts. Check the connection and reload the page. / 界面文字加载失败，请检查网络后刷新页面。';
  },
);
