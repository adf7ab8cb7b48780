// The registry table (seed 002's table) on the seed 002 scenario opened as a share link: rows
// appear as checkpoints complete, with counts, lineage and retained checkpoints; a deletion step
// shows the files leaving; a row says why its file is alive; keyboard and Chinese.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, jump, screenshotAndMeasure, watchErrors } from './helpers';

const SEED_002 = readFileSync(new URL('../scenarios/seed002-refcount.json', import.meta.url), 'utf8');

test.beforeEach(({ context }) => englishByDefault(context));

async function open(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/#scenario=${Buffer.from(SEED_002).toString('base64url')}`);
  await expect(page.getByTestId('scenario-title')).toContainText('Seed 002');
  const dismiss = page.getByTestId('share-link-dismiss');
  if (await dismiss.count()) await dismiss.click();
}

test('seed 002 step by step: references added at completion, files deleted at subsumption, why a file is alive', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByTestId('tab-registry').click();
  const table = page.getByTestId('registry-table');
  await expect(table).toContainText('reference counts (Flink ≤1.14)');

  await jump(page, 'completed', 2);
  const rows = table.getByTestId('registry-row');
  await expect(rows.first()).toBeVisible();
  // Checkpoint 2 registers its new SSTs and adds a reference to checkpoint 1's: new and changed rows.
  await expect(table.locator('[data-change="new"]').first()).toBeVisible();
  await expect(table.locator('[data-change="changed"]').first()).toContainText('1–2');
  await screenshotAndMeasure(page, 'registry-1280x720');

  // The first deletions are checkpoint 1's private files; shared SSTs go once their count is 0.
  const deleted = table.locator('[data-change="deleted"]');
  for (let i = 0; i < 6 && (await deleted.count()) === 0; i++) await jump(page, 'deletion');
  await expect(deleted.first()).toBeVisible();
  await expect(deleted.first()).toContainText('deleted');

  // Keyboard: a live row opens its explanation with Enter.
  const live = table.locator('[data-testid="registry-row"]:not([data-change="deleted"])').first();
  await live.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('registry-why')).toContainText(/Reference count \d+: retained checkpoint\(s\)/);

  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('tab-registry')).toHaveText('注册表');
  await expect(page.getByTestId('registry-why')).toContainText('引用计数');
  await screenshotAndMeasure(page, 'registry-1280x720-zh');
  expect(errors).toEqual([]);
});
