// Scenarios in and out of the built app: importing files (picker and drop), refusing bad ones
// without losing the current run, share links opened in a new page, and the editable
// configuration (invalid values disable Apply with the message; a valid edit is re-recorded
// and survives a reload). User text from a file is always rendered as text.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { CheckpointLabHook } from '../src/app/checkpointLabHook';
import { englishByDefault, screenshotAndMeasure, storageReady as ready, watchErrors } from './helpers';

type LabWindow = Window & { __checkpointLab: CheckpointLabHook; __pwned?: number };

const FORMAT = 'checkpoint-lab/scenario@1';
const LESSON = {
  format: FORMAT,
  title: 'Lesson: unaligned checkpoints under backpressure',
  seed: 3,
  job: {
    parallelism: 3,
    source: { kind: 'generator', keys: 16, ratePerSec: 40, valueBytes: 16, skew: 0 },
  },
  stateBackend: { type: 'hashmap' },
  checkpointing: { intervalMs: 500, unaligned: true, numRetained: 2 },
  untilMs: 3000,
};

test.beforeEach(({ context }) => englishByDefault(context));
const syncIdle = (page: Page) =>
  page.evaluate(() => (window as unknown as LabWindow).__checkpointLab.syncIdle());
const stepTotal = async (page: Page) =>
  Number(/of\s+(\d+)/.exec(await page.getByTestId('step-readout').innerText())?.[1]);

async function openImport(page: Page): Promise<void> {
  await page.getByTestId('config-button').click();
  await page.getByTestId('tab-io').click();
}
const file = (name: string, content: string | Buffer) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
});

async function downloadedScenario(page: Page): Promise<unknown> {
  const download = page.waitForEvent('download');
  await page.getByTestId('io-download').click();
  return JSON.parse(await readFile((await (await download).path())!, 'utf8'));
}

test('importing a valid file replaces the run and shows its title', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await ready(page);
  const before = await stepTotal(page);
  await openImport(page);
  await page
    .getByTestId('io-file-input')
    .setInputFiles(file('lesson.json', JSON.stringify(LESSON)));
  await expect(page.getByTestId('io-status')).toContainText(
    `Loaded “${LESSON.title}” from lesson.json`,
  );
  await expect(page.getByTestId('scenario-title')).toHaveText(LESSON.title);
  await expect(page.getByTestId('config-scenario-title')).toHaveText(LESSON.title);
  expect(await stepTotal(page)).not.toBe(before);
  await page.getByTestId('tab-config').click();
  await expect(page.getByTestId('cfg-field-job.parallelism')).toHaveValue('3');
  await expect(page.getByTestId('cfg-field-checkpointing.unaligned')).toBeChecked();
  expect(errors).toEqual([]);
});

test('a bad file is refused with the field and the line, and the current run stays', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  const title = await page.getByTestId('scenario-title').innerText();
  const total = await stepTotal(page);
  await openImport(page);

  await page
    .getByTestId('io-file-input')
    .setInputFiles(
      file('bad.json', JSON.stringify({ ...LESSON, checkpointing: { maxConcurrent: 0 } })),
    );
  await expect(page.getByTestId('io-status')).toContainText(
    'Could not import bad.json. Nothing was changed',
  );
  await expect(page.getByTestId('io-problems')).toContainText(
    'checkpointing.maxConcurrent: must be at least 1, got 0',
  );

  await page
    .getByTestId('io-file-input')
    .setInputFiles(
      file('broken.json', '{\n  "format": "checkpoint-lab/scenario@1",\n  "seed": 1,,\n}'),
    );
  await expect(page.getByTestId('io-problems')).toContainText(
    '(document): not valid JSON at line 3, column 13',
  );

  await page
    .getByTestId('io-paste')
    .fill(JSON.stringify({ format: FORMAT, job: { parallelism: 'two' } }));
  await page.getByTestId('io-paste-import').click();
  await expect(page.getByTestId('io-problems')).toContainText(
    'job.parallelism: expected a number, got "two"',
  );

  await expect(page.getByTestId('scenario-title')).toHaveText(title);
  expect(await stepTotal(page)).toBe(total);
});

test('a file dropped on the dialog is imported', async ({ page }) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('config-button').click();
  await page.getByTestId('config-dialog').evaluate(
    (dialog, text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
      dialog.dispatchEvent(
        new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
      dialog.dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
    },
    JSON.stringify({ ...LESSON, title: 'Dropped lesson' }),
  );
  await expect(page.getByTestId('io-status')).toContainText(
    'Loaded “Dropped lesson” from dropped.json',
  );
  await expect(page.getByTestId('scenario-title')).toHaveText('Dropped lesson');
});

test('HTML in an imported title is shown literally and creates no element', async ({ page }) => {
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto('/');
  await ready(page);
  await openImport(page);
  await page
    .getByTestId('io-file-input')
    .setInputFiles(file('hostile.json', JSON.stringify({ ...LESSON, title: hostile })));
  await expect(page.getByTestId('scenario-title')).toHaveText(hostile);
  await expect(page.getByTestId('config-scenario-title')).toHaveText(hostile);
  await expect(page.getByTestId('io-status')).toContainText(hostile);
  await expect(
    page.locator(
      'header img, header script, [data-testid=config-dialog] img, [data-testid=config-dialog] script',
    ),
  ).toHaveCount(0);
  await page.getByTestId('tab-config').click();
  await expect(page.getByTestId('cfg-field-title')).toHaveValue(hostile);
  expect(await page.evaluate(() => (window as unknown as LabWindow).__pwned)).toBeUndefined();
  expect(urls.filter((u) => u.endsWith('/x'))).toEqual([]);
});

test('a share link opens the same scenario in a new page; a broken one keeps the app’s scenario', async ({
  context,
}) => {
  const page = await context.newPage();
  await page.goto('/');
  await ready(page);
  await openImport(page);
  await page
    .getByTestId('io-file-input')
    .setInputFiles(file('lesson.json', JSON.stringify(LESSON)));
  await expect(page.getByTestId('scenario-title')).toHaveText(LESSON.title);
  const link = await page.getByTestId('io-link').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#scenario=(snappy\.)?[A-Za-z0-9_-]+$/);
  const exported = await downloadedScenario(page);

  const other = await context.newPage();
  const errors = watchErrors(other);
  await other.goto(link);
  await expect(other.getByTestId('share-link-notice')).toContainText(
    `Opened the shared scenario “${LESSON.title}”`,
  );
  await expect(other.getByTestId('scenario-title')).toHaveText(LESSON.title);
  // The hash is cleared at once, so a reload continues the session rather than reopening the link.
  expect(new URL(other.url()).hash).toBe('');
  await ready(other);
  await openImport(other);
  expect(await downloadedScenario(other)).toEqual(exported);
  expect(errors).toEqual([]);

  const broken = await context.newPage();
  await broken.goto('/#scenario=eyJmb3JtYXQi$$');
  await expect(broken.getByTestId('share-link-notice')).toContainText(
    'The share link could not be opened',
  );
  await expect(broken.getByTestId('share-link-notice')).toContainText(
    '(share link): not base64url: character "$" at position 13',
  );
  await expect(broken.getByTestId('scenario-title')).toHaveText(
    'Incremental RocksDB checkpoints of a keyed running sum',
  );
  await broken.getByTestId('share-link-dismiss').click();
  await expect(broken.getByTestId('share-link-notice')).toBeHidden();
});

test('an invalid configuration disables Apply with the message and the field path', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('config-button').click();
  const apply = page.getByTestId('cfg-apply');
  await expect(apply).toBeDisabled();
  await expect(page.getByTestId('cfg-apply-note')).toContainText('No changes to apply');

  await page.getByTestId('cfg-field-checkpointing.unaligned').check();
  await page.getByTestId('cfg-field-checkpointing.maxConcurrent').fill('2');
  await expect(page.getByTestId('cfg-problem-checkpointing.maxConcurrent')).toHaveText(
    'checkpointing.maxConcurrent: unaligned checkpoints need max-concurrent-checkpoints = 1',
  );
  await expect(apply).toBeDisabled();
  await expect(page.getByTestId('cfg-apply-note')).toContainText(
    'Apply is disabled: 1 problem(s) to fix first',
  );

  await page.getByTestId('cfg-field-job.parallelism').fill('abc');
  await expect(page.getByTestId('cfg-problem-job.parallelism')).toHaveText(
    'job.parallelism: "abc" is not a number',
  );
  await page.getByTestId('cfg-field-job.parallelism').fill('0');
  await expect(page.getByTestId('cfg-problem-job.parallelism')).toHaveText(
    'job.parallelism: must be at least 1, got 0',
  );
  await expect(page.getByTestId('cfg-field-job.parallelism')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByTestId('cfg-apply-note')).toContainText('checkpointing.maxConcurrent');
  await screenshotAndMeasure(page, 'import-config-invalid');

  await page.getByTestId('cfg-revert').click();
  await expect(page.getByTestId('cfg-problem-job.parallelism')).toHaveCount(0);
  await expect(apply).toBeDisabled();
});

test('a valid edit is applied, re-recorded from step 0, and survives a reload', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await ready(page);
  await page.getByTestId('step-forward').click();
  const total = await stepTotal(page);
  await page.getByTestId('config-button').click();
  await page.getByTestId('cfg-field-title').fill('Edited lesson');
  await page.getByTestId('cfg-field-checkpointing.numRetained').fill('3');
  await page.getByTestId('cfg-field-checkpointing.intervalMs').fill('700');
  await expect(page.getByTestId('cfg-apply-note')).toContainText('the current timeline');
  await page.getByTestId('cfg-apply').click();
  await expect(page.getByTestId('cfg-apply-note')).toContainText(
    'Applied: the run was re-recorded from step 0',
  );
  await expect(page.getByTestId('scenario-title')).toHaveText('Edited lesson');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('config-dialog')).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as LabWindow).__checkpointLab.cursor())).toBe(
    0,
  );
  expect(await stepTotal(page)).not.toBe(total);
  const recorded = await stepTotal(page);
  await syncIdle(page);

  await page.reload();
  await ready(page);
  await expect(page.getByTestId('scenario-title')).toHaveText('Edited lesson');
  expect(await stepTotal(page)).toBe(recorded);
  await page.getByTestId('config-button').click();
  await expect(page.getByTestId('cfg-field-checkpointing.numRetained')).toHaveValue('3');
  await expect(page.getByTestId('cfg-field-checkpointing.intervalMs')).toHaveValue('700');
  expect(errors).toEqual([]);
});

test('the dialog keeps keyboard focus inside, and Escape returns it to the button', async ({
  page,
}) => {
  await page.goto('/');
  await ready(page);
  await page.getByTestId('config-button').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('config-dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // Space on a focused control must not start playback behind the dialog.
  await page.getByTestId('tab-io').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('io-open-file')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as LabWindow).__checkpointLab.cursor())).toBe(
    0,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('config-button')).toBeFocused();
});

for (const lang of ['en', 'zh'] as const) {
  test(`screenshots of the scenario dialog (${lang})`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('checkpoint-lab.lang', l), lang);
    await page.goto('/');
    await ready(page);
    await page.getByTestId('config-button').click();
    expect((await screenshotAndMeasure(page, `import-config-${lang}`)).colors).toBeGreaterThan(8);
    await page.getByTestId('tab-io').click();
    await page
      .getByTestId('io-file-input')
      .setInputFiles(
        file(
          'bad.json',
          JSON.stringify({
            format: FORMAT,
            stateBackend: { rocksdb: { writeBufferBytes: -1 } },
            extra: 1,
          }),
        ),
      );
    await expect(page.getByTestId('io-problems')).toBeVisible();
    expect((await screenshotAndMeasure(page, `import-io-${lang}`)).colors).toBeGreaterThan(8);
  });
}

test('import, export, copying the link and opening it trip no CSP rule and request nothing off the origin', async ({
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto('/');
  await ready(page);
  await openImport(page);
  await page
    .getByTestId('io-file-input')
    .setInputFiles(file('lesson.json', JSON.stringify(LESSON)));
  await expect(page.getByTestId('scenario-title')).toHaveText(LESSON.title);
  await downloadedScenario(page);
  await page.getByTestId('io-copy-link').click();
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.getByTestId('io-link').inputValue());

  const other = await context.newPage();
  other.on('request', (r) => urls.push(r.url()));
  await other.goto(copied);
  await expect(other.getByTestId('scenario-title')).toHaveText(LESSON.title);
  await ready(other);
  for (const p of [page, other])
    expect(await p.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  expect(
    urls.filter(
      (u) => !u.startsWith(`${baseURL}/`) && !u.startsWith('blob:') && !u.startsWith('data:'),
    ),
  ).toEqual([]);
});
