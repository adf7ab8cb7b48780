import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { changelogShareLink } from './changelogScenario';
import { englishByDefault, jump, readStep, recorded, watchErrors } from './helpers';

test.beforeEach(async ({ page, context }) => {
  await englishByDefault(context);
  await page.goto('/');
  // The default run streams in from the worker: "jump to end" goes to what has arrived.
  await recorded(page);
});

/** The x of a translated group (the cursor lines are `translate(x,0)`). */
async function translateX(page: Page, testId: string): Promise<number> {
  const t = await page.getByTestId(testId).getAttribute('transform');
  return Number(/translate\(([-\d.]+)/.exec(t ?? '')?.[1]);
}

test('tabs switch between the history, the timeline and the charts, by mouse and by keyboard', async ({
  page,
}) => {
  await expect(page.getByTestId('tab-checkpoints')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('checkpoint-history')).toBeVisible();
  await page.getByTestId('scrubber').fill('50');
  await page.getByTestId('tab-checkpoints').focus();
  // Arrow keys move between tabs (and show the tab) without stepping the timeline.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-timeline')).toBeFocused();
  await expect(page.getByTestId('tab-timeline')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('checkpoint-timeline')).toBeVisible();
  await expect(page.getByTestId('checkpoint-history')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('charts-panel')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('registry-table')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-checkpoints')).toBeFocused();
  await expect(page.getByTestId('checkpoint-history')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tab-registry')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tab-charts')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByTestId('tab-checkpoints')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByTestId('tab-registry')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  expect(await readStep(page)).toBe(50);
  // Only the selected tab is in the tab order, and the panel is labelled by it.
  await expect(page.getByTestId('tab-timeline')).toHaveAttribute('tabindex', '-1');
  await expect(page.getByTestId('stage-tabs').getByRole('tabpanel')).toHaveAttribute(
    'aria-labelledby',
    'stage-tab-charts',
  );
  await page.getByTestId('tab-timeline').click();
  await expect(page.getByTestId('stage-tabs').getByRole('tabpanel')).toHaveAttribute(
    'aria-labelledby',
    'stage-tab-timeline',
  );
});

test('the timeline shows the checkpoints the cursor has reached, their phases, and follows the cursor', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.getByTestId('tab-timeline').click();
  await expect(page.getByTestId('gantt-empty')).toBeVisible();

  await jump(page, 'completed');
  await expect(page.getByTestId('gantt-bar-1')).toHaveAttribute(
    'aria-label',
    /Checkpoint 1 · Completed/,
  );
  await expect(page.getByTestId('gantt-bar-2')).toHaveCount(0);
  await expect(page.getByTestId('gantt-detail-head')).toContainText('Checkpoint 1');
  await expect(page.getByTestId('gantt-detail-head')).toContainText('6/6 acknowledged');
  // One row per subtask; the keyed ones went through alignment, sync, async upload and ack.
  await expect(page.getByTestId('gantt-detail').locator('.gantt-row')).toHaveCount(6);
  const keyed = page.getByTestId('gantt-row-count#0');
  for (const phase of ['delay', 'alignment', 'sync', 'async', 'ack'])
    await expect(keyed.locator(`[data-phase="${phase}"]`)).toHaveCount(1);
  const cursorAtFirst = await translateX(page, 'gantt-cursor');

  // The next checkpoint, a few steps after its trigger: in progress, its phases still open.
  await jump(page, 'checkpoint');
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('gantt-bar-2')).toHaveAttribute(
    'aria-label',
    /Checkpoint 2 · In progress/,
  );
  await expect(page.getByTestId('gantt-detail-head')).toContainText('Checkpoint 2');
  await expect(page.getByTestId('gantt-detail').locator('.phase.open').first()).toBeVisible();
  expect(await translateX(page, 'gantt-cursor')).toBeGreaterThan(cursorAtFirst);

  await jump(page, 'completed');
  await expect(page.getByTestId('gantt-bar-2')).toHaveAttribute(
    'aria-label',
    /Checkpoint 2 · Completed/,
  );
  await expect(page.getByTestId('gantt-detail').locator('.phase.open')).toHaveCount(0);
  // Once a later checkpoint completes with num-retained = 2, checkpoint 1 is subsumed.
  await jump(page, 'completed');
  await expect(page.getByTestId('gantt-bar-1')).toHaveAttribute(
    'aria-label',
    /Checkpoint 1 · Subsumed/,
  );
  expect(errors).toEqual([]);
});

test('clicking a checkpoint bar, or Enter on it, moves the cursor to the step where it completed', async ({
  page,
}) => {
  await page.getByTestId('jump-end').click();
  await page.getByTestId('tab-timeline').click();
  await page.getByTestId('gantt-bar-2').click();
  const step = await readStep(page);
  await expect(page.getByTestId('events')).toContainText('checkpoint.completed');
  await expect(page.getByTestId('gantt-detail-head')).toContainText('Checkpoint 2');
  // It is exactly the completing step: one step earlier, checkpoint 2 is still in progress.
  await page.getByTestId('step-back').click();
  await expect(page.getByTestId('gantt-bar-2')).toHaveAttribute('aria-label', /In progress/);

  // Keyboard: the bars are one tab stop; arrows move between them, Enter jumps.
  await page.getByTestId('jump-end').click();
  await page.getByTestId('gantt-bar-3').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('gantt-bar-2')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('gantt-bar-4')).toBeFocused();
  await page.keyboard.press('Enter');
  const atFour = await readStep(page);
  expect(atFour).toBeGreaterThan(step);
  await expect(page.getByTestId('events')).toContainText('checkpoint.completed');
  await expect(page.getByTestId('gantt-bar-4')).toHaveAttribute(
    'aria-label',
    /Checkpoint 4 · Completed/,
  );
  await expect(page.getByTestId('gantt-bar-5')).toHaveCount(0);
});

test('the charts draw what the cursor has reached and mark it', async ({ page }) => {
  await jump(page, 'completed');
  await page.getByTestId('tab-charts').click();
  const bars = page.getByTestId('chart-sizes').locator('.data-bar');
  // checkpointed_size and state_size of checkpoint 1.
  await expect(bars).toHaveCount(2);
  const cursorBefore = await translateX(page, 'chart-cursor');
  await jump(page, 'completed', 2);
  await expect(bars).toHaveCount(6);
  expect(await translateX(page, 'chart-cursor')).toBeGreaterThan(cursorBefore);
  // Hovering a checkpoint shows its figures.
  await page.getByTestId('chart-band-2').hover();
  await expect(page.getByTestId('chart-tooltip')).toContainText('Checkpoint 2');
  await expect(page.getByTestId('chart-tooltip')).toContainText('checkpointed_size');
  // Keyboard inspection: the chart is focusable and arrow keys move between checkpoints, not steps.
  const step = await readStep(page);
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('chart-tooltip')).toHaveCount(0);
  await page.getByTestId('chart-sizes-box').focus();
  await expect(page.getByTestId('chart-tooltip')).toContainText('Checkpoint 3');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('chart-tooltip')).toContainText('Checkpoint 2');
  expect(await readStep(page)).toBe(step);

  await page.getByTestId('chart-pick-stored').click();
  const line = page.getByTestId('chart-stored').getByTestId('series-line');
  const early = await line.getAttribute('d');
  await page.getByTestId('jump-end').click();
  expect(await line.getAttribute('d')).not.toBe(early);
  await page.getByTestId('chart-pick-duration').click();
  await expect(page.getByTestId('chart-duration').locator('.data-bar').first()).toBeVisible();
  await page.getByTestId('chart-pick-uploads').click();
  await expect(page.getByTestId('chart-uploads').locator('.data-bar').first()).toBeVisible();
  await page.getByTestId('chart-pick-files').click();
  await expect(page.getByTestId('chart-files')).toBeVisible();
});

test('a chart downloads as SVG with inline styles and as PNG, under the strict CSP', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.getByTestId('jump-end').click();
  await page.getByTestId('tab-charts').click();
  await page.getByTestId('chart-pick-uploads').click();

  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-svg').click(),
  ]);
  expect(svgDownload.suggestedFilename()).toMatch(/^checkpoint-lab-uploads-step-\d+\.svg$/);
  const svg = readFileSync((await svgDownload.path())!, 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('Bytes uploaded per');
  // The app's CSS is resolved into the file, so it looks the same opened alone.
  expect(svg).toMatch(/style="[^"]*fill: rgb/);
  expect(svg).toMatch(/style="[^"]*font-size: 1\dpx/);

  // The chart's size when it is exported (the page may lay out again afterwards).
  const box = (await page.getByTestId('chart-uploads').boundingBox())!;
  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-png').click(),
  ]);
  expect(pngDownload.suggestedFilename()).toMatch(/\.png$/);
  const png = readFileSync((await pngDownload.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Twice the chart's size: width and height from the IHDR chunk.
  expect(Math.abs(png.readUInt32BE(16) - box.width * 2)).toBeLessThanOrEqual(2);
  expect(Math.abs(png.readUInt32BE(20) - box.height * 2)).toBeLessThanOrEqual(2);
  expect(errors).toEqual([]);
});

test('with the timeline or the charts open, the page still fits 1280×720', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('jump-end').click();
  for (const tab of ['timeline', 'charts']) {
    await page.getByTestId(`tab-${tab}`).click();
    await page.waitForTimeout(100);
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1),
    ).toBe(true);
  }
  // The chart fills its slot: wider than tall, and big enough to read.
  const box = (await page.getByTestId('chart-sizes').boundingBox())!;
  expect(box.width).toBeGreaterThan(400);
  expect(box.height).toBeGreaterThan(120);
});

/** The marker (or bar) that has focus: its test id and accessible name. */
function focusedMark(page: Page) {
  return page.evaluate(() => ({
    testId: document.activeElement?.getAttribute('data-testid') ?? null,
    name: document.activeElement?.getAttribute('aria-label') ?? '',
  }));
}

test('failure and restore markers: one Tab stop, arrows between them, the styled tooltip on focus and hover, Enter goes to their step', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // A task failure right after checkpoint 1: the job fails and restores at the next step.
  await jump(page, 'completed');
  const failedAt = (await readStep(page)) + 1;
  await page.getByTestId('actions-tab-faults').click();
  await page.getByTestId('fault-task').selectOption('count#0');
  await page.getByTestId('fault-phase').selectOption('now');
  await page.getByTestId('fault-fail').click();
  await expect.poll(() => readStep(page)).toBe(failedAt);
  await page.getByTestId('jump-end').click();
  await page.getByTestId('tab-timeline').click();

  const overview = page.getByTestId('gantt-overview');
  const failure = overview.getByTestId('gantt-marker-jobFailed');
  const restore = overview.getByTestId('gantt-marker-restore');
  await expect(failure).toHaveCount(1);
  await expect(restore).toHaveCount(1);
  // Not a native tooltip any more, and not a Tab stop each: the markers' row and the bars' row are one stop each.
  await expect(overview.locator('title')).toHaveCount(0);
  await expect(overview.locator('.gantt-marker[tabindex="0"]')).toHaveCount(1);
  await expect(overview.locator('[tabindex="0"]')).toHaveCount(2);

  // Tab from the tab strip reaches the markers first (the top row), with a focus ring.
  await page.getByTestId('tab-timeline').focus();
  let mark = await focusedMark(page);
  for (let i = 0; i < 5 && !mark.testId?.startsWith('gantt-marker'); i++) {
    await page.keyboard.press('Tab');
    mark = await focusedMark(page);
  }
  expect(mark.testId).toBe('gantt-marker-restore');
  expect(mark.name).toContain(`step ${failedAt}`);
  const ring = await restore.locator('.hit').evaluate((el) => getComputedStyle(el).stroke);
  expect(ring).toBe('rgb(245, 158, 11)');
  const tip = page.getByTestId('chart-tooltip');
  await expect(tip).toContainText('Restore');
  await expect(tip).toContainText('checkpoint 1');
  await expect(tip).toContainText(`step ${failedAt}`);

  // Arrows move within the markers without stepping the timeline; the tooltip follows.
  const end = await readStep(page);
  await page.keyboard.press('ArrowLeft');
  await expect(failure).toBeFocused();
  await expect(tip).toContainText('Job failed');
  await expect(tip).toContainText('count#0 failed (injected)');
  expect(await readStep(page)).toBe(end);
  // Enter goes to the marker's step, as Enter on a bar goes to the checkpoint's end.
  await page.keyboard.press('Enter');
  await expect.poll(() => readStep(page)).toBe(failedAt);
  await expect(page.getByTestId('events')).toContainText('job.failed');
  await expect(failure).toBeFocused();
  // Leaving the row hides the tooltip; hovering a marker shows the same one.
  await page.keyboard.press('Shift+Tab');
  await expect(tip).toHaveCount(0);
  await failure.locator('.hit').hover({ position: { x: 7, y: 4 } });
  await expect(tip).toContainText('Job failed');
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('changelog markers (materialization, truncation) are reachable from the keyboard too', async ({
  page,
}) => {
  // A new document: the share link is read when the page loads, not on a hash change.
  await page.goto('about:blank');
  await page.goto(changelogShareLink());
  await page.getByTestId('jump-end').click();
  await page.getByTestId('tab-timeline').click();
  const overview = page.getByTestId('gantt-overview');
  await expect(overview.getByTestId('gantt-marker-materialization').first()).toBeVisible();
  await expect(overview.locator('.gantt-marker[tabindex="0"]')).toHaveCount(1);
  await overview.locator('.gantt-marker[tabindex="0"]').focus();
  await page.keyboard.press('Home');
  await expect(overview.locator('.gantt-marker').first()).toBeFocused();
  await expect(page.getByTestId('chart-tooltip')).toContainText('Materialization');
  await page.keyboard.press('End');
  await expect(overview.locator('.gantt-marker').last()).toBeFocused();
  const last = await focusedMark(page);
  const step = Number(/step (\d+)/.exec(last.name)?.[1]);
  expect(step).toBeGreaterThan(0);
  await page.keyboard.press('Enter');
  await expect.poll(() => readStep(page)).toBe(step);
});
