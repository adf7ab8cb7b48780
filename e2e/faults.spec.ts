import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, jump, readStep, recorded, watchErrors } from './helpers';

test.beforeEach(async ({ page, context }) => {
  await englishByDefault(context);
  await page.goto('/');
});

const headline = (page: Page) => page.getByTestId('narration-headline');

test('a task failure injected from the panel fails the job over, and the job runs again with its state restored', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await jump(page, 'completed'); // checkpoint 1 is complete
  const at = await readStep(page);
  await page.getByTestId('actions-tab-faults').click();
  await page.getByTestId('fault-task').selectOption('count#0');
  await page.getByTestId('fault-phase').selectOption('now');
  await page.getByTestId('fault-fail').click();

  // The failover is visible: the narration tells it, the event list has it, and it happened at the cursor.
  await expect.poll(() => readStep(page)).toBe(at + 1);
  await expect(page.getByTestId('branch-notice')).toBeVisible();
  await expect(headline(page)).toHaveText('The job fails: count#0 failed (injected).');
  await expect(page.getByTestId('narration-why')).toContainText('restarts from checkpoint 1');
  await expect(page.getByTestId('events')).toContainText('job.failed');
  await expect(page.getByTestId('events')).toContainText('restore.started');

  // "Next" leads to the job running again, from checkpoint 1, with count#0's state back.
  await expect(page.getByTestId('narration-next')).toContainText('the job runs again');
  await page.getByTestId('narration-jump').click();
  await expect(headline(page)).toHaveText('The job runs again (restart 1) from checkpoint 1.');
  await expect(page.getByTestId('events')).toContainText('job.running');
  await page.getByTestId('node-count#0').click();
  expect(await page.getByTestId('state-table').locator('tbody tr').count()).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('a fault armed for the next checkpoint shows as armed, then fails the job at that phase', async ({
  page,
}) => {
  await page.getByTestId('scrubber').fill('20');
  await page.getByTestId('actions-tab-faults').click();
  await page.getByTestId('fault-task').selectOption('count#1');
  await page.getByTestId('fault-phase').selectOption('sync');
  await page.getByTestId('fault-fail').click();
  await expect(headline(page)).toHaveText(
    'Fault armed: count#1 will fail in the synchronous part of its next checkpoint.',
  );
  await expect(page.getByTestId('fault-armed')).toContainText(
    'count#1 fails (next checkpoint: sync phase)',
  );
  await page.getByTestId('narration-jump').click();
  await expect(headline(page)).toHaveText(
    'The job fails: count#1 failed in the synchronous part of checkpoint 1 (injected).',
  );
  await expect(page.getByTestId('fault-armed')).toContainText('No fault armed');
});

test('failing uploads and a decline are applied and narrated', async ({ page }) => {
  await page.getByTestId('scrubber').fill('20');
  await page.getByTestId('actions-tab-faults').click();
  await page.getByTestId('fault-upload-count').fill('2');
  await page.getByTestId('fault-upload-task').selectOption('count#0');
  await page.getByTestId('fault-fail-uploads').click();
  await expect(headline(page)).toHaveText(
    'Fault armed: the next 2 upload(s) of count#0 will fail.',
  );
  await expect(page.getByTestId('fault-armed')).toContainText('next 2 upload(s) of count#0 fail');
  await page.getByTestId('fault-task').selectOption('count#1');
  await page.getByTestId('fault-decline').click();
  await expect(headline(page)).toHaveText('Fault armed: count#1 will decline the next checkpoint.');
  await page.getByTestId('narration-jump').click();
  await expect(page.getByTestId('events')).toContainText('checkpoint.declined');
});

test('slow storage is applied at the cursor and said so', async ({ page }) => {
  await page.getByTestId('scrubber').fill('5');
  await page.getByTestId('actions-tab-faults').click();
  await page.getByTestId('fault-slow-factor').selectOption('50');
  await page.getByTestId('fault-slow-storage').click();
  await expect(page.getByTestId('events')).toContainText('storage.slowed');
  await expect(page.getByTestId('events')).toContainText('50× slower');
});

test('restoring an older retained checkpoint at another parallelism rebuilds the job graph at that parallelism', async ({
  page,
}) => {
  await jump(page, 'completed', 3); // checkpoints 2 and 3 are retained (num-retained = 2)
  await page.getByTestId('actions-tab-restore').click();
  const target = page.getByTestId('restore-target');
  await expect(target.locator('option')).toHaveText(['checkpoint 3 (latest)', 'checkpoint 2']);
  await target.selectOption('2');
  await page.getByTestId('restore-parallelism').selectOption('3');
  await page.getByTestId('restore-run').click();
  await expect(headline(page)).toHaveText(
    /^Restoring from checkpoint 2: the running job is cancelled and chk-2\/_metadata is read back\.$/,
  );
  await expect(page.getByTestId('narration-why')).toContainText('Parallelism 2 → 3');
  await page.getByTestId('narration-jump').click();
  await expect(headline(page)).toHaveText('The job runs again (restart 1) from checkpoint 2.');
  await expect(page.getByTestId('node-count#2')).toBeVisible();
  await expect(page.getByTestId('node-source#2')).toBeVisible();
  await expect(page.getByTestId('node-sink#2')).toBeVisible();
  await expect(page.getByTestId('job-svg')).toContainText('count · ValueState · p=3');
  await expect(page.getByTestId('restore-parallelism')).toHaveValue('3');
});

test('the restore and backend actions that do not apply are disabled, with the reason', async ({
  page,
}) => {
  await page.getByTestId('actions-tab-restore').click();
  const run = page.getByTestId('restore-run');
  await expect(run).toBeDisabled();
  await expect(run).toHaveAttribute('title', 'No retained checkpoint or savepoint at this step');
  await expect(run).toHaveAccessibleDescription('No retained checkpoint or savepoint at this step');
  await run.click({ force: true });
  expect(await readStep(page)).toBe(0);
  await page.getByTestId('actions-tab-checkpoints').click();
  // The default job runs RocksDB without the changelog: no materialization.
  await expect(page.getByTestId('action-materialize')).toBeDisabled();
  await expect(page.getByTestId('action-materialize')).toHaveAccessibleDescription(
    /changelog state backend/,
  );
  await expect(page.getByTestId('action-compact')).toHaveAccessibleDescription(
    'count#0 has no SST file yet: flush first',
  );
});

test('a flush and a compaction of chosen SST files, at the cursor', async ({ page }) => {
  // The run streams in from the worker: the scrubber reaches step 300 once it is recorded.
  await recorded(page);
  await page.getByTestId('scrubber').fill('300');
  await page.getByTestId('backend-task').selectOption('count#0');
  await page.getByTestId('action-flush').click();
  await expect(headline(page)).toContainText('count#0 flushes a memtable');
  await page.getByTestId('action-compact').click();
  const boxes = page.getByTestId('compact-picker').locator('input[type=checkbox]');
  expect(await boxes.count()).toBeGreaterThanOrEqual(2);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByTestId('compact-run').click();
  await expect(headline(page)).toContainText('Compaction at count#0 is done');
  await expect(page.getByTestId('narration')).toContainText('your action');
});

test('acting after stepping back branches the timeline and says so; acting at the end does not', async ({
  page,
}) => {
  // The end is the end of the whole run once it has streamed in from the worker.
  await recorded(page);
  await page.getByTestId('jump-end').click();
  await page.getByTestId('inject-record').click();
  await expect(headline(page)).toHaveText('You append k0=100 to the log of partition p0.');
  await expect(page.getByTestId('branch-notice')).toBeHidden();
  await page.getByTestId('step-back').click();
  await page.getByTestId('step-back').click();
  const at = await readStep(page);
  await page.getByTestId('inject-record').click();
  await expect(page.getByTestId('branch-notice')).toBeVisible();
  await expect(page.getByTestId('branch-notice')).toContainText('were discarded and re-run');
  await expect.poll(() => readStep(page)).toBe(at + 1);
  await expect(headline(page)).toHaveText('You append k0=100 to the log of partition p0.');
  await expect(page.getByTestId('narration')).toContainText('your action');
});

test('the panel works with the keyboard alone, without triggering the global shortcuts', async ({
  page,
}) => {
  // The default run streams in from the worker: the scrubber reaches step 100 once it has arrived.
  await recorded(page);
  await page.getByTestId('scrubber').fill('100');
  const speed = await page.getByTestId('speed-value').innerText();
  const focusVisible = () =>
    page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle !== 'none');

  // Focus the panel's tab strip; arrows move between the groups, not the timeline.
  await page.getByTestId('actions-tab-checkpoints').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('actions-tab-faults')).toBeFocused();
  await expect(page.getByTestId('actions-tab-faults')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByTestId('actions-tab-restore')).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  expect(await readStep(page)).toBe(100);
  expect(await focusVisible()).toBe(true);

  // Into the Faults group: choose the task and the phase with arrow keys inside the selects.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('fault-task')).toBeFocused();
  await page.keyboard.press('ArrowDown'); // count#0 → count#1
  await expect(page.getByTestId('fault-task')).toHaveValue('count#1');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('fault-phase')).toBeFocused();
  await page.keyboard.press('ArrowDown'); // now → next checkpoint: sync phase
  await expect(page.getByTestId('fault-phase')).toHaveValue('sync');
  expect(await readStep(page)).toBe(100);

  // Typing in the count field: digits, minus and plus stay in the field (no speed change, no step).
  await page.getByTestId('fault-upload-count').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await page.keyboard.press('-');
  await page.keyboard.press('+');
  await expect(page.getByTestId('speed-value')).toHaveText(speed);
  expect(await readStep(page)).toBe(100);

  // Back to the Fail button and press Enter: the fault is armed at step 101.
  await page.getByTestId('fault-phase').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('fault-fail')).toBeFocused();
  expect(await focusVisible()).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => readStep(page)).toBe(101);
  await expect(headline(page)).toHaveText(
    'Fault armed: count#1 will fail in the synchronous part of its next checkpoint.',
  );
  await expect(page.getByTestId('branch-notice')).toBeVisible();

  // The compaction picker: Space ticks a checkbox and does not start playback.
  await page.getByTestId('actions-tab-checkpoints').focus();
  await page.keyboard.press('Home');
  await page.getByTestId('scrubber').fill('300');
  await page.getByTestId('action-compact').focus();
  await page.keyboard.press('Enter');
  const first = page.getByTestId('compact-picker').locator('input[type=checkbox]').first();
  // Past Materialize (disabled but focusable, so its reason can be read) to the first SST.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('action-materialize')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
});
