/**
 * What a person sees does not depend on the machine's fonts: every Latin and Chinese character
 * on the page is drawn by a font the app ships (src/app/fonts/), none by a system font, in both
 * languages; the font files come from the app's own origin, one unicode-range subset at a time.
 * Chromium says which font drew a node's text (DevTools' CSS.getPlatformFontsForNode).
 */
import { expect, test, type Page } from '@playwright/test';
import { recorded, watchErrors } from './helpers';

interface Drawn {
  text: string;
  fonts: { familyName: string; isCustomFont: boolean; glyphCount: number }[];
}

/** For every element with text of its own, the fonts Chromium drew its text (subtree included) with. */
async function fontsOfEveryText(page: Page): Promise<Drawn[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent!).join('').trim();
      const box = el.getBoundingClientRect();
      if (own !== '' && box.width > 0 && box.height > 0) {
        el.setAttribute('data-font-probe', '');
        // Chromium reports the fonts of the element's whole subtree.
        out.push(el.textContent!);
      }
    }
    return out;
  });
  expect(texts.length).toBeGreaterThan(50);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  // In document order, as the page's own querySelectorAll above.
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-font-probe]' });
  expect(nodeIds).toHaveLength(texts.length);
  const fonts = await Promise.all(nodeIds.map((nodeId) => cdp.send('CSS.getPlatformFontsForNode', { nodeId })));
  await cdp.detach();
  return fonts.map((f, i) => ({ text: texts[i]!, fonts: f.fonts }));
}

/** Latin letters, digits and Chinese characters: what must never come from a system font. */
const LATIN_OR_CJK = /[\p{Script=Latin}\p{Script=Han}0-9]/u;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: every Latin and Chinese character is drawn by a shipped font, loaded from the app itself`, async ({ page, baseURL }) => {
    const errors = watchErrors(page);
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fontRequests.push(r.url());
    });
    await page.addInitScript((l) => localStorage.setItem('checkpoint-lab.lang', l), lang);
    await page.goto('/');
    // The run streams in from the worker: the scrubber reaches a step once it is recorded.
    await recorded(page);
    await page.getByTestId('scrubber').fill('600');
    // The page must hold still while its nodes are measured: the sink verdict's reference run
    // records in a worker of its own and re-renders the history panel when it arrives.
    await expect(page.getByTestId('checkpoint-history')).not.toContainText(lang === 'en' ? 'being recorded in the background' : '正在后台录制');
    await page.evaluate(() => document.fonts.ready);
    const drawn = await fontsOfEveryText(page);
    const system = drawn.filter((d) => d.fonts.some((f) => !f.isCustomFont));
    // A system font may stand in only for symbols none of the shipped fonts has (⚙ ⊞ …): never
    // for more glyphs of a text than it has characters other than letters, digits and Han.
    for (const d of system) {
      const others = [...d.text].filter((c) => c.trim() !== '' && !LATIN_OR_CJK.test(c)).length;
      const bySystem = d.fonts.filter((f) => !f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
      expect(bySystem, `"${d.text}" drawn by ${JSON.stringify(d.fonts)}`).toBeLessThanOrEqual(others);
    }
    // The files' own names, such as "Inter SemiBold" or "Noto Sans SC Thin" for a subset file.
    const families = [...new Set(drawn.flatMap((d) => d.fonts.filter((f) => f.isCustomFont).map((f) => f.familyName)))];
    for (const shipped of ['Inter', 'JetBrains Mono', ...(lang === 'zh' ? ['Noto Sans SC'] : [])])
      expect(families.some((f) => f.startsWith(shipped)), `${shipped} among ${families.join(', ')}`).toBe(true);
    // Own origin, woff2, and only some subsets (not every file the build ships).
    expect(fontRequests.length).toBeGreaterThan(0);
    for (const url of fontRequests) {
      expect(url.startsWith(`${baseURL}/`), url).toBe(true);
      expect(url).toMatch(/\.woff2$/);
    }
    expect(fontRequests.length).toBeLessThan(60);
    expect(errors).toEqual([]);
  });
}
