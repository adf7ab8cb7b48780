import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { jump, readStep } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang')) localStorage.setItem('checkpoint-lab.lang', 'en');
  });
  await page.goto('/');
});

test('a periodic checkpoint: barriers block channels, then it completes and its files appear in storage', async ({ page }) => {
  await jump(page, 'barrier', 3);
  await expect(page.getByTestId('events')).toContainText('barrier.');
  await expect(page.getByTestId('checkpoint-history')).toContainText('IN_PROGRESS');
  await jump(page, 'completed');
  await expect(page.getByTestId('events')).toContainText('checkpoint.completed');
  await expect(page.getByTestId('cp-row-1')).toContainText('COMPLETED');
  // Per keyed subtask: its SSTs (shared) and MANIFEST, CURRENT, OPTIONS and state meta (private); plus _metadata.
  const files = page.getByTestId('stored-file');
  expect(await files.count()).toBeGreaterThanOrEqual(11);
  await expect(page.getByTestId('storage-view')).toContainText('_metadata');
  await expect(page.getByTestId('storage-view')).toContainText('shared');
});

test('subsumed checkpoints have their files deleted, visibly', async ({ page }) => {
  await jump(page, 'deletion');
  await expect(page.getByTestId('deleted-file').first()).toBeVisible();
  await expect(page.getByTestId('deleted-file').first()).toContainText('subsumed');
  await expect(page.getByTestId('cp-row-1')).toContainText('SUBSUMED');
});

test('triggering a checkpoint at an earlier step branches the timeline', async ({ page }) => {
  await page.getByTestId('scrubber').fill('30');
  await page.getByTestId('trigger-checkpoint').click();
  await expect(page.getByTestId('branch-notice')).toBeVisible();
  expect(await readStep(page)).toBe(31);
  await expect(page.getByTestId('events')).toContainText('checkpoint.triggered');
  await jump(page, 'completed');
  await expect(page.getByTestId('cp-row-1')).toContainText('COMPLETED');
});

test('restore from the latest checkpoint at another parallelism rebuilds the job', async ({ page }) => {
  await jump(page, 'completed', 2);
  await page.getByTestId('actions-tab-restore').click();
  await page.getByTestId('restore-parallelism').selectOption('3');
  await page.getByTestId('restore-run').click();
  await expect(page.getByTestId('events')).toContainText('restore.started');
  // 9 subtasks restored (3 per vertex); the last one's step also has the job running again
  // (so › is disabled after it: there is no later restore).
  await jump(page, 'restore', 9);
  await expect(page.getByTestId('node-count#2')).toBeVisible();
  await expect(page.getByTestId('events')).toContainText('job.running');
  await expect(page.getByTestId('jump-next')).toBeDisabled();
});

test('clicking a shared file says why it is still alive, in the chosen language', async ({ page }) => {
  await jump(page, 'completed');
  const sst = page.getByTestId('stored-file').filter({ hasText: 'sst 1' }).first();
  await sst.click();
  const why = page.getByTestId('why-alive');
  await expect(why).toContainText('Created by checkpoint 1, last used by checkpoint 1');
  await expect(why).toContainText('unregisterUnusedState');
  await page.getByTestId('lang-zh').click();
  await expect(why).toContainText('由检查点 1 创建，最后被检查点 1 使用');
  await sst.click();
  await expect(why).toHaveCount(0);
});

test('the LSM view shows each SST with its key range by key group, inside the subtask’s key groups', async ({ page }) => {
  await jump(page, 'completed');
  await page.getByTestId('node-count#1').click();
  const ranges = page.getByTestId('lsm-view').getByTestId('sst-range');
  await expect(ranges.first()).toBeVisible();
  for (const text of await ranges.allInnerTexts()) {
    const m = /^kg (\d+)–(\d+)$/.exec(text.trim());
    expect(m, text).not.toBeNull();
    const [from, to] = [Number(m![1]), Number(m![2])];
    expect(from).toBeLessThanOrEqual(to);
    // count#1 of 2 owns key groups [64, 127] of 128.
    expect(from).toBeGreaterThanOrEqual(64);
    expect(to).toBeLessThanOrEqual(127);
  }
  await expect(page.getByTestId('sst').first()).toHaveAttribute('title', /keys .+ … .+ \(key groups \d+–\d+\)/);
});

test('at a compaction step the LSM view shows the inputs merging into the output', async ({ page }) => {
  const seed002 = readFileSync(new URL('../scenarios/seed002-refcount.json', import.meta.url), 'utf8');
  // beforeEach opened the app already: a new hash alone is not a new visit, so leave it first.
  await page.goto('about:blank');
  await page.goto(`/#scenario=${Buffer.from(seed002).toString('base64url')}`);
  await expect(page.getByTestId('scenario-title')).toContainText('Seed 002');
  await page.getByTestId('node-count#0').click();
  // After checkpoint 2 the scenario compacts SSTs 1, 2 and 3 (its `compact` action): step to it.
  await jump(page, 'completed', 2);
  const lsm = page.getByTestId('lsm-view');
  for (let i = 0; i < 40 && (await lsm.getByTestId('sst-merged').count()) === 0; i++)
    await page.getByTestId('step-forward').click();
  const mergedInputs = lsm.getByTestId('sst-merged');
  await expect(mergedInputs).toHaveCount(3);
  expect((await mergedInputs.locator('b').allInnerTexts()).sort()).toEqual(['1', '2', '3']);
  const output = lsm.getByTestId('sst').filter({ hasText: '(1,2,3)' });
  await expect(output).toHaveClass(/new/);
  const outNumber = (await output.locator('b').innerText()).trim();
  await expect(mergedInputs.first()).toContainText(`→ ${outNumber}`);
  // One step later the inputs are gone.
  await page.getByTestId('step-forward').click();
  await expect(lsm.getByTestId('sst-merged')).toHaveCount(0);
});

test('a native savepoint: the format is chosen on the action, and RocksDB files land in the savepoint directory', async ({ page }) => {
  await page.getByTestId('scrubber').fill('30');
  await page.getByTestId('savepoint-format').selectOption('native');
  await expect(page.getByTestId('savepoint-format-note')).toContainText('MANIFEST, CURRENT and OPTIONS');
  await page.getByTestId('trigger-savepoint').click();
  await expect(page.getByTestId('events')).toContainText('checkpoint.triggered');
  await jump(page, 'completed');
  const storage = page.getByTestId('storage-view');
  await expect(storage).toContainText('savepoints/');
  // RocksNativeFullSnapshotStrategy / NO_SHARING: the savepoint's own SSTs, not references into shared/.
  const saved = page.locator('.dir').filter({ hasText: 'savepoints/' }).getByTestId('stored-file').filter({ hasText: 'sst' });
  expect(await saved.count()).toBeGreaterThan(0);
});
