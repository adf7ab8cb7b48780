/**
 * Presenter mode: the stage alone across the whole width, with type large enough for the back
 * of a classroom, a one-line narration, fullscreen on offer (and a way out when the browser
 * refuses it), remembered across visits like the language.
 */
import { expect, test, type Page } from '@playwright/test';
import { recorded, screenshotAndMeasure, watchErrors } from './helpers';

async function startIn(page: Page, lang: 'en' | 'zh', presenter: boolean): Promise<void> {
  await page.addInitScript(
    ([l, p]) => {
      // Only on the first load of the test: a reload must see what the page itself remembered.
      if (sessionStorage.getItem('presenter-spec-started')) return;
      sessionStorage.setItem('presenter-spec-started', '1');
      localStorage.setItem('checkpoint-lab.lang', l as string);
      if (p) localStorage.setItem('checkpoint-lab.presenter', '1');
    },
    [lang, presenter] as const,
  );
}

/** Font sizes (px) of the texts a class reads, and whether the page fits the screen. */
function measure(page: Page) {
  return page.evaluate(() => {
    const size = (sel: string): number => {
      const el = document.querySelector(sel);
      return el ? parseFloat(getComputedStyle(el).fontSize) : Number.NaN;
    };
    const stage = document.querySelector('.stage')!.getBoundingClientRect();
    return {
      headline: size('.presenter-headline'),
      table: size('.data-table'),
      tab: size('[role="tab"]'),
      readout: size('.position'),
      title: size('.app-header h1'),
      stageShare: stage.width / window.innerWidth,
      fits:
        document.documentElement.scrollHeight <= window.innerHeight + 1 &&
        document.documentElement.scrollWidth <= window.innerWidth + 1,
      headerRows: document.querySelector('.header-bar')!.getBoundingClientRect().height,
    };
  });
}

for (const [width, height, scale] of [
  [1280, 720, 1],
  [1920, 1080, 1.5],
] as const) {
  for (const lang of ['en', 'zh'] as const) {
    test(`presenter mode at ${width}×${height} in ${lang}: the stage alone, in large type, fitting the screen`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height });
      await startIn(page, lang, true);
      await page.goto('/');
      // The run streams in from the worker: the scrubber reaches step 600 once it is recorded.
      await recorded(page);
      await page.getByTestId('scrubber').fill('600');
      await page.mouse.click(2, height / 2); // no focus ring in the picture
      await expect(page.getByTestId('app')).toHaveClass(/\bpresenter\b/);
      // The side panels are gone; one narration line stands in for them.
      await expect(page.locator('.side')).toHaveCount(0);
      await expect(page.getByTestId('events')).toHaveCount(0);
      await expect(page.getByTestId('presenter-narration')).toBeVisible();
      await expect(page.getByTestId('presenter-narration')).toContainText(
        lang === 'zh' ? '第 600 步' : 'Step 600',
      );
      await expect(page.getByTestId('presenter-fullscreen')).toBeVisible();
      const m = await measure(page);
      expect(m.stageShare).toBeGreaterThan(0.95);
      // Type grows with the screen (a 1080p projector shows the same picture as a 720p one).
      expect(m.headline).toBeGreaterThanOrEqual(20 * scale - 0.5);
      expect(m.table).toBeGreaterThanOrEqual(17 * scale - 0.5);
      expect(m.tab).toBeGreaterThanOrEqual(16 * scale - 0.5);
      expect(m.readout).toBeGreaterThanOrEqual(17 * scale - 0.5);
      expect(m.fits).toBe(true);
      // The header stays one row.
      expect(m.headerRows).toBeLessThan(60 * scale);
      const shot = await screenshotAndMeasure(page, `presenter-${width}x${height}-${lang}`);
      expect(shot.colors).toBeGreaterThan(8);
      expect(errors).toEqual([]);
    });
  }
}

test('presenter mode is remembered across a reload, and leaving it restores the side panels', async ({
  page,
}) => {
  await startIn(page, 'en', false);
  await page.goto('/');
  await expect(page.getByTestId('actions-panel')).toBeVisible();
  const normal = await measure(page);
  await page.getByTestId('presenter-toggle').click();
  await expect(page.getByTestId('app')).toHaveClass(/\bpresenter\b/);
  expect((await measure(page)).readout).toBeGreaterThan(normal.readout);
  await page.reload();
  await expect(page.getByTestId('app')).toHaveClass(/\bpresenter\b/);
  await expect(page.getByTestId('presenter-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('presenter-toggle').click();
  await expect(page.getByTestId('actions-panel')).toBeVisible();
  await expect(page.getByTestId('presenter-narration')).toHaveCount(0);
  await expect(page.getByTestId('presenter-fullscreen')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('app')).not.toHaveClass(/\bpresenter\b/);
});

test('fullscreen is offered in presenter mode and left with the toggle', async ({ page }) => {
  await startIn(page, 'en', true);
  await page.goto('/');
  await page.getByTestId('presenter-fullscreen').click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect(page.getByTestId('presenter-fullscreen')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('presenter-fullscreen')).toContainText('Exit fullscreen');
  // Leaving presenter mode leaves fullscreen too.
  await page.keyboard.press('p');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
});

test('when the browser refuses fullscreen, a notice says how to get it', async ({ page }) => {
  await page.addInitScript(() => {
    Element.prototype.requestFullscreen = () =>
      Promise.reject(new TypeError('Permissions check failed'));
  });
  await startIn(page, 'zh', true);
  await page.goto('/');
  await page.getByTestId('presenter-fullscreen').click();
  const notice = page.getByTestId('presenter-fullscreen-refused');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('F11');
  await expect(page.getByTestId('app')).toHaveClass(/\bpresenter\b/);
  await notice.getByRole('button').click();
  await expect(notice).toBeHidden();
});

interface Box {
  l: number;
  r: number;
  t: number;
  b: number;
  text: string;
}

/** The text boxes of one of the charts' or the timeline's SVGs: per axis, and the rest. */
function svgTexts(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((svg) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { l: r.left, r: r.right, t: r.top, b: r.bottom, text: el.textContent ?? '' };
    };
    return {
      svg: box(svg),
      axes: [...svg.querySelectorAll('.chart-axis')].map((a) =>
        [...a.querySelectorAll('text')].map(box),
      ),
      others: [...svg.querySelectorAll('text')].filter((t) => !t.closest('.chart-axis')).map(box),
      axisFont: parseFloat(getComputedStyle(svg.querySelector('.chart-axis text')!).fontSize),
    };
  });
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;

/** Every text inside its SVG (not clipped), and no two tick labels of an axis on top of each other. */
function expectLegible(t: Awaited<ReturnType<typeof svgTexts>>, what: string) {
  for (const b of [...t.axes.flat(), ...t.others]) {
    expect(b.l, `${what}: "${b.text}" cut off at the left`).toBeGreaterThanOrEqual(t.svg.l - 1);
    expect(b.r, `${what}: "${b.text}" cut off at the right`).toBeLessThanOrEqual(t.svg.r + 1);
    expect(b.t, `${what}: "${b.text}" cut off at the top`).toBeGreaterThanOrEqual(t.svg.t - 1);
    expect(b.b, `${what}: "${b.text}" cut off at the bottom`).toBeLessThanOrEqual(t.svg.b + 1);
  }
  for (const axis of t.axes)
    for (let i = 1; i < axis.length; i++)
      for (let j = 0; j < i; j++)
        expect(
          overlap(axis[i]!, axis[j]!),
          `${what}: "${axis[i]!.text}" on "${axis[j]!.text}"`,
        ).toBe(false);
}

for (const [width, height, scale] of [
  [1280, 720, 1],
  [1920, 1080, 1.5],
] as const) {
  test(`presenter mode at ${width}×${height} enlarges the timeline's and the charts' SVG text too, without overlap or clipping`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height });
    await startIn(page, 'en', false);
    await page.goto('/');
    // The run streams in from the worker: the scrubber reaches a step once it is recorded.
    await recorded(page);
    await page.getByTestId('scrubber').fill('600');
    await page.getByTestId('tab-timeline').click();
    const normalGantt = await svgTexts(page, 'gantt-overview');
    await page.getByTestId('tab-charts').click();
    const normalChart = await svgTexts(page, 'chart-sizes');

    await page.keyboard.press('p');
    await expect(page.getByTestId('app')).toHaveClass(/\bpresenter\b/);
    await page.getByTestId('tab-timeline').click();
    await page.mouse.click(2, height / 2);
    // Ticks as large as the presenter tables' type (a 1080p projector shows the 720p picture, larger).
    const gantt = await svgTexts(page, 'gantt-overview');
    expect(gantt.axisFont).toBeGreaterThan(normalGantt.axisFont);
    expect(gantt.axisFont).toBeGreaterThanOrEqual(15 * scale);
    expectLegible(gantt, 'timeline overview');
    const detail = await svgTexts(page, 'gantt-detail');
    expectLegible(detail, 'timeline detail');
    // Subtask rows at least one line of their (larger) labels apart.
    const rows = detail.others.filter((b) => /#\d/.test(b.text)).map((b) => (b.t + b.b) / 2);
    const rowFont = await page
      .locator('.gantt-detail .row-label')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(rowFont).toBeGreaterThanOrEqual(15 * scale);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]! - rows[i - 1]!).toBeGreaterThanOrEqual(rowFont);
    const barLabel = await page
      .locator('.gantt-bar .bar-label')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(barLabel).toBeGreaterThanOrEqual(14 * scale);
    await page.screenshot({
      path: `reports/screenshots/presenter-timeline-${width}x${height}.png`,
    });

    await page.getByTestId('tab-charts').click();
    await page.mouse.click(2, height / 2);
    for (const chart of ['sizes', 'uploads', 'stored'] as const) {
      await page.getByTestId(`chart-pick-${chart}`).click();
      const t = await svgTexts(page, `chart-${chart}`);
      expect(t.axisFont).toBeGreaterThan(normalChart.axisFont);
      expect(t.axisFont).toBeGreaterThanOrEqual(15 * scale);
      expectLegible(t, `${chart} chart`);
    }
    // The tooltip grows with the chart.
    await page.getByTestId('chart-pick-sizes').click();
    await page.getByTestId('chart-sizes-box').focus();
    const tipFont = await page
      .getByTestId('chart-tooltip')
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(tipFont).toBeGreaterThanOrEqual(15 * scale);
    await page.screenshot({ path: `reports/screenshots/presenter-charts-${width}x${height}.png` });
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1),
    ).toBe(true);
    expect(errors).toEqual([]);
  });
}
