/**
 * Issue 14, "Chinese": no English left in Chinese mode in the checkpoint status badges (Flink's
 * names stay, with the Chinese beside them), the storage tags and the built-in scenario titles.
 */
import { expect, test } from '@playwright/test';
import { pickExample } from './helpers';

test('Chinese mode: status badges, storage tags and the example title in Chinese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('checkpoint-lab.lang', 'zh'));
  await page.goto('/');
  // The built-in scenario's title, in the configuration chip and the dialog.
  await expect(page.getByTestId('scenario-title')).toHaveText('增量 RocksDB 检查点');
  await pickExample(page, 'seed002-refcount');
  await expect(page.getByTestId('scenario-title')).toHaveText('共享文件与引用计数');
  await page.getByTestId('config-button').click();
  await expect(page.getByTestId('config-scenario-title')).toHaveText('共享文件与引用计数');
  await page.getByTestId('config-close').click();

  // The end of the run: checkpoints 3 and 4 retained, 1 and 2 subsumed.
  await page.getByTestId('scrubber').fill((await page.getByTestId('scrubber').getAttribute('max'))!);
  // Flink's status names stay, with the Chinese beside them.
  await expect(page.getByTestId('cp-row-4')).toContainText('COMPLETED 已完成');
  await expect(page.getByTestId('cp-row-3')).toContainText('COMPLETED 已完成');
  await expect(page.getByTestId('cp-row-2')).toContainText('SUBSUMED 已被取代');
  // Storage tags.
  const kinds = await page.locator('[data-testid="stored-file"] .kind').allInnerTexts();
  expect(kinds).toContain('私有');
  expect(kinds).toContain('元数据');
  for (const k of kinds) expect(k).not.toMatch(/^(full|private|metadata|channel)$/);

  // English stays as it was.
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('cp-row-2')).toHaveText(/SUBSUMED/);
  await expect(page.getByTestId('cp-row-2')).not.toContainText('subsumed');
  await expect(page.getByTestId('scenario-title')).toHaveText(
    'Seed 002: incremental checkpoints and reference-counted shared files',
  );
});
