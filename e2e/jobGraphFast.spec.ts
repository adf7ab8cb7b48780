// Playing a big run at the fastest speed, the job graph draws at most FAST_ITEMS_MAX items a frame
// (src/views/job/channelBuffers.ts channelViewsFor: records on the wires left out, barriers and queue
// cells kept) and says so over the legend until paused.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, loadScenarioFile, watchErrors } from './helpers';

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
