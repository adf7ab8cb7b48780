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
 * scrubbing, loading a comparison and reopening one from its share link. The wall-clock long tasks
 * of every phase are reported beside it. Exporting is reported.
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
  args?: { name?: string; data?: FrameData & { frames?: FrameData[] } };
}

interface FrameData {
  processId?: number;
  url?: string;
}

/**
 * The main threads of the renderers that hold the app's frames (the page and its columns): the
 * trace is of the whole browser, and holds other renderers' tasks too, the browser's WebUI ones
 * and the spare renderer Chromium starts for the next page, whose initialisation (tasks of 40–80 ms
 * of CPU with no script in them) has nothing to do with the page.
 */
function pageMainThreads(events: TraceEvent[]): Set<string> {
  const frames = events.flatMap((e) =>
    e.name === 'TracingStartedInBrowser' ? (e.args?.data?.frames ?? []) : e.name === 'FrameCommittedInBrowser' && e.args?.data ? [e.args.data] : [],
  );
  const app = new Set(frames.filter((f) => f.url?.startsWith('http') && f.processId !== undefined).map((f) => f.processId!));
  return new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && app.has(e.pid)).map((e) => `${e.pid}:${e.tid}`));
}

/** Runs `phase` under a Chromium trace; the page's main-thread tasks' thread CPU times (ms), largest first. */
async function taskCpuTimes(browser: Browser, page: Page, phase: () => Promise<void>): Promise<number[]> {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  await phase();
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = pageMainThreads(events);
  const renderers = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined && renderers.has(`${e.pid}:${e.tid}`));
  const others = tasks.filter((e) => !main.has(`${e.pid}:${e.tid}`)).map((e) => e.tdur! / 1000);
  if (others.length > 0) console.log(`(other renderers' main threads, not counted: ${others.length} tasks, largest CPU ${Math.round(Math.max(...others))} ms)`);
  const cpu = tasks.filter((e) => main.has(`${e.pid}:${e.tid}`)).map((e) => e.tdur! / 1000);
  return cpu.sort((a, b) => b - a);
}

/** Every column's frame answered the page's shared time. */
async function settled(page: Page, n: number): Promise<void> {
  const ms = await page.getByTestId('cmp-time').getAttribute('data-ms');
  for (let i = 0; i < n; i++) await expect(page.getByTestId(`cmp-views-at-${i}`)).toHaveAttribute('data-ms', ms!, { timeout: 60_000 });
}

/**
 * Opens `?compare=<id>` (or a share link's address) and waits, polling the DOM, until every
 * column's frame is ready and shows the shared time (the end of the runs, or the link's time);
 * returns the number of columns.
 */
async function load(page: Page, idOrUrl: string): Promise<number> {
  await page.goto(idOrUrl.includes('?') ? idOrUrl : `/?compare=${idOrUrl}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="cmp-ratios"]') !== null, undefined, { timeout: 150_000, polling: 250 });
  await page.waitForFunction(
    () => {
      const ms = document.querySelector('[data-testid="cmp-time"]')?.getAttribute('data-ms');
      const columns = document.querySelectorAll('[data-testid^="cmp-column-time-"]').length;
      for (let i = 0; i < columns; i++) {
        const at = document.querySelector(`[data-testid="cmp-views-at-${i}"]`);
        if (at?.getAttribute('data-state') !== 'ready' || at.getAttribute('data-ms') !== ms) return false;
      }
      return columns > 0;
    },
    undefined,
    { timeout: 150_000, polling: 250 },
  );
  return page.locator('[data-testid^="cmp-column-time-"]').count();
}

/** Every frame of the page records its `longtask` entries from its first script. */
async function observeLongTasks(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const w = window as unknown as { longTasks: LongTask[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ at: Math.round(performance.timeOrigin + e.startTime), ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * Loading, like stepping and scrubbing: no task over 50 ms of thread CPU (issue 18 §6). What was
 * left over 50 ms now and then is gone: the code cache Chromium produces, in one task, for the
 * module tree a column's frame loads a second time (the simulator is no longer in it: src/main.tsx)
 * and the frames' layouts again as each symbol's Noto Sans SC subset arrived (EmbedApp loads them
 * while its run records); see docs/long-tasks.md.
 */
function expectWithin(cpu: number[], report: string): void {
  expect(cpu.filter((ms) => ms > 50), report).toEqual([]);
}

const top = (cpu: number[]) => `${cpu.length} tasks, largest CPU ${JSON.stringify(cpu.slice(0, 5).map(Math.round))}`;

test.describe.configure({ timeout: 400_000 });

test('loading, stepping, scrubbing and reopening a ready-made comparison from its share link: no task over 50 ms in the page or its frames', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await observeLongTasks(page);
  let n = 0;
  const loadingCpu = await taskCpuTimes(browser, page, async () => {
    n = await load(page, 'backends');
  });
  const loading = await takeLongTasks(page);
  await page.getByTestId('cmp-slider').fill('0');
  await settled(page, n);
  await takeLongTasks(page);

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

  // Reopen: the share link, in a new context (as someone it was sent to: this page closed first,
  // not to count its teardown), at the link's time (a step before the end, which a comparison
  // opens at without one).
  await page.getByTestId('cmp-prev').click();
  await settled(page, n);
  await page.getByTestId('cmp-share').click();
  await expect(page.getByTestId('cmp-notice')).toBeVisible();
  const link = page.url();
  const atMs = new URL(link).searchParams.get('at');
  expect(atMs).toMatch(/^\d+$/);
  await page.close();
  const other = await browser.newContext();
  const again = await other.newPage();
  await observeLongTasks(again);
  const reopeningCpu = await taskCpuTimes(browser, again, async () => {
    expect(await load(again, link)).toBe(n);
  });
  await expect(again.getByTestId('cmp-time')).toHaveAttribute('data-ms', atMs!);
  const reopening = await takeLongTasks(again);
  await other.close();

  const report =
    `wall-clock long tasks: loading ${JSON.stringify(loading)}; stepping ${JSON.stringify(stepping)}; scrubbing ${JSON.stringify(scrubbing)}; exporting ${JSON.stringify(exporting)}; reopening ${JSON.stringify(reopening)}` +
    ` | thread CPU per task: loading ${top(loadingCpu)}; stepping ${top(steppingCpu)}; scrubbing ${top(scrubbingCpu)}; reopening ${top(reopeningCpu)}`;
  test.info().annotations.push({ type: 'main-thread tasks (ms)', description: report });
  console.log(`compare main-thread tasks (ms): ${report}`);
  // The trace saw the page's tasks (each seek is several), and none did more than 50 ms of work.
  for (const cpu of [loadingCpu, steppingCpu, scrubbingCpu, reopeningCpu]) expect(cpu.length, report).toBeGreaterThan(50);
  for (const cpu of [loadingCpu, steppingCpu, scrubbingCpu, reopeningCpu]) expectWithin(cpu, report);
  expect(errors).toEqual([]);
});

/**
 * Each comparison opens in a browser context of its own, as a comparison is opened (a link, the
 * header's new tab): navigating one page from comparison to comparison would also count the
 * previous one's teardown, a major GC of its frames' heaps (runs recorded in each) whose atomic
 * pause took 17–25 ms of CPU, over 50 ms on a loaded machine.
 */
test('loading every other ready-made comparison: no task over 50 ms of thread CPU in the page or its frames', async ({ browser, baseURL }) => {
  const errors: string[] = [];
  const reports: string[] = [];
  const loadingById: Record<string, number[]> = {};
  for (const id of ['backpressure', 'registry', 'compression', 'interval', 'flip158']) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const pageErrors = watchErrors(page);
    await observeLongTasks(page);
    const cpu = await taskCpuTimes(browser, page, async () => {
      await load(page, id);
    });
    const wall = await takeLongTasks(page);
    await context.close();
    errors.push(...pageErrors);
    loadingById[id] = cpu;
    expect(cpu.length, id).toBeGreaterThan(50);
    reports.push(`${id}: wall-clock long tasks ${JSON.stringify(wall)}, thread CPU per task ${top(cpu)}`);
  }
  const report = reports.join(' | ');
  test.info().annotations.push({ type: 'loading main-thread tasks (ms)', description: report });
  console.log(`compare loading main-thread tasks (ms): ${report}`);
  for (const [id, cpu] of Object.entries(loadingById)) expectWithin(cpu, `${id}: ${report}`);
  expect(errors).toEqual([]);
});
