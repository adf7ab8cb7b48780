// Issue 14, bug 3: at 1280×720, once the recording holds a restore, the fifth tab (Restore) was
// cut to "RES", and clicking it scrolled the lower-left panel 55 px sideways with no way back.
// Every tab must be whole inside the panel, and choosing one must not scroll the panel.
import { expect, test, type Page } from '@playwright/test';
import { englishByDefault, recorded, storageReady } from './helpers';

test.beforeEach(({ context }) => englishByDefault(context));

function geometry(page: Page) {
  return page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('[data-testid="stage-tabs"]')!;
    const p = panel.getBoundingClientRect();
    const tabs = [...panel.querySelectorAll<HTMLElement>('[role="tab"]')].map((t) => {
      const r = t.getBoundingClientRect();
      return { id: t.dataset.testid, left: r.left, right: r.right, cut: t.scrollWidth > t.clientWidth + 1 };
    });
    return { panelLeft: p.left, panelRight: p.right, scrollLeft: panel.scrollLeft, tabs };
  });
}

for (const lang of ['en', 'zh'] as const) {
  for (const presenter of [false, true]) {
    test(`every stage tab is whole and choosing Restore does not scroll the panel (${lang}${presenter ? ', presenter' : ''})`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('checkpoint-lab.lang', l), lang);
      await page.goto('/');
      await storageReady(page);
      await page.getByTestId('examples-button').click();
      await page.getByTestId('example-sink-after-failure-plain').click();
      await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
      await recorded(page);
      if (presenter) await page.keyboard.press('p');
      await expect(page.getByTestId('tab-restore')).toBeVisible();
      await page.getByTestId('tab-restore').click();
      await expect(page.getByTestId('tab-restore')).toHaveAttribute('aria-selected', 'true');
      const g = await geometry(page);
      expect(g.tabs).toHaveLength(5);
      expect(g.scrollLeft).toBe(0);
      for (const t of g.tabs) {
        expect(t.left, `${t.id} starts inside the panel`).toBeGreaterThanOrEqual(g.panelLeft);
        expect(t.right, `${t.id} ends inside the panel`).toBeLessThanOrEqual(g.panelRight);
        expect(t.cut, `${t.id} shows its whole label`).toBe(false);
      }
    });
  }
}
