// Issue 17: a large configuration records in the Web Worker while the page stays responsive. The
// run streams in (progress with simulated time, steps/s and what is left), the recorded part can
// be stepped and scrubbed meanwhile, cancel keeps what is recorded or goes back to the previous
// run, and the main thread never has a task over 50 ms (PerformanceObserver 'longtask').
import { expect, test, type Page } from '@playwright/test';
import { applyLarge, englishByDefault, storageReady, watchErrors } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

type LongTaskWindow = Window & { __longTasks: { start: number; duration: number }[]; __since: number };

/**
 * The step readout's cursor and total, from its textContent. While the long tasks are observed,
 * the page is read this way and waited on with `until`, never with a retrying `expect(locator)`:
 * each miss of one snapshots the page's accessibility tree inside the page (Playwright's injected
 * `ariaSnapshotForExpectFailure`), tens of ms of main-thread work on this DOM that the observer
 * would count as the app's long tasks (seen in a CPU profile: 7% of their time). `innerText` is
 * avoided too: it forces a layout.
 */
type Condition =
  | { cursor: '=' | '>'; n: number }
  | { total: '>'; n: number }
  | { figures: string }
  | { shown: string[]; hidden: string[] };

/** Runs in the page (serialized: self-contained). */
function holds(c: Condition): boolean {
  const m = /(\d+)\D+(\d+)/.exec(document.querySelector('[data-testid="step-readout"]')?.textContent ?? '');
  const [cursor, total] = m ? [Number(m[1]), Number(m[2])] : [Number.NaN, Number.NaN];
  const present = (id: string) => document.querySelector(`[data-testid="${id}"]`) !== null;
  if ('cursor' in c) return c.cursor === '=' ? cursor === c.n : cursor > c.n;
  if ('total' in c) return total > c.n;
  if ('figures' in c) return new RegExp(c.figures).test(document.querySelector('[data-testid="recording-figures"]')?.textContent ?? '');
  return c.shown.every(present) && !c.hidden.some(present);
}

const readout = async (page: Page) =>
  page.evaluate(() => /(\d+)\D+(\d+)/.exec(document.querySelector('[data-testid="step-readout"]')?.textContent ?? '')?.slice(1).map(Number) ?? []);
const readStep = async (page: Page) => (await readout(page))[0]!;
const stepTotal = async (page: Page) => (await readout(page))[1]!;

/** Waits until the condition holds in the page, polled every 100 ms. */
async function until(page: Page, c: Condition, timeout = 30_000): Promise<void> {
  await page.waitForFunction(holds, c, { polling: 100, timeout });
}

/** Takes the long tasks observed since the last call: each task is counted once. */
/**
 * Takes the long tasks that started since the last call: each task is counted once, in the phase
 * it ran in. By start time, not by arrival: the observer delivers its entries in a task of its own,
 * so a task of the page's loading could arrive after storage was ready and be counted in the flow
 * (seen in a trace: the app module's evaluation, 64 ms at load, counted as the flow's).
 */
const takeLongTasks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as LongTaskWindow;
    const since = w.__since;
    w.__since = performance.now();
    return w.__longTasks.splice(0).filter((e) => e.start >= since).map((e) => e.duration);
  });

// The run budget (runEstimate.ts) refuses this configuration beyond ~22 s simulated, so the
// large runs here are 20 s and 19 s: 158,000–166,000 steps, two or three seconds to record.
/**
 * Apply a large run, see progress, step and scrub while it records, keep, apply again and go back.
 * Returns the long tasks the page had meanwhile (after the page finished loading).
 */
async function streamKeepRevert(page: Page): Promise<number[]> {
  await page.addInitScript(() => {
    const w = window as unknown as LongTaskWindow;
    w.__longTasks = [];
    w.__since = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/');
  await storageReady(page);
  const defaultTotal = await stepTotal(page);
  await takeLongTasks(page);

  await applyLarge(page, 20000);
  const progress = page.getByTestId('recording-progress');
  await progress.waitFor({ timeout: 10_000 });
  await until(page, { figures: String.raw`t = \d+ of 20000 ms simulated · \d+ steps\/s` });

  // Step and scrub what is already recorded while the rest records.
  // Enough recorded that the middle of the scrubber is far from step 2 and from the page's keyframes.
  await until(page, { total: '>', n: 1500 });
  const grown = await stepTotal(page);
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await until(page, { cursor: '=', n: 2 }, 10_000);
  const scrubber = page.getByTestId('scrubber');
  const box = (await scrubber.boundingBox())!;
  // A seek far into the streamed part waits for the worker's keyframe there, then moves.
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  await until(page, { cursor: '>', n: 500 });
  const scrubbed = await readStep(page);
  await page.getByTestId('step-forward').click();
  await until(page, { cursor: '=', n: scrubbed + 1 }, 10_000);
  await until(page, { total: '>', n: grown });
  expect(await progress.isVisible()).toBe(true);

  // Keep what is recorded: the run ends there, and says so.
  await page.getByTestId('recording-keep').click();
  await until(page, { shown: ['recording-stopped'], hidden: ['recording-progress'] }, 10_000);
  await expect(page.getByTestId('recording-stopped')).toContainText('Recording stopped by you at t =');
  const kept = await stepTotal(page);
  await page.waitForTimeout(500);
  expect(await stepTotal(page)).toBe(kept);
  expect(kept).toBeGreaterThan(grown);

  // Apply again, then go back to the run kept before. The bar (and its "go back") shows once a
  // recording has lasted a second, and this run records in two or three on an idle machine: the
  // button is clicked in the page as soon as it appears, not after a round trip from here (from a
  // timer, as an input would come, not inside an animation frame with the frame's rendering).
  await applyLarge(page, 19000);
  await page.waitForFunction(
    () => {
      const revert = document.querySelector<HTMLButtonElement>('[data-testid="recording-revert"]');
      revert?.click();
      return revert !== null;
    },
    null,
    { polling: 20, timeout: 10_000 },
  );
  await until(page, { shown: [], hidden: ['recording-progress'] }, 10_000);
  expect(await stepTotal(page)).toBe(kept);
  expect(kept).not.toBe(defaultTotal);

  return takeLongTasks(page);
}

const over50 = (tasks: number[]) => tasks.filter((d) => d > 50).map(Math.round);

test('a large run streams in with progress; step and scrub while it records, keep or go back', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const tasks = await streamKeepRevert(page);
  console.log(`long tasks while recording: ${tasks.length}, over 50 ms: ${over50(tasks).length}, longest ${Math.max(0, ...tasks).toFixed(0)} ms`);
  expect(errors).toEqual([]);
});

// Session 11 (7 December 2026), after its changes, on a quiet machine: 11 of 12 phases over six runs
// had no task over 50 ms (one playing phase had one of 60 ms); the flow phase, 8 of 8 in another
// series. What remains is wall time: tasks of 20–35 ms of the page's thread CPU that the 2-core
// machine's other threads (the recording worker, the compositor, the test runner) stretch past
// 50 ms now and then (docs/long-tasks.md, "Session 11"). A run is tried up to three times, each
// attempt printing what it counted; three attempts in a row with such a task fail the test.
test.describe('the main thread while a large run records and plays', () => {
  test.describe.configure({ retries: 2 });
  test('no main-thread task over 50 ms while a large run records, is stepped, scrubbed, kept, replaced, and played at the fastest speed', async ({ page }) => {
    test.setTimeout(180_000);
    const flow = await streamKeepRevert(page);
    // Play the kept run from step 0 at the fastest speed (`+` doubles it up to 50×).
    await page.keyboard.press('Home');
    for (let i = 0; i < 12; i++) await page.keyboard.press('+');
    expect(await page.getByTestId('speed-value').textContent()).toBe('50×');
    await takeLongTasks(page);
    await page.getByTestId('play').click();
    await page.waitForTimeout(5000);
    await page.getByTestId('play').click();
    const played = await takeLongTasks(page);
    console.log(`long tasks over 50 ms (ms): flow ${JSON.stringify(over50(flow))}; playing ${JSON.stringify(over50(played))}`);
    expect({ flow: over50(flow), played: over50(played) }).toEqual({ flow: [], played: [] });
  });
});
