// Issue 17 §3: the configuration dialog shows the run's estimated size and time as you edit; a
// run over the budget is refused up front with the estimate and what to change, and nothing of
// the current run is lost (same steps, same step shown, same title).
import { expect, test } from '@playwright/test';
import { englishByDefault, readStep, storageReady } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

test('the estimate follows the edits; a run too big is refused and the current run stays', async ({ page }) => {
  await page.goto('/');
  await storageReady(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const step = await readStep(page);
  const readout = await page.getByTestId('step-readout').innerText();
  const title = await page.getByTestId('scenario-title').innerText();

  await page.getByTestId('config-button').click();
  const estimate = page.getByTestId('cfg-estimate');
  await expect(estimate).toContainText('Estimated run');
  const small = await estimate.innerText();
  await page.getByTestId('cfg-field-untilMs').fill('16000');
  await expect(estimate).not.toHaveText(small);
  await expect(estimate).toContainText('Estimated run');

  // Parallelism 16 at 2,000 records/s per source for 500 s: millions of steps.
  await page.getByTestId('cfg-field-job.parallelism').fill('16');
  await page.getByTestId('cfg-field-job.source.ratePerSec').fill('2000');
  await page.getByTestId('cfg-field-untilMs').fill('500000');
  await expect(estimate).toContainText('Apply will refuse it');
  await expect(estimate).toContainText('at most');
  await page.getByTestId('cfg-apply').click();
  const note = page.getByTestId('cfg-apply-note');
  await expect(note).toContainText('Too big to record');
  await expect(note).toContainText('Record a shorter run');
  await page.getByTestId('config-close').click();

  expect(await readStep(page)).toBe(step);
  await expect(page.getByTestId('step-readout')).toHaveText(readout);
  await expect(page.getByTestId('scenario-title')).toHaveText(title);
});

test('in Chinese the estimate and the refusal are Chinese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('checkpoint-lab.lang', 'zh'));
  await page.goto('/');
  await storageReady(page);
  await page.getByTestId('config-button').click();
  await expect(page.getByTestId('cfg-estimate')).toContainText('预计运行');
  await page.getByTestId('cfg-field-job.parallelism').fill('16');
  // Over the summary budget too (parallelism 16 alone for 500 s is recorded in summary).
  await page.getByTestId('cfg-field-job.source.ratePerSec').fill('2000');
  await page.getByTestId('cfg-field-untilMs').fill('500000');
  await expect(page.getByTestId('cfg-estimate')).toContainText('应用时会被拒绝');
  await page.getByTestId('cfg-apply').click();
  await expect(page.getByTestId('cfg-apply-note')).toContainText('运行过大');
});
