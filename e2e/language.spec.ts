// The UI strings load per language (src/i18n/catalog.ts): a visitor downloads only the language
// shown, a switch loads the new language before showing it, and a failed load keeps the old one.
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

/** The language chunks the page requested so far (built as languagePackEn-… / languagePackZh-…). */
function watchLanguageChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (r) => {
    const m = /languagePack(En|Zh)-[^/]*\.js$/.exec(r.url());
    if (m) chunks.push(m[1]!.toLowerCase());
  });
  return chunks;
}

test('an English visitor downloads only the English strings until switching; the switch is remembered', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang'))
      localStorage.setItem('checkpoint-lab.lang', 'en');
  });
  const errors = watchErrors(page);
  const chunks = watchLanguageChunks(page);
  await page.goto('/');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
  expect(chunks).toEqual(['en']);

  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', '播放');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(chunks).toEqual(['en', 'zh']);

  chunks.length = 0;
  await page.reload();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', '播放');
  await expect(page.getByTestId('lang-zh')).toHaveAttribute('aria-pressed', 'true');
  expect(chunks).toEqual(['zh']);
  expect(errors).toEqual([]);
});

test('a visitor whose browser speaks Chinese starts in Chinese without the English strings', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  const chunks = watchLanguageChunks(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('检查点');
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('events')).toContainText('作业启动');
  expect(chunks).toEqual(['zh']);
  await context.close();
});

test('a language that fails to load leaves the UI in the old language and says so', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('checkpoint-lab.lang', 'en'));
  await page.goto('/');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');

  await page.route(/languagePackZh-[^/]*\.js$/, (route) => route.abort());
  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('lang-error')).toContainText('中文 did not load');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('lang-en')).toHaveAttribute('aria-pressed', 'true');
  // The app keeps working in English.
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('events')).toContainText('Job started');

  // Once the chunk can be fetched again, choosing the language again works.
  await page.unroute(/languagePackZh-[^/]*\.js$/);
  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', '播放');
  await expect(page.getByTestId('lang-error')).toHaveCount(0);
});
