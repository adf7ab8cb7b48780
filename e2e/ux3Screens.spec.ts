// Screenshots of the sink verdict and the checkpoint drill-down at 1280×720 (en, zh) and in presenter mode at 1920×1080, for a person to look at.
import { expect, test } from '@playwright/test';
import { pickExample } from './helpers';

for (const [w, h, presenter, lang] of [
  [1280, 720, false, 'en'],
  [1280, 720, false, 'zh'],
  [1920, 1080, true, 'en'],
] as const) {
  test(`verdict and drill-down ${w}x${h} ${lang}${presenter ? ' presenter' : ''}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.addInitScript(([l, p]) => {
      localStorage.setItem('checkpoint-lab.lang', l as string);
      if (p) localStorage.setItem('checkpoint-lab.presenter', '1');
      else localStorage.removeItem('checkpoint-lab.presenter');
    }, [lang, presenter] as const);
    await page.goto('/');
    await pickExample(page, 'sink-after-failure-plain');
    const max = Number(await page.getByTestId('scrubber').getAttribute('max'));
    await page.getByTestId('scrubber').fill(String(max));
    await expect(page.getByTestId('sink-verdict')).toBeAttached();
    await page.getByTestId('sink-verdict').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `reports/screenshots/ux3-verdict-${w}-${lang}${presenter ? '-presenter' : ''}.png` });
    await page.getByTestId('cp-detail-open-3').click();
    await expect(page.getByTestId('checkpoint-detail')).toBeVisible();
    await page.screenshot({ path: `reports/screenshots/ux3-detail-${w}-${lang}${presenter ? '-presenter' : ''}.png` });
  });
}
