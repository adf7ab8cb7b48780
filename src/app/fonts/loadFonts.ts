/**
 * Loading the shipped fonts (latinFonts.ts, cjkFonts.ts) so that the first render already uses
 * them: text measured for layout (views/job/measureText.ts) and every picture then come out the
 * same on any machine. Never blocks the app for long: a font that has not arrived after
 * FIRST_RENDER_WAIT_MS is swapped in when it does (font-display: swap).
 */
import type { Lang } from '../../i18n/language';

const FIRST_RENDER_WAIT_MS = 1500;

let cjk: Promise<unknown> | undefined;

/** The Chinese faces' CSS (a chunk of its own); loaded once. */
export function loadCjkFonts(): Promise<unknown> {
  cjk ??= import('./cjkFonts').catch((error: unknown) => {
    cjk = undefined;
    console.warn('Checkpoint Lab: the Chinese font did not load; the system font stands in', error);
  });
  return cjk;
}

/**
 * Resolves when the faces the first render needs are loaded, or after FIRST_RENDER_WAIT_MS:
 * the Latin faces of every weight the UI uses, and for Chinese the CJK faces' CSS (its glyph
 * files load per subset as text appears).
 */
export function fontsForFirstRender(lang: Lang): Promise<void> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  const latin = fonts
    ? ['400 1em Inter', '600 1em Inter', '700 1em Inter', '400 1em "JetBrains Mono"', '700 1em "JetBrains Mono"'].map((f) => fonts.load(f))
    : [];
  const all = Promise.all([...latin, lang === 'zh' ? loadCjkFonts() : null]).then(
    () => undefined,
    () => undefined,
  );
  return atMostFirstRenderWait(all);
}

/**
 * Resolves when the glyphs of `text` are loaded, or after FIRST_RENDER_WAIT_MS. In Chinese these
 * are the Noto Sans SC subsets its characters fall in, each weight's (600 text takes the 700
 * face): a browser otherwise fetches a subset only once its characters are drawn, and the text
 * is laid out twice, in a fallback and then in the face (the header's buttons moved: see
 * views/header/headerText.ts). English text is in the Latin faces, loaded before the first render.
 */
export function fontsForText(lang: Lang, text: { regular: string; bold: string }): Promise<void> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (lang !== 'zh' || !fonts) return Promise.resolve();
  return cjkGlyphs(fonts, text);
}

/**
 * Symbols the simulator's views draw (arrows, the ✓ of a completed checkpoint, ★, ⋯, ≥) that the
 * Latin faces lack: the browser takes them from Noto Sans SC's subsets, whatever the language.
 */
export const VIEW_SYMBOLS = { regular: '←→★⋯≥', bold: '✓' } as const;

/**
 * Resolves when the Noto Sans SC subsets of VIEW_SYMBOLS are loaded, or after
 * FIRST_RENDER_WAIT_MS. Fetched only once the symbols are drawn, each subset arriving later would
 * lay the whole document out again: in a comparison column's frame (EmbedApp, ~3,000 layout
 * objects) that was a rendering task of 20–30 ms per subset, several per frame, on the page's
 * shared main thread (issue 18 §6).
 */
export function fontsForSymbols(): Promise<void> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts) return Promise.resolve();
  return cjkGlyphs(fonts, VIEW_SYMBOLS);
}

/** The Noto Sans SC subsets `text` needs, regular and bold, loaded (a failed load resolves too), or FIRST_RENDER_WAIT_MS passed. */
function cjkGlyphs(fonts: FontFaceSet, text: { regular: string; bold: string }): Promise<void> {
  const all = loadCjkFonts()
    .then(() => Promise.all([fonts.load('400 1em "Noto Sans SC"', text.regular), fonts.load('700 1em "Noto Sans SC"', text.bold)]))
    .then(
      () => undefined,
      () => undefined,
    );
  return atMostFirstRenderWait(all);
}

function atMostFirstRenderWait(loading: Promise<void>): Promise<void> {
  return Promise.race([loading, new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
}
