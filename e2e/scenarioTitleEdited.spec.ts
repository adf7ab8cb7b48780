// Issue 14, bug 9: after changing the configuration the scenario title still described the old
// run. Applying a changed configuration under the same title marks it edited (once), in the UI's
// language; a title the user typed is kept as typed, so the run can be renamed.
import { expect, test } from '@playwright/test';
import { englishByDefault, recorded, storageReady } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

const SEED002 = 'Seed 002: incremental checkpoints and reference-counted shared files';

test('a changed configuration marks the title edited, once; a typed title renames the run', async ({ page }) => {
  await page.goto('/');
  await storageReady(page);
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example-seed002-refcount').click();
  await expect(page.getByTestId('scenario-title')).toHaveText(SEED002);
  await recorded(page);

  await page.getByTestId('config-button').click();
  await page.getByTestId('cfg-field-checkpointing.numRetained').fill('3');
  await page.getByTestId('cfg-apply').click();
  await expect(page.getByTestId('cfg-apply-note')).toContainText('marked “(edited)”');
  await expect(page.getByTestId('scenario-title')).toHaveText(`${SEED002} (edited)`);
  await expect(page.getByTestId('cfg-field-title')).toHaveValue(`${SEED002} (edited)`);

  // A second change keeps one mark.
  await page.getByTestId('cfg-field-checkpointing.numRetained').fill('4');
  await page.getByTestId('cfg-apply').click();
  await expect(page.getByTestId('scenario-title')).toHaveText(`${SEED002} (edited)`);

  // Renamed by the user, with a change: kept as typed.
  await page.getByTestId('cfg-field-title').fill('Seed 002 with four retained checkpoints');
  await page.getByTestId('cfg-field-checkpointing.numRetained').fill('5');
  await page.getByTestId('cfg-apply').click();
  await expect(page.getByTestId('scenario-title')).toHaveText('Seed 002 with four retained checkpoints');
  await expect(page.getByTestId('cfg-apply-note')).not.toContainText('edited');
});

test('in Chinese the mark is （已修改）', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('checkpoint-lab.lang', 'zh'));
  await page.goto('/');
  await storageReady(page);
  const before = await page.getByTestId('scenario-title').innerText();
  await page.getByTestId('config-button').click();
  await page.getByTestId('cfg-field-checkpointing.numRetained').fill('3');
  await page.getByTestId('cfg-apply').click();
  await expect(page.getByTestId('scenario-title')).toHaveText(`${before}（已修改）`);
});
