/**
 * The acceptance screenshots of issue 14: the changelog example at a materialization step and
 * seed 002 at checkpoint 4 with the Registry tab, at 1280×720 (English and Chinese) and in
 * presenter mode at 1920×1080, saved to reports/screenshots for a person to look at. What is cut or
 * overlapping is asserted by classroomRegistry, classroomLayout and stageTabsFit; here only that each
 * step of the way works.
 */
import { expect, test } from '@playwright/test';
import { gotoCheckpointCompleted, jump, pickExample, screenshotAndMeasure, startClassroom } from './helpers';

for (const [w, h, presenter] of [
  [1280, 720, false],
  [1920, 1080, true],
] as const) {
  for (const lang of ['en', 'zh'] as const) {
    const tag = `${w}x${h}-${lang}${presenter ? '-presenter' : ''}`;
    test(`changelog example at its materialization step, ${tag}`, async ({ page }) => {
      await startClassroom(page, lang, presenter, w, h);
      await pickExample(page, 'changelog-seed000');
      // The step where the materialization completes, found by its event as a user does (jump box).
      await jump(page, 'materialization');
      await expect(page.getByTestId(presenter ? 'presenter-narration' : 'narration')).toContainText(lang === 'en' ? /materializ/i : /物化/);
      await page.getByTestId('node-count#0').click();
      await page.mouse.click(2, h / 2);
      await screenshotAndMeasure(page, `classroom-changelog-${tag}`);
    });
    test(`seed 002 at checkpoint 4 with the Registry tab, ${tag}`, async ({ page }) => {
      await startClassroom(page, lang, presenter, w, h);
      await pickExample(page, 'seed002-refcount');
      await gotoCheckpointCompleted(page, 4);
      await page.getByTestId('tab-registry').click();
      await expect(page.getByTestId('registry-row').first()).toBeVisible();
      await page.mouse.click(2, h / 2);
      await screenshotAndMeasure(page, `classroom-seed002-${tag}`);
    });
  }
}
