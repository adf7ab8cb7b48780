import { expect, test, type Page } from '@playwright/test';
import { readStep } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang'))
      localStorage.setItem('checkpoint-lab.lang', 'en');
  });
  await page.goto('/');
});

const headline = (page: Page) => page.getByTestId('narration-headline');

async function nextPosition(page: Page): Promise<number> {
  const text = await page.getByTestId('narration-next').innerText();
  const m = /\(step (\d+)\)/.exec(text);
  if (!m) throw new Error(`No next step in: ${text}`);
  return Number(m[1]);
}

test('the narration follows the cursor', async ({ page }) => {
  await expect(headline(page)).toHaveText('Nothing has happened yet: the job is about to start.');
  await page.getByTestId('step-forward').click();
  await expect(headline(page)).toHaveText(/^The job starts with 6 subtasks; max parallelism 128/);
  await expect(page.getByTestId('narration-why')).toHaveText(
    'A checkpoint is triggered every 1000 ms; the state backend is RocksDB (incremental).',
  );
  await page.getByTestId('step-forward').click();
  await expect(headline(page)).toHaveText(
    /^source#\d reads k\d+=\d+ from partition p\d at offset 0; keyBy sends it to count#\d\.$/,
  );
  await expect(page.getByTestId('narration-ref')).toHaveText('SourceOperator#emitNext');
  await expect(page.getByTestId('narration-ref')).toHaveAttribute(
    'title',
    'org.apache.flink.streaming.api.operators.SourceOperator#emitNext',
  );

  await page.getByTestId('jump-kind').selectOption('checkpoint');
  await page.getByTestId('jump-next').click();
  await expect(headline(page)).toHaveText(
    'The JobManager triggers checkpoint 1 and asks every source to inject a barrier.',
  );
  await page.getByTestId('jump-kind').selectOption('completed');
  await page.getByTestId('jump-next').click();
  await expect(headline(page)).toHaveText(/^Checkpoint 1 is complete: every subtask acknowledged/);
  await page.keyboard.press('Home');
  await expect(headline(page)).toHaveText('Nothing has happened yet: the job is about to start.');
});

test('"Go" moves the cursor to the next relevant step, following a checkpoint from trigger to commit', async ({
  page,
}) => {
  await expect(page.getByTestId('narration-next')).toContainText('Next: the job starts (step 1)');
  await page.getByTestId('narration-jump').click();
  expect(await readStep(page)).toBe(1);

  await page.getByTestId('jump-kind').selectOption('checkpoint');
  await page.getByTestId('jump-next').click();
  const seen: string[] = [];
  for (let i = 0; i < 6; i++) {
    const target = await nextPosition(page);
    await page.getByTestId('narration-jump').click();
    expect(await readStep(page)).toBe(target);
    seen.push(await headline(page).innerText());
  }
  // trigger → a source injects → a task completes alignment → it acknowledges → the checkpoint completes → the sink commits
  expect(seen[0]).toMatch(
    /^source#\d snapshots its read offsets for checkpoint 1 and injects barrier 1/,
  );
  expect(seen[1]).toMatch(/^The barrier of checkpoint 1 reached count#\d on its last input/);
  expect(seen[2]).toMatch(
    /^The JobManager receives the acknowledgement of checkpoint 1 from count#\d/,
  );
  expect(seen[3]).toMatch(/^Checkpoint 1 is complete/);
  expect(seen[4]).toMatch(/^sink#\d commits transaction tx-\d+/);
  expect(seen[5]).toMatch(/^The JobManager triggers checkpoint 2/);
});

test('the narration is in Chinese when the UI is', async ({ page }) => {
  await page.getByTestId('lang-zh').click();
  await expect(headline(page)).toHaveText('尚未发生任何事：作业即将启动。');
  await page.getByTestId('jump-kind').selectOption('checkpoint');
  await page.getByTestId('jump-next').click();
  await expect(headline(page)).toHaveText('JobManager 触发检查点 1，要求每个 Source 注入屏障。');
  await expect(page.getByTestId('narration-next')).toContainText('接下来：');
  await page.getByTestId('lang-en').click();
});
