// The changelog backend in the subtask state panel, on seed 000's timeline opened as a share link:
// stepping from checkpoint to checkpoint, the DSTL tape shows the change sets and the file each
// is in, m1's sync point while it uploads and once it is done, the checkpoint formula
// "CP-3 = m1 + change sets 3+4", and the truncation cut moving over the change sets it drops.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchErrors } from './helpers';
import { SEED_000_CHANGELOG } from './changelogScenario';

/** Seed 000 as the Examples gallery ships it (scenarios/changelog-seed000.json). */
const SEED_000 = SEED_000_CHANGELOG;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('checkpoint-lab.lang', 'en'));
});

const cell = (page: Page, sqn: number) =>
  page.locator(`[data-testid="dstl-cell"][data-sqn="${sqn}"]`);

async function nextCompletion(page: Page): Promise<void> {
  await page.getByTestId('jump-kind').selectOption('completed');
  await page.getByTestId('jump-next').click();
}

/** Where a marker's line is, horizontally, once its transition has ended. */
async function lineX(marker: Locator): Promise<number> {
  const box = (await marker.locator('line').boundingBox())!;
  return box.x + box.width / 2;
}

/** The left edge of the cell of `sqn` (the boundary a marker at that sequence number sits on). */
async function leftEdge(page: Page, sqn: number): Promise<number> {
  return (await cell(page, sqn).locator('rect.bg').boundingBox())!.x;
}

test('seed 000 on the DSTL tape: change sets, m1’s sync point, CP-3 = m1 + change sets 3+4, the cut moving', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const hash = Buffer.from(JSON.stringify(SEED_000)).toString('base64url');
  await page.goto(`/#scenario=${hash}`);
  await expect(page.getByTestId('scenario-title')).toHaveText(SEED_000.title);
  await page.getByTestId('node-count#0').click();
  const tape = page.getByTestId('dstl-tape');

  // T1: CP-1 completed. Change set 1 is in a DSTL file; the active change set 2 is still growing.
  await nextCompletion(page);
  await expect(page.getByTestId('dstl-formula')).toContainText('CP-1 = change set 1');
  await expect(cell(page, 0)).toHaveAttribute('data-status', 'uploaded');
  await expect(cell(page, 0)).toHaveAttribute('data-cp', '1');
  await expect(cell(page, 0)).toContainText('1');
  await expect(cell(page, 1)).toHaveAttribute('data-status', 'active');
  await expect(tape.getByTestId('dstl-file')).toHaveCount(1);
  await expect(tape.getByTestId('dstl-cut')).toHaveCount(0);
  await expect(tape.getByTestId('dstl-sync-point')).toHaveCount(0);
  await expect(page.getByTestId('materialization-last')).toContainText('none yet');
  // Hovering a change set tells which file it is in and where.
  await cell(page, 0).hover();
  await expect(page.getByTestId('dstl-details')).toContainText(
    /change set 1 · SQN 0 · persisted in dstl-[0-9a-f-]+ \(file #1\) at offset \d+/,
  );

  // T3: CP-2 completed while m1 (triggered at T2, sync point after change set 2) still uploads.
  await nextCompletion(page);
  await expect(page.getByTestId('dstl-formula')).toContainText('CP-2 = change sets 1+2+3');
  const running = tape.getByTestId('dstl-running');
  await expect(running).toHaveAttribute('data-sqn', '2');
  await expect(running).toContainText('m1 uploading');
  await expect(page.getByTestId('materialization-running')).toContainText('m1 · sync point SQN 2');
  for (const sqn of [0, 1, 2])
    await expect(cell(page, sqn)).toHaveAttribute('data-status', 'uploaded');
  await expect(cell(page, 1)).toHaveAttribute('data-cp', '2');

  // m1 completes: its sync point becomes solid, and the first truncation cuts change set 1 off.
  const syncPoint = tape.getByTestId('dstl-sync-point');
  for (let i = 0; i < 40 && (await syncPoint.count()) === 0; i++)
    await page.getByTestId('step-forward').click();
  await expect(syncPoint).toHaveAttribute('data-sqn', '2');
  await expect(syncPoint).toContainText('m1 sync point');
  await expect(page.getByTestId('materialization-last')).toContainText('m1 · sync point SQN 2');
  const cut = tape.getByTestId('dstl-cut');
  await expect(cut).toHaveAttribute('data-sqn', '1');
  await expect(cell(page, 0)).toHaveAttribute('data-status', 'truncated');
  await expect(cell(page, 1)).toHaveAttribute('data-status', 'uploaded');
  await expect
    .poll(async () => Math.abs((await lineX(cut)) - (await leftEdge(page, 1))))
    .toBeLessThan(3);
  const firstCutX = await lineX(cut);

  // T4: CP-3 = m1 + change sets 3+4. Once CP-2 is subsumed the cut moves to m1's sync point.
  await nextCompletion(page);
  await expect(page.getByTestId('dstl-formula')).toContainText('CP-3 = m1 + change sets 3+4');
  const bracket = tape.getByTestId('dstl-checkpoint');
  await expect(bracket).toHaveAttribute('data-from', '2');
  await expect(bracket).toHaveAttribute('data-to', '4');
  // The cut moves when notifyCheckpointSubsumed(2) reaches the task (an RPC after the completion).
  for (let i = 0; i < 10 && (await cut.getAttribute('data-sqn')) !== '2'; i++)
    await page.getByTestId('step-forward').click();
  await expect(cut).toHaveAttribute('data-sqn', '2');
  await expect(cell(page, 1)).toHaveAttribute('data-status', 'truncated');
  for (const sqn of [2, 3])
    await expect(cell(page, sqn)).toHaveAttribute('data-status', 'uploaded');
  await expect(cell(page, 3)).toHaveAttribute('data-cp', '3');
  await expect
    .poll(async () => Math.abs((await lineX(cut)) - (await leftEdge(page, 2))))
    .toBeLessThan(3);
  expect(await lineX(cut)).toBeGreaterThan(firstCutX + 10);

  // The changelog wraps the nested backend: its LSM view and state table are still shown.
  await expect(page.getByTestId('lsm-view')).toBeAttached();
  await expect(page.getByTestId('state-table').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('materialization-failures')).toHaveText('0 of 3 allowed');
  expect(Number(await page.getByTestId('dstl-files-written').innerText())).toBeGreaterThanOrEqual(
    3,
  );
  expect(errors).toEqual([]);
});

test('the tape is reachable by keyboard and reads out each change set', async ({ page }) => {
  const hash = Buffer.from(JSON.stringify(SEED_000)).toString('base64url');
  await page.goto(`/#scenario=${hash}`);
  await page.getByTestId('node-count#0').click();
  await nextCompletion(page);
  await nextCompletion(page);
  await cell(page, 0).focus();
  await expect(page.getByTestId('dstl-details')).toContainText('change set 1 · SQN 0');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 1)).toBeFocused();
  await expect(page.getByTestId('dstl-details')).toContainText('change set 2 · SQN 1');
  await expect(page.getByTestId('dstl-details')).toContainText('first carried by CP-2');
  await expect(cell(page, 3)).toHaveAttribute('aria-label', /change set 4 · SQN 3 · active/);
});
