/**
 * Issue 18 §6: the comparison page never does more than 50 ms of main-thread work at a time. Its
 * columns embed the simulator in same-origin iframes, which share the page's event loop: a long
 * task of a frame is one of the page too.
 *
 * Two measures. `longtask` entries (every frame observes from its first script; merged by their
 * wall-clock start, so a shared task counts once) are wall time: on the shared test machine (2
 * cores, load 10–20) another process preempts the page in the middle of a 10 ms task and it is
 * reported at 100 ms. So the assertion is on the work itself: each main-thread task's thread CPU
 * time, from a Chromium trace (RunTask's `tdur`), must stay at most 50 ms while stepping and
 * scrubbing. The wall-clock long tasks of every phase are reported beside it. Loading and
 * exporting are measured and reported (the frames' recording moves to the Web Worker elsewhere).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

interface LongTask {
  at: number;
  ms: number;
}

/** Long tasks seen by the page or any frame since the last call, each once. */
async function takeLongTasks(page: Page): Promise<number[]> {
  const seen = new Map<number, number>();
  for (const frame of page.frames()) {
    const tasks = await frame.evaluate(() => (window as unknown as { longTasks?: LongTask[] }).longTasks?.splice(0) ?? []).catch(() => [] as LongTask[]);
    for (const t of tasks) seen.set(t.at, Math.max(seen.get(t.at) ?? 0, t.ms));
  }
  return [...seen.values()];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Runs `phase` under a Chromium trace; the page's main-thread tasks' thread CPU times (ms), largest first. */
async function taskCpuTimes(browser: Browser, page: Page, phase: () => Promise<void>): Promise<number[]> {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  await phase();
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const cpu = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined && main.has(`${e.pid}:${e.tid}`)).map((e) => e.tdur! / 1000);
  return cpu.sort((a, b) => b - a);
}

/** Every column's frame answered the page's shared time. */
async function settled(page: Page, n: number): Promise<void> {
  const ms = await page.getByTestId('cmp-time').getAttribute('data-ms');
  for (let i = 0; i < n; i++) await expect(page.getByTestId(`cmp-views-at-${i}`)).toHaveAttribute('data-ms', ms!, { timeout: 60_000 });
}

test.describe.configure({ timeout: 400_000 });

test('stepping and scrubbing a ready-made comparison: no task over 50 ms in the page or its frames', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await page.context().addInitScript(() => {
    const w = window as unknown as { longTasks: LongTask[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ at: Math.round(performance.timeOrigin + e.startTime), ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/?compare=backends');
  await expect(page.getByTestId('cmp-ratios')).toBeVisible({ timeout: 150_000 });
  const n = await page.locator('[data-testid^="cmp-column-time-"]').count();
  for (let i = 0; i < n; i++) await expect(page.getByTestId(`cmp-views-at-${i}`)).toHaveAttribute('data-state', 'ready', { timeout: 150_000 });
  await page.getByTestId('cmp-slider').fill('0');
  await settled(page, n);
  const loading = await takeLongTasks(page);

  // Step: next and previous, each answered by every frame before the next click.
  const steppingCpu = await taskCpuTimes(browser, page, async () => {
    for (let k = 0; k < 5; k++) {
      await page.getByTestId('cmp-next').click();
      await settled(page, n);
    }
    for (let k = 0; k < 2; k++) {
      await page.getByTestId('cmp-prev').click();
      await settled(page, n);
    }
    await page.keyboard.press('ArrowRight');
    await settled(page, n);
  });
  const stepping = await takeLongTasks(page);

  // Scrub: drag the shared cursor across the whole run.
  const box = (await page.getByTestId('cmp-slider').boundingBox())!;
  const y = box.y + box.height / 2;
  const scrubbingCpu = await taskCpuTimes(browser, page, async () => {
    await page.mouse.move(box.x + 2, y);
    await page.mouse.down();
    for (let k = 0; k <= 24; k++) {
      await page.mouse.move(box.x + 2 + ((box.width - 4) * k) / 24, y);
      await page.waitForTimeout(40);
    }
    await page.mouse.up();
    await settled(page, n);
  });
  const scrubbing = await takeLongTasks(page);

  // Export: a chart as SVG and PNG, the figures as CSV.
  for (const format of ['svg', 'png']) {
    await Promise.all([page.waitForEvent('download'), page.getByTestId('cmp-chart-stored').getByTestId(`export-${format}`).click()]);
  }
  await Promise.all([page.waitForEvent('download'), page.getByTestId('cmp-export-csv').click()]);
  const exporting = await takeLongTasks(page);

  const top = (cpu: number[]) => `${cpu.length} tasks, largest CPU ${JSON.stringify(cpu.slice(0, 5).map(Math.round))}`;
  const report =
    `wall-clock long tasks: loading ${JSON.stringify(loading)}; stepping ${JSON.stringify(stepping)}; scrubbing ${JSON.stringify(scrubbing)}; exporting ${JSON.stringify(exporting)}` +
    ` | thread CPU per task: stepping ${top(steppingCpu)}; scrubbing ${top(scrubbingCpu)}`;
  test.info().annotations.push({ type: 'main-thread tasks (ms)', description: report });
  console.log(`compare main-thread tasks (ms): ${report}`);
  // The trace saw the page's tasks (each seek is several), and none did more than 50 ms of work.
  expect(steppingCpu.length).toBeGreaterThan(50);
  expect(scrubbingCpu.length).toBeGreaterThan(50);
  expect(steppingCpu[0]!, report).toBeLessThanOrEqual(50);
  expect(scrubbingCpu[0]!, report).toBeLessThanOrEqual(50);
  expect(errors).toEqual([]);
});
