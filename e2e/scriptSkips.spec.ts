// Issue 14, bug 2: in seed 002, Faults → Fail (now) at step 30 restores checkpoint 2's SSTs; the
// script's later `compact 4, 6, 7` names an SST the restored database does not have. It is
// skipped with a visible, explained step (RocksDB's CompactFiles would refuse it), and the run
// goes on to its end (checkpoint 4) with nothing in the console.
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, readStep, recorded, storageReady, watchErrors } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

async function findHeadline(page: Page, text: RegExp, max = 200): Promise<number> {
  await page.keyboard.press('End');
  for (let i = 0; i < max; i++) {
    if (text.test(await page.getByTestId('narration-headline').innerText())) return readStep(page);
    await page.keyboard.press('ArrowLeft');
  }
  throw new Error(`no step narrates ${text}`);
}

test('a scripted compaction that no longer applies after a failure is skipped, visibly, and the run goes on', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await storageReady(page);
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example-seed002-refcount').click();
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
  // The example's run streams in from the worker: jumps stop at what has arrived.
  await recorded(page);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  expect(await readStep(page)).toBe(30);
  await page.getByTestId('actions-tab-faults').click();
  await page.getByTestId('fault-task').selectOption('count#0');
  await page.getByTestId('fault-phase').selectOption('now');
  await page.getByTestId('fault-fail').click();
  await expect.poll(() => readStep(page)).toBe(31);

  // The run reaches checkpoint 4 (triggered at 1200 ms) instead of stopping at 1050 ms. The rest
  // of the run after the failure streams in from the worker: End goes to what has arrived.
  await recorded(page);
  await page.keyboard.press('End');
  await expect(page.getByTestId('cp-row-4')).toContainText('COMPLETED');
  const endMs = Number(/t = (\d+)/.exec(await page.getByTestId('time-readout').innerText())![1]);
  expect(endMs).toBeGreaterThan(1200);
  await expect(page.getByTestId('recording-error')).toHaveCount(0);

  // The skipped action has its own step, narrated with the reason.
  await findHeadline(page, /no longer applies/);
  await expect(page.getByTestId('narration-headline')).toHaveText('The script’s action “compact count#0 files 4, 6, 7” no longer applies here and is skipped.');
  await expect(page.getByTestId('narration-why')).toContainText('holds SSTs 4, 5, 6, not 7');
  await expect(page.getByTestId('events')).toContainText('script.skipped');
  expect(errors).toEqual([]);
});
