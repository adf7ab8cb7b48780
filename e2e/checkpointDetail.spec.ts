/**
 * Issue 14, bugs 7 and 8 and two features, as a person sees them: the two sizes of every
 * checkpoint agree with Flink's rule (checkpointed ≤ full); the narration names the _metadata
 * file's own size and never says "No event in this step"; the sink's verdict and duplicates are
 * on screen; and a checkpoint's drill-down lists what the shared state registry was told.
 */
import { expect, test, type Page, type Worker } from '@playwright/test';
import { pickExample, recorded } from './helpers';

async function start(page: Page, lang: 'en' | 'zh' = 'en', w = 1280, h = 720) {
  await page.setViewportSize({ width: w, height: h });
  await page.addInitScript((l) => {
    localStorage.setItem('checkpoint-lab.lang', l);
    localStorage.removeItem('checkpoint-lab.presenter');
  }, lang);
  await page.goto('/');
  await recorded(page);
}

async function toEnd(page: Page) {
  const max = Number(await page.getByTestId('scrubber').getAttribute('max'));
  await page.getByTestId('scrubber').fill(String(max));
}

function bytes(text: string): number {
  const m = /([\d.]+)\s*(B|KB|MB)/.exec(text);
  if (!m) throw new Error(`no size in "${text}"`);
  return Number(m[1]) * (m[2] === 'KB' ? 1024 : m[2] === 'MB' ? 1024 * 1024 : 1);
}

test('every completed checkpoint shows a checkpointed size no larger than its full size (unaligned, back-pressure)', async ({ page }) => {
  await start(page);
  await pickExample(page, 'backpressure-unaligned');
  await toEnd(page);
  const rows = page.locator('[data-testid^="cp-row-"]').filter({ hasText: /COMPLETED|SUBSUMED/ });
  expect(await rows.count()).toBeGreaterThanOrEqual(4);
  for (const row of await rows.all()) {
    const cells = row.locator('td.num');
    const checkpointed = bytes((await cells.nth(1).textContent()) ?? '');
    const full = bytes((await cells.nth(2).textContent()) ?? '');
    expect(checkpointed).toBeLessThanOrEqual(full);
  }
});

test('completion names the _metadata file size; no step reads "No event in this step"', async ({ page }) => {
  await start(page);
  await pickExample(page, 'seed002-refcount');
  await page.getByTestId('jump-kind').selectOption('completed');
  await page.getByTestId('jump-next').click();
  const meta = await page.evaluate(() => window.__checkpointLab!.modelFiles().find((f) => f.path.endsWith('chk-1/_metadata'))!.size);
  const shown = meta < 1024 ? `${meta} B` : `${(meta / 1024).toFixed(1)} KB`;
  await expect(page.getByTestId('narration-headline')).toContainText(`_metadata file (${shown})`);
  await expect(page.getByTestId('narration-headline')).toContainText('Checkpointed size');
  // The back-pressure example has steps where a record only waits in a queue: they say so.
  await pickExample(page, 'backpressure-unaligned');
  for (let step = 1; step <= 40; step++) {
    await page.getByTestId('scrubber').fill(String(step));
    await expect(page.getByTestId('narration-headline')).not.toHaveText('No event in this step.');
  }
});

test('the sink verdict: at-least-once with duplicates for a plain sink, exactly-once for the transactional one', async ({ page }) => {
  await start(page);
  await pickExample(page, 'sink-after-failure-plain');
  await toEnd(page);
  const verdict = page.getByTestId('sink-verdict');
  await expect(verdict).toBeVisible();
  await expect(page.getByTestId('sink-verdict-label')).toHaveAttribute('data-exactly-once', 'false');
  await expect(page.getByTestId('sink-verdict-label')).toContainText('at-least-once');
  expect(Number(await page.getByTestId('sink-duplicates').textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId('sink-verdict-why')).toContainText('replays from the last checkpoint');
  // It follows the cursor: at the start nothing is committed.
  await page.getByTestId('scrubber').fill('1');
  await expect(page.getByTestId('sink-committed')).toHaveText('0');
  await pickExample(page, 'sink-after-failure-transactional');
  await toEnd(page);
  await expect(page.getByTestId('sink-verdict-label')).toHaveAttribute('data-exactly-once', 'true');
  await expect(page.getByTestId('sink-duplicates')).toHaveText('0');
});

test('the verdict\'s reference: a run without faults is its own (no second run); with a fault a worker runs it, then ends', async ({ page }) => {
  // Both roles run recorder.worker (recorderClient.ts); the lesson resolver is another file.
  const workers: Worker[] = [];
  const closed = new Set<Worker>();
  page.on('worker', (w) => {
    if (!w.url().includes('recorder.worker')) return;
    workers.push(w);
    w.on('close', () => closed.add(w));
  });
  await start(page);
  await toEnd(page);
  await expect(page.getByTestId('sink-verdict-label')).toHaveAttribute('data-exactly-once', 'true');
  expect(workers.length).toBe(1);
  await pickExample(page, 'sink-after-failure-plain');
  await toEnd(page);
  await expect(page.getByTestId('sink-verdict-label')).toHaveAttribute('data-exactly-once', 'false');
  expect(workers.length).toBe(2);
  await expect.poll(() => closed.has(workers[1]!)).toBe(true);
  expect(closed.has(workers[0]!)).toBe(false);
});

test('Chinese: the verdict reads in Chinese', async ({ page }) => {
  await start(page, 'zh');
  await pickExample(page, 'sink-after-failure-plain');
  await toEnd(page);
  await expect(page.getByTestId('sink-verdict-label')).toContainText('至少一次');
});

test('seed 002, checkpoint 3: the drill-down lists what the registry says was uploaded and reused; Esc closes it', async ({ page }) => {
  await start(page);
  await pickExample(page, 'seed002-refcount');
  await page.getByTestId('jump-kind').selectOption('completed');
  for (let i = 0; i < 3; i++) await page.getByTestId('jump-next').click();
  const registry = await page.evaluate(() => window.__checkpointLab!.registryFiles(3));
  expect(registry && registry.length).toBeTruthy();
  const open = page.getByTestId('cp-detail-open-3');
  await open.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('checkpoint-detail');
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(720);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  for (const f of registry!) {
    const row = panel.getByTestId(`cp-detail-task-${f.task}`);
    const want = row.getByTestId(f.placeholder ? 'cp-detail-reused' : 'cp-detail-uploaded').locator(`li[data-path="${f.path}"]`);
    const wrong = row.getByTestId(f.placeholder ? 'cp-detail-uploaded' : 'cp-detail-reused').locator(`li[data-path="${f.path}"]`);
    await expect(want).toHaveCount(1);
    await expect(wrong).toHaveCount(0);
  }
  await expect(panel.getByTestId('checkpoint-detail-sizes')).toContainText('Checkpointed size');
  await page.screenshot({ path: 'reports/screenshots/ux3-detail-1280-en.png' });
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(open).toBeFocused();
});
