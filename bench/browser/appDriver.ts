/**
 * Drives the built app in a page for bench/browser/appScaleBench.ts, as a user would (the config
 * dialog's file input, the keyboard, the play button), and times what the user sees in the page
 * itself (performance.now() in requestAnimationFrame loops).
 *
 * Page-side code is passed as strings: the bench runs through tsx, whose helpers (`__name`) the
 * page lacks. `page.evaluate` of an expression is allowed by the app's Content-Security-Policy
 * (it is the DevTools protocol's evaluation, not the page's eval).
 */
import type { Locator, Page } from '@playwright/test';

/** The step readout's total ("Step 3 of 120"), read in the page; -1 when there is none. */
const TOTAL = `(() => { const m = /(\\d+)\\D+(\\d+)/.exec(document.querySelector('[data-testid="step-readout"]')?.textContent ?? ''); return m ? Number(m[2]) : -1; })()`;

/** Installs the long-task observer before the app's scripts run (a context init script). */
export const LONG_TASK_OBSERVER = `window.__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration); }).observe({ type: 'longtask', buffered: true });`;

/** The long tasks' durations since the last call (each task counted once). */
export const takeLongTasks = (page: Page) => page.evaluate('window.__lt.splice(0)') as Promise<number[]>;

export const stepTotal = (page: Page) => page.evaluate(TOTAL) as Promise<number>;

/**
 * ms since navigation start until the step controls are enabled, the readout shows a step of
 * the run, and the header names `title` (when given: a share link's run, not the default one):
 * the first view a user can work with.
 */
export function firstInteractive(page: Page, timeoutMs: number, title = ''): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('no interactive view after ${timeoutMs} ms')), ${timeoutMs});
    const look = () => {
      const b = document.querySelector('[data-testid="step-forward"]');
      const named = (document.querySelector('[data-testid="scenario-title"]')?.textContent ?? '').startsWith(${JSON.stringify(title)});
      if (b && !b.disabled && ${TOTAL} > 0 && named) { clearTimeout(give); return resolve(performance.now()); }
      requestAnimationFrame(look);
    };
    look();
  })`) as Promise<number>;
}

/** Resolves once the app's storage is ready and no run is recording, polled every `everyMs`. */
export async function settled(page: Page, timeoutMs: number, everyMs = 250): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const done = await page.evaluate(`window.__checkpointLab?.persistence().ready === true && window.__checkpointLab.recording() === false`);
    if (done === true) return true;
    await page.waitForTimeout(everyMs);
  }
  return false;
}

/**
 * Opens a scenario file through the config dialog (Import / export tab), as a user applies one,
 * and returns the ms from the file input's change to the first step of the new run shown: the
 * readout's total differs from the one before and is above 0 (a streamed run shows 0 first).
 */
export async function applyFile(page: Page, name: string, text: string): Promise<number> {
  const before = await stepTotal(page);
  await page.getByTestId('config-button').click();
  await page.getByTestId('tab-io').click();
  const watch = page.evaluate(`new Promise((resolve) => {
    let start = 0;
    const look = () => {
      const n = ${TOTAL};
      if (n > 0 && n !== ${before}) return resolve(performance.now() - start);
      requestAnimationFrame(look);
    };
    document.addEventListener('change', () => { start = performance.now(); look(); }, { capture: true, once: true });
  })`) as Promise<number>;
  await page.getByTestId('io-file-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  const ms = await watch;
  await page.getByTestId('config-close').click();
  return ms;
}

/**
 * Applies a large run in the config dialog, as a user types it: parallelism 8, 10,000 keys, 400
 * records/s, `untilMs` simulated (20000: ~166,000 steps, the most the run budget lets this
 * configuration have), which records in the worker for seconds. Closes the dialog once `applied`
 * resolves for the dialog's note; by default once the note says the run was applied (its status,
 * in either language). e2e/bigRun.spec.ts, e2e/farSeek.spec.ts and bench/diag/profileRecording.ts.
 */
export async function applyLargeRun(
  page: Page,
  untilMs: number,
  applied: (note: Locator) => Promise<void> = (note) => note.getByRole('status').waitFor(),
): Promise<void> {
  await page.getByTestId('config-button').click();
  await page.getByTestId('cfg-field-job.parallelism').fill('8');
  await page.getByTestId('cfg-field-job.source.keys').fill('10000');
  await page.getByTestId('cfg-field-job.source.ratePerSec').fill('400');
  await page.getByTestId('cfg-field-untilMs').fill(String(untilMs));
  await page.getByTestId('cfg-apply').click();
  await applied(page.getByTestId('cfg-apply-note'));
  await page.keyboard.press('Escape');
}

/**
 * Waits for the run to finish recording (the page's hook says no recording is under way),
 * at most `capMs`; past it, "keep" ends the recording where it is. Returns whether it finished.
 */
export async function recorded(page: Page, capMs: number): Promise<boolean> {
  const until = Date.now() + capMs;
  while (Date.now() < until) {
    if ((await page.evaluate('window.__checkpointLab.recording()')) === false) return true;
    await page.waitForTimeout(500);
  }
  await page.getByTestId('recording-keep').click();
  return false;
}

/** Plays from step 0 at the fastest speed (`+` doubles it up to the maximum) for `playMs`; returns the step it reached. */
export async function playFromStart(page: Page, playMs: number, maxSpeed: string): Promise<{ stepsShown: number }> {
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('+');
  const speed = await page.getByTestId('speed-value').innerText();
  if (speed !== maxSpeed) throw new Error(`the speed did not reach its maximum (shows ${speed})`);
  await takeLongTasks(page);
  await page.getByTestId('play').click();
  await page.waitForTimeout(playMs);
  await page.getByTestId('play').click();
  const cursor = Number(await page.evaluate(`document.querySelector('[data-testid="step-readout"] b')?.textContent ?? 'NaN'`));
  return { stepsShown: cursor };
}

/** Where on the scrubber each far seek of `seekAround` clicks, as fractions of its range: scattered, back and forth. */
export const SEEK_FRACTIONS = [0.93, 0.12, 0.57, 0.31, 0.78, 0.05, 0.66, 0.44, 0.88, 0.22];

/**
 * In the page: watches the scrubber's `input` events and the step readout, and resolves once the
 * readout shows the last input's step and no input came for `settleMs` (a drag's moves), with the
 * ms from that last input until the readout first showed its step, the step, and how many inputs
 * there were. Rejects after `timeoutMs`.
 */
const LANDING = (settleMs: number, timeoutMs: number) => `new Promise((resolve, reject) => {
  const give = setTimeout(() => reject(new Error('the seek did not land within ${timeoutMs} ms')), ${timeoutMs});
  let last = null, landedAt = null, inputs = 0;
  const onInput = (e) => {
    if (e.target?.dataset?.testid !== 'scrubber') return;
    inputs++;
    last = { value: e.target.value, at: performance.now() };
    landedAt = null;
  };
  document.addEventListener('input', onInput, { capture: true });
  const look = () => {
    const now = performance.now();
    if (last && landedAt === null && document.querySelector('[data-testid="step-readout"] b')?.textContent === last.value) landedAt = now;
    if (landedAt !== null && now - last.at >= ${settleMs}) {
      clearTimeout(give);
      document.removeEventListener('input', onInput, { capture: true });
      return resolve({ ms: landedAt - last.at, value: Number(last.value), inputs });
    }
    requestAnimationFrame(look);
  };
  look();
})`;

/** The x, y on the scrubber whose value is about `fraction` of its range (Chromium's thumb is ~16 px wide). */
async function scrubberPoint(page: Page, fraction: number): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('scrubber').boundingBox();
  if (!box) throw new Error('no scrubber');
  return { x: box.x + 8 + (box.width - 16) * fraction, y: box.y + box.height / 2 };
}

export interface SeekFigures {
  /** Click → the readout shows the step clicked, per seek, ms. */
  seekMs: number[];
  /** The steps the seeks landed on. */
  steps: number[];
  /** Last input of a drag across the run → the readout shows its step, ms; and the drag's input events. */
  dragLandMs: number;
  dragInputs: number;
}

/**
 * Far seeks as a user makes them in a recorded run: a click on the scrubber at each of
 * SEEK_FRACTIONS, each waited for until the readout shows the step clicked, then a drag from 10%
 * to 90% of it in 40 moves, waited for until the readout shows where it ended.
 */
export async function seekAround(page: Page, timeoutMs: number): Promise<SeekFigures> {
  const seekMs: number[] = [];
  const steps: number[] = [];
  for (const f of SEEK_FRACTIONS) {
    const landed = page.evaluate(LANDING(0, timeoutMs)) as Promise<{ ms: number; value: number }>;
    const at = await scrubberPoint(page, f);
    await page.mouse.click(at.x, at.y);
    const { ms, value } = await landed;
    seekMs.push(ms);
    steps.push(value);
  }
  // A drag: a seek per move; the worker replays the latest only (recorderCore.ts keyframeNear).
  const landed = page.evaluate(LANDING(500, timeoutMs)) as Promise<{ ms: number; inputs: number }>;
  const from = await scrubberPoint(page, 0.1);
  const to = await scrubberPoint(page, 0.9);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 40 });
  await page.mouse.up();
  const drag = await landed;
  return { seekMs, steps, dragLandMs: drag.ms, dragInputs: drag.inputs };
}
