// Views at scale (issue 17 §4): the biggest run the page records (parallelism 16, 100,000 keys,
// 150 checkpoints, 20 retained: ~135,000 steps, ~1,900 files in storage) loaded from its file as a
// teacher would. At its end no view renders thousands of DOM nodes, the windowed lists still reach
// their last row by scrolling, and a subtask's state finds a key by search.
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CheckpointLabHook } from '../src/app/checkpointLabHook';
import { englishByDefault, loadScenarioFile, screenshotAndMeasure, watchErrors } from './helpers';

type LabWindow = Window & { __checkpointLab: CheckpointLabHook };
const SCENARIO = readFileSync('scenarios/views-at-scale.json');
/** No view may render more than this many elements at once. */
const MAX_NODES = 1_500;

test.describe.configure({ timeout: 240_000 });
test.beforeEach(({ context }) => englishByDefault(context));

async function loadBigRun(page: Page): Promise<void> {
  await loadScenarioFile(page, 'views-at-scale.json', SCENARIO, 240_000);
  await page.getByTestId('jump-end').click();
  await expect(page.getByTestId('step-forward')).toBeDisabled();
}

const nodesIn = (page: Page, testId: string) =>
  page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)!.querySelectorAll('*').length, testId);

/** Scrolls the panel that scrolls `inside` to its end, until the windowed list has settled there. */
async function scrollToEnd(inside: Locator): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await inside.evaluate(async (el) => {
      let p: HTMLElement | null = el as HTMLElement;
      while (p && !['auto', 'scroll'].includes(getComputedStyle(p).overflowY)) p = p.parentElement;
      p!.scrollTop = p!.scrollHeight;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
  }
}

test('a p=16, 150-checkpoint run: every view stays under the node bound, long lists scroll to their end, a key is found by search', async ({ page }) => {
  const errors = watchErrors(page);
  await loadBigRun(page);
  const files = await page.evaluate(() => (window as unknown as LabWindow).__checkpointLab.modelFiles());
  expect(files.length).toBeGreaterThan(500);

  // Job graph, subtask state, storage and the history tab, as the page opens.
  for (const id of ['job-frame', 'task-state', 'storage-view', 'checkpoint-history', 'event-list'])
    expect(await nodesIn(page, id), id).toBeLessThan(MAX_NODES);
  expect(await page.getByTestId('stored-file').count()).toBeLessThan(200);

  // Storage: the oldest retained checkpoint's directory is the last group; scrolling reaches it.
  const chkDirs = [...new Set(files.map((f) => /\/chk-(\d+)\//.exec(f.path)?.[1]).filter(Boolean))].map(Number);
  const oldest = `chk-${Math.min(...chkDirs)}/`;
  const storage = page.getByTestId('storage-view');
  await expect(storage).not.toContainText(oldest);
  await scrollToEnd(storage.locator('ul').first());
  await expect(storage).toContainText(oldest);
  expect(await nodesIn(page, 'storage-view')).toBeLessThan(MAX_NODES);

  // Checkpoint history, newest first: checkpoint 1 is the last row.
  await expect(page.getByTestId('cp-row-150')).toBeVisible();
  await expect(page.getByTestId('cp-row-1')).toHaveCount(0);
  await scrollToEnd(page.locator('[data-testid="checkpoint-history"] table'));
  await expect(page.getByTestId('cp-row-1')).toBeVisible();

  // Registry: ~600 shared files; the table's last row (no spacer after it) is reached.
  await page.getByTestId('tab-registry').click();
  const registryRows = page.getByTestId('registry-row');
  await expect(registryRows.first()).toBeVisible();
  expect(await nodesIn(page, 'registry-table')).toBeLessThan(MAX_NODES);
  const lastRow = page.locator('[data-testid="registry-table"] tbody tr:last-child');
  await expect(lastRow).toHaveClass(/spacer-row/);
  await scrollToEnd(page.locator('[data-testid="registry-table"] table'));
  await expect(lastRow).toHaveAttribute('data-testid', 'registry-row');
  await expect(lastRow).toBeInViewport();
  expect(Number(await lastRow.getAttribute('data-index'))).toBeGreaterThan(500);

  // Timeline and charts with 150 checkpoints.
  for (const [tab, id] of [['timeline', 'checkpoint-timeline'], ['charts', 'charts-panel']] as const) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId(id)).toBeVisible();
    expect(await nodesIn(page, id), id).toBeLessThan(MAX_NODES);
  }

  // Subtask state: summarized by key group, a key found by search.
  const keyed = await page.evaluate(() => (window as unknown as LabWindow).__checkpointLab.keyedState()['count#0']!);
  expect(keyed.length).toBeGreaterThan(200);
  await expect(page.getByTestId('state-kg-summary').getByRole('button')).toHaveCount(1 + new Set(keyed.map((e) => e.keyGroup)).size);
  const wanted = keyed[keyed.length - 1]!;
  await expect(page.getByTestId('state-table')).not.toContainText(String(wanted.key));
  await page.getByTestId('state-search').fill(String(wanted.key));
  const firstRow = page.locator('[data-testid="state-table"] tbody tr').first();
  await expect(firstRow).toContainText(String(wanted.key));
  await expect(firstRow).toContainText(String(wanted.value));
  await expect(page.getByTestId('state-matches')).toContainText(`of ${keyed.length} entries`);
  // A key group keeps only its entries.
  await page.getByTestId('state-search').fill('');
  const kg = wanted.keyGroup;
  await page.getByTestId('state-kg-summary').getByRole('button', { name: new RegExp(`^${kg} `) }).click();
  const inGroup = keyed.filter((e) => e.keyGroup === kg).length;
  await expect(page.getByTestId('state-matches')).toHaveText(`${inGroup} of ${keyed.length} entries`);
  expect(await nodesIn(page, 'task-state')).toBeLessThan(MAX_NODES);

  expect((await screenshotAndMeasure(page, 'views-at-scale-en')).colors).toBeGreaterThan(20);
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByTestId('state-matches')).toContainText(`${keyed.length} 条中的 ${inGroup} 条`);
  expect((await screenshotAndMeasure(page, 'views-at-scale-zh')).colors).toBeGreaterThan(20);
  expect(errors).toEqual([]);
});

// 500 checkpoints (parallelism 2, one every 60 ms): the timeline and the charts draw their bars as
// a few paths (denseBars.ts) instead of an element and a hit area per bar; hovering still names the
// checkpoint under the pointer, and the keyboard still moves from bar to bar.
const CP500 = JSON.stringify({
  format: 'checkpoint-lab/scenario@1',
  title: '500 checkpoints',
  seed: 5,
  job: { parallelism: 2, source: { kind: 'generator', keys: 200, ratePerSec: 20 } },
  stateBackend: { type: 'rocksdb', incremental: true },
  checkpointing: { intervalMs: 60 },
  untilMs: 32_800,
});

test('500 checkpoints: the timeline and the charts stay under the node bound and still inspect a checkpoint', async ({ page }) => {
  const errors = watchErrors(page);
  await loadScenarioFile(page, 'cp500.json', Buffer.from(CP500), 180_000);
  await page.getByTestId('jump-end').click();
  await expect(page.getByTestId('step-forward')).toBeDisabled();
  // The history's first row is the newest checkpoint.
  const newest = await page.locator('[data-testid="checkpoint-history"] tbody tr.clickable').first().getAttribute('data-testid');
  expect(Number(newest!.replace('cp-row-', ''))).toBeGreaterThan(480);

  await page.getByTestId('tab-timeline').click();
  await expect(page.getByTestId('gantt-bars-dense')).toBeVisible();
  expect(await nodesIn(page, 'checkpoint-timeline')).toBeLessThan(MAX_NODES / 3);
  // The keyboard moves a ring over the bars: the row's label names the focused checkpoint.
  const row = page.getByTestId('gantt-bars-dense');
  await row.focus();
  const before = await row.getAttribute('aria-label');
  await page.keyboard.press('ArrowLeft');
  await expect(row).not.toHaveAttribute('aria-label', before!);
  await expect(row).toHaveAttribute('aria-label', /Checkpoint \d+/);

  await page.getByTestId('tab-charts').click();
  await expect(page.getByTestId('charts-panel')).toBeVisible();
  expect(await nodesIn(page, 'charts-panel')).toBeLessThan(MAX_NODES / 3);
  await expect(page.locator('[data-testid="checkpoint-bar-group"]')).toHaveCount(0);
  // Hovering the middle of a chart's plot shows the tooltip of the checkpoint there.
  const hit = page.getByTestId('chart-dense-hit').first();
  const box = (await hit.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('chart-tooltip').first()).toContainText(/Checkpoint (2[0-9]{2})/);
  expect(errors).toEqual([]);
});
