// Issue 17 §3, summary mode: a run over the full-detail budget but within the summary one is
// accepted and recorded in summary. The dialog's estimate says so (and what it leaves out) as you
// edit, the event list of the run says so where the records would be, and the run records in the
// worker, steps and plays. Parallelism 1 at 1,000 records/s for 75 s: ~227,000 steps (over the
// 200,000 of full detail) that record in a few seconds.
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, readStep, recorded, storageReady, watchErrors } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

const stepTotal = async (page: Page) => Number(/of\s+(\d+)/.exec(await page.getByTestId('step-readout').innerText())?.[1]);

/** The event list folds by default on a short screen (720 px): unfold it. */
async function openEventList(page: Page): Promise<void> {
  if (await page.getByTestId('event-list').evaluate((el) => el.classList.contains('collapsed'))) await page.getByTestId('events-toggle').click();
}

async function editToSummary(page: Page): Promise<void> {
  await page.getByTestId('config-button').click();
  await page.getByTestId('cfg-field-job.parallelism').fill('1');
  await page.getByTestId('cfg-field-job.source.ratePerSec').fill('1000');
  await page.getByTestId('cfg-field-untilMs').fill('75000');
}

test('a run over the full-detail budget is recorded in summary: the dialog and the event list say so; it steps and plays', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/');
  await storageReady(page);

  await editToSummary(page);
  const estimate = page.getByTestId('cfg-estimate');
  await expect(estimate).toHaveAttribute('data-detail', 'summary');
  await expect(estimate).toContainText('recorded in summary');
  await expect(estimate).toContainText('Recorded in summary: too big to keep every record’s events');
  await expect(estimate).toContainText('State, checkpoints and files are exact');
  await page.getByTestId('cfg-apply').click();
  await expect(page.getByTestId('cfg-apply-note')).toContainText('Applied');
  await page.keyboard.press('Escape');
  await openEventList(page);

  // The event list says the run is summarized; a step that moves records shows its summary event.
  const note = page.getByTestId('events-summary-note');
  await expect(note).toBeVisible();
  await expect(note).toContainText('recorded in summary');
  // Records to the end in the worker (past the 200,000 steps a full-detail run may have).
  // (The progress bar shows only after a second: wait on the recording itself, not on the bar.)
  await recorded(page, 150_000);
  expect(await stepTotal(page)).toBeGreaterThan(200_000);
  const events = page.getByTestId('events');
  // At step 0 there is no list yet (a note on how to begin): read it only where it is.
  const listed = async () => ((await events.count()) > 0 ? await events.innerText() : '');
  for (let i = 0; i < 12 && !(await listed()).includes('records.summarized'); i++) {
    await page.getByTestId('step-forward').click();
  }
  await expect(events).toContainText('records.summarized');
  await expect(events).toContainText("[summary: the records' own events are counted, not kept]");
  await expect(events).not.toContainText('source.emitted');

  // It plays.
  const before = await readStep(page);
  await page.getByTestId('play').click();
  await expect.poll(() => readStep(page), { timeout: 10_000 }).toBeGreaterThan(before + 5);
  await page.getByTestId('play').click();
  await expect(note).toBeVisible();
  expect(errors).toEqual([]);
});

test('in Chinese the estimate and the event list say the run is summarized', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('checkpoint-lab.lang', 'zh'));
  await page.goto('/');
  await storageReady(page);
  await editToSummary(page);
  await expect(page.getByTestId('cfg-estimate')).toContainText('以摘要方式录制');
  await expect(page.getByTestId('cfg-estimate')).toContainText('状态、检查点和文件完全精确');
  await page.getByTestId('cfg-apply').click();
  await page.keyboard.press('Escape');
  await openEventList(page);
  await expect(page.getByTestId('events-summary-note')).toContainText('这次运行以摘要方式录制');
});
