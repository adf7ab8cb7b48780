/**
 * While playing fast the reading panels are refreshed in turn (src/views/panelPace.tsx). A
 * learner who pauses must never see two different steps: the narration, the event list and the
 * step readout agree as soon as playback stops.
 */
import { expect, test } from '@playwright/test';
import { readStep, watchErrors } from './helpers';

test('after fast playback is paused, every panel shows the step the cursor is on', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByTestId('play')).toBeVisible();
  // From 0.5× to at least 2×: fast enough that panels are paced, slow enough that the run does
  // not end first. One `+` per poll, so a key pressed before the shortcuts listen is pressed again.
  const speed = async () => Number((await page.getByTestId('speed-value').innerText()).replace(/[^\d.]/g, ''));
  await expect
    .poll(async () => {
      await page.keyboard.press('+');
      return speed();
    })
    .toBeGreaterThanOrEqual(2);

  for (const pauseAfterMs of [250, 600]) {
    await page.getByTestId('play').click();
    await page.waitForTimeout(pauseAfterMs);
    await page.getByTestId('play').click();
    await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
    const step = await readStep(page);
    expect(step).toBeGreaterThan(0);
    await expect(page.locator('#narration-title')).toContainText(new RegExp(`step ${step}(?!\\d)`, 'i'));
    await expect(page.getByTestId('events-toggle')).toContainText(new RegExp(`#${step}(?!\\d)`));
  }
  expect(errors).toEqual([]);
});
