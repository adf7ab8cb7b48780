// Issue 14, bug 4: a "why is this file alive" explanation chosen in seed 002's Registry stayed open
// after loading the changelog example, explaining at step 0 a file that does not exist there.
// The explanation belongs to the scenario it was chosen in, and to a file present at the cursor.
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, jump, readStep, recorded, storageReady } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

async function openExample(page: Page, id: string): Promise<void> {
  await page.getByTestId('examples-button').click();
  await page.getByTestId(`example-${id}`).click();
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
  await recorded(page);
  expect(await readStep(page)).toBe(0);
}

test('the registry explanation closes when another example is loaded, and shows only for a file present at the cursor', async ({ page }) => {
  await page.goto('/');
  await storageReady(page);
  await openExample(page, 'seed002-refcount');
  await jump(page, 'completed', 2);
  await page.getByTestId('tab-registry').click();
  const live = page.locator('[data-testid="registry-row"]:not([data-change="deleted"])').first();
  await live.click();
  await expect(page.getByTestId('registry-why')).toBeVisible();
  // Back at step 0 no file exists yet: nothing to explain.
  await page.keyboard.press('Home');
  await expect(page.getByTestId('registry-why')).toHaveCount(0);
  // Forward again: the chosen file is back, and so is its explanation.
  await jump(page, 'completed', 2);
  await expect(page.getByTestId('registry-why')).toBeVisible();

  await openExample(page, 'changelog-seed000');
  await page.getByTestId('tab-registry').click();
  await expect(page.getByTestId('registry-why')).toHaveCount(0);
  await jump(page, 'completed');
  await expect(page.getByTestId('registry-why')).toHaveCount(0);
  await expect(page.getByTestId('why-alive')).toHaveCount(0);
});
