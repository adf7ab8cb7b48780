/**
 * The comparison page: each ready-made comparison records its runs (in a worker) and states
 * ratios; stepping moves every column to the same simulated time; figures and charts export;
 * a share link reopens the same comparison at the same time; bad scenario files are refused
 * with their field path.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { watchErrors } from './helpers';

const PRESETS = ['backends', 'backpressure', 'registry', 'compression', 'interval', 'flip158'];

async function waitForRuns(page: Page): Promise<void> {
  await expect(page.getByTestId('cmp-ratios')).toBeVisible({ timeout: 150_000 });
}

test.describe.configure({ timeout: 240_000 });

test('every ready-made comparison records its runs and states the differences in numbers', async ({ page }) => {
  const errors = watchErrors(page);
  for (const id of PRESETS) {
    await page.goto(`/?compare=${id}`);
    await waitForRuns(page);
    await expect(page.getByTestId('cmp-preset')).toHaveValue(id);
    // A stated ratio against the first column, e.g. "×0.42".
    await expect(page.getByTestId('cmp-ratio-checkpointedSize-1')).toHaveText(/×\d+(\.\d+)?/);
    await expect(page.locator('[data-testid="cmp-chart-checkpointed"] svg path.series-line')).toHaveCount(await page.locator('[data-testid^="cmp-column-time-"]').count());
  }
  // FLIP-158: the published figures beside the simulated ratios, pointing the same way for the sizes.
  await expect(page.getByTestId('cmp-flip158')).toBeVisible();
  for (const f of ['checkpointedSizeP50', 'fullSizeP50', 'recovery']) {
    await expect(page.getByTestId(`cmp-flip-${f}`).locator('td').last()).toHaveText('yes');
  }
  expect(errors).toEqual([]);
});

test('stepping moves every run to the same simulated time; export and a share link that reopens it', async ({ page, browser }) => {
  await page.goto('/?compare=backends');
  await waitForRuns(page);
  await page.getByTestId('cmp-slider').fill('0');
  await page.getByTestId('cmp-next').click();
  await page.getByTestId('cmp-next').click();
  const time = (await page.getByTestId('cmp-time').innerText()).trim();
  expect(time).not.toBe('0 ms');
  for (let i = 0; i < 3; i++) await expect(page.getByTestId(`cmp-column-time-${i}`)).toContainText(time);
  // Two completions in: every column has completed at least one checkpoint by then.
  for (let i = 0; i < 3; i++) expect(Number(await page.getByTestId(`cmp-completed-${i}`).innerText())).toBeGreaterThanOrEqual(1);
  // The keyboard steps all runs too.
  await page.keyboard.press('ArrowRight');
  const later = (await page.getByTestId('cmp-time').innerText()).trim();
  expect(later).not.toBe(time);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cmp-export-json').click()]);
  const doc = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { runs: { title: string; checkpointedSize: { p50: number } }[] };
  expect(doc.runs).toHaveLength(3);
  expect(doc.runs[0]!.checkpointedSize.p50).toBeGreaterThan(0);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cmp-export-csv').click()]);
  expect(readFileSync((await csv.path())!, 'utf8')).toMatch(/^run,figure,value,ratio_to_first\n/);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cmp-chart-stored').getByTestId('export-svg').click()]);
  expect(readFileSync((await svg.path())!, 'utf8')).toContain('<svg');

  await page.getByTestId('cmp-share').click();
  await expect(page.getByTestId('cmp-notice')).toContainText(later);
  const url = page.url();
  expect(url).toMatch(/compare=backends&at=\d+/);
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(url);
  await waitForRuns(again);
  await expect(again.getByTestId('cmp-time')).toHaveText(later);
  await expect(again.getByTestId('cmp-column-time-2')).toContainText(later);
  await other.close();
});

test('in Chinese, and a malformed scenario file is refused with its field path', async ({ page }) => {
  await page.goto('/?compare=interval');
  await page.getByTestId('lang-zh').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('并排对比运行');
  await waitForRuns(page);
  await expect(page.getByTestId('cmp-title')).toHaveText('检查点间隔长短与一次故障');
  const good = { format: 'checkpoint-lab/scenario@1', untilMs: 2000 };
  const bad = { format: 'checkpoint-lab/scenario@1', job: { parallelism: 0 } };
  await page.getByTestId('cmp-files').setInputFiles([
    { name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) },
    { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) },
  ]);
  await expect(page.getByTestId('cmp-file-error')).toContainText('bad.json');
  await expect(page.getByTestId('cmp-file-error')).toContainText('job.parallelism');
  // Nothing was lost: the ready-made comparison is still shown.
  await expect(page.getByTestId('cmp-preset')).toHaveValue('interval');
});
