// Restore modes and cancellation from the actions panel: a new job in CLAIM mode, then a cancel
// that leaves only "new job" modes; screenshots of the restore group in English and Chinese.
import { expect, test } from '@playwright/test';
import { englishByDefault, jump, screenshotAndMeasure, watchErrors } from './helpers';

test.beforeEach(async ({ context }) => {
  await englishByDefault(context);
});

test('submitting a new job in CLAIM mode, then cancelling it, from the restore group', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await jump(page, 'completed', 2);
  await page.getByTestId('actions-tab-restore').click();
  await page.getByTestId('restore-mode').selectOption('CLAIM');
  await expect(page.getByTestId('restore-mode-note')).toContainText('new JobID');
  await expect(page.getByTestId('restore-run')).toHaveText('Submit new job');
  await screenshotAndMeasure(page, 'restore-modes-en');
  await page.getByTestId('restore-run').click();
  await expect(page.getByTestId('events')).toContainText('job.submitted');
  await page.getByTestId('actions-tab-restore').click();
  await page.getByTestId('cancel-job').click();
  await expect(page.getByTestId('events')).toContainText('job.canceled');
  await page.getByTestId('actions-tab-restore').click();
  await expect(page.getByTestId('restore-mode').locator('option')).toHaveText([
    'new job: CLAIM',
    'new job: NO_CLAIM (default)',
    'new job: LEGACY (deprecated)',
  ]);
  await expect(page.getByTestId('cancel-job')).toBeDisabled();
  await page.getByTestId('lang-zh').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByTestId('actions-tab-restore').click();
  await screenshotAndMeasure(page, 'restore-modes-zh');
  expect(errors).toEqual([]);
});

test('the changelog job refuses a new job in NO_CLAIM mode, with the reason', async ({ page }) => {
  await page.goto('/');
  await jump(page, 'completed');
  await page.getByTestId('actions-tab-restore').click();
  await page.getByTestId('restore-changelog').selectOption('on');
  await page.getByTestId('restore-mode').selectOption('NO_CLAIM');
  await expect(page.getByTestId('restore-run')).toHaveAccessibleDescription(/does not support NO_CLAIM/);
});
