// The gallery's operator-state example: after its rescale 2 → 3 the Restore tab shows every
// operator state with its mode and what each new subtask received from which old one —
// SPLIT_DISTRIBUTE (the sink's transactions), UNION (the legacy Kafka consumer's offsets) and
// BROADCAST (the rules) — plus the restore mode, in English and in Chinese.
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, recorded, screenshotAndMeasure, watchErrors } from './helpers';

test.beforeEach(async ({ context }) => englishByDefault(context));

async function toRestoreEnd(page: Page): Promise<void> {
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example-operator-state-rescale').click();
  await expect(page.getByTestId('scenario-title')).toContainText('Rescaling operator state');
  await recorded(page);
  await page.getByTestId('tab-restore').click();
  await page.getByTestId('rs-jump-next').click();
  for (let i = 0; i < 30; i++) {
    if ((await page.getByTestId('rs-phase').innerText()).startsWith('running again')) break;
    await page.getByTestId('step-forward').click();
  }
  await expect(page.getByTestId('rs-phase')).toHaveText('running again');
}

test('the restore view shows the three redistribution modes and the restore mode', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await toRestoreEnd(page);
  await expect(page.getByTestId('rs-parallelism')).toHaveText('parallelism 2 → 3');
  // A restart of the job from its own checkpoint: no restore mode.
  await expect(page.getByTestId('rs-mode')).toHaveText(/no restore mode/);

  const sections = page.getByTestId('rs-opstates');
  await expect(page.getByTestId('rs-os-source')).toHaveAttribute('data-mode', 'UNION');
  await expect(page.getByTestId('rs-os-count')).toHaveAttribute('data-mode', 'BROADCAST');
  await expect(page.getByTestId('rs-os-sink')).toHaveAttribute('data-mode', 'SPLIT_DISTRIBUTE');
  await expect(sections.locator('.rs-mode')).toHaveText(['UNION', 'BROADCAST', 'SPLIT_DISTRIBUTE']);

  // UNION: every new source subtask received from both old ones; #0 keeps nothing at p = 3.
  for (const i of [0, 1, 2]) {
    await expect(page.getByTestId(`rs-os-source#${i}`).locator('.rs-os-from')).toHaveText([
      '← #0',
      '← #1',
    ]);
  }
  await expect(page.getByTestId('rs-os-source#0').locator('.rs-os-kept')).toContainText(
    'keeps empty',
  );
  await expect(page.getByTestId('rs-os-source#1').locator('.rs-os-kept')).toContainText(
    /keeps p0@\d+/,
  );
  await expect(page.getByTestId('rs-os-source#2').locator('.rs-os-kept')).toContainText(
    /keeps p1@\d+/,
  );
  // BROADCAST: new subtask i takes old i mod 2's copy, whole.
  await expect(page.getByTestId('rs-os-count#2').locator('.rs-os-from')).toHaveText(['← #0']);
  await expect(page.getByTestId('rs-os-count#1').locator('.rs-os-from')).toHaveText(['← #1']);
  await expect(page.getByTestId('rs-os-count#2').locator('.rs-entry')).toHaveCount(3);
  // SPLIT_DISTRIBUTE: two elements over three subtasks, the third gets nothing.
  await expect(page.getByTestId('rs-os-sink#2')).toContainText('nothing');
  await expect(sections).toContainText('Simplified');
  // The tab scrolls at 1280×720: the first states, then the last one.
  await page.getByTestId('rs-os-source').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(page.getByTestId('rs-os-source')).toBeInViewport();
  const en = await screenshotAndMeasure(page, 'restore-operator-state-en');
  await page.getByTestId('rs-os-sink').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('rs-os-sink')).toBeInViewport();
  await screenshotAndMeasure(page, 'restore-operator-state-en-sink');
  expect(en.colors).toBeGreaterThan(20);

  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('rs-mode')).toHaveText(/无恢复模式/);
  await expect(sections).toContainText('每个新子任务都得到所有旧子任务的全部条目');
  await expect(sections).toContainText('新子任务 i 取旧子任务 i mod 2 的副本');
  await expect(page.getByTestId('rs-os-source#0').locator('.rs-os-kept')).toContainText('保留');
  await expect(sections).toContainText('简化之处');
  await page.getByTestId('rs-os-source').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const zh = await screenshotAndMeasure(page, 'restore-operator-state-zh');
  expect(zh.colors).toBeGreaterThan(20);
  expect(errors).toEqual([]);
});

test('the restore view names the restore mode chosen for a submitted job', async ({ page }) => {
  await page.goto('/');
  // The cancel-and-retain example submits a new job from the kept checkpoint in CLAIM mode.
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example-cancel-retain-restart').click();
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
  await recorded(page);
  await page.getByTestId('tab-restore').click();
  await page.getByTestId('rs-jump-next').click();
  await expect(page.getByTestId('rs-mode')).toHaveText('restore mode CLAIM');
  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('rs-mode')).toHaveText('恢复模式 CLAIM');
});
