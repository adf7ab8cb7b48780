// The Restore tab on a scenario that rescales 2 → 3 (opened from a share link): before the
// restore it explains and jumps to it; at the restore it shows the checkpoint, the parallelism
// change and the key-group mapping, and marks subtasks restored one step at a time.
import { expect, test, type Page } from '@playwright/test';
import { readStep, recorded, screenshotAndMeasure, watchErrors } from './helpers';

const RESCALE = {
  format: 'checkpoint-lab/scenario@1',
  title: 'Rescale a RocksDB job from 2 to 3',
  seed: 7,
  job: {
    parallelism: 2,
    source: { kind: 'generator', keys: 64, ratePerSec: 25, valueBytes: 16, skew: 0 },
    operators: [{ name: 'count', state: 'value' }],
  },
  stateBackend: { type: 'rocksdb', incremental: true, rocksdb: { writeBufferBytes: 1024 } },
  checkpointing: { intervalMs: 1000, numRetained: 2 },
  script: [{ atMs: 3500, do: 'restore', checkpoint: 'latest', parallelism: 3 }],
  untilMs: 6000,
};

const shareLink = (scenario: unknown) =>
  `/#scenario=${Buffer.from(JSON.stringify(scenario)).toString('base64url')}`;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang'))
      localStorage.setItem('checkpoint-lab.lang', 'en');
  });
});

async function open(page: Page): Promise<void> {
  await page.goto(shareLink(RESCALE));
  await expect(page.getByTestId('scenario-title')).toHaveText(RESCALE.title);
}

const restoredNew = (page: Page) =>
  page.locator('[data-testid^="rs-new-count#"][data-restored="true"]').count();

test('the Restore tab is offered only when the recording holds a restore', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('tab-charts')).toBeVisible();
  await expect(page.getByTestId('tab-restore')).toHaveCount(0);
  // A share link is read when the page loads (a hash change alone is not a new page).
  await page.goto('about:blank');
  await open(page);
  await expect(page.getByTestId('tab-restore')).toBeVisible();
  // The tab takes part in the keyboard pattern like the others.
  await page.getByTestId('tab-checkpoints').focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('tab-restore')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('restore-none')).toBeVisible();
});

test('a rescale 2 → 3 step by step: checkpoint, parallelism, key groups, subtasks restoring', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await open(page);
  await page.getByTestId('tab-restore').click();

  // Before the restore: what a restore is, how to cause one, and a jump to it.
  await expect(page.getByTestId('restore-none')).toContainText('No restore at this step yet');
  await expect(page.getByTestId('restore-none')).toContainText('Actions panel → Restore');
  await page.getByTestId('rs-jump-next').click();
  const start = await readStep(page);
  expect(start).toBeGreaterThan(0);
  await expect(page.getByTestId('tab-restore').locator('.tab-live')).toBeVisible();

  // What is restored.
  await expect(page.getByTestId('rs-title')).toHaveText(/^Restore from checkpoint \d+$/);
  await expect(page.getByTestId('rs-parallelism')).toHaveText('parallelism 2 → 3');
  await expect(page.getByTestId('rs-metadata')).toHaveText(/chk-\d+\/_metadata$/);
  await expect(page.getByTestId('rs-phase')).toHaveText('restoring 0/9');

  // The key-group mapping: 2 old handles above, 3 new subtasks below, one band per overlap.
  const map = page.getByTestId('rs-keygroup-map');
  await expect(map.locator('[data-testid^="rs-old-"]')).toHaveCount(2);
  await expect(map.locator('[data-testid^="rs-new-count#"]')).toHaveCount(3);
  await expect(map.locator('rect.rs-band')).toHaveCount(4);
  await expect(map.locator('.rs-axis .tick text')).toHaveText(['0', '43', '64', '86', '127']);
  const middle = page.getByTestId('rs-row-count#1');
  await expect(middle).toContainText('[43, 85]');
  await expect(middle.locator('.rs-chip')).toHaveText(['#0', '#1']);
  await expect(middle).toContainText('copy key groups from 2 instance(s)');
  await expect(middle).toContainText('waiting');
  expect(await restoredNew(page)).toBe(0);

  // Step through: subtasks restore one per step, the keyed ones fill in on the map.
  let restored = 0;
  let sawOneKeyedJustRestored = false;
  for (let i = 0; i < 30; i++) {
    await page.getByTestId('step-forward').click();
    const now = await restoredNew(page);
    expect(now).toBeGreaterThanOrEqual(restored);
    if (now > restored) {
      // The subtask restored by this very step is highlighted in the table and the map.
      await expect(page.locator('.rs-table tbody.rs-now')).toHaveCount(1);
      await expect(page.locator('.rs-table tbody.rs-now')).toContainText(/\d+ · [\d.]+ (B|KB)/);
      await expect(map.locator('rect.now')).toHaveCount(1);
      sawOneKeyedJustRestored = true;
    }
    restored = now;
    if ((await page.getByTestId('rs-phase').innerText()).startsWith('running again')) break;
  }
  expect(sawOneKeyedJustRestored).toBe(true);
  expect(restored).toBe(3);
  await expect(page.getByTestId('rs-phase')).toHaveText('running again');
  await expect(page.getByTestId('rs-phase')).toHaveAttribute('title', /runs again since step \d+$/);
  await expect(page.getByTestId('tab-restore').locator('.tab-live')).toHaveCount(0);
  await expect(middle).toContainText(/\d+ entries/);

  // Operator state: two partitions over three sources, SPLIT_DISTRIBUTE; the legend names the others.
  await expect(page.getByTestId('rs-src-source#0')).toContainText('p0');
  await expect(page.getByTestId('rs-src-source#1')).toContainText('p1');
  await expect(page.getByTestId('rs-src-source#2')).toContainText('none');
  await expect(page.getByTestId('rs-opstate')).toContainText('SPLIT_DISTRIBUTE');
  await expect(page.getByTestId('rs-opstate')).toContainText('UNION');
  await expect(page.getByTestId('rs-opstate')).toContainText('BROADCAST');

  // A row jumps to the step where that subtask restored.
  await page.getByTestId('rs-row-count#1').getByRole('button').click();
  const at = await readStep(page);
  expect(at).toBeGreaterThan(start);
  await expect(page.locator('.rs-table tbody.rs-now')).toHaveAttribute(
    'data-testid',
    'rs-row-count#1',
  );

  // In Chinese.
  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('rs-parallelism')).toContainText('并行度 2 → 3');
  await expect(page.getByTestId('rs-opstate')).toContainText('均匀分配');
  const shot = await screenshotAndMeasure(page, 'restore-rescale-zh');
  expect(shot.colors).toBeGreaterThan(20);
  expect(errors).toEqual([]);
});

test('a changelog restore shows each DSTL file downloaded once per read without the file cache', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(
    shareLink({
      ...RESCALE,
      title: 'Rescale a changelog job from 2 to 3',
      stateBackend: {
        type: 'rocksdb',
        // Flink 1.15's reader: the cache is on by default, as in Flink >= 1.16.
        changelog: { enabled: true, materializationIntervalMs: 1500, fileCache: false },
      },
    }),
  );
  await page.getByTestId('tab-restore').click();
  // The run streams in from the worker: "jump to end" goes to what has arrived.
  await recorded(page);
  await page.getByTestId('jump-end').click();
  await expect(page.getByTestId('rs-phase')).toHaveText('running again');
  // RocksDB's materialized part is native (RocksNativeFullSnapshotStrategy): its SSTs are copied in.
  await expect(page.getByTestId('rs-row-count#1')).toContainText(
    'changelog: copy materialized SSTs, then replay',
  );
  await expect(page.getByTestId('rs-row-count#1')).toContainText(
    /change set\(s\), \d+ change\(s\) replayed/,
  );
  const changelog = page.getByTestId('rs-changelog');
  await expect(changelog).toContainText(
    /\d+ change-set read\(s\), \d+ download\(s\) of \d+ file\(s\)/,
  );
  await expect(changelog.getByTestId('rs-cl-amplification')).toContainText(
    /each file downloaded [\d.]+× on average/,
  );
  await expect(changelog).toContainText('No file cache');
  expect(await changelog.getByTestId('rs-cl-file').count()).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
