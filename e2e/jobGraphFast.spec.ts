// Playing a big run at the fastest speed, the job graph draws at most FAST_ITEMS_MAX items a frame
// (src/views/job/channelBuffers.ts channelViewsFor: records on the wires left out, barriers and queue
// cells kept) and says so over the legend until paused.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, loadScenarioFile, watchErrors } from './helpers';
import { BAND_MARGIN, BAND_STEP } from '../src/views/job/useVisibleBand';

// The scale run (parallelism 16, 100,000 keys) cut to its first 60 s: up to ~1,800 items a frame.
const SCALE = JSON.parse(readFileSync('scenarios/scale-run.json', 'utf8')) as Record<string, unknown>;
const SCENARIO = Buffer.from(JSON.stringify({ ...SCALE, untilMs: 60_000 }));

test.describe.configure({ timeout: 180_000 });
test.beforeEach(({ context }) => englishByDefault(context));

const loadRun = (page: Page) => loadScenarioFile(page, 'scale-60s.json', SCENARIO, 120_000);

const untitled = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-testid="flow-items"] g.item:not([visibility="hidden"]) title')].filter((t) => !t.textContent).length);

const drawn = (page: Page) => page.evaluate(() => document.querySelectorAll('[data-testid="flow-items"] g.item:not([visibility="hidden"])').length);

test('played at the fastest speed, the job graph draws at most 400 items, says so, and stops saying so when paused', async ({ page }) => {
  const errors = watchErrors(page);
  await loadRun(page);
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('+');
  await expect(page.getByTestId('speed-value')).toHaveText('50×');
  await page.getByTestId('play').click();
  const note = page.getByTestId('job-thinned');
  await expect(note).toHaveText('Playing fast: some records not drawn', { timeout: 20_000 });
  await expect(note).toHaveAttribute('title', 'While playing fast at most 400 items are drawn per frame, some records on the wires left out; pause to see them all.');
  let most = 0;
  for (let i = 0; i < 10; i++) {
    most = Math.max(most, await drawn(page));
    await page.waitForTimeout(100);
  }
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(400);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  await expect(note).toHaveCount(0);
  // Playing fast the dots carry no tooltip (rewritten every frame, never read); paused, every one does again.
  await expect.poll(() => untitled(page), { timeout: 10_000 }).toBe(0);
  expect(errors).toEqual([]);
});

test('the note speaks Chinese', async ({ page }) => {
  await loadRun(page);
  await page.getByRole('button', { name: '中文' }).click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('+');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('job-thinned')).toHaveText('快速播放：连线上的部分记录未画出', { timeout: 20_000 });
  await expect(page.getByTestId('job-thinned')).toHaveAttribute('title', '快速播放时每帧最多画出 400 个元素；暂停即可全部看到。');
  await page.getByTestId('play').click();
});

/** The drawn items' y (layout units), and the rows of the graph the job frame shows (layout units). */
const drawnRows = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector<HTMLElement>('[data-testid="job-frame"]')!;
    const svg = document.querySelector<SVGSVGElement>('[data-testid="job-svg"]')!;
    const scale = frame.clientWidth / svg.viewBox.baseVal.width;
    const ys = [...document.querySelectorAll('[data-testid="flow-items"] g.item:not([visibility="hidden"])')].map((g) => Number(/translate\([^,]+,([^)]+)\)/.exec(g.getAttribute('transform') ?? '')?.[1]));
    return { ys, top: frame.scrollTop / scale, bottom: (frame.scrollTop + frame.clientHeight) / scale, height: svg.viewBox.baseVal.height };
  });

test('zoomed to its width, the graph draws the records and barriers of the rows in view, and those of other rows once scrolled to', async ({ page }) => {
  const errors = watchErrors(page);
  await loadRun(page);
  const max = Number(await page.getByTestId('scrubber').getAttribute('max'));
  await page.getByTestId('scrubber').fill(String(Math.round(max / 2)));
  await expect.poll(async () => (await drawnRows(page)).ys.length, { timeout: 10_000 }).toBeGreaterThan(20);
  const atTop = await drawnRows(page);
  // Drawn: the rows in view, a margin, rounded out to a step (src/views/job/useVisibleBand.ts); not the rows below.
  const beyond = BAND_MARGIN + BAND_STEP;
  expect(Math.max(...atTop.ys)).toBeLessThanOrEqual(atTop.bottom + beyond);
  expect(atTop.height).toBeGreaterThan(atTop.bottom + beyond + 50);
  await page.getByTestId('job-frame').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect.poll(async () => Math.max(...(await drawnRows(page)).ys), { timeout: 5_000 }).toBeGreaterThan(atTop.bottom + beyond);
  const scrolled = await drawnRows(page);
  expect(Math.min(...scrolled.ys)).toBeGreaterThanOrEqual(scrolled.top - beyond);
  // "Fit" shows the whole graph: every item is drawn.
  await page.getByTestId('job-zoom').click();
  await expect.poll(async () => (await drawnRows(page)).ys.length, { timeout: 5_000 }).toBeGreaterThan(Math.max(atTop.ys.length, scrolled.ys.length));
  expect(errors).toEqual([]);
});
