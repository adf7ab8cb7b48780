/**
 * Issue 14: jump types for the changelog's materialization and truncation. In the changelog
 * example (seed 000) materialization m1 completes at step 41, where the log is also truncated
 * (ChangelogKeyedStateBackend#handleMaterializationResult); the next truncation follows the
 * subsumption at checkpoint 3's completion (step 57, ChangelogTruncateHelper#checkpointSubsumed).
 */
import { expect, test } from '@playwright/test';
import { englishByDefault, jump, readStep } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

test('jump to the next materialization and the next truncation in the changelog example', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example-changelog-seed000').click();
  await jump(page, 'materialization');
  expect(await readStep(page)).toBe(41);
  await expect(page.getByTestId('events')).toContainText('changelog.materialization.completed');
  await page.getByTestId('scrubber').fill('0');
  await jump(page, 'truncation', 2);
  expect(await readStep(page)).toBe(57);
  await expect(page.getByTestId('events')).toContainText('changelog.truncated');
});
