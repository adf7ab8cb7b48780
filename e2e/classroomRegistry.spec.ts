/**
 * Issue 14: the Registry table of seed 002 at checkpoint 4 (names like `sst 5 (1,2,3)`) fits its
 * panel at 1280 px with every header whole, in English and Chinese; in presenter mode its file,
 * count and range cells grow with the labels.
 */
import { expect, test, type Page } from '@playwright/test';
import { gotoCheckpointCompleted, pickExample, startClassroom } from './helpers';

async function open(page: Page, lang: 'en' | 'zh', presenter: boolean, w: number, h: number) {
  await startClassroom(page, lang, presenter, w, h);
  await pickExample(page, 'seed002-refcount');
  // Checkpoint 4 completes: sst 5 (1,2,3) and sst 8 (4,6,7) are live.
  await gotoCheckpointCompleted(page, 4);
  await page.getByTestId('tab-registry').click();
  await expect(page.getByTestId('registry-table')).toContainText('(1,2,3)');
}

for (const lang of ['en', 'zh'] as const) {
  test(`at 1280×720 (${lang}) the registry table fits its panel, every header whole`, async ({ page }) => {
    await open(page, lang, false, 1280, 720);
    const cut = await page.getByTestId('registry-table').evaluate((el) => {
      const panel = el.closest('.panel')!.getBoundingClientRect();
      const out: string[] = [];
      for (const th of el.querySelectorAll('th')) {
        const r = th.getBoundingClientRect();
        if (r.right > panel.right - 1 || th.scrollWidth > th.clientWidth + 1 || r.height > 40)
          out.push(th.textContent!);
      }
      for (const td of el.querySelectorAll('tbody tr:first-child td'))
        if (td.getBoundingClientRect().right > panel.right - 1) out.push(td.textContent!);
      return out;
    });
    expect(cut).toEqual([]);
  });
}

test('in presenter mode at 1920×1080 the registry cells grow with the labels', async ({ page }) => {
  await open(page, 'en', true, 1920, 1080);
  const sizes = await page.getByTestId('registry-table').evaluate((el) => {
    const px = (e: Element | null) => (e ? parseFloat(getComputedStyle(e).fontSize) : 0);
    const row = el.querySelector('tbody tr')!;
    return {
      file: px(row.querySelector('td .mono')),
      count: px(row.querySelectorAll('td')[2]!),
      range: px(row.querySelectorAll('td')[3]!),
      path: px(row.querySelectorAll('td')[1]!),
    };
  });
  expect(sizes.file).toBeGreaterThanOrEqual(17 * 1.5 - 0.5);
  expect(sizes.count).toBeGreaterThanOrEqual(17 * 1.5 - 0.5);
  expect(sizes.range).toBeGreaterThanOrEqual(17 * 1.5 - 0.5);
  expect(sizes.path).toBeGreaterThanOrEqual(15 * 1.5 - 0.5);
});
