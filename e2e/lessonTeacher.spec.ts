/**
 * The lesson player's teacher features (issue 15 §5): a lesson file imported from the picker
 * (file button or drop) is refused with field paths and changes nothing, or joins the list and
 * plays; the open lesson downloads as a file.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { recorded, screenshotAndMeasure, storageReady, watchErrors } from './helpers';

const FRESH = { storageState: { cookies: [], origins: [] } };
const shipped = () => JSON.parse(readFileSync('lessons/05-incremental-shared-files.json', 'utf8')) as Record<string, unknown> & { stops: Record<string, unknown>[] };

async function dropOnPicker(page: Page, name: string, text: string) {
  await page.getByTestId('lesson-picker').evaluate(
    (picker, [n, body]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([body!], n!, { type: 'application/json' }));
      picker.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }));
      picker.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    [name, text],
  );
}

test('a malformed lesson file is refused with field paths and changes nothing; a good one is added, plays and downloads', async ({ browser }) => {
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // A lesson is open at stop 2: the refused import must not move it.
  await page.goto('/?lesson=what-is-a-checkpoint&stop=2');
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '2');
  await expect(page.getByTestId('lesson-waiting')).toHaveCount(0);
  const step = await page.getByTestId('step-readout').innerText();
  await page.getByTestId('lesson-all').click();
  const cards = await page.locator('[data-testid^="lesson-card-"]').count();

  const bad = shipped();
  bad.id = 'my-lesson';
  (bad.stops[0] as { anchor: unknown }).anchor = { event: 'checkpoint.finished' };
  (bad.stops[1] as { highlight: unknown }).highlight = ['the-big-red-button'];
  await page.getByTestId('lesson-import-file').setInputFiles({ name: 'bad-lesson.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  const refused = page.getByTestId('lesson-import-refused');
  await expect(refused).toContainText('bad-lesson.json was not imported (nothing changed):');
  await expect(page.getByTestId('lesson-import-problems')).toContainText('stops[0].anchor.event: expected one of');
  await expect(page.getByTestId('lesson-import-problems')).toContainText('stops[1].highlight[0]');
  // Dropped on the picker: an anchor that finds no event in the run is refused the same way.
  const noEvent = shipped();
  noEvent.id = 'my-lesson';
  (noEvent.stops[2] as { anchor: unknown }).anchor = { event: 'checkpoint.completed', where: { checkpointId: 99 } };
  await dropOnPicker(page, 'dropped.json', JSON.stringify(noEvent));
  await expect(page.getByTestId('lesson-import-problems')).toHaveText('stops[2].anchor: checkpoint.completed where checkpointId=99: no event matches');
  await expect(page.locator('[data-testid^="lesson-card-"]')).toHaveCount(cards);
  await page.getByTestId('picker-simulator').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '2');
  await expect(page.getByTestId('step-readout')).toHaveText(step);

  // In Chinese the refusal says so in Chinese (the field paths stay as in the file).
  await page.getByTestId('lang-zh').click();
  await page.getByTestId('lesson-all').click();
  await dropOnPicker(page, 'dropped.json', '{"format": ');
  await expect(page.getByTestId('lesson-import-refused')).toContainText('dropped.json 未导入（什么都没有改变）');

  // A good file: added to the list, it plays, and it downloads as the same lesson.
  await page.getByTestId('picker-lang-en').click();
  const good = shipped();
  good.id = 'my-lesson';
  good.number = 77;
  good.title = { en: 'My own lesson', zh: '我的课程' };
  await page.getByTestId('lesson-import-file').setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
  await expect(page.getByTestId('lesson-import-status')).toContainText('“My own lesson” was added');
  await expect(page.getByTestId('lesson-card-my-lesson')).toContainText('Your lesson');
  await page.getByTestId('lesson-start-my-lesson').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'my-lesson');
  expect(page.url()).toContain('lesson=my-lesson&stop=1');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('lesson-download').click()]);
  expect(download.suggestedFilename()).toBe('77-my-lesson.json');
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { id: string; title: unknown; stops: unknown[] };
  expect(saved).toMatchObject({ id: 'my-lesson', title: good.title });
  expect(saved.stops).toEqual(good.stops);
  expect(errors).toEqual([]);
  await context.close();
});

test('the share link of an open lesson carries ?lesson=&stop= and reopens that stop in a fresh context; after leaving, it carries the scenario again', async ({ browser }) => {
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/?lesson=what-is-a-checkpoint&stop=2');
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '2');
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '3');
  await expect(page.getByTestId('lesson-waiting')).toHaveCount(0);
  const step = await page.getByTestId('step-readout').innerText();
  await page.getByTestId('config-button').click();
  await page.getByTestId('tab-io').click();
  await expect(page.getByTestId('io-lesson-link-note')).toBeVisible();
  const link = await page.getByTestId('io-link').inputValue();
  expect(link).toMatch(/\?lesson=what-is-a-checkpoint&stop=3$/);
  const other = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const second = await other.newPage();
  const secondErrors = watchErrors(second);
  await second.goto(link);
  await expect(second.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '3');
  await expect(second.getByTestId('step-readout')).toHaveText(step);
  expect(secondErrors).toEqual([]);
  await other.close();
  await page.keyboard.press('Escape');
  await page.getByTestId('lesson-exit').click();
  await page.getByTestId('config-button').click();
  await page.getByTestId('tab-io').click();
  const plain = await page.getByTestId('io-link').inputValue();
  expect(plain).toContain('#scenario=');
  expect(plain).not.toContain('lesson=');
  expect(errors).toEqual([]);
  await context.close();
});

test('the help overlay lists the lesson keys in English and Chinese', async ({ page }) => {
  await page.goto('/?simulator');
  await page.getByTestId('lang-en').click();
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-row-lessonShortcutPage')).toHaveText('PageUp / PageDownIn a lesson: previous / next stop (a presenter’s clicker)');
  await expect(page.getByTestId('help-row-lessonShortcutArrows')).toContainText('In a lesson, on its path: previous / next stop');
  await page.keyboard.press('Escape');
  await page.getByTestId('lang-zh').click();
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-row-lessonShortcutPage')).toHaveText('PageUp / PageDown课程中：上一站 / 下一站（演示翻页笔）');
  await expect(page.getByTestId('help-row-lessonShortcutArrows')).toContainText('在课程路线上：上一站 / 下一站');
});

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
] as const) {
  test(`presenter mode lays the lesson panel out for a projector at ${width}×${height}: scaled text, nothing clipped, the highlighted region on screen`, async ({ browser }) => {
    const context = await browser.newContext({ ...FRESH, locale: 'en-US', viewport: { width, height } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/?lesson=incremental-shared-files&stop=2');
    await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '2', { timeout: 15_000 });
    await page.keyboard.press('p');
    await expect(page.getByTestId('app')).toHaveClass(/presenter/);
    const panel = page.getByTestId('lesson-panel');
    const pp = Math.max(1, Math.min(height / 720, width / 1280));
    const m = await panel.evaluate((el) => ({
      text: parseFloat(getComputedStyle(el.querySelector('.lesson-text')!).fontSize),
      clippedY: el.scrollHeight - el.clientHeight,
      clippedX: el.scrollWidth - el.clientWidth,
      bottom: el.getBoundingClientRect().bottom,
      buttons: [...el.querySelectorAll('button')].filter((b) => {
        const r = b.getBoundingClientRect();
        return r.right > el.getBoundingClientRect().right + 1 || r.width < 20;
      }).length,
    }));
    expect(m.text).toBeCloseTo(17 * pp, 0);
    expect(m.clippedY).toBeLessThanOrEqual(1);
    expect(m.clippedX).toBeLessThanOrEqual(1);
    expect(m.buttons).toBe(0);
    // The panel leaves most of the screen to the stage.
    expect(m.bottom).toBeLessThan(height * 0.45);
    const marked = page.locator('[data-lesson-highlight~="registry"]');
    await expect(marked).toBeInViewport({ ratio: 0.25 });
    const box = (await marked.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(m.bottom + 60);
    await screenshotAndMeasure(page, `lesson-presenter-${width}x${height}`);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('save as lesson: stops marked at steps of the current run become a lesson that plays at once at those steps', async ({ browser }) => {
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  // Stops are marked by jumping through the run (']'): wait for it to be recorded whole.
  await recorded(page);
  await page.getByTestId('picker-write-lesson').click();
  await expect(page.getByTestId('lesson-builder')).toBeVisible();
  await page.getByTestId('lb-title-en').fill('My first lesson');
  await page.getByTestId('lb-title-zh').fill('我的第一课');
  // Two checkpoint triggers: ']' jumps to the next one.
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  await page.keyboard.press(']');
  const first = await page.getByTestId('step-readout').innerText();
  await page.getByTestId('lb-add-stop').click();
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  await page.keyboard.press(']');
  const second = await page.getByTestId('step-readout').innerText();
  expect(second).not.toBe(first);
  await page.getByTestId('lb-add-stop').click();
  for (const i of [0, 1]) {
    await page.getByTestId(`lb-stop-title-en-${i}`).fill(`Checkpoint trigger ${i + 1}`);
    await page.getByTestId(`lb-stop-text-en-${i}`).fill(`The coordinator triggers a checkpoint here, stop ${i + 1}.`);
    await page.getByTestId(`lb-stop-text-zh-${i}`).fill(`协调器在这里触发检查点，第 ${i + 1} 站。`);
  }
  await page.getByTestId('lb-highlight-1-narration').uncheck();
  await page.getByTestId('lb-highlight-1-checkpoints').check();
  await page.getByTestId('lb-summary-en').fill('Two checkpoint triggers.');
  await page.getByTestId('lb-summary-zh').fill('两次检查点触发。');
  // A missing Chinese title is refused with its field path; nothing is saved.
  await page.getByTestId('lb-save').click();
  await expect(page.getByTestId('lb-problems')).toContainText('stops[0].title.zh');
  await page.getByTestId('lb-stop-title-zh-0').fill('检查点触发 1');
  await page.getByTestId('lb-stop-title-zh-1').fill('检查点触发 2');
  await page.getByTestId('lb-save').click();
  const panel = page.getByTestId('lesson-panel');
  await expect(panel).toHaveAttribute('data-lesson', 'my-first-lesson-mine');
  await expect(page.getByTestId('lesson-stop-count')).toHaveText('Stop 1 of 2');
  await expect(page.getByTestId('step-readout')).toHaveText(first);
  await expect(page.getByTestId('lesson-text')).toHaveText('The coordinator triggers a checkpoint here, stop 1.');
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('step-readout')).toHaveText(second);
  await expect(page.locator('[data-lesson-highlight~="checkpoints"]')).toBeInViewport();
  await screenshotAndMeasure(page, 'lesson-saved-en');
  expect(errors).toEqual([]);
  await context.close();
});

test('the lesson builder: two stops, a question and two highlights; after a reload the lesson is under "Your lessons", plays and answers', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  // Stops are marked by jumping through the run (']'): wait for it to be recorded whole.
  await recorded(page);
  await page.getByTestId('picker-write-lesson').click();
  await page.getByTestId('lb-title-en').fill('Barriers first');
  await page.getByTestId('lb-title-zh').fill('先有 barrier');
  await page.getByTestId('lb-summary-en').fill('What follows a checkpoint trigger.');
  await page.getByTestId('lb-summary-zh').fill('检查点触发之后发生什么。');
  await page.getByTestId('lb-level').selectOption('intermediate');
  await page.getByTestId('lb-minutes').fill('5');
  for (const i of [0, 1]) {
    await page.locator('body').click({ position: { x: 5, y: 200 } });
    await page.keyboard.press(']');
    await page.getByTestId('lb-add-stop').click();
    await page.getByTestId(`lb-stop-title-en-${i}`).fill(`Trigger ${i + 1}`);
    await page.getByTestId(`lb-stop-title-zh-${i}`).fill(`触发 ${i + 1}`);
    await page.getByTestId(`lb-stop-text-en-${i}`).fill(`The coordinator triggers a checkpoint, stop ${i + 1}.`);
    await page.getByTestId(`lb-stop-text-zh-${i}`).fill(`协调器触发检查点，第 ${i + 1} 站。`);
  }
  // Stop 1: two highlights and a what-happens-next question (Flink injects the barrier before the checkpoint can complete).
  await page.getByTestId('lb-highlight-0-narration').uncheck();
  await page.getByTestId('lb-highlight-0-job-graph').check();
  await page.getByTestId('lb-highlight-0-checkpoints').check();
  await page.getByTestId('lb-question-kind-0').selectOption('next');
  await page.getByTestId('lb-prompt-en-0').fill('What comes first?');
  await page.getByTestId('lb-prompt-zh-0').fill('先发生的是什么？');
  await page.getByTestId('lb-among-0').fill('checkpoint.completed, barrier.injected');
  await page.getByTestId('lb-explain-en-0').fill('{answer}: the source injects the barrier first.');
  await page.getByTestId('lb-explain-zh-0').fill('{answer}：source 先注入 barrier。');
  await page.getByTestId('lb-check-answers').click();
  await expect(page.getByTestId('lb-answer-0')).toHaveText(/^Engine’s answer: barrier\.injected \(at step \d+\)$/);
  await screenshotAndMeasure(page, 'lesson-builder-en');
  await page.getByTestId('lb-save').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'barriers-first-mine');
  // Reload: the lesson comes back from IndexedDB.
  await page.reload();
  // Once storage is open, the reload may offer to restore the job of the saved run (when its
  // storage held a completed checkpoint where the cursor was): start fresh. The offer comes after
  // the page is shown, and the lesson picker waits until it is answered (one start-up dialog at a time).
  await storageReady(page);
  const offer = page.getByTestId('offer-fresh');
  await offer.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
  if (await offer.isVisible()) await offer.click();
  // The picker may open on its own once the start-up is settled; open it if it did not.
  const picker = page.getByTestId('lesson-picker');
  await picker.waitFor({ state: 'visible', timeout: 3_000 }).catch(() => undefined);
  if (!(await picker.isVisible())) await page.getByTestId('lessons-button').click();
  const yours = page.getByTestId('lesson-yours');
  await expect(yours).toContainText('Your lessons');
  await expect(yours.getByTestId('lesson-card-barriers-first-mine')).toContainText('Barriers first');
  await expect(yours.getByTestId('lesson-card-barriers-first-mine')).toContainText('Intermediate');
  await expect(yours.getByTestId('lesson-card-barriers-first-mine')).toContainText('5 min');
  await screenshotAndMeasure(page, 'lesson-yours-en');
  await page.getByTestId('lesson-start-barriers-first-mine').click();
  await expect(page.getByTestId('lesson-stop-count')).toHaveText('Stop 1 of 2');
  await expect(page.locator('[data-lesson-highlight~="job-graph"]')).toBeVisible();
  await expect(page.locator('[data-lesson-highlight~="checkpoints"]')).toBeVisible();
  await page.getByTestId('lesson-next-checkpoint.completed').check();
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-correct', 'false');
  await page.getByTestId('lesson-next-barrier.injected').check();
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-feedback')).toHaveText(/^Right\. barrier\.injected: the source injects the barrier first\./);
  // Delete: gone from the picker.
  await page.getByTestId('lesson-all').click();
  await page.getByTestId('lesson-delete-barriers-first-mine').click();
  await expect(page.getByTestId('lesson-card-barriers-first-mine')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
