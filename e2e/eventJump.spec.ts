// The playback bar's "jump to event" control (issue 14, bugs 1, 5 and 6): "failure" lands on the
// job failure an example is about, the select gives the keyboard back to the global shortcuts
// once a kind is chosen, and ‹ / › are disabled, with the reason, when there is nothing to jump to.
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, readStep, recorded, storageReady, watchErrors } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

async function openExample(page: Page, id: string): Promise<void> {
  await page.getByTestId('examples-button').click();
  await page.getByTestId(`example-${id}`).click();
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
  expect(await readStep(page)).toBe(0);
  // The example streams in from the worker: steps past what has arrived are not there yet.
  await recorded(page);
}

test('"next failure" lands on the step where the job fails, in both sink examples and after an injected failure', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await storageReady(page);
  for (const id of ['sink-after-failure-plain', 'sink-after-failure-transactional']) {
    await openExample(page, id);
    await page.getByTestId('jump-kind').selectOption('failure');
    await page.getByTestId('jump-next').click();
    const failureStep = await readStep(page);
    expect(failureStep).toBeGreaterThan(0);
    // The job's failure (CheckpointFailureManager / the injected task failure) and its restore
    // start in the same step: "next restore" from step 0 lands on the same step.
    await expect(page.getByTestId('narration')).toContainText(/fail/i);
    await page.keyboard.press('Home');
    await page.getByTestId('jump-kind').selectOption('restore');
    await page.getByTestId('jump-next').click();
    expect(await readStep(page)).toBe(failureStep);
  }
  // A failure injected from the Faults tab at step 40 of the built-in scenario.
  await openExample(page, 'default');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.getByTestId('actions-tab-faults').click();
  await page.getByTestId('fault-task').selectOption('count#0');
  await page.getByTestId('fault-phase').selectOption('now');
  await page.getByTestId('fault-fail').click();
  await expect.poll(() => readStep(page)).toBe(41);
  await page.keyboard.press('Home');
  await page.getByTestId('jump-kind').selectOption('failure');
  await page.getByTestId('jump-next').click();
  expect(await readStep(page)).toBe(41);
  expect(errors).toEqual([]);
});

test('after choosing a jump kind, →, Space and Home are the global shortcuts again, not the select’s keys', async ({ page }) => {
  await page.goto('/');
  await storageReady(page);
  const select = page.getByTestId('jump-kind');
  await select.selectOption('completed');
  await select.focus(); // as after choosing with the mouse: the select had the focus
  await page.keyboard.press('ArrowRight');
  expect(await readStep(page)).toBe(1);
  await expect(select).toHaveValue('completed');
  await page.keyboard.press('Shift+ArrowRight');
  expect(await readStep(page)).toBe(11);
  await page.keyboard.press('Home');
  expect(await readStep(page)).toBe(0);
  await expect(select).toHaveValue('completed');
  await page.keyboard.press('End');
  expect(await readStep(page)).toBeGreaterThan(100);
  await expect(select).toHaveValue('completed');
  await page.keyboard.press('Home');
  await select.focus();
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  // ↑ / ↓ keep choosing the kind, so the select stays usable from the keyboard.
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('upload');
});

test('‹ and › are disabled, with the reason, when there is no previous or next event of the kind', async ({ page }) => {
  await page.goto('/');
  await storageReady(page);
  await page.getByTestId('jump-kind').selectOption('completed');
  const prev = page.getByTestId('jump-prev');
  const next = page.getByTestId('jump-next');
  // At step 0 nothing comes before.
  await expect(prev).toBeDisabled();
  await expect(prev).toHaveAttribute('title', /No earlier checkpoint completed/);
  await expect(next).toBeEnabled();
  // Walk to the last completion: › is then disabled and says why.
  let guard = 0;
  while (await next.isEnabled()) {
    const before = await readStep(page);
    await next.click();
    // A jump far from the page's keyframes waits for the worker's one there before the cursor
    // moves: wait for it, or › may turn disabled between isEnabled() and the next click.
    await expect.poll(() => readStep(page)).toBeGreaterThan(before);
    if (++guard > 50) throw new Error('› never became disabled');
  }
  const last = await readStep(page);
  await expect(next).toHaveAttribute('title', /No later checkpoint completed/);
  await expect(prev).toBeEnabled();
  await expect(prev).toHaveAttribute('title', /Previous checkpoint completed/);
  // Stepping back re-enables ›.
  await page.keyboard.press('ArrowLeft');
  expect(await readStep(page)).toBe(last - 1);
  await expect(next).toBeEnabled();
});
