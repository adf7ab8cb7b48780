/**
 * The comparison page: each ready-made comparison records its runs (in a worker) and states
 * ratios; stepping moves every column to the same simulated time; figures and charts export;
 * a share link reopens the same comparison at the same time; bad scenario files are refused
 * with their field path.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { pickExample, storageReady, watchErrors } from './helpers';

const PRESETS = ['backends', 'backpressure', 'registry', 'compression', 'interval', 'flip158'];

async function waitForRuns(page: Page): Promise<void> {
  await expect(page.getByTestId('cmp-ratios')).toBeVisible({ timeout: 150_000 });
}

/** Every column's embedded simulator has recorded its run (they load one after another). */
async function waitForViews(page: Page): Promise<number> {
  const n = await page.locator('[data-testid^="cmp-column-time-"]').count();
  for (let i = 0; i < n; i++) await expect(page.getByTestId(`cmp-views-at-${i}`)).toHaveAttribute('data-state', 'ready', { timeout: 150_000 });
  return n;
}

/**
 * Every column's embedded view answered the page's shared time (the page's cursor, in simulated
 * ms) and shows the simulator's job graph, checkpoint history and registry there.
 */
async function expectViewsAt(page: Page, n: number): Promise<number> {
  const ms = Number(await page.getByTestId('cmp-time').getAttribute('data-ms'));
  for (let i = 0; i < n; i++) {
    const status = page.getByTestId(`cmp-views-at-${i}`);
    await expect(status).toHaveAttribute('data-ms', String(ms));
    const frame = page.frameLocator(`[data-testid="cmp-views-${i}"]`);
    await expect(frame.getByTestId('job-svg')).toBeVisible();
    await expect(frame.getByTestId('checkpoint-history')).toBeVisible();
    await expect(frame.getByTestId('registry-table')).toBeVisible();
    // The embedded app's own cursor is the step the page was told about.
    await expect(frame.getByTestId('embed-at')).toHaveAttribute('data-step', (await status.getAttribute('data-step'))!);
  }
  return ms;
}

test.describe.configure({ timeout: 600_000 });

test('every ready-made comparison records its runs and states the differences in numbers', async ({ page }) => {
  const errors = watchErrors(page);
  for (const id of PRESETS) {
    await page.goto(`/?compare=${id}`);
    await waitForRuns(page);
    await expect(page.getByTestId('cmp-preset')).toHaveValue(id);
    // A stated ratio against the first column, e.g. "×0.42".
    await expect(page.getByTestId('cmp-ratio-checkpointedSize-1')).toHaveText(/×\d+(\.\d+)?/);
    await expect(page.locator('[data-testid="cmp-chart-checkpointed"] svg path.series-line')).toHaveCount(await page.locator('[data-testid^="cmp-column-time-"]').count());
    // The simulator's own views of each run, at the shared time; stepping moves them all.
    const n = await waitForViews(page);
    await page.getByTestId('cmp-slider').fill('0');
    await page.getByTestId('cmp-next').click();
    const first = await expectViewsAt(page, n);
    expect(first).toBeGreaterThan(0);
    await page.keyboard.press('ArrowRight');
    expect(await expectViewsAt(page, n)).toBeGreaterThan(first);
  }
  // FLIP-158: the published figures beside the simulated ratios, pointing the same way for the sizes.
  await expect(page.getByTestId('cmp-flip158')).toBeVisible();
  for (const f of ['checkpointedSizeP50', 'fullSizeP50', 'recovery']) {
    await expect(page.getByTestId(`cmp-flip-${f}`).locator('td').last()).toHaveText('yes');
  }
  expect(errors).toEqual([]);
});

test('stepping moves every run to the same simulated time; export and a share link that reopens it', async ({ page, browser }) => {
  // Main-thread work, measured as the page's long tasks (the embedded views share its thread).
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  const takeLongTasks = () => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
  await page.goto('/?compare=backends');
  await waitForRuns(page);
  const n = await waitForViews(page);
  const whileRecording = await takeLongTasks();
  await page.getByTestId('cmp-slider').fill('0');
  await page.getByTestId('cmp-next').click();
  await page.getByTestId('cmp-next').click();
  const time = (await page.getByTestId('cmp-time').innerText()).trim();
  expect(time).not.toBe('0 ms');
  for (let i = 0; i < 3; i++) await expect(page.getByTestId(`cmp-column-time-${i}`)).toContainText(time);
  // Two completions in: every column has completed at least one checkpoint by then.
  for (let i = 0; i < 3; i++) expect(Number(await page.getByTestId(`cmp-completed-${i}`).innerText())).toBeGreaterThanOrEqual(1);
  // The keyboard steps all runs too.
  await page.keyboard.press('ArrowRight');
  const later = (await page.getByTestId('cmp-time').innerText()).trim();
  expect(later).not.toBe(time);
  const laterMs = await expectViewsAt(page, n);
  const whileStepping = await takeLongTasks();
  // Reported, not asserted: in this tree each embedded simulator records its run on the page's
  // thread (applyScenario, as the app does until its recording moves to the Web Worker).
  test.info().annotations.push({ type: 'long tasks (ms)', description: `recording: ${JSON.stringify(whileRecording)}; stepping: ${JSON.stringify(whileStepping)}` });
  console.log(`compare long tasks (ms): recording ${JSON.stringify(whileRecording)}; stepping ${JSON.stringify(whileStepping)}`);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cmp-export-json').click()]);
  const doc = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { runs: { title: string; checkpointedSize: { p50: number } }[] };
  expect(doc.runs).toHaveLength(3);
  expect(doc.runs[0]!.checkpointedSize.p50).toBeGreaterThan(0);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cmp-export-csv').click()]);
  expect(readFileSync((await csv.path())!, 'utf8')).toMatch(/^run,figure,value,ratio_to_first\n/);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cmp-chart-stored').getByTestId('export-svg').click()]);
  expect(readFileSync((await svg.path())!, 'utf8')).toContain('<svg');

  await page.getByTestId('cmp-share').click();
  await expect(page.getByTestId('cmp-notice')).toContainText(later);
  const url = page.url();
  expect(url).toMatch(/compare=backends&at=\d+/);
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(url);
  await waitForRuns(again);
  await expect(again.getByTestId('cmp-time')).toHaveText(later);
  await expect(again.getByTestId('cmp-column-time-2')).toContainText(later);
  // Every column's views reopen at that same time.
  await waitForViews(again);
  expect(await expectViewsAt(again, n)).toBe(laterMs);
  await other.close();
});

test('opening a comparison leaves the simulator’s saved session and the lesson picker alone', async ({ page, context, browser }) => {
  await page.goto('/');
  await storageReady(page);
  await pickExample(page, 'changelog-periodic-materialization');
  const title = (await page.getByTestId('scenario-title').innerText()).trim();
  await page.evaluate(() => (window as unknown as { __checkpointLab: { syncIdle: () => Promise<void> } }).__checkpointLab.syncIdle());
  await page.close();

  const cmp = await context.newPage();
  await cmp.goto('/?compare=registry');
  await waitForRuns(cmp);
  await waitForViews(cmp);
  const embedded = await cmp.getByTestId('cmp-views-1').getAttribute('src');
  await cmp.close();

  const back = await context.newPage();
  await back.goto('/');
  await storageReady(back);
  // The saved session's run comes back (from step 0, as after any reload), not an embedded one.
  await expect(back.getByTestId('scenario-title')).toHaveText(title);

  // A first visit that only ever saw an embedded view still lands on the lesson picker.
  const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const framed = await fresh.newPage();
  await framed.goto(embedded!);
  await expect(framed.getByTestId('registry-table')).toBeVisible({ timeout: 60_000 });
  await framed.goto('/');
  await expect(framed.getByTestId('lesson-picker')).toBeVisible();
  await fresh.close();
});

test('in Chinese, and a malformed scenario file is refused with its field path', async ({ page }) => {
  await page.goto('/?compare=interval');
  await page.getByTestId('lang-zh').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('并排对比运行');
  await waitForRuns(page);
  await expect(page.getByTestId('cmp-title')).toHaveText('检查点间隔长短与一次故障');
  // The embedded views follow the page's language, both ways.
  await waitForViews(page);
  const views = page.frameLocator('[data-testid="cmp-views-0"]');
  await expect(views.getByTestId('embed-at')).toContainText('步');
  await expect(views.getByTestId('checkpoint-history')).toContainText('检查点');
  await page.getByTestId('lang-en').click();
  await expect(views.getByTestId('embed-at')).toContainText('step');
  await expect(views.getByTestId('checkpoint-history')).toContainText('Checkpoints');
  await page.getByTestId('lang-zh').click();
  const good = { format: 'checkpoint-lab/scenario@1', untilMs: 2000 };
  const bad = { format: 'checkpoint-lab/scenario@1', job: { parallelism: 0 } };
  await page.getByTestId('cmp-files').setInputFiles([
    { name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) },
    { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) },
  ]);
  await expect(page.getByTestId('cmp-file-error')).toContainText('bad.json');
  await expect(page.getByTestId('cmp-file-error')).toContainText('job.parallelism');
  // Nothing was lost: the ready-made comparison is still shown.
  await expect(page.getByTestId('cmp-preset')).toHaveValue('interval');
});
