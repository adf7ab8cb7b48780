/**
 * Issue 14: shortcuts for the next / previous event of the kind chosen in the jump box (`]` / `[`)
 * and for the stage tabs (`1`–`5`), working after any control was used, and listed in the keyboard
 * help in English and Chinese.
 */
import { expect, test } from '@playwright/test';
import { englishByDefault, readStep, storageReady } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

test('] and [ jump by the chosen event kind, also while the jump box or the scrubber has the focus', async ({ page }) => {
  await page.goto('/');
  await storageReady(page);
  const select = page.getByTestId('jump-kind');
  await select.selectOption('completed');
  await select.focus(); // as after choosing with the mouse
  // Where › would go: the step its tooltip names.
  const firstTitle = (await page.getByTestId('jump-next').getAttribute('title'))!;
  const first = Number(/(\d+)\D*$/.exec(firstTitle)![1]);
  await page.keyboard.press(']');
  expect(await readStep(page)).toBe(first);
  await expect(page.getByTestId('events')).toContainText('checkpoint.completed');
  await expect(select).toHaveValue('completed');
  await page.keyboard.press(']');
  const second = await readStep(page);
  expect(second).toBeGreaterThan(first);
  await expect(page.getByTestId('events')).toContainText('checkpoint.completed');
  // From the scrubber too (a range input keeps ← → Home End, not [ ]).
  await page.getByTestId('scrubber').focus();
  await page.keyboard.press('[');
  expect(await readStep(page)).toBe(first);
  // Another kind: the shortcut follows the box.
  await select.selectOption('upload');
  await page.keyboard.press('Home');
  await page.keyboard.press(']');
  await expect(page.getByTestId('events')).toContainText('file.uploaded');
  expect(await readStep(page)).toBeLessThan(first);
});

test('1–5 show the stage tabs in their order, after a tab or the jump box was used', async ({ page }) => {
  await page.goto('/');
  await storageReady(page);
  await page.getByTestId('tab-timeline').click();
  await page.keyboard.press('3');
  await expect(page.getByTestId('tab-charts')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('jump-kind').selectOption('barrier');
  await page.getByTestId('jump-kind').focus();
  await page.keyboard.press('4');
  await expect(page.getByTestId('tab-registry')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('jump-kind')).toHaveValue('barrier');
  await page.keyboard.press('1');
  await expect(page.getByTestId('tab-checkpoints')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('2');
  await expect(page.getByTestId('tab-timeline')).toHaveAttribute('aria-selected', 'true');
  // No restore in this recording: there is no fifth tab, and 5 leaves the tab as it is.
  await page.keyboard.press('5');
  await expect(page.getByTestId('tab-timeline')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('tab-restore')).toHaveCount(0);
});

for (const [lang, jumpText, tabsText] of [
  ['en', 'Previous / next event of the kind chosen in the jump box', 'Show the stage tab in that place'],
  ['zh', '跳到跳转框所选类型的上一个 / 下一个事件', '显示舞台中该位置的标签页'],
] as const) {
  test(`the keyboard help lists the new shortcuts (${lang})`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('checkpoint-lab.lang', l), lang);
    await page.goto('/');
    await storageReady(page);
    await page.keyboard.press('?');
    const help = page.getByTestId('help');
    await expect(help.locator('tr', { hasText: '[ / ]' })).toContainText(jumpText);
    await expect(help.locator('tr', { hasText: '1 – 5' })).toContainText(tabsText);
  });
}
