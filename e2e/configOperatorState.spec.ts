// Issue 13: operator state (union source offsets, broadcast rules) is set in the configuration
// dialog, not only in scenario JSON; the applied run carries it and clearing the rules removes
// broadcast state again.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { englishByDefault, storageReady } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

async function downloadedScenario(page: Page) {
  await page.getByRole('tab', { name: 'Import / export' }).click();
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('io-download').click()]);
  await page.getByRole('tab', { name: 'Configuration' }).click();
  return JSON.parse(readFileSync((await d.path())!, 'utf8')) as { job?: { operatorState?: unknown } };
}

test('union source offsets and broadcast rules from the configuration dialog', async ({ page }) => {
  await page.goto('/');
  await storageReady(page);
  await page.getByTestId('config-button').click();
  await page.getByTestId('cfg-field-job.operatorState.sourceOffsets').selectOption('union');
  await page.getByTestId('cfg-field-job.operatorState.broadcastRules.everyRecords').fill('4');
  await expect(page.getByTestId('cfg-row-job.operatorState.sourceOffsets')).toContainText('UNION');
  await page.getByTestId('cfg-apply').click();
  expect((await downloadedScenario(page)).job?.operatorState).toEqual({ sourceOffsets: 'union', broadcastRules: { everyRecords: 4 } });

  await page.getByTestId('cfg-field-job.operatorState.broadcastRules.everyRecords').fill('');
  await page.getByTestId('cfg-apply').click();
  expect((await downloadedScenario(page)).job?.operatorState).toEqual({ sourceOffsets: 'union' });
});
