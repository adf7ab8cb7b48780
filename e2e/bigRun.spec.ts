// Issue 17: a large configuration records in the Web Worker while the page stays responsive. The
// run streams in (progress with simulated time, steps/s and what is left), the recorded part can
// be stepped and scrubbed meanwhile, cancel keeps what is recorded or goes back to the previous
// run, and the main thread never has a task over 50 ms (PerformanceObserver 'longtask').
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, readStep, storageReady, watchErrors } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

type LongTaskWindow = Window & { __longTasks: number[] };

const stepTotal = async (page: Page) => Number(/of\s+(\d+)/.exec(await page.getByTestId('step-readout').innerText())?.[1]);
const longTasks = (page: Page) => page.evaluate(() => (window as unknown as LongTaskWindow).__longTasks.slice());
const resetLongTasks = (page: Page) => page.evaluate(() => void ((window as unknown as LongTaskWindow).__longTasks.length = 0));

async function applyLarge(page: Page, untilMs: string): Promise<void> {
  await page.getByTestId('config-button').click();
  await page.getByTestId('cfg-field-job.parallelism').fill('8');
  await page.getByTestId('cfg-field-job.source.keys').fill('10000');
  await page.getByTestId('cfg-field-job.source.ratePerSec').fill('400');
  await page.getByTestId('cfg-field-untilMs').fill(untilMs);
  await page.getByTestId('cfg-apply').click();
  await expect(page.getByTestId('cfg-apply-note')).toContainText('Applied: the run is being recorded from step 0');
  await page.keyboard.press('Escape');
}

// Not yet passing (worker branch, 05:55 UTC): the run streams and the progress shows, but after a
// step the page's thread still has long tasks of 100–500 ms per chunk (a keyframe clone and views
// that rescan the whole run), and the second step waits behind them. Un-fixme when that is fixed.
test.fixme('a large run streams in with progress; step and scrub while it records, keep or go back; no long task', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    const w = window as unknown as LongTaskWindow;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/');
  await storageReady(page);
  const defaultTotal = await stepTotal(page);
  await resetLongTasks(page);

  await applyLarge(page, '60000');
  const progress = page.getByTestId('recording-progress');
  await expect(progress).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('recording-figures')).toContainText(/t = \d+ of 60000 ms simulated · \d+ steps\/s/);

  // Step and scrub what is already recorded while the rest records.
  const grown = await stepTotal(page);
  expect(grown).toBeGreaterThan(0);
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  expect(await readStep(page)).toBe(2);
  const scrubber = page.getByTestId('scrubber');
  const box = (await scrubber.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  expect(await readStep(page)).toBeGreaterThan(2);
  await expect.poll(() => stepTotal(page)).toBeGreaterThan(grown);
  await expect(progress).toBeVisible();

  // Keep what is recorded: the run ends there, and says so.
  await page.getByTestId('recording-keep').click();
  await expect(progress).toBeHidden();
  await expect(page.getByTestId('recording-stopped')).toContainText('Recording stopped by you at t =');
  const kept = await stepTotal(page);
  await page.waitForTimeout(500);
  expect(await stepTotal(page)).toBe(kept);
  expect(kept).toBeGreaterThan(grown);

  // Apply again, then go back to the run kept before.
  await applyLarge(page, '90000');
  await expect(progress).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('recording-revert').click();
  await expect(progress).toBeHidden();
  expect(await stepTotal(page)).toBe(kept);
  expect(kept).not.toBe(defaultTotal);

  const tasks = await longTasks(page);
  console.log(`long tasks while recording: ${tasks.length}, longest ${Math.max(0, ...tasks).toFixed(0)} ms`);
  expect(tasks.filter((d) => d > 50)).toEqual([]);
  expect(errors).toEqual([]);
});
