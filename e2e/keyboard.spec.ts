/**
 * Keyboard-only use: every control is reachable with Tab and shows a visible focus indicator,
 * Tab never gets stuck outside a modal dialog (and never leaves one), icon-only buttons are
 * named, and the main controls work without a mouse.
 */
import { expect, test, type Page } from '@playwright/test';
import { readStep, recorded, watchErrors } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang'))
      localStorage.setItem('checkpoint-lab.lang', 'en');
  });
});

interface Focused {
  /** data-testid, else aria-label, else tag and text: enough to tell stops apart in a failure. */
  id: string;
  testId: string | null;
  /** Where it sits: header, stage, side, controls, dialog or other. */
  region: string;
  /** A visible indicator: an outline or a box-shadow on the element (SVG: or a focus-colored stroke inside). */
  indicator: string | null;
  inViewport: boolean;
}

/** What has focus now, and how it shows it. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const cs = getComputedStyle(el);
    let indicator: string | null = null;
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2)
      indicator = `outline ${cs.outlineWidth} ${cs.outlineColor}`;
    else if (cs.boxShadow && cs.boxShadow !== 'none') indicator = `box-shadow ${cs.boxShadow}`;
    else if (el instanceof SVGElement) {
      // SVG marks (Gantt bars) may show focus as a stroke in the focus color on a child shape.
      const focusColor = getComputedStyle(document.documentElement)
        .getPropertyValue('--focus')
        .trim();
      const probe = document.createElement('span');
      probe.style.color = focusColor;
      document.body.append(probe);
      const focusRgb = getComputedStyle(probe).color;
      probe.remove();
      for (const child of el.querySelectorAll('*')) {
        const c = getComputedStyle(child);
        if (c.stroke === focusRgb && parseFloat(c.strokeWidth) >= 2)
          indicator = `stroke ${c.strokeWidth} ${c.stroke}`;
      }
    }
    const r = el.getBoundingClientRect();
    const region = el.closest('[role="dialog"]')
      ? 'dialog'
      : el.closest('.header-bar')
        ? 'header'
        : el.closest('.stage')
          ? 'stage'
          : el.closest('.side')
            ? 'side'
            : el.closest('.control-bar')
              ? 'controls'
              : 'other';
    const testId = el.getAttribute('data-testid');
    const label = el.getAttribute('aria-label');
    return {
      id:
        testId ??
        label ??
        `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 40)}`,
      testId,
      region,
      indicator,
      inViewport:
        r.width > 0 &&
        r.height > 0 &&
        r.bottom > 0 &&
        r.right > 0 &&
        r.top < innerHeight &&
        r.left < innerWidth,
    };
  });
}

/**
 * Presses Tab from the top of the page until focus comes back to the first stop. Fails on a stop
 * without a visible focus indicator and when Tab gets stuck (the same stop twice in one round).
 */
async function tabAround(page: Page, maxStops = 250): Promise<Focused[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: Focused[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (!f) continue; // the document itself, between the last stop and the first
    const key = await page.evaluate(() => {
      // A stable identity for the element: its path in the DOM.
      const path: number[] = [];
      for (
        let el: Element | null = document.activeElement;
        el && el.parentElement;
        el = el.parentElement
      )
        path.push([...el.parentElement.children].indexOf(el));
      return path.join('/');
    });
    if (stops.length > 0 && key === [...seen][0]) return stops;
    expect(
      seen.has(key),
      `Tab came back to ${f.id} before finishing a round: a keyboard trap`,
    ).toBe(false);
    seen.add(key);
    expect(f.indicator, `no visible focus indicator on ${f.id}`).not.toBeNull();
    expect(f.inViewport, `${f.id} has focus but is not on screen`).toBe(true);
    stops.push(f);
  }
  throw new Error(`Tab did not come back to the first control within ${maxStops} presses`);
}

/** Tabs (or Shift+Tabs) until the control with this data-testid has focus, and checks its focus ring. */
async function tabTo(page: Page, testId: string, maxStops = 250, key = 'Tab'): Promise<void> {
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (f?.testId === testId) {
      expect(f.indicator, `no visible focus indicator on ${testId}`).not.toBeNull();
      return;
    }
  }
  throw new Error(`${key} never reached ${testId} in ${maxStops} presses`);
}

test('every control is reachable by Tab, in page order, with a visible focus ring and no trap', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/');
  // The run streams in from the worker: the scrubber reaches a step once it is recorded.
  await recorded(page);
  await page.getByTestId('scrubber').fill('600');
  const round = await tabAround(page);
  // The round starts wherever focus was last (the scrubber): read it from the header on.
  const top = round.findIndex((s, i) => s.region === 'header' && round[i - 1]?.region !== 'header');
  const stops = [...round.slice(top), ...round.slice(0, top)];
  const ids = stops.map((s) => s.testId);
  for (const id of [
    'lang-en',
    'lang-zh',
    'examples-button',
    'config-button',
    'presenter-toggle',
    'help-button',
    'node-source#0',
    'tab-checkpoints',
    'actions-tab-checkpoints',
    'jump-start',
    'step-back',
    'play',
    'step-forward',
    'jump-end',
    'scrubber',
    'jump-kind',
    'speed',
  ]) {
    expect(ids, `${id} is not reachable with Tab`).toContain(id);
  }
  // Page order: header, then the stage, then the side panel, then the control bar.
  const order = ['header', 'stage', 'side', 'controls'];
  const regions = stops.map((s) => order.indexOf(s.region));
  expect(
    regions.every((r) => r >= 0),
    `stops outside the four regions: ${stops.filter((s) => !order.includes(s.region)).map((s) => s.id)}`,
  ).toBe(true);
  expect(regions).toEqual([...regions].sort((a, b) => a - b));
  // The checkpoint history's rows can be opened from the keyboard too.
  expect(stops.some((s) => /^Checkpoint \d+: go to the step/.test(s.id))).toBe(true);
  expect(errors).toEqual([]);
});

test('the stage tabs, the action groups and their contents are reachable with visible focus', async ({
  page,
}) => {
  // Four rounds of Tab through the page, which has more stops since glossary terms are buttons.
  test.setTimeout(150_000);
  await page.goto('/');
  // The run streams in from the worker: the scrubber reaches a step once it is recorded.
  await recorded(page);
  await page.getByTestId('scrubber').fill('600');
  for (const tab of ['timeline', 'charts']) {
    await page.getByTestId(`tab-${tab}`).click();
    const stops = await tabAround(page);
    expect(stops.map((s) => s.testId)).toContain(`tab-${tab}`);
  }
  for (const group of ['faults', 'restore']) {
    await page.getByTestId(`actions-tab-${group}`).click();
    const stops = await tabAround(page);
    expect(stops.map((s) => s.testId)).toContain(`actions-tab-${group}`);
  }
});

test('in presenter mode the remaining controls are reachable by Tab with a visible focus ring', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('checkpoint-lab.presenter', '1'));
  await page.goto('/');
  // The run streams in from the worker: the scrubber reaches a step once it is recorded.
  await recorded(page);
  await page.getByTestId('scrubber').fill('600');
  const ids = (await tabAround(page)).map((s) => s.testId);
  for (const id of [
    'examples-button',
    'presenter-toggle',
    'presenter-fullscreen',
    'help-button',
    'node-source#0',
    'tab-checkpoints',
    'play',
    'speed',
  ]) {
    expect(ids, `${id} is not reachable with Tab in presenter mode`).toContain(id);
  }
  expect(ids).not.toContain('actions-tab-checkpoints');
});

test('icon-only buttons have an accessible name', async ({ page }) => {
  await page.goto('/');
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => b.getClientRects().length > 0)
      // No letters or digits in the visible text: an icon or a glyph (‹ › ? ⏵).
      .filter((b) => !/[\p{L}\p{N}]/u.test(b.textContent ?? ''))
      .filter(
        (b) => !(b.getAttribute('aria-label') ?? '').trim() && !b.getAttribute('aria-labelledby'),
      )
      .map((b) => b.outerHTML.slice(0, 120)),
  );
  expect(unnamed).toEqual([]);
  for (const id of [
    'jump-start',
    'step-back',
    'play',
    'step-forward',
    'jump-end',
    'jump-prev',
    'jump-next',
    'help-button',
    'presenter-toggle',
  ]) {
    await expect(page.getByTestId(id)).toHaveAttribute('aria-label', /\w{3,}/);
  }
});

test('the main controls work from the keyboard alone', async ({ page }) => {
  await page.goto('/');
  // Play / pause: Enter and Space on the focused button (Space is handled once, not twice).
  await tabTo(page, 'play');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => readStep(page), { timeout: 10_000 }).toBeGreaterThan(2);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  const paused = await readStep(page);

  // Step and jump.
  await tabTo(page, 'step-forward');
  await page.keyboard.press('Enter');
  expect(await readStep(page)).toBe(paused + 1);
  await tabTo(page, 'jump-end');
  await page.keyboard.press('Enter');
  const end = await readStep(page);
  expect(end).toBeGreaterThan(50);
  // At the end the forward buttons are disabled; Shift+Tab goes on from where focus was.
  await tabTo(page, 'jump-start', 4, 'Shift+Tab');
  await page.keyboard.press('Enter');
  expect(await readStep(page)).toBe(0);

  // Jump to the next event of a kind chosen in the select (arrow keys change a closed select).
  await tabTo(page, 'jump-kind');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('jump-kind')).toHaveValue('barrier');
  await tabTo(page, 'jump-next');
  await page.keyboard.press('Enter');
  expect(await readStep(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('events')).toContainText('barrier.');

  // Speed: the slider's arrow keys, and the shortcut keys.
  await tabTo(page, 'speed');
  const before = await page.getByTestId('speed-value').innerText();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('speed-value')).not.toHaveText(before);

  // Language.
  await tabTo(page, 'lang-zh');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', '播放');
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page))?.testId).toBe('lang-en');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
});

test('presenter mode toggles with its button and with p, but not while typing', async ({
  page,
}) => {
  await page.goto('/');
  await tabTo(page, 'presenter-toggle');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('app')).toHaveClass(/\bpresenter\b/);
  await expect(page.getByTestId('presenter-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('actions-panel')).toHaveCount(0);
  await expect(page.getByTestId('presenter-narration')).toBeVisible();
  // The toggle keeps focus (and its ring) after the layout changes.
  expect((await focused(page))?.indicator).not.toBeNull();
  await page.keyboard.press('p');
  await expect(page.getByTestId('app')).not.toHaveClass(/\bpresenter\b/);
  await expect(page.getByTestId('actions-panel')).toBeVisible();
  await page.keyboard.press('P');
  await expect(page.getByTestId('app')).toHaveClass(/\bpresenter\b/);
  await page.keyboard.press('p');
  await expect(page.getByTestId('app')).not.toHaveClass(/\bpresenter\b/);

  // A p typed into a number field (a fault action's count) stays in the field.
  await page.getByTestId('actions-tab-faults').click();
  const count = page.getByTestId('actions-panel').locator('input[type="number"]').first();
  await count.focus();
  await page.keyboard.press('p');
  await expect(page.getByTestId('app')).not.toHaveClass(/\bpresenter\b/);
  // Typing a p in a text field of the scenario dialog types a p.
  await page.getByTestId('config-button').click();
  const field = page
    .getByTestId('config-dialog')
    .locator('input[type="text"], input:not([type]), textarea')
    .first();
  await field.focus();
  await field.press('End');
  await page.keyboard.type('p');
  await expect(field).toHaveValue(/p$/);
  await expect(page.getByTestId('app')).not.toHaveClass(/\bpresenter\b/);
});

test('the help dialog opens and closes from the keyboard, keeps Tab inside and gives focus back', async ({
  page,
}) => {
  await page.goto('/');
  await tabTo(page, 'help-button');
  await page.keyboard.press('Enter');
  const help = page.getByTestId('help');
  await expect(help).toBeVisible();
  await expect(help).toContainText('Presenter mode on / off');
  for (let i = 0; i < 3; i++) {
    const f = await focused(page);
    expect(f?.region, 'focus left the open help dialog').toBe('dialog');
    expect(f?.indicator).not.toBeNull();
    await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
  }
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  expect((await focused(page))?.testId).toBe('help-button');
  // Enter on the focused close button closes it too.
  await page.keyboard.press('Enter');
  await expect(help).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(help).toBeHidden();
});

test('the scenario dialog opens from the keyboard, keeps Tab inside with visible focus and gives focus back', async ({
  page,
}) => {
  await page.goto('/');
  await tabTo(page, 'config-button');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('config-dialog');
  await expect(dialog).toBeVisible();
  const seen = new Set<string>();
  for (let i = 0; i < 120; i++) {
    const f = await focused(page);
    expect(f?.region, `focus left the open scenario dialog after ${i} Tabs`).toBe('dialog');
    expect(
      f?.indicator,
      `no visible focus indicator on ${f?.id} in the scenario dialog`,
    ).not.toBeNull();
    seen.add(f!.id);
    await page.keyboard.press('Tab');
  }
  expect(seen.size).toBeGreaterThan(5);
  // Shift+Tab from the first control wraps to the last, still inside.
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page))?.region).toBe('dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await focused(page))?.testId).toBe('config-button');
});
