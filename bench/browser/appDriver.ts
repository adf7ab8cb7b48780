/**
 * Drives the built app in a page for bench/browser/appScaleBench.ts, as a user would (the config
 * dialog's file input, the keyboard, the play button), and times what the user sees in the page
 * itself (performance.now() in requestAnimationFrame loops).
 *
 * Page-side code is passed as strings: the bench runs through tsx, whose helpers (`__name`) the
 * page lacks. `page.evaluate` of an expression is allowed by the app's Content-Security-Policy
 * (it is the DevTools protocol's evaluation, not the page's eval).
 */
import type { Page } from '@playwright/test';

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
