/**
 * Start-up dialogs have one order: after a reload during a lesson, the "restore the job from your
 * previous session?" offer comes first, and the lesson picker (which a lesson link that cannot
 * open asks for) only once the offer is answered, never both modal dialogs at once.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

const FRESH = { storageState: { cookies: [], origins: [] } };

test('a reload during a lesson shows only the restore offer; after it is answered the lesson picker behaves as before', async ({ browser }) => {
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/?lesson=failed-checkpoint-files&stop=1');
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '1');
  // Stop 2's run completed checkpoint 1: the saved session retains it.
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '2');
  await page.waitForTimeout(300);
  // Reloaded on a lesson link that cannot open at start-up (as a lesson of one's own did while
  // the catalog was still loading): that asks for the picker, and the storage asks its question.
  await page.goto('/?lesson=no-such-lesson&stop=1');
  const offer = page.getByTestId('restore-offer');
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('lesson-picker')).toHaveCount(0);
  // Still only the offer a moment later (the lesson link has been tried by then).
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('lesson-picker')).toHaveCount(0);
  await expect(page.getByTestId('offer-restore')).toBeFocused();
  await page.getByTestId('offer-fresh').click();
  await expect(offer).toBeHidden();
  // Then the picker the start-up asked for, and it works as before: the free simulator closes it.
  await expect(page.getByTestId('lesson-picker')).toBeVisible();
  await page.getByTestId('picker-simulator').click();
  await expect(page.getByTestId('lesson-picker')).toHaveCount(0);
  await expect(page.getByTestId('restore-offer')).toHaveCount(0);
  expect(errors.filter((e) => !e.includes('no-such-lesson'))).toEqual([]);
  await context.close();
});
