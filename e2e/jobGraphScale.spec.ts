/**
 * Issue 17 §4: the job graph at parallelism 16 stays readable at 1280×720. Each column shows its
 * first 7 subtasks and one group node for the other 9 (with what they do together); clicking the
 * group shows the column's subtasks one by one, a toggle shows or groups them all, and a hidden
 * subtask can be picked from the list above the graph.
 */
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, watchErrors } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

const SCENARIO = {
  format: 'checkpoint-lab/scenario@1',
  title: 'Parallelism 16',
  seed: 17,
  job: { parallelism: 16, source: { kind: 'generator', keys: 1000, ratePerSec: 125 }, operators: [{ name: 'count', state: 'value' }] },
  stateBackend: { type: 'rocksdb', incremental: true },
  checkpointing: { intervalMs: 1000 },
  untilMs: 2500,
};
const link = `/#scenario=${Buffer.from(JSON.stringify(SCENARIO)).toString('base64url')}`;

async function open(page: Page): Promise<void> {
  await page.goto(link);
  await page.getByTestId('share-link-dismiss').click();
  await expect(page.getByTestId('group-count')).toBeAttached();
}

const nodesIn = (page: Page, testId: string) =>
  page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)!.querySelectorAll('*').length, testId);

test('parallelism 16: 7 subtasks and a group of 9 per column, expand by clicking, show all and group again', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  for (const v of ['source', 'count', 'sink']) {
    await expect(page.getByTestId(`group-${v}`)).toHaveAttribute('data-members', '9');
    await expect(page.getByTestId(`node-${v}#6`)).toBeAttached();
    await expect(page.getByTestId(`node-${v}#7`)).toHaveCount(0);
  }
  await expect(page.getByTestId('group-count')).toContainText('count#7–15');
  await expect(page.getByTestId('group-count')).toContainText('+9 more');
  await expect(page.getByTestId('grouped-channels')).toBeAttached();
  const grouped = await nodesIn(page, 'job-frame');
  await page.getByTestId('job-frame').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await page.screenshot({ path: 'reports/screenshots/job-p16-grouped-1280x720.png' });

  // Clicking a group shows its column whole; the other columns stay grouped.
  await page.getByTestId('group-count').click();
  await expect(page.getByTestId('node-count#15')).toBeAttached();
  await expect(page.getByTestId('group-count')).toHaveCount(0);
  await expect(page.getByTestId('group-source')).toBeAttached();
  expect(await nodesIn(page, 'job-frame')).toBeGreaterThan(grouped);

  // Show all, then group again.
  await page.getByTestId('job-group-toggle').click();
  await expect(page.getByTestId('node-sink#15')).toBeAttached();
  await expect(page.locator('[data-testid^="group-"]')).toHaveCount(0);
  await expect(page.getByTestId('job-group-pick')).toHaveCount(0);
  await page.getByTestId('job-group-toggle').click();
  await expect(page.getByTestId('group-sink')).toBeAttached();
  await expect(page.getByTestId('node-sink#15')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a hidden subtask is picked from the list above the graph; its group shows it is selected', async ({ page }) => {
  await open(page);
  await page.getByTestId('job-group-pick').selectOption('count#12');
  await expect(page.getByTestId('task-state').locator('h2')).toContainText('count#12');
  await expect(page.getByTestId('group-count')).toHaveClass(/selected/);
});

test('the group node speaks Chinese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('checkpoint-lab.lang', 'zh'));
  await open(page);
  await expect(page.getByTestId('group-count')).toContainText('另外 9 个');
  await expect(page.getByTestId('group-count')).toContainText('反压');
  await expect(page.getByTestId('job-group-toggle')).toHaveText('显示全部子任务');
});
