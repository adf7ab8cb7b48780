import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { readStep, screenshotAndMeasure, watchErrors } from './helpers';

// The job graph with credit-based channels: back-pressure, unaligned barriers overtaking the
// queued buffers (persisted as channel state), alignment with a timeout, and the consistent cut.
// The scenarios come in through share links (`#scenario=<base64url of the JSON>`).

function shareLink(file: string): string {
  const json = readFileSync(new URL(`../scenarios/${file}`, import.meta.url), 'utf8');
  return `/#scenario=${Buffer.from(JSON.stringify(JSON.parse(json))).toString('base64url')}`;
}

/** A share link for a scenario given as an object. */
function shareObject(scenario: object): string {
  return `/#scenario=${Buffer.from(JSON.stringify(scenario)).toString('base64url')}`;
}

// Aligned, a slow operator, and count#0 declines checkpoint 1: its CancelCheckpointMarker travels to its sink.
const DECLINE_SCENARIO = {
  format: 'checkpoint-lab/scenario@1',
  title: 'Aligned barriers block their senders; a declined checkpoint sends a CancelCheckpointMarker',
  seed: 5,
  job: { parallelism: 2, maxParallelism: 32, source: { kind: 'generator', keys: 16, ratePerSec: 400 }, operators: [{ name: 'count', state: 'value', processingMs: 4 }], sink: { kind: 'plain' } },
  checkpointing: { tolerableFailed: 3 },
  script: [
    { atMs: 250, do: 'decline', task: 'count#0' },
    { atMs: 300, do: 'checkpoint' },
  ],
  untilMs: 900,
};

async function open(page: Page, file: string | object, lang: 'en' | 'zh' = 'en'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('checkpoint-lab.lang', l), lang);
  await page.goto(typeof file === 'string' ? shareLink(file) : shareObject(file));
  await expect(page.getByTestId('share-link-notice')).toBeVisible();
  await page.getByTestId('share-link-dismiss').click();
  await expect(page.getByTestId('job-svg')).toBeVisible();
  expect(await readStep(page)).toBe(0);
}

/** Presses → until `done` holds (at most `max` steps); returns the step reached. */
async function stepUntil(page: Page, done: () => Promise<boolean>, max: number): Promise<number> {
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  for (let i = 0; i < max; i++) {
    if (await done()) return readStep(page);
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`not reached within ${max} steps`);
}

async function jumpToBarrierEvent(page: Page, text: string, max = 40): Promise<number> {
  await page.getByTestId('jump-kind').selectOption('barrier');
  for (let i = 0; i < max; i++) {
    await page.getByTestId('jump-next').click();
    if ((await page.getByTestId('events').innerText()).includes(text)) return readStep(page);
  }
  throw new Error(`no step with ${text}`);
}

const svg = (page: Page) => page.getByTestId('job-svg');

test('back-pressure: buffers queue at the sender and the source is marked back-pressured', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, 'backpressure-unaligned.json');
  await expect(svg(page).getByTestId('buffer-out')).toHaveCount(0);
  await expect(svg(page).getByTestId('backpressure-marker')).toHaveCount(0);
  // Records soon wait at the senders for credit, and the slow operator is busy.
  await stepUntil(page, async () => (await svg(page).getByTestId('buffer-out').count()) > 0, 60);
  await expect(svg(page).getByTestId('busy-marker').first()).toBeVisible();
  expect(await svg(page).getByTestId('buffer-in').count()).toBeGreaterThan(0);
  // Then an output queue fills: its source stops reading and is marked back-pressured.
  const step = await stepUntil(page, async () => (await svg(page).getByTestId('backpressure-marker').count()) > 0, 200);
  expect(step).toBeGreaterThan(0);
  await expect(svg(page).getByTestId('backpressure-marker').first().locator('text')).toHaveText('back-pressured');
  await expect(svg(page).getByTestId('full-output-queue').first()).toBeVisible();
  await expect(page.getByTestId('job-legend')).toContainText('back-pressure');
  expect(errors).toEqual([]);
});

test('unaligned: the barrier overtakes the queued buffers, which are persisted as channel state, and the cut is drawn', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, 'backpressure-unaligned.json');
  await expect(svg(page).getByTestId('cut-line')).toHaveCount(0);
  // The first barrier step: a source snapshots and its barrier jumps ahead of its waiting output.
  await jumpToBarrierEvent(page, 'barrier.overtook');
  await expect(svg(page).getByTestId('priority-barrier').first()).toBeAttached();
  expect(await svg(page).getByTestId('persisted-buffer').count()).toBeGreaterThan(0);
  await expect(svg(page).getByTestId('persisted-marker').first()).toContainText('channel state 1:');
  const cut = svg(page).getByTestId('cut-line');
  await expect(cut).toHaveAttribute('data-checkpoint', '1');
  await expect(cut).toHaveAttribute('data-status', 'inProgress');
  await expect(page.getByTestId('cut-status')).toContainText('checkpoint 1:');
  await expect(svg(page).getByTestId('snapshot-marker').first()).toBeVisible();
  // At an operator, the barrier overtakes the queued input: those buffers are persisted too.
  await page.getByTestId('jump-kind').selectOption('barrier');
  for (let i = 0; i < 20; i++) {
    await page.getByTestId('jump-next').click();
    const events = await page.getByTestId('events').innerText();
    if (/barrier\.overtook\s+count#/.test(events)) break;
  }
  await expect(page.getByTestId('events')).toContainText('barrier.overtook');
  await expect(svg(page).getByTestId('status-count#0').getByTestId('persisted-marker').or(svg(page).getByTestId('status-count#1').getByTestId('persisted-marker')).first()).toBeVisible();
  expect(await svg(page).locator('[data-testid=persisted-buffer].in').count()).toBeGreaterThan(0);
  await expect(cut).toBeVisible();
  expect(errors).toEqual([]);
});

test('aligned with a timeout: a channel is blocked at its sender, then the subtask switches to unaligned', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, 'backpressure-aligned-timeout.json');
  await jumpToBarrierEvent(page, 'barrier.received');
  await stepUntil(page, async () => (await svg(page).getByTestId('aligning-marker').count()) > 0, 120);
  await expect(svg(page).getByTestId('timeout-countdown').first()).toContainText('unaligned in');
  await expect(svg(page).getByTestId('cut-line')).toHaveAttribute('data-checkpoint', '1');
  await jumpToBarrierEvent(page, 'barrier.alignmentTimedOut');
  await expect(svg(page).getByTestId('timeout-switch').first()).toBeVisible();
  await expect(svg(page).getByTestId('persisted-marker').first()).toBeVisible();
  expect(errors).toEqual([]);
});

for (const lang of ['en', 'zh'] as const) {
  // PipelinedSubpartition#pollBuffer: an aligned barrier blocks its subpartition at the sender.
  test(`aligned: a barrier blocks its channel at the sender, where later records wait (${lang})`, async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, DECLINE_SCENARIO, lang);
    await jumpToBarrierEvent(page, 'barrier.received');
    await stepUntil(page, async () => (await svg(page).locator('.item.record.out.blocked').count()) > 0, 80);
    await expect(svg(page).getByTestId('sender-blocked').first()).toBeAttached();
    await expect(svg(page).getByTestId('blocked-channel').first()).toBeAttached();
    await page.waitForTimeout(300);
    await screenshotAndMeasure(page, `job-graph-sender-blocked-${lang}`);
    expect(errors).toEqual([]);
  });

  // SubtaskCheckpointCoordinatorImpl#abortCheckpointOnBarrier: the decliner sends CancelCheckpointMarker downstream.
  test(`a declined checkpoint: the CancelCheckpointMarker travels to the sink (${lang})`, async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, DECLINE_SCENARIO, lang);
    await page.getByTestId('jump-kind').selectOption('failure');
    await page.getByTestId('jump-next').click();
    await expect(svg(page).getByTestId('cancel-marker').first()).toBeAttached();
    await page.waitForTimeout(300);
    await screenshotAndMeasure(page, `job-graph-cancel-marker-${lang}`);
    expect(errors).toEqual([]);
  });
}

for (const [w, h, lang] of [
  [1280, 720, 'en'],
  [1280, 720, 'zh'],
  [1920, 1080, 'en'],
  [1920, 1080, 'zh'],
] as const) {
  test(`the job graph fits its panel at ${w}×${h} (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await open(page, 'backpressure-unaligned.json', lang);
    await jumpToBarrierEvent(page, 'barrier.overtook');
    await page.waitForTimeout(300);
    await screenshotAndMeasure(page, `job-graph-${w}x${h}-${lang}`);
    const fits = await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1);
    expect(fits).toBe(true);
    const panel = (await page.locator('.job-view').boundingBox())!;
    const graph = (await svg(page).boundingBox())!;
    expect(graph.y + graph.height).toBeLessThanOrEqual(panel.y + panel.height);
    expect(graph.x + graph.width).toBeLessThanOrEqual(panel.x + panel.width);
    await expect(page.getByTestId('job-legend')).toBeVisible();
    const legend = (await page.getByTestId('job-legend').boundingBox())!;
    expect(legend.y + legend.height).toBeLessThanOrEqual(panel.y + panel.height);
  });
}
