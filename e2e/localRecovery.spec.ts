// The local recovery example in the Restore tab, in English and Chinese: after count#0 fails,
// both keyed subtasks restore from their TaskManager's disk (0 bytes downloaded); after tm-1 is
// lost, count#1 downloads from remote storage while count#0 still reads locally. The
// TaskManagers' local disks are shown apart from remote storage, the replacement one empty.
import { expect, test, type Page } from '@playwright/test';
import { pickExample, readStep, screenshotAndMeasure, storageReady, watchErrors } from './helpers';

const TITLE = "Local recovery: restart from the TaskManager's disk";

async function openExample(page: Page, lang: 'en' | 'zh'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('checkpoint-lab.lang', l), lang);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await storageReady(page);
  await pickExample(page, 'local-recovery');
  await page.getByTestId('tab-restore').click();
}

/** Steps forward until the restore view says the job runs again. */
async function stepToRunning(page: Page, running: RegExp): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (running.test(await page.getByTestId('rs-phase').innerText())) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error('the restore did not finish within 40 steps');
}

const TEXT = {
  en: { local: 'local disk', remote: 'remote', running: /running again/, summary1: /2 of 2 keyed subtask\(s\) restored from their TaskManager’s disk/, summary2: /1 of 2 keyed subtask/, replacement: 'replacement, started empty', zeroDownload: '0 B downloaded' },
  zh: { local: '本地磁盘', remote: '远程', running: /已重新运行/, summary1: /2 个键控子任务中有 2 个/, summary2: /2 个键控子任务中有 1 个/, replacement: '替代实例', zeroDownload: '下载 0 B' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: the Restore tab shows each keyed subtask restored from its local disk, then from remote after a TaskManager loss`, async ({ page }) => {
    const errors = watchErrors(page);
    const x = TEXT[lang];
    await openExample(page, lang);
    if (lang === 'en') await expect(page.getByTestId('scenario-title')).toHaveText(TITLE);
    else await expect(page.getByTestId('scenario-title')).toHaveText('本地恢复：从 TaskManager 的磁盘重启');

    // First restore: count#0 failed, every subtask went back to its slot and read its local copy.
    await page.getByTestId('rs-jump-next').click();
    await stepToRunning(page, x.running);
    for (const task of ['count#0', 'count#1']) {
      await expect(page.getByTestId(`rs-src-${task}`)).toHaveAttribute('data-source', 'local');
      await expect(page.getByTestId(`rs-src-${task}`)).toHaveText(x.local);
      await expect(page.getByTestId(`rs-bytes-${task}`)).toContainText(x.zeroDownload);
    }
    await expect(page.getByTestId('rs-local-summary')).toHaveText(x.summary1);
    await expect(page.getByTestId('rs-local-disks')).toBeVisible();
    await expect(page.getByTestId('rs-disk-tm-0')).toContainText('count#0 chk_');
    await page.getByTestId('rs-local-summary').scrollIntoViewIfNeeded();
    const first = await screenshotAndMeasure(page, `local-recovery-restore1-${lang}`);
    expect(first.colors).toBeGreaterThan(8);

    // Second restore: tm-1 was lost with its disk.
    await page.getByTestId('rs-next').click();
    await stepToRunning(page, x.running);
    await expect(page.getByTestId('rs-src-count#0')).toHaveAttribute('data-source', 'local');
    await expect(page.getByTestId('rs-src-count#1')).toHaveAttribute('data-source', 'remote');
    await expect(page.getByTestId('rs-src-count#1')).toHaveText(x.remote);
    await expect(page.getByTestId('rs-bytes-count#1')).not.toContainText(x.zeroDownload);
    await expect(page.getByTestId('rs-local-summary')).toHaveText(x.summary2);
    await expect(page.getByTestId('rs-disk-tm-1')).toContainText(x.replacement);
    expect(await readStep(page)).toBeGreaterThan(0);
    await page.getByTestId('rs-local-summary').scrollIntoViewIfNeeded();
    const second = await screenshotAndMeasure(page, `local-recovery-restore2-${lang}`);
    expect(second.colors).toBeGreaterThan(8);
    // The local disks, apart from remote storage, and the fault that empties one.
    await page.getByTestId('rs-local-disks').scrollIntoViewIfNeeded();
    await page.getByTestId('actions-tab-faults').click();
    await expect(page.getByTestId('fault-lose-tm')).toBeVisible();
    await expect(page.getByTestId('fault-tm').locator('option')).toHaveText(['tm-0', 'tm-1']);
    expect((await screenshotAndMeasure(page, `local-recovery-disks-${lang}`)).colors).toBeGreaterThan(8);
    expect(errors).toEqual([]);
  });
}
