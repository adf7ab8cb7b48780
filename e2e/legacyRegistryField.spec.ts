// An old scenario file with the deprecated checkpointing.registry field still imports, and the
// dialog says what the field was read as (English and Chinese).
import { expect, test } from '@playwright/test';
import { englishByDefault, storageReady as ready, watchErrors } from './helpers';

const OLD = { format: 'checkpoint-lab/scenario@1', title: 'Old file', checkpointing: { registry: 'refcount', numRetained: 2 }, untilMs: 1000 };

test.beforeEach(({ context }) => englishByDefault(context));

test('an old file with checkpointing.registry loads with a note naming checkpointing.flinkVersion', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await ready(page);
  await page.getByTestId('config-button').click();
  await page.getByTestId('tab-io').click();
  await page.getByTestId('io-file-input').setInputFiles({ name: 'old.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(OLD)) });
  await expect(page.getByTestId('io-status')).toContainText('Loaded “Old file” from old.json');
  await expect(page.getByTestId('io-migrated')).toHaveText('Note: checkpointing.registry "refcount" is deprecated and was read as checkpointing.flinkVersion "<=1.14".');
  await expect(page.getByTestId('scenario-title')).toHaveText('Old file');
  expect(errors).toEqual([]);
});
