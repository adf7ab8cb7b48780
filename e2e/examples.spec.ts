// The Examples gallery: two clicks (or Enter, ↓, Enter) from the header to a ready-made scenario.
// The example files load only when picked; a picked example is a new recording from step 0, gets
// its title on the scenario button, is marked as running (also after a reload), and a file that
// does not parse changes nothing and lists its problems. Both languages, presenter mode.
import { expect, test, type Page } from '@playwright/test';
import type { CheckpointLabHook } from '../src/app/checkpointLabHook';
import { englishByDefault, readStep, screenshotAndMeasure, storageReady as ready, watchErrors } from './helpers';

type LabWindow = Window & { __checkpointLab: CheckpointLabHook };

const PERIODIC = 'Changelog with periodic materialization: materialize, truncate, repeat';
const DEFAULT_TITLE = 'Incremental RocksDB checkpoints of a keyed running sum';

test.beforeEach(({ context }) => englishByDefault(context));

/** The focused element's data-testid and whether it shows a focus ring. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const cs = el ? getComputedStyle(el) : null;
    return {
      testId: el?.getAttribute('data-testid') ?? null,
      ring: !!cs && cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2,
    };
  });
}

test('by mouse: the changelog example is fetched when picked, recorded from step 0, marked, and kept across a reload', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const fetched: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/([a-z0-9-]+?)-[\w-]{8}\.js$/.exec(r.url());
    if (m && /^(changelog|backpressure|seed|sink)/.test(m[1]!)) fetched.push(m[1]!);
  });
  await page.goto('/');
  await ready(page);
  await expect(page.getByTestId('scenario-title')).toHaveText(DEFAULT_TITLE);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  expect(await readStep(page)).toBe(30);

  await page.getByTestId('examples-button').click();
  const dialog = page.getByTestId('examples-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('example-default')).toHaveAttribute('aria-current', 'true');
  await expect(dialog.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(page.getByTestId('examples-restart')).toContainText('You are at step 30');
  await expect(page.getByTestId('example-changelog-periodic-materialization')).toContainText(
    'Changelog: periodic materialization',
  );
  // Opening the gallery downloads no example file.
  expect(fetched).toEqual([]);

  await page.getByTestId('example-changelog-periodic-materialization').click();
  await expect(dialog).toHaveCount(0);
  expect(fetched).toEqual(['changelog-periodic-materialization']);
  await expect(page.getByTestId('scenario-title')).toHaveText(PERIODIC);
  await expect(page.getByTestId('config-button')).toHaveAttribute('title', `Scenario: ${PERIODIC}`);
  expect(await readStep(page)).toBe(0);
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  // Focus is back on the opener.
  expect((await focused(page)).testId).toBe('examples-button');

  // The new job: parallelism 2, and the keyed subtask's changelog on the DSTL tape.
  await expect(page.getByTestId('node-count#1')).toBeVisible();
  await page.getByTestId('node-count#0').click();
  await expect(page.getByTestId('dstl-tape')).toBeVisible();

  await page.getByTestId('examples-button').click();
  await expect(page.getByTestId('example-changelog-periodic-materialization')).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByTestId('example-default')).not.toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('examples-restart')).toHaveCount(0);
  await page.getByTestId('examples-close').click();
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);

  // The session saved the example like an import; after a reload it runs again, still marked.
  await page.evaluate(() => (window as unknown as LabWindow).__checkpointLab.syncIdle());
  await page.reload();
  await ready(page);
  await expect(page.getByTestId('scenario-title')).toHaveText(PERIODIC);
  await page.getByTestId('examples-button').click();
  await expect(page.getByTestId('example-changelog-periodic-materialization')).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(errors).toEqual([]);
});

test('by keyboard: Enter opens it on the running example, Escape closes it, ↓ and Enter pick back-pressure', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await ready(page);
  for (let i = 0; i < 10 && (await focused(page)).testId !== 'examples-button'; i++)
    await page.keyboard.press('Tab');
  expect(await focused(page)).toEqual({ testId: 'examples-button', ring: true });

  await page.keyboard.press('Enter');
  await expect(page.getByTestId('examples-dialog')).toBeVisible();
  await expect.poll(() => focused(page)).toEqual({ testId: 'example-default', ring: true });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
  expect(await focused(page)).toEqual({ testId: 'examples-button', ring: true });

  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).testId).toBe('example-default');
  // Tab stays in the dialog: from the last example round to Close.
  await page.keyboard.press('End');
  expect((await focused(page)).testId).toBe('example-scale-run');
  await page.keyboard.press('Tab');
  expect((await focused(page)).testId).toBe('examples-close');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Home');
  expect((await focused(page)).testId).toBe('example-default');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  expect(await focused(page)).toEqual({
    testId: 'example-backpressure-aligned-timeout',
    ring: true,
  });
  // The arrows moved focus, not the app's cursor.
  expect(await readStep(page)).toBe(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
  await expect(page.getByTestId('config-button')).toHaveAttribute(
    'title',
    'Scenario: Back-pressure and aligned checkpoints with a timeout: alignment switches to unaligned after 120 ms',
  );
  expect((await focused(page)).testId).toBe('examples-button');
  expect(errors).toEqual([]);
});

test('a file that does not parse lists its problems, and the current scenario stays', async ({
  page,
}) => {
  // The built file replaced by a broken one, as a bad edit to scenarios/*.json would ship it.
  await page.route(/\/assets\/sink-after-failure-plain-[\w-]{8}\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `export default ${JSON.stringify('{"format":"checkpoint-lab/scenario@1","job":{"parallelism":0}}')};`,
    }),
  );
  await page.goto('/');
  await ready(page);
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example-sink-after-failure-plain').click();
  const problems = page.getByTestId('examples-problems');
  await expect(problems).toContainText('job.parallelism');
  await expect(page.getByTestId('examples-status')).toContainText(
    '“Plain sink after failures” was not loaded; the current scenario stays.',
  );
  await expect(page.getByTestId('examples-dialog')).toBeVisible();
  await expect(page.getByTestId('scenario-title')).toHaveText(DEFAULT_TITLE);
  await expect(page.getByTestId('example-default')).toHaveAttribute('aria-current', 'true');
});

test('in Chinese and in presenter mode, with screenshots at 1280×720', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await ready(page);
  await page.getByTestId('examples-button').click();
  await expect(page.getByTestId('example-default')).toBeFocused();
  expect((await screenshotAndMeasure(page, 'examples-en')).colors).toBeGreaterThan(8);
  await page.keyboard.press('Escape');

  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('examples-button')).toHaveText('示例');
  await page.getByTestId('examples-button').click();
  await expect(page.getByRole('dialog', { name: '示例' })).toBeVisible();
  await expect(page.getByTestId('example-default')).toContainText('增量 RocksDB 检查点');
  await expect(page.getByTestId('example-default')).toContainText('正在运行');
  await expect(page.getByTestId('example-changelog-periodic-materialization')).toContainText(
    '物化',
  );
  await expect(page.getByTestId('example-backpressure-unaligned')).toContainText('非对齐');
  expect((await screenshotAndMeasure(page, 'examples-zh')).colors).toBeGreaterThan(8);
  await page.getByTestId('examples-close').click();

  // Presenter mode: the button is the icon alone, still named, and the gallery works the same.
  await page.keyboard.press('p');
  await expect(page.locator('.app.presenter')).toHaveCount(1);
  const button = page.getByRole('button', { name: '示例' });
  await expect(button).toBeVisible();
  await expect(button.locator('.examples-label')).toBeHidden();
  await button.click();
  await expect(page.getByTestId('example-sink-after-failure-plain')).toBeInViewport();
  expect((await screenshotAndMeasure(page, 'examples-presenter-zh')).colors).toBeGreaterThan(8);
  await page.getByTestId('example-seed002-refcount').click();
  // In Chinese the chip shows the example's Chinese title (issue 14), not the file's English one.
  await expect(page.getByTestId('scenario-title')).toHaveText('共享文件与引用计数');
  await expect(page.locator('.app.presenter')).toHaveCount(1);
  expect(errors).toEqual([]);
});
