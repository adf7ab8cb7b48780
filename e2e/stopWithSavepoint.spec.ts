// The actions panel's "Stop with savepoint" (flink stop --drain): the job ends FINISHED with the
// synchronous savepoint as its last state, and the button is then disabled (English and Chinese).
import { expect, test } from '@playwright/test';
import { englishByDefault, jump, screenshotAndMeasure, watchErrors } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

test('stop with savepoint (drain) is applied at the cursor', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await jump(page, 'completed', 2);
  await page.getByTestId('actions-tab-restore').click();
  await expect(page.getByTestId('stop-job')).toHaveText('Stop with savepoint');
  await page.getByTestId('stop-drain').check();
  await page.getByTestId('stop-job').click();
  await expect(page.getByTestId('events')).toContainText('job.stopWithSavepoint');
  await page.getByTestId('actions-tab-restore').click();
  await screenshotAndMeasure(page, 'stop-with-savepoint-en');
  await page.getByTestId('lang-zh').click();
  await page.getByTestId('actions-tab-restore').click();
  await expect(page.getByTestId('stop-job')).toHaveText('停止并生成保存点');
  await screenshotAndMeasure(page, 'stop-with-savepoint-zh');
  expect(errors).toEqual([]);
});
