/**
 * The lesson player (issue 15): a first visit lands on the picker with the free simulator one
 * click away; every lesson is walked from its first to its last stop in English and in Chinese
 * (the highlighted region visible, the stop's text present, no console error); a question is
 * answered right and wrong with the engine's feedback; a deep link opens the same stop in a
 * fresh context; PageDown/PageUp move between stops; after free exploration the lesson's path
 * is one click away.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { readStep, screenshotAndMeasure, watchErrors } from './helpers';

interface LessonFile {
  id: string;
  number: number;
  title: { en: string; zh: string };
  stops: { highlight: string[]; title: { en: string; zh: string }; text: { en: string; zh: string }; question?: { kind: string } }[];
}
const LESSONS: LessonFile[] = readdirSync('lessons')
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(`lessons/${f}`, 'utf8')) as LessonFile)
  .sort((a, b) => a.number - b.number);

/** A `{fact}` placeholder, as src/lessons/template.ts reads them. */
const PLACEHOLDER = /\{[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)?\}/;

/** A stop's text as the lesson file writes it, each `{placeholder}` standing for what the run fills in. */
function filledPattern(template: string): RegExp {
  const parts = template.split(PLACEHOLDER).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return new RegExp(`^${parts.join('[\\s\\S]*?')}$`);
}

/** A context as a first-time visitor has it: nothing stored (not even the test default). */
const FRESH = { storageState: { cookies: [], origins: [] } };

async function expectStop(page: Page, lesson: LessonFile, index: number, lang: 'en' | 'zh') {
  const panel = page.getByTestId('lesson-panel');
  await expect(panel).toHaveAttribute('data-stop', String(index + 1));
  // A run that streams in from the worker: the player is at the stop once it stops waiting for it.
  await expect(page.getByTestId('lesson-waiting')).toHaveCount(0);
  await expect(page.getByTestId('lesson-stop-count')).toHaveText(lang === 'en' ? `Stop ${index + 1} of ${lesson.stops.length}` : `第 ${index + 1} 站，共 ${lesson.stops.length} 站`);
  const text = (await page.getByTestId('lesson-text').innerText()).trim();
  expect(text.length).toBeGreaterThan(20);
  // The stop's own text (not another stop's, not the other language's), with its facts filled in.
  expect(text).toMatch(filledPattern(lesson.stops[index]!.text[lang].trim()));
  await expect(page.getByTestId('lesson-stop-title')).toHaveText(filledPattern(lesson.stops[index]!.title[lang].trim()));
  // Every placeholder was filled from the run.
  expect(text).not.toMatch(PLACEHOLDER);
  if (lang === 'zh') expect(text).toMatch(/[\u4e00-\u9fff]/);
  for (const target of lesson.stops[index]!.highlight) {
    const marked = page.locator(`[data-lesson-highlight~="${target}"]`);
    await expect(marked, `stop ${index + 1} highlights ${target}`).toHaveCount(1);
    await expect(marked).toBeVisible();
    // Scrolled into view when the stop opened, even where the region sits below the fold.
    await expect(marked, `stop ${index + 1}: ${target} is on screen`).toBeInViewport({ ratio: 0.25 });
  }
  expect(page.url()).toContain(`lesson=${lesson.id}&stop=${index + 1}`);
}

test('a first visit lands on the lesson picker; lesson 1 and the free simulator are one click away', async ({ browser }) => {
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('lesson-picker')).toBeVisible();
  await expect(page.getByTestId(`lesson-card-${LESSONS[0]!.id}`)).toContainText(LESSONS[0]!.title.en);
  await expect(page.getByTestId(`lesson-progress-${LESSONS[0]!.id}`)).toHaveText('Not started');
  await page.getByTestId(`lesson-start-${LESSONS[0]!.id}`).click();
  await expectStop(page, LESSONS[0]!, 0, 'en');
  await expect(page.getByTestId('lesson-picker')).toHaveCount(0);
  // The free simulator: from the picker, one click; and the next visit opens the simulator directly.
  await page.getByTestId('lesson-all').click();
  await page.getByTestId('picker-simulator').click();
  await expect(page.getByTestId('lesson-picker')).toHaveCount(0);
  await expect(page.getByTestId('step-readout')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('step-readout')).toBeVisible();
  await expect(page.getByTestId('lesson-picker')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

for (const lang of ['en', 'zh'] as const) {
  test(`every lesson can be walked from its first to its last stop in ${lang === 'en' ? 'English' : 'Chinese'}`, async ({ browser }) => {
    // Grows with the lessons: each stop records or seeks a run; a shared 2-core machine needs ~3 s a stop.
    test.setTimeout(Math.max(180_000, 4_000 * LESSONS.reduce((n, l) => n + l.stops.length, 0)));
    const context = await browser.newContext({ ...FRESH, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByTestId(`picker-lang-${lang}`).click();
    await expect(page.getByTestId('picker-simulator')).toHaveText(lang === 'en' ? 'Open the free simulator →' : '打开自由模拟器 →');
    await screenshotAndMeasure(page, `lesson-picker-${lang}`);
    for (const lesson of LESSONS) {
      if (!(await page.getByTestId('lesson-picker').isVisible())) await page.getByTestId('lesson-all').click();
      await expect(page.getByTestId(`lesson-card-${lesson.id}`)).toContainText(lesson.title[lang]);
      await page.getByTestId(`lesson-start-${lesson.id}`).click();
      for (let i = 0; i < lesson.stops.length; i++) {
        await expectStop(page, lesson, i, lang);
        if (i === 0 || lesson.stops[i]!.question) await screenshotAndMeasure(page, `lesson-${lesson.number}-stop-${i + 1}-${lang}`);
        if (i < lesson.stops.length - 1) await page.getByTestId('lesson-next').click();
      }
      await expect(page.getByTestId('lesson-next')).toBeDisabled();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('presenter mode at 1280×720: every stop of every lesson shows the element it highlights (English)', async ({ browser }) => {
  test.setTimeout(Math.max(180_000, 3_000 * LESSONS.reduce((n, l) => n + l.stops.length, 0)));
  const context = await browser.newContext({ ...FRESH, locale: 'en-US', viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.addInitScript(() => localStorage.setItem('checkpoint-lab.presenter', '1'));
  // One page load (a reload would offer to restore the stored job): the picker opens each lesson.
  await page.goto(`/?lesson=${LESSONS[0]!.id}&stop=1`);
  await expect(page.getByTestId('app')).toHaveClass(/\bpresenter\b/);
  for (const lesson of LESSONS) {
    if (lesson !== LESSONS[0]) {
      await page.getByTestId('lesson-all').click();
      await page.getByTestId(`lesson-start-${lesson.id}`).click();
    }
    for (let i = 0; i < lesson.stops.length; i++) {
      await expectStop(page, lesson, i, 'en');
      const targets = lesson.stops[i]!.highlight;
      // Stops that highlight a panel presenter mode usually keeps out of the stage (subtask panel, events).
      if (targets.some((t) => ['task-state', 'changelog', 'events'].includes(t)) && !SHOWN.has(targets.join())) {
        SHOWN.add(targets.join());
        await screenshotAndMeasure(page, `lesson-presenter-${lesson.number}-stop-${i + 1}-en`);
      }
      if (i < lesson.stops.length - 1) await page.getByTestId('lesson-next').click();
    }
  }
  // Leaving the lesson gives the presenter's own layout back: no subtask panel unless enlarged.
  await page.getByTestId('lesson-exit').click();
  await expect(page.getByTestId('task-state')).toHaveCount(0);
  await expect(page.getByTestId('storage-view')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
const SHOWN = new Set<string>();

test('a question answered wrong, then right, with the engine’s answer and why (English and Chinese)', async ({ browser }) => {
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // Lesson 5, stop 4, asked when checkpoint 3 is triggered: SST 4's count once it completes (the engine: 2).
  await page.goto('/?lesson=incremental-shared-files&stop=4');
  await expect(page.getByTestId('lesson-stop-count')).toHaveText('Stop 4 of 7');
  await expect(page.getByTestId('lesson-waiting')).toHaveCount(0);
  await expect(page.getByTestId('lesson-text')).toContainText('the registry counts 2 references to SST 1 and 1 to SST 4');
  const asked = await readStep(page);
  await screenshotAndMeasure(page, 'lesson-5-stop-4-asked-en');
  await page.getByTestId('lesson-number').fill('1');
  await page.getByTestId('lesson-check').click();
  const fb = page.getByTestId('lesson-feedback');
  await expect(fb).toHaveAttribute('data-correct', 'false');
  await expect(fb).toContainText("Not quite: the engine's answer is 2.");
  // The explanation quotes the run at checkpoint 3's completion, where the player has stepped.
  await expect(fb).toContainText('checkpoint 3 references 4, 5, 6; it uploads only 5, 6 and reuses SST 4');
  await expect(fb).toContainText('SST 1 drops to 1');
  await expect.poll(() => readStep(page)).toBeGreaterThan(asked);
  // Still on the lesson's path there: no "back to the path".
  await expect(page.getByTestId('lesson-back')).toHaveCount(0);
  await page.getByTestId('lesson-number').fill('2');
  await page.getByTestId('lesson-check').click();
  await expect(fb).toHaveAttribute('data-correct', 'true');
  await expect(fb).toContainText('Right. 2:');
  await screenshotAndMeasure(page, 'lesson-5-feedback-en');
  // Stop 2's number question in Chinese: SST 1's reference count (2), answered wrong.
  await page.getByTestId('lang-zh').click();
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('lesson-stop-count')).toHaveText('第 2 站，共 7 站');
  await page.getByTestId('lesson-number').fill('1');
  await page.getByTestId('lesson-check').click();
  await expect(fb).toHaveAttribute('data-correct', 'false');
  await expect(fb).toContainText('不对：引擎给出的答案是 2。');
  await screenshotAndMeasure(page, 'lesson-5-feedback-zh');
  expect(errors).toEqual([]);
  await context.close();
});

test('a deep link opens the same stop in a fresh context; the clicker keys and the way back to the path', async ({ browser }) => {
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/?lesson=changelog-backend&stop=5');
  await expect(page.getByTestId('lesson-picker')).toHaveCount(0);
  const lesson = LESSONS.find((l) => l.id === 'changelog-backend')!;
  await expectStop(page, lesson, 4, 'en');
  await expect(page.getByTestId('lesson-text')).toContainText('Since checkpoint 2, materialization m1 has completed');
  const step = await page.getByTestId('step-readout').innerText();
  // The same link in another fresh context shows the same stop at the same step.
  const other = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const second = await other.newPage();
  await second.goto('/?lesson=changelog-backend&stop=5');
  await expect(second.getByTestId('lesson-panel')).toHaveAttribute('data-stop', '5');
  await expect(second.getByTestId('step-readout')).toHaveText(step);
  await other.close();
  // PageDown / PageUp, and → on the path, move between stops.
  await page.keyboard.press('PageDown');
  await expectStop(page, lesson, 5, 'en');
  await page.keyboard.press('ArrowLeft');
  await expectStop(page, lesson, 4, 'en');
  // Free exploration: stepping leaves the path; one click returns to the stop.
  await expect(page.getByTestId('lesson-back')).toHaveCount(0);
  await page.getByTestId('step-back').click();
  await page.getByTestId('step-back').click();
  await expect(page.getByTestId('lesson-back')).toBeVisible();
  await page.getByTestId('lesson-back').click();
  await expect(page.getByTestId('step-readout')).toHaveText(step);
  await expect(page.getByTestId('lesson-back')).toHaveCount(0);
  // Restart goes to stop 1.
  await page.getByTestId('lesson-restart').click();
  await expectStop(page, lesson, 0, 'en');
  expect(errors).toEqual([]);
  await context.close();
});

test('progress is kept in IndexedDB: the picker shows it after a reload', async ({ browser }) => {
  const context = await browser.newContext({ ...FRESH, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/?lesson=failed-checkpoint-files&stop=1');
  await expectStop(page, LESSONS.find((l) => l.id === 'failed-checkpoint-files')!, 0, 'en');
  await page.getByTestId('lesson-next').click();
  await page.getByTestId('lesson-next-checkpoint.aborted').check();
  await page.getByTestId('lesson-check').click();
  await expect(page.getByTestId('lesson-feedback')).toHaveAttribute('data-correct', 'true');
  await page.waitForTimeout(300);
  await page.reload();
  // The lesson's run had completed checkpoint 1, so the reload offers to restore the job from it: start fresh.
  await page.getByTestId('offer-fresh').click();
  await page.getByTestId('lessons-button').click();
  await expect(page.getByTestId('lesson-progress-failed-checkpoint-files')).toHaveText('2 of 4 stops seen · 1 of 3 questions right');
  await expect(page.getByTestId('lesson-continue-failed-checkpoint-files')).toHaveText('Continue at stop 2');
  await context.close();
});
