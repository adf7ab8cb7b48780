/**
 * Issue 14: jump types for the changelog's materialization and truncation. In the changelog
 * example (seed 000) materialization m1 completes, and the log is also truncated there
 * (ChangelogKeyedStateBackend#handleMaterializationResult); the next truncation follows the
 * subsumption of checkpoint 2 (ChangelogTruncateHelper#checkpointSubsumed). Steps are not pinned:
 * the jump must land on a step that holds the event.
 */
import { expect, test } from '@playwright/test';
import { englishByDefault, jump, pickExample, readStep } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

test('jump to the next materialization and the next truncation in the changelog example', async ({ page }) => {
  await page.goto('/');
  await pickExample(page, 'changelog-seed000');
  await jump(page, 'materialization');
  const materialized = await readStep(page);
  expect(materialized).toBeGreaterThan(0);
  await expect(page.getByTestId('events')).toContainText('changelog.materialization.completed');
  await page.getByTestId('scrubber').fill('0');
  await jump(page, 'truncation', 2);
  expect(await readStep(page)).toBeGreaterThan(materialized);
  await expect(page.getByTestId('events')).toContainText('changelog.truncated');
});
