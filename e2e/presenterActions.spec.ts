/**
 * Issue 14: in presenter mode the actions panel (faults, savepoint, restore) is reachable, with a
 * toggle beside the Explanation and Subtask panel toggles, shown in the stage whole and in the
 * presenter's type, at 1920×1080 and 1280×720.
 */
import { expect, test, type Page } from '@playwright/test';
import { readStep, startClassroom, storageReady, watchErrors } from './helpers';

/** Whether the panel lies inside the window, and its buttons' type size in px. */
function measure(page: Page) {
  return page.getByTestId('actions-panel').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const button = el.querySelector('.act-body button')!;
    return {
      inside: r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth + 0.5 && r.bottom <= window.innerHeight + 0.5,
      sideways: el.scrollWidth > el.clientWidth + 1,
      // Everything of the group in view, nothing to scroll to.
      whole: el.scrollHeight <= el.clientHeight + 1,
      buttonPx: parseFloat(getComputedStyle(button).fontSize),
      tabPx: parseFloat(getComputedStyle(el.querySelector('[role="tab"]')!).fontSize),
    };
  });
}

for (const [w, h] of [
  [1920, 1080],
  [1280, 720],
] as const) {
  test(`presenter mode at ${w}×${h}: the actions toggle shows faults, savepoint and restore in the stage, large`, async ({ page }) => {
    const errors = watchErrors(page);
    await startClassroom(page, 'en', true, w, h);
    await storageReady(page);
    const pp = Math.max(1, Math.min(h / 720, w / 1280));
    await expect(page.getByTestId('actions-panel')).toHaveCount(0);
    const toggle = page.getByTestId('presenter-actions-toggle');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const panel = page.getByTestId('actions-panel');
    await expect(panel).toBeVisible();
    // Unfolded at once: the savepoint button is there without opening anything else.
    await expect(page.getByTestId('trigger-savepoint')).toBeVisible();
    let m = await measure(page);
    expect(m.inside).toBe(true);
    expect(m.sideways).toBe(false);
    expect(m.whole).toBe(true);
    expect(m.buttonPx).toBeGreaterThanOrEqual(15 * pp - 0.5);
    expect(m.tabPx).toBeGreaterThanOrEqual(16 * pp - 0.5);

    // A fault from presenter mode: fail a task now, at step 30.
    await page.getByTestId('scrubber').fill('30');
    await page.getByTestId('actions-tab-faults').click();
    await expect(page.getByTestId('fault-fail')).toBeVisible();
    m = await measure(page);
    expect(m.inside).toBe(true);
    expect(m.sideways).toBe(false);
    expect(m.whole).toBe(true);
    await page.getByTestId('fault-fail').click();
    expect(await readStep(page)).toBe(31);
    await expect(page.getByTestId('presenter-narration')).toContainText(/fail/i);

    // The restore group is there too, and the choice is remembered across a reload.
    await page.getByTestId('actions-tab-restore').click();
    await expect(page.getByTestId('restore-run')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('presenter-actions-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('actions-panel')).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('presenter mode: the actions panel sits beside the enlarged subtask panel, all three inside the window', async ({ page }) => {
  await startClassroom(page, 'zh', true, 1280, 720);
  await storageReady(page);
  await page.getByTestId('presenter-task-toggle').click();
  await page.getByTestId('presenter-actions-toggle').click();
  await expect(page.getByTestId('task-state')).toBeVisible();
  await expect(page.getByTestId('actions-panel')).toBeVisible();
  const boxes = await page.evaluate(() =>
    ['stage-tabs', 'actions-panel', 'task-state'].map((id) => {
      const r = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
      return { left: r.left, right: r.right, bottom: r.bottom };
    }),
  );
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right - 0.5);
  for (const b of boxes) {
    expect(b.right).toBeLessThanOrEqual(1280.5);
    expect(b.bottom).toBeLessThanOrEqual(720.5);
  }
});
