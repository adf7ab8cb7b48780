/**
 * Issue 14: a glossary reachable from the help (searchable) and from the terms where they appear
 * (the narration, panel headings), in English and Chinese, usable with the keyboard alone and named
 * for screen readers.
 */
import { expect, test } from '@playwright/test';
import { jump, pickExample, startClassroom, storageReady } from './helpers';

const TEXT = {
  en: { materialization: 'Materialization', keyGroup: 'Key group', dstl: 'DSTL (durable short-term log)', changeSet: 'Change set', none: 'No term matches' },
  zh: { materialization: '物化', keyGroup: '键组', dstl: 'DSTL（持久化短期日志）', changeSet: '变更集', none: '没有与' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const L = TEXT[lang];
  test(`the help opens the glossary; search, Flink names and "see also" links work from the keyboard (${lang})`, async ({ page }) => {
    await startClassroom(page, lang, false, 1280, 720);
    await storageReady(page);
    await page.keyboard.press('?');
    await page.getByTestId('help-glossary').click();
    const glossary = page.getByRole('dialog', { name: lang === 'en' ? 'Glossary' : '术语表' });
    await expect(glossary).toBeVisible();
    await expect(page.getByTestId('help')).toHaveCount(0);
    await page.getByTestId('glossary-search').fill('dstl');
    const dstl = page.getByTestId('glossary-entry-dstl');
    await expect(dstl.locator('h3')).toHaveText(L.dstl);
    await expect(dstl).toContainText('FsStateChangelogStorage');
    // A "see also" link, from the keyboard: the related entry gets the focus (a screen reader reads it).
    await dstl.getByTestId('glossary-link-change-set').focus();
    await page.keyboard.press('Enter');
    const changeSet = page.getByTestId('glossary-entry-change-set');
    await expect(changeSet).toBeFocused();
    await expect(changeSet.locator('h3')).toHaveText(L.changeSet);
    await expect(page.getByTestId('glossary-search')).toHaveValue('');
    await page.getByTestId('glossary-search').fill('zzzz');
    await expect(page.getByTestId('glossary-count')).toContainText(L.none);
    await page.keyboard.press('Escape');
    await expect(glossary).toHaveCount(0);
    // g opens it too.
    await page.keyboard.press('g');
    await expect(page.getByTestId('glossary')).toBeVisible();
    await page.getByTestId('glossary-close').click();
    await expect(page.getByTestId('glossary')).toHaveCount(0);
  });

  test(`terms in the narration and in a panel heading open their entry (${lang})`, async ({ page }) => {
    await startClassroom(page, lang, false, 1280, 720);
    await pickExample(page, 'changelog-seed000');
    await jump(page, 'materialization');
    // The narration marks the term; Enter on it (a button) opens its entry, focused.
    const term = page.getByTestId('narration').locator('button.term[data-term="materialization"]').first();
    await expect(term).toBeVisible();
    await expect(term).toHaveAttribute('aria-haspopup', 'dialog');
    await term.focus();
    await page.keyboard.press('Enter');
    const entry = page.getByTestId('glossary-entry-materialization');
    await expect(entry).toBeFocused();
    await expect(entry.locator('h3')).toHaveText(L.materialization);
    await expect(entry).toContainText('PeriodicMaterializationManager');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('glossary')).toHaveCount(0);
    await expect(term).toBeFocused();
    // A panel heading: the subtask's state table names its key groups.
    await page.getByTestId('task-state').locator('button.term[data-term="key-group"]').click();
    await expect(page.getByTestId('glossary-entry-key-group')).toBeFocused();
    await expect(page.getByTestId('glossary-entry-key-group').locator('h3')).toHaveText(L.keyGroup);
  });
}

test('in presenter mode the narration’s terms open the glossary in large type', async ({ page }) => {
  await startClassroom(page, 'en', true, 1920, 1080);
  await pickExample(page, 'changelog-seed000');
  await jump(page, 'materialization');
  await page.getByTestId('presenter-narration').locator('button.term').first().click();
  const dialog = page.getByTestId('glossary');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(17 * 1.5 - 0.5);
});
