/**
 * Issue 14, "Presenter mode and 1280×720": the narration's explanation is never cut, the subtask
 * panel (DSTL tape, LSM, state table) gets real room (enlarged into the stage, also in presenter
 * mode), the presenter can show the full explanation in large type, and an open event list shows
 * more than a line or two.
 */
import { expect, test, type Page } from '@playwright/test';
import { jump, pickExample, startClassroom, watchErrors } from './helpers';

/** Whether an element's text is all in view: not clamped, and inside every scrolling ancestor's box. */
function wholeInView(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (el.scrollHeight > el.clientHeight + 1) return false;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (!/(auto|scroll|hidden)/.test(s.overflowY)) continue;
      const b = a.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1) return false;
    }
    return r.bottom <= window.innerHeight;
  });
}

test('at 1280×720 in Chinese the unaligned explanation shows its key sentence whole', async ({ page }) => {
  const errors = watchErrors(page);
  await startClassroom(page, 'zh', false, 1280, 720);
  await pickExample(page, 'backpressure-unaligned');
  // Step 152: source#1 injects barrier 1, which overtakes the records waiting in its output queue.
  await page.getByTestId('scrubber').fill('152');
  const why = page.getByTestId('narration-why');
  await expect(why).toContainText('非对齐：屏障越过输出队列中等待的');
  expect(await wholeInView(page, 'narration-why')).toBe(true);
  expect(errors).toEqual([]);
});

test('at 1280×720 the subtask panel enlarges into the stage, and an open event list shows several events', async ({
  page,
}) => {
  await startClassroom(page, 'en', false, 1280, 720);
  await pickExample(page, 'changelog-seed000');
  // m1's completion (a step with several events).
  await jump(page, 'materialization');
  await page.getByTestId('node-count#0').click();
  const panel = page.getByTestId('task-state');
  const inSide = (await panel.boundingBox())!;
  await page.getByTestId('task-in-stage').click();
  await expect(page.getByTestId('task-in-stage')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.stage-row .task-state')).toBeVisible();
  await expect(page.locator('.side .task-state')).toHaveCount(0);
  await expect(page.getByTestId('dstl-tape')).toBeVisible();
  const inStage = (await panel.boundingBox())!;
  // Real room: at least 300 px high and twice the side column's area.
  expect(inStage.height).toBeGreaterThanOrEqual(300);
  expect(inStage.width * inStage.height).toBeGreaterThan(2 * inSide.width * inSide.height);

  // With the subtask panel in the stage, the open event list has the side column's room.
  const toggle = page.getByTestId('events-toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const list = (await page.getByTestId('events').boundingBox())!;
  expect(list.height).toBeGreaterThanOrEqual(200);
  // Back to the side, the open list still shows more than a line or two.
  await page.getByTestId('task-in-stage').click();
  await expect(page.locator('.side .task-state')).toBeVisible();
  const visible = await page.getByTestId('events').evaluate((ol) => {
    const panel = ol.closest('.event-list')!.getBoundingClientRect();
    return Math.min(panel.bottom, ol.getBoundingClientRect().bottom) - ol.getBoundingClientRect().top;
  });
  expect(visible).toBeGreaterThanOrEqual(90);
});

for (const [w, h, scale] of [
  [1280, 720, 1],
  [1920, 1080, 1.5],
] as const) {
  test(`presenter mode at ${w}×${h} shows the subtask panel and the full explanation, large`, async ({ page }) => {
    const errors = watchErrors(page);
    await startClassroom(page, 'zh', true, w, h);
    await pickExample(page, 'backpressure-unaligned');
    await page.getByTestId('scrubber').fill('152');
    await expect(page.getByTestId('task-state')).toHaveCount(0);
    await page.getByTestId('presenter-why-toggle').click();
    const why = page.getByTestId('presenter-why');
    await expect(why).toContainText('非对齐：屏障越过输出队列中等待的');
    expect(await wholeInView(page, 'presenter-why')).toBe(true);
    const font = await why.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(font).toBeGreaterThanOrEqual(17 * scale);

    await pickExample(page, 'changelog-seed000');
    await page.getByTestId('scrubber').fill('41');
    await page.getByTestId('node-count#0').click();
    await page.getByTestId('presenter-task-toggle').click();
    await expect(page.getByTestId('task-state')).toBeVisible();
    await expect(page.getByTestId('dstl-tape')).toBeVisible();
    await page.mouse.click(2, h / 2);
    await page.screenshot({ path: `reports/screenshots/presenter-task-${w}x${h}.png` });
    const box = (await page.getByTestId('task-state').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(220 * scale);
    const tableFont = await page
      .locator('.task-state .cl-heading')
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(tableFont).toBeGreaterThanOrEqual(15 * scale - 0.5);
    // The page still fits the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1),
    ).toBe(true);
    expect(errors).toEqual([]);
  });
}
