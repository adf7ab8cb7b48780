/**
 * Issue 17 for lessons: starting a lesson and going through its stops leaves the page's thread
 * free. The lesson resolves in its own Web Worker (the worker shows up in the page), and a
 * PerformanceObserver counts the long tasks meanwhile. Their length depends on the machine's
 * load (up to 6 test runs share 2 cores; every stop still renders the whole app on the page's
 * thread), so the strict goal (no task over 50 ms) is asserted only when the load is low; under
 * load a generous budget holds instead, and the figures are attached to the report either way.
 */
import { expect, test } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { watchErrors } from './helpers';

const FRESH = { storageState: { cookies: [], origins: [] } };
const LESSON = 'incremental-shared-files';
const STOPS = 7;

test('lesson 5: its start and every stop run without long tasks on the page (resolved in the lesson worker)', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...FRESH, locale: 'en-US', viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByTestId('lesson-picker')).toBeVisible();
  // Page load has long tasks of its own (the first render, the default run): not this test's.
  await page.waitForTimeout(1500);
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
  const workers = new Set<string>();
  page.on('worker', (w) => workers.add(w.url()));
  await page.getByTestId(`lesson-start-${LESSON}`).click();
  for (let i = 1; i <= STOPS; i++) {
    await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-stop', String(i));
    await expect(page.getByTestId('lesson-waiting')).toHaveCount(0);
    if (i < STOPS) await page.getByTestId('lesson-next').click();
  }
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const load = loadavg()[0]! / cpus().length;
  info.annotations.push({ type: 'long tasks', description: `${tasks.length} over 50 ms, longest ${Math.max(0, ...tasks)} ms (${tasks.join(', ') || 'none'}); load average per core ${load.toFixed(1)}` });
  expect([...workers].some((u) => u.includes('lessonResolver.worker'))).toBe(true);
  if (load < 1) expect(tasks).toEqual([]);
  else {
    // Generous under load: a render or two per stop may pass 50 ms, no task near the 0.3–0.9 s
    // a lesson's resolving took on the page's thread.
    expect(tasks.length).toBeLessThanOrEqual(2 * STOPS);
    expect(Math.max(0, ...tasks)).toBeLessThan(800);
  }
  expect(errors).toEqual([]);
  await context.close();
});
