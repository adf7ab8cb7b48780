// The built app under its Content-Security-Policy (vite.config.ts): the policy is in the page and
// enforced, the app never trips it, never talks to anything but its own origin, and shows
// strings from saved data as text, never as HTML.
import { expect, test, type Page } from '@playwright/test';
import type { CheckpointLabHook } from '../src/app/checkpointLabHook';
import { watchErrors } from './helpers';

type LabWindow = Window & {
  __checkpointLab: CheckpointLabHook;
  __cspViolations: { directive: string; blocked: string; sample: string }[];
  __pwned?: number;
};

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang'))
      localStorage.setItem('checkpoint-lab.lang', 'en');
    // Collected from the first moment of every document, before the app's own script runs.
    const w = window as unknown as LabWindow;
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
      }),
    );
  });
});

/** Every URL the page requested; a request anywhere but the preview server (or data:/blob:) is a leak. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}
const offOrigin = (urls: string[], origin: string) =>
  urls.filter(
    (u) => !u.startsWith(`${origin}/`) && !u.startsWith('data:') && !u.startsWith('blob:'),
  );

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as LabWindow).__cspViolations);
const syncIdle = (page: Page) =>
  page.evaluate(() => (window as unknown as LabWindow).__checkpointLab.syncIdle());
async function waitForHook(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as Partial<LabWindow>).__checkpointLab?.persistence().ready === true,
  );
}
async function jumpTo(page: Page, kind: string): Promise<void> {
  await page.getByTestId('jump-kind').selectOption(kind);
  await page.getByTestId('jump-next').click();
}

test('the built page carries a strict CSP and has no inline script', async ({ page, baseURL }) => {
  await page.goto('/');
  const csp = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(csp).not.toBeNull();
  const directives = Object.fromEntries(
    csp!.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
  expect(directives).toMatchObject({
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self'",
    'img-src': "'self' data: blob:",
    'connect-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
  });
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  // As served: the policy comes before any script, and every script is an external file.
  const html = await (await page.request.get(`${baseURL}/`)).text();
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/\bsrc=/);
    expect(body!.trim()).toBe('');
  }
  // frame-ancestors cannot live in a <meta>: the preview server sends it as a header. Only the
  // app itself may frame it (the comparison page's embedded views, `?embed=1`).
  const headers = (await page.request.get(`${baseURL}/`)).headers();
  expect(headers['content-security-policy']).toBe("frame-ancestors 'self'");
});

test('playing the default scenario and opening every dialog trips no CSP rule and requests nothing off 127.0.0.1', async ({
  page,
  baseURL,
}) => {
  const urls = recordRequests(page);
  const errors = watchErrors(page);
  await page.goto('/');
  await waitForHook(page);

  // Play fast for a while (d3 transitions, inline style properties from React and d3), then pause.
  await page.getByTestId('speed').fill('80');
  await page.getByTestId('play').click();
  await page.waitForTimeout(3000);
  await page.getByTestId('play').click();
  await jumpTo(page, 'completed');
  await page.getByTestId('trigger-checkpoint').click();
  await page.getByTestId('actions-tab-restore').click();
  await page.getByTestId('restore-run').click();
  await page.getByTestId('jump-end').click();

  // Every dialog and panel: help, configuration, the storage panel, and Chinese.
  await page.getByTestId('help-button').click();
  await expect(page.getByTestId('help')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('help')).toBeHidden();
  await page.getByTestId('config-button').click();
  await expect(page.getByTestId('config-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('config-dialog')).toBeHidden();
  await page.getByTestId('persistence-status').click();
  await expect(page.getByTestId('persistence-panel')).toBeVisible();
  // The export is a blob: download, which the policy must allow.
  const download = page.waitForEvent('download');
  await page.getByTestId('persistence-export').click();
  expect((await download).suggestedFilename()).toBe('checkpoint-lab-session-default.json');
  await page.getByTestId('lang-zh').click();
  await page.getByTestId('lang-en').click();

  // The restore offer after a reload.
  await page.getByTestId('scrubber').fill('0');
  await jumpTo(page, 'completed');
  await syncIdle(page);
  const before = await violations(page);
  await page.reload();
  await expect(page.getByTestId('restore-offer')).toBeVisible();
  await page.getByTestId('offer-restore').click();
  await expect(page.getByTestId('restore-offer')).toBeHidden();
  await jumpTo(page, 'completed');
  await syncIdle(page);

  expect(before).toEqual([]);
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
  expect(urls.length).toBeGreaterThan(2);
  expect(offOrigin(urls, baseURL!)).toEqual([]);
});

test('the policy is enforced: eval and injected inline script are refused, CSSOM styles are not', async ({
  page,
}) => {
  // Code Playwright evaluates is exempt from CSP (DevTools), so eval is tried by a script file of
  // the origin itself, as app code would: served here by the test, loaded by a <script src>.
  await page.route('**/csp-probe.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body:
        "try { window.__evalResult = String(eval('1 + 1')); } catch (e) { window.__evalResult = e.name; }\n" +
        "try { window.__functionResult = String(new Function('return 2')()); } catch (e) { window.__functionResult = e.name; }",
    }),
  );
  await page.goto('/');
  await waitForHook(page);
  const outcome = await page.evaluate(async () => {
    const w = window as unknown as LabWindow & {
      __inline?: number;
      __evalResult?: string;
      __functionResult?: string;
    };
    const probe = document.createElement('script');
    probe.src = './csp-probe.js';
    await new Promise((resolve, reject) => {
      probe.onload = resolve;
      probe.onerror = reject;
      document.head.append(probe);
    });
    const script = document.createElement('script');
    script.textContent = 'window.__inline = 1';
    document.head.append(script);
    // How React's style={…} and d3's .style() set styles: through the CSSOM, which CSP does not govern.
    const viaCssom = document.createElement('div');
    viaCssom.style.setProperty('width', '123px');
    viaCssom.style.borderColor = 'rgb(1, 2, 3)';
    document.body.append(viaCssom);
    // A style attribute written as markup is what style-src without 'unsafe-inline' refuses.
    const viaAttribute = document.createElement('div');
    viaAttribute.setAttribute('style', 'width: 77px');
    document.body.append(viaAttribute);
    await new Promise((r) => setTimeout(r, 100));
    return {
      evalResult: w.__evalResult,
      functionResult: w.__functionResult,
      inlineRan: w.__inline === 1,
      cssomWidth: getComputedStyle(viaCssom).width,
      cssomBorder: getComputedStyle(viaCssom).borderTopColor,
      attributeWidth: getComputedStyle(viaAttribute).width,
      directives: w.__cspViolations.map((v) => v.directive).sort(),
    };
  });
  expect(outcome.evalResult).toBe('EvalError');
  expect(outcome.functionResult).toBe('EvalError');
  expect(outcome.inlineRan).toBe(false);
  expect(outcome.cssomWidth).toBe('123px');
  expect(outcome.cssomBorder).toBe('rgb(1, 2, 3)');
  expect(outcome.attributeWidth).not.toBe('77px');
  expect(outcome.directives).toEqual(
    ['script-src', 'script-src', 'script-src-elem', 'style-src-attr'].sort(),
  );
  // The app's own React style={…} and d3 styles are applied (the event list's colored borders).
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  const border = await page
    .locator('.event-type')
    .first()
    .evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(border).not.toBe('rgba(0, 0, 0, 0)');
});

test('a script tag in a saved scenario title renders as text in the restore offer and the configuration', async ({
  context,
  baseURL,
}) => {
  const HOSTILE =
    '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><b>bold</b>';
  const app = await context.newPage();
  await app.goto('/');
  await waitForHook(app);
  await jumpTo(app, 'completed');
  await syncIdle(app);
  // Closed first, so nothing it writes on the way out can overwrite the edit below.
  await app.close();

  // Edit the saved session as a hostile or buggy writer would: the title inside the scenario.
  const editor = await context.newPage();
  await editor.goto('/favicon.svg');
  await editor.evaluate(
    (title) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('checkpoint-lab');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('sessions', 'readwrite');
          const store = tx.objectStore('sessions');
          const get = store.get('default');
          get.onsuccess = () => {
            const record = get.result as { title: string; scenario: { title: string } };
            record.title = title;
            record.scenario.title = title;
            store.put(record);
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    HOSTILE,
  );
  await editor.close();

  const page = await context.newPage();
  const urls = recordRequests(page);
  const errors = watchErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/');
  const offer = page.getByTestId('restore-offer');
  await expect(offer).toContainText(HOSTILE);
  await expect(offer.locator('script, img, b')).toHaveCount(0);
  await page.getByTestId('offer-restore').click();
  await expect(offer).toBeHidden();
  await page.getByTestId('config-button').click();
  const config = page.getByTestId('config-dialog');
  await expect(config).toContainText(HOSTILE);
  await expect(config.locator('script, img, b')).toHaveCount(0);

  expect(await page.evaluate(() => (window as unknown as LabWindow).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
  // An <img src=x> rendered as markup would have requested /x.
  expect(urls.filter((u) => u.endsWith('/x'))).toEqual([]);
  expect(offOrigin(urls, baseURL!)).toEqual([]);
});
