import { expect, test } from '@playwright/test';
import { readStep, recorded, screenshotAndMeasure, watchErrors } from './helpers';

test.beforeEach(async ({ page }) => {
  // Each test has a fresh browser context; start it in English unless the page chose otherwise.
  await page.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang')) localStorage.setItem('checkpoint-lab.lang', 'en');
  });
});

test('loads without console errors and shows the job and controls', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkpoint Lab');
  await expect(page.getByTestId('job-svg')).toBeVisible();
  await expect(page.getByTestId('play')).toBeVisible();
  expect(await readStep(page)).toBe(0);
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('events')).toContainText('source.emitted');
  expect(errors).toEqual([]);
});

test('play advances the shown step and pause stops it', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('play').click();
  await expect.poll(() => readStep(page), { timeout: 10_000 }).toBeGreaterThan(3);
  await page.getByTestId('play').click();
  const paused = await readStep(page);
  await page.waitForTimeout(400);
  expect(await readStep(page)).toBe(paused);
});

test('playing at the fastest speed runs to the last step, shows it, and stops', async ({ page }) => {
  // The cursor moves in the task after each frame (usePlayback's commit): the last move is made before playback stops.
  await page.goto('/');
  await recorded(page);
  for (let i = 0; i < 12; i++) await page.keyboard.press('+');
  await expect(page.getByTestId('speed-value')).toHaveText('50×');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play', { timeout: 20_000 });
  const m = /(\d+)\D+(\d+)/.exec(await page.getByTestId('step-readout').innerText());
  expect(m).not.toBeNull();
  expect(Number(m![1])).toBe(Number(m![2]));
  expect(Number(m![2])).toBeGreaterThan(1000);
});

test('step buttons and jumps move the cursor', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  expect(await readStep(page)).toBe(3);
  await page.getByTestId('step-back').click();
  expect(await readStep(page)).toBe(2);
  // The run streams in from the worker: "jump to end" goes to what has arrived.
  await recorded(page);
  await page.getByTestId('jump-end').click();
  const end = await readStep(page);
  expect(end).toBeGreaterThan(50);
  await expect(page.getByTestId('step-forward')).toBeDisabled();
  await page.getByTestId('jump-start').click();
  expect(await readStep(page)).toBe(0);
  await expect(page.getByTestId('no-events')).toBeVisible();
});

test('the scrubber sets the position and the shown state follows', async ({ page }) => {
  await page.goto('/');
  const sink = page.getByTestId('node-sink#1');
  await page.getByTestId('scrubber').fill('40');
  expect(await readStep(page)).toBe(40);
  const at40 = await sink.textContent();
  await page.getByTestId('scrubber').fill('200');
  expect(await readStep(page)).toBe(200);
  expect(await sink.textContent()).not.toBe(at40);
  await page.getByTestId('scrubber').fill('40');
  expect(await sink.textContent()).toBe(at40);
});

test('keyboard shortcuts drive playback and the help overlay', async ({ page }) => {
  await page.goto('/');
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await readStep(page)).toBe(2);
  await page.keyboard.press('ArrowLeft');
  expect(await readStep(page)).toBe(1);
  await page.keyboard.press('Shift+ArrowRight');
  expect(await readStep(page)).toBe(11);
  await page.keyboard.press('End');
  expect(await readStep(page)).toBeGreaterThan(50);
  await page.keyboard.press('Home');
  expect(await readStep(page)).toBe(0);
  await page.keyboard.press('Space');
  await expect.poll(() => readStep(page), { timeout: 10_000 }).toBeGreaterThan(2);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  const before = await page.getByTestId('speed-value').innerText();
  await page.keyboard.press('+');
  await expect(page.getByTestId('speed-value')).not.toHaveText(before);
  await page.keyboard.press('?');
  await expect(page.getByTestId('help')).toBeVisible();
  await expect(page.getByTestId('help')).toContainText('Play / pause');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('help')).toBeHidden();
});

test('acting at an earlier step branches the timeline and says so', async ({ page }) => {
  await page.goto('/');
  // The run streams in from the worker: its end is known once it is recorded.
  await recorded(page);
  await page.getByTestId('jump-end').click();
  const end = await readStep(page);
  await page.getByTestId('scrubber').fill('20');
  await page.getByTestId('inject-record').click();
  await expect(page.getByTestId('branch-notice')).toBeVisible();
  expect(await readStep(page)).toBe(21);
  await expect(page.getByTestId('events')).toContainText('user.action');
  // The injected record is read by the source, updates keyed state and reaches a sink. The branch
  // streams in from the worker like the run did: its end is known once it is recorded.
  await recorded(page);
  await page.getByTestId('jump-end').click();
  expect(await readStep(page)).toBe(end + 4);
});

test('the language switch changes the UI and is remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', '播放');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('检查点');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', '播放');
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
});

test('clicking a subtask shows its keyed state by key group', async ({ page }) => {
  await page.goto('/');
  // The run streams in from the worker: the scrubber reaches a step once it is recorded.
  await recorded(page);
  await page.getByTestId('scrubber').fill('150');
  await page.getByTestId('node-count#1').click();
  await expect(page.getByTestId('task-state')).toContainText('count#1');
  const rows = page.getByTestId('state-table').locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  // Every key group shown belongs to count#1's range [64, 127].
  for (const kg of await rows.locator('td:first-child').allTextContents()) expect(Number(kg)).toBeGreaterThanOrEqual(64);
  await page.getByTestId('node-source#0').click();
  await expect(page.getByTestId('source-offsets')).toBeVisible();
});

test('a screenshot at projector size is not blank', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  // The run streams in from the worker: the scrubber reaches a step once it is recorded.
  await recorded(page);
  await page.getByTestId('scrubber').fill('30');
  await page.waitForTimeout(300);
  const shot = await screenshotAndMeasure(page, 'shell-1280x720');
  expect(shot.colors).toBeGreaterThan(8);
  // Everything important fits without scrolling the page at 1280×720.
  const fits = await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1);
  expect(fits).toBe(true);
});
