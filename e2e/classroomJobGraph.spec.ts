/**
 * Issue 14: at parallelism 8 the job graph stays readable at 1280×720 (and in presenter mode):
 * it is drawn at the panel's width and scrolls inside its panel, with "Fit" to see it whole.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

function parallelism8Link(): string {
  const s = JSON.parse(readFileSync(new URL('../scenarios/changelog-seed000.json', import.meta.url), 'utf8'));
  s.job.parallelism = 8;
  return `/#scenario=${Buffer.from(JSON.stringify(s)).toString('base64url')}`;
}

/** The rendered size (px on screen) of the subtask titles' text. */
const titlePx = (page: Page) =>
  page.locator('.job-svg .node .node-title').first().evaluate((el) => el.getBoundingClientRect().height);

for (const [w, h, presenter] of [
  [1280, 720, false],
  [1920, 1080, true],
] as const) {
  test(`parallelism 8 at ${w}×${h}${presenter ? ' in presenter mode' : ''}: subtask titles readable, the page fits`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: w, height: h });
    if (presenter) await page.addInitScript(() => localStorage.setItem('checkpoint-lab.presenter', '1'));
    await page.goto(parallelism8Link());
    await page.getByTestId('share-link-dismiss').click();
    await expect(page.getByTestId('node-count#7')).toBeAttached();
    expect(await titlePx(page)).toBeGreaterThanOrEqual(presenter ? 15 : 11);
    // The graph scrolls inside its panel; the page still fits the screen.
    const frame = page.getByTestId('job-frame');
    expect(await frame.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1),
    ).toBe(true);
    await page.getByTestId('node-count#7').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('node-count#7')).toBeInViewport();
    await page.screenshot({ path: `reports/screenshots/job-p8-${w}x${h}.png` });
    // "Fit" shows all eight rows at once, smaller.
    const zoomedPx = await titlePx(page);
    await page.getByTestId('job-zoom').click();
    expect(await titlePx(page)).toBeLessThan(zoomedPx * 0.8);
    expect(await frame.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  });
}
