/**
 * Issue 16 §4 in the browser: from the simulator's checkpoint history, "Show real REST
 * statistics…", paste a JobManager's responses (test/fixtures/rest/checkpoints-bundle.json), and
 * see its checkpoints in the history table, the timeline (wall-clock axis, no cursor) and the
 * charts, under a banner that says it is real data (en and zh). A malformed file dropped on the
 * page is refused naming the field path and leaves the view as it was; back in the simulator the
 * run is where it was. The expected figures are read from the fixture here.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { jump, readStep, screenshotAndMeasure, startClassroom, storageReady, watchErrors } from './helpers';

const bundleText = readFileSync('test/fixtures/rest/checkpoints-bundle.json', 'utf8');
const statisticsText = readFileSync('test/fixtures/rest/checkpoints.json', 'utf8');
interface RawCheckpoint {
  id: number;
  status: string;
  checkpointed_size: number;
  trigger_timestamp: number;
}
const stats = (JSON.parse(bundleText) as Record<string, { history: RawCheckpoint[]; counts: Record<string, number> }>)['GET /jobs/:jobid/checkpoints']!;
const ids = stats.history.map((c) => c.id);
const completed = stats.history.filter((c) => c.status === 'COMPLETED');

/** Screenshots of the top (banner, history, timeline) and the bottom (charts, details) at 1280×720. */
async function shoot(page: Page, name: string) {
  const body = page.locator('.ins-body');
  await body.evaluate((e) => e.scrollTo(0, 0));
  expect((await screenshotAndMeasure(page, `${name}-top`)).colors).toBeGreaterThan(8);
  await body.evaluate((e) => e.scrollTo(0, e.scrollHeight));
  expect((await screenshotAndMeasure(page, `${name}-bottom`)).colors).toBeGreaterThan(8);
}

async function dropFile(page: Page, name: string, text: string) {
  const dt = await page.evaluateHandle(
    ([n, t]) => {
      const d = new DataTransfer();
      d.items.add(new File([t!], n!, { type: 'application/json' }));
      return d;
    },
    [name, text],
  );
  await page.dispatchEvent('[data-testid="inspector"]', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('[data-testid="inspector"]', 'drop', { dataTransfer: dt });
}

test('paste a JobManager’s checkpoint statistics: history, timeline and charts show them as real data; a malformed drop changes nothing; back to the run as it was', async ({ page }) => {
  const errors = watchErrors(page);
  await startClassroom(page, 'en', false, 1280, 720);
  await storageReady(page);
  // A run somewhere in the middle: two checkpoints completed.
  await jump(page, 'completed', 2);
  const step = await readStep(page);
  expect(step).toBeGreaterThan(0);
  const title = await page.getByTestId('scenario-title').innerText();
  await page.getByTestId('tab-checkpoints').click();
  const simRows = await page.getByTestId('checkpoint-history').locator('tbody tr').count();
  expect(simRows).toBeGreaterThan(0);

  await page.getByTestId('rest-open').click();
  await expect(page.getByTestId('rest-tab')).toBeVisible();
  await expect(page).toHaveURL(/\?inspect=rest/);
  await page.getByTestId('rest-paste').fill(bundleText);
  await page.getByTestId('rest-show').click();

  const banner = page.getByTestId('rest-banner');
  await expect(banner).toContainText('Real data from a JobManager (REST /jobs/:jobid/checkpoints) — not the simulator');
  await expect(banner).toContainText('Job 0a1b2c3d4e5f60718293a4b5c6d7e8f9');
  await expect(page.getByTestId('rest-banner-counts')).toHaveText(
    `${stats.counts.completed} completed · ${stats.counts.failed} failed · ${stats.counts.in_progress} in progress · ${stats.counts.total} in total`,
  );

  // The history: every checkpoint, newest first, with its status and checkpointed size.
  const history = page.getByTestId('checkpoint-history');
  await expect(history.locator('tbody tr')).toHaveCount(ids.length);
  const first = history.locator('tbody tr').first();
  await expect(first).toHaveAttribute('data-testid', `cp-row-${Math.max(...ids)}`);
  await expect(page.getByTestId('cp-row-14')).toContainText('COMPLETED');
  await expect(page.getByTestId('cp-row-14')).toContainText(`${(stats.history.find((c) => c.id === 14)!.checkpointed_size / 1024 / 1024).toFixed(2)} MB`);
  await expect(page.getByTestId('cp-row-14')).toContainText('unaligned checkpoint');
  await expect(page.getByTestId('cp-row-13')).toContainText('FAILED');
  await expect(page.getByTestId('cp-row-13')).toContainText('Checkpoint expired before completing.');
  await expect(page.getByTestId('cp-row-15')).toContainText('15 SP');
  // The details response: checkpoint 14's per-task table.
  await expect(page.getByTestId('rest-tasks')).toContainText('bc764cd8ddf7a0cff126f51c16239658');

  // The timeline: one bar per checkpoint on a wall-clock axis, no simulator cursor.
  for (const id of ids) await expect(page.getByTestId(`gantt-bar-${id}`)).toBeVisible();
  await expect(page.getByTestId('gantt-cursor')).toHaveCount(0);
  await expect(page.getByTestId('gantt-overview')).toContainText('wall-clock time, UTC');
  const t0 = new Date(Math.min(...stats.history.map((c) => c.trigger_timestamp))).toISOString().slice(11, 19);
  await expect(page.getByTestId('gantt-overview').locator('.tick text').first()).toHaveText(t0);
  await page.getByTestId('gantt-bar-12').click();
  await expect(page.getByTestId('rest-detail-12')).toContainText('end_to_end_duration');

  // The sizes chart: bars for completed checkpoints only, one group per checkpoint.
  const chart = page.getByTestId('chart-sizes');
  await expect(chart.locator('[data-testid="checkpoint-bar-group"]')).toHaveCount(ids.length);
  await expect(chart.locator('[data-testid="checkpoint-bar-group"]:has(rect.data-bar)')).toHaveCount(completed.length);
  await page.getByTestId('chart-pick-duration').click();
  await expect(page.getByTestId('chart-duration').locator('rect.data-bar')).toHaveCount(ids.length);
  await page.getByTestId('chart-pick-sizes').click();
  await expect(chart).toContainText('Size per checkpoint (bytes as the JobManager reports them)');
  await shoot(page, 'rest-statistics-en');

  // A malformed response dropped on the page: the field path, and the view as it was.
  const bad = JSON.parse(statisticsText) as { history: Record<string, unknown>[] };
  bad.history[3]!.end_to_end_duration = '640ms';
  await dropFile(page, 'bad.json', JSON.stringify(bad));
  await expect(page.getByTestId('rest-error')).toContainText('bad.json was not read: history[3].end_to_end_duration: expected a number, got "640ms"');
  await expect(page.getByTestId('rest-error')).toContainText('What was shown before is still shown.');
  await expect(history.locator('tbody tr')).toHaveCount(ids.length);
  await expect(page.getByTestId('cp-row-14')).toContainText('2.00 MB');
  await expect(banner).toContainText('Job 0a1b2c3d4e5f60718293a4b5c6d7e8f9');

  // In Chinese: the banner and the notes.
  await page.getByTestId('lang-zh').click();
  await expect(banner).toContainText('来自 JobManager 的真实数据（REST /jobs/:jobid/checkpoints）——不是模拟器');
  await expect(page.getByTestId('rest-banner-counts')).toHaveText(
    `已完成 ${stats.counts.completed} · 失败 ${stats.counts.failed} · 进行中 ${stats.counts.in_progress} · 共 ${stats.counts.total}`,
  );
  await expect(page.getByTestId('gantt-overview')).toContainText('真实时钟时间，UTC');
  await shoot(page, 'rest-statistics-zh');
  await page.getByTestId('lang-en').click();

  // Back to the simulator: the run is where it was.
  await page.getByTestId('rest-back').click();
  await expect(page.getByTestId('inspector')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\?inspect/);
  expect(await readStep(page)).toBe(step);
  await expect(page.getByTestId('scenario-title')).toHaveText(title);
  await expect(page.getByTestId('checkpoint-history').locator('tbody tr')).toHaveCount(simRows);
  await expect(page.getByTestId('rest-banner')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a file picked on the REST tab with a wrong field is refused naming its path; the tab opens from the address', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?inspect=rest');
  await expect(page.getByTestId('rest-tab')).toBeVisible();
  const bad = JSON.parse(bundleText) as Record<string, { history: Record<string, unknown>[] }>;
  bad['GET /jobs/:jobid/checkpoints']!.history[0]!.status = 'DONE';
  await page.getByTestId('rest-file-input').setInputFiles({ name: 'checkpoints.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(page.getByTestId('rest-error')).toContainText('checkpoints.json was not read: "GET /jobs/:jobid/checkpoints".history[0].status: expected one of "IN_PROGRESS", "COMPLETED", "FAILED", got "DONE"');
  await expect(page.getByTestId('rest-view')).toHaveCount(0);
  // The statistics alone (no details): the per-task table is named as missing.
  await page.getByTestId('rest-file-input').setInputFiles({ name: 'checkpoints.json', mimeType: 'application/json', buffer: Buffer.from(statisticsText) });
  await expect(page.getByTestId('rest-error')).toHaveCount(0);
  await expect(page.getByTestId('rest-banner')).toContainText('from checkpoints.json');
  await expect(page.getByTestId('rest-tasks-none')).toContainText('…/checkpoints/details/16');
  expect(errors).toEqual([]);
});
