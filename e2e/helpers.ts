import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { CheckpointLabHook } from '../src/app/checkpointLabHook';
import { mkdirSync } from 'node:fs';
import { applyLargeRun } from '../bench/browser/appDriver';

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

export async function readStep(page: Page): Promise<number> {
  const text = await page.getByTestId('step-readout').innerText();
  const m = /(\d+)\D+(\d+)/.exec(text);
  if (!m) throw new Error(`Unreadable step readout: ${text}`);
  return Number(m[1]);
}

/**
 * Saves a screenshot under reports/screenshots and measures it in the browser: how many
 * distinct colors a sample of its pixels has. A blank or single-color page has 1 or 2.
 */
export async function screenshotAndMeasure(page: Page, name: string): Promise<{ path: string; colors: number }> {
  mkdirSync('reports/screenshots', { recursive: true });
  const path = `reports/screenshots/${name}.png`;
  const png = await page.screenshot({ path });
  const colors = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return seen.size;
  }, png.toString('base64'));
  return { path, colors };
}

/** Pages open in English unless a test chose a language first, so English texts can be asserted. */
export async function englishByDefault(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang'))
      localStorage.setItem('checkpoint-lab.lang', 'en');
  });
}

/**
 * Resolves once the app's storage (IndexedDB, or the in-memory fallback) is ready and the run it
 * shows is recorded whole (the default run streams in from the worker at start: see `recorded`).
 */
export async function storageReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as Partial<Window & { __checkpointLab: CheckpointLabHook }>).__checkpointLab?.persistence()
        .ready === true,
  );
  await recorded(page);
}

/**
 * Resolves once the run the app shows is recorded whole. Every run records in the Web Worker
 * and streams in (the default run at start too): a spec that reads the whole run (the last
 * step, "next checkpoint", a verdict) waits here first. The shared helpers that open the app or
 * load a run call it, so most specs need not.
 */
export async function recorded(page: Page, timeout = 45_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const hook = (window as Partial<Window & { __checkpointLab: CheckpointLabHook }>).__checkpointLab;
      return hook !== undefined && !hook.recording();
    },
    undefined,
    { timeout },
  );
}

/**
 * Opens the app and loads a scenario file as a teacher does (⚙ Configuration → Import / export →
 * the file input), then waits for its run to be recorded whole (at most `timeout` ms each).
 */
export async function loadScenarioFile(page: Page, name: string, buffer: Buffer, timeout: number): Promise<void> {
  await page.goto('/');
  await storageReady(page);
  await page.getByTestId('config-button').click();
  await page.getByTestId('tab-io').click();
  await page.getByTestId('io-file-input').setInputFiles({ name, mimeType: 'application/json', buffer });
  await expect(page.getByTestId('io-status')).toContainText('Loaded', { timeout });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('config-dialog')).toHaveCount(0);
  await recorded(page, timeout);
}

/** "Next event of this kind" `times` times, as a user does with the jump box and its › button. */
export async function jump(page: Page, kind: string, times = 1): Promise<void> {
  await page.getByTestId('jump-kind').selectOption(kind);
  for (let i = 0; i < times; i++) await page.getByTestId('jump-next').click();
}

/**
 * Opens the app at a viewport size in a language, in presenter mode or not (the classroom specs'
 * start). The choices are written once per tab, so a reload inside the test keeps what the app
 * remembered since.
 */
export async function startClassroom(
  page: Page,
  lang: 'en' | 'zh',
  presenter: boolean,
  width: number,
  height: number,
): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.addInitScript(
    ([l, p]) => {
      if (sessionStorage.getItem('classroom-started')) return;
      sessionStorage.setItem('classroom-started', '1');
      localStorage.setItem('checkpoint-lab.lang', l as string);
      if (p) localStorage.setItem('checkpoint-lab.presenter', '1');
      else localStorage.removeItem('checkpoint-lab.presenter');
    },
    [lang, presenter] as const,
  );
  await page.goto('/');
  await recorded(page);
}

/** Loads an example from the header's Examples gallery, as a teacher does. */
export async function pickExample(page: Page, id: string): Promise<void> {
  await page.getByTestId('examples-button').click();
  await page.getByTestId(`example-${id}`).click();
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
  await recorded(page);
}

/**
 * Moves to the step where checkpoint `id` completes, found by its event rather than a step number
 * (a change in the engine moves steps): "next completed checkpoint" until the history table shows
 * that checkpoint COMPLETED (Flink's name stays in Chinese too). Needs the Checkpoints tab open.
 */
export async function gotoCheckpointCompleted(page: Page, id: number): Promise<number> {
  await recorded(page);
  await page.getByTestId('jump-kind').selectOption('completed');
  const row = page.getByTestId(`cp-row-${id}`);
  for (let i = 0; i < 50; i++) {
    if (!(await page.getByTestId('jump-next').isEnabled())) break;
    await page.getByTestId('jump-next').click();
    if ((await row.count()) > 0 && (await row.innerText()).includes('COMPLETED')) return readStep(page);
  }
  throw new Error(`checkpoint ${id} never completes in this run`);
}

/**
 * Applies a large run (parallelism 8, 10,000 keys, 400 records/s, `untilMs` simulated: 20000 is
 * ~166,000 steps) as bench/browser/appDriver.ts's applyLargeRun does, closing the dialog once it
 * says the run is being recorded from step 0 (English).
 */
export const applyLarge = (page: Page, untilMs: number): Promise<void> =>
  applyLargeRun(page, untilMs, (note) => expect(note).toContainText('Applied: the run is being recorded from step 0'));
