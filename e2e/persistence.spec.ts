// IndexedDB as the engine's durable remote storage, checked in a real browser: the files the
// model holds at the cursor are the files IndexedDB holds, and after a reload the job restores
// from the bytes read back from IndexedDB to exactly the state an in-session restore gives.
import { expect, test, type Page } from '@playwright/test';
import type { KeyedStateEntryView } from '../src/engine';
import type { CheckpointLabHook } from '../src/app/checkpointLabHook';
import { jump, readStep, screenshotAndMeasure, watchErrors } from './helpers';

type FileRow = { path: string; size: number };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang'))
      localStorage.setItem('checkpoint-lab.lang', 'en');
  });
});

/** The app's test hook (src/app/checkpointLabHook.ts), once installed. */
async function waitForHook(page: Page): Promise<void> {
  await page.waitForFunction(() => '__checkpointLab' in window);
}

/** The window with the hook; evaluate callbacks run in the page, so they name it inline. */
type LabWindow = Window & { __checkpointLab: CheckpointLabHook };

async function syncIdle(page: Page): Promise<void> {
  await page.evaluate(() => (window as LabWindow).__checkpointLab.syncIdle());
}
const modelFiles = (page: Page): Promise<FileRow[]> =>
  page.evaluate(() => (window as LabWindow).__checkpointLab.modelFiles());
const keyedState = (page: Page): Promise<Record<string, KeyedStateEntryView[]>> =>
  page.evaluate(() => (window as LabWindow).__checkpointLab.keyedState());

/** Reads the database directly with the raw IndexedDB API: files (path, byte count) and checkpoint ids of session `default`. */
function readIndexedDb(
  page: Page,
): Promise<{ files: FileRow[]; checkpointIds: number[]; sessionCursor: number | null }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('checkpoint-lab');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['files', 'checkpoints', 'sessions'], 'readonly');
          const files = tx.objectStore('files').getAll();
          const checkpoints = tx.objectStore('checkpoints').getAll();
          const session = tx.objectStore('sessions').get('default');
          tx.oncomplete = () => {
            db.close();
            type FileRecord = { sessionId: string; path: string; bytes: Uint8Array };
            const rows = (files.result as FileRecord[])
              .filter((r) => r.sessionId === 'default')
              .map((r) => ({ path: r.path, size: r.bytes.byteLength }))
              .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
            const ids = (checkpoints.result as { sessionId: string; checkpointId: number }[])
              .filter((r) => r.sessionId === 'default')
              .map((r) => r.checkpointId);
            resolve({
              files: rows,
              checkpointIds: ids,
              sessionCursor: (session.result as { cursor: number } | undefined)?.cursor ?? null,
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** Jumps through restore events until the step where the job runs again. */
async function jumpToJobRunning(page: Page): Promise<void> {
  await page.getByTestId('jump-kind').selectOption('restore');
  for (let i = 0; i < 20; i++) {
    await page.getByTestId('jump-next').click();
    if ((await page.getByTestId('events').innerText()).includes('job.running')) return;
  }
  throw new Error('job.running not reached');
}

test('checkpoint files live in IndexedDB, and after a reload the job restores from them', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await waitForHook(page);
  await expect(page.getByTestId('persistence-status')).toHaveAttribute('data-state', 'saved');

  // Run to the first completed checkpoint; IndexedDB holds exactly the model's files.
  await jump(page, 'completed');
  const completionStep = await readStep(page);
  await syncIdle(page);
  const model = await modelFiles(page);
  expect(model.map((f) => f.path.replace(/^[0-9a-f]+\//, ''))).toContain('chk-1/_metadata');
  const stored = await readIndexedDb(page);
  expect(stored.files).toEqual(model);
  expect(stored.checkpointIds).toEqual([1]);

  // The expected state: restore from that checkpoint in this session, at the scenario's parallelism.
  await page.getByTestId('actions-tab-restore').click();
  await page.getByTestId('restore-run').click();
  await expect(page.getByTestId('events')).toContainText('restore.started');
  await jumpToJobRunning(page);
  const expected = await keyedState(page);
  expect(Object.keys(expected).length).toBeGreaterThan(0);
  expect(Object.values(expected).flat().length).toBeGreaterThan(0);

  // Back at the completion step, durable storage holds checkpoint 1 again; that is what a reload finds.
  await page.getByTestId('scrubber').fill(String(completionStep));
  expect(await readStep(page)).toBe(completionStep);
  await syncIdle(page);
  const beforeReload = await readIndexedDb(page);
  expect(beforeReload.files).toEqual(model);
  expect(beforeReload.checkpointIds).toEqual([1]);
  expect(beforeReload.sessionCursor).toBe(completionStep);

  await page.reload();
  const offer = page.getByTestId('restore-offer');
  await expect(offer).toBeVisible();
  await expect(page.getByTestId('restore-offer-text')).toContainText(
    `IndexedDB holds checkpoint 1 from your previous session (${model.length} files,`,
  );
  const shot = await screenshotAndMeasure(page, 'persistence-restore-offer');
  expect(shot.colors).toBeGreaterThan(8);
  // Nothing was written while the question is open: the files are still there.
  expect((await readIndexedDb(page)).files).toEqual(model);

  await page.getByTestId('offer-restore').click();
  // Either the dialog closes (restored) or it shows why the restore failed: report that text.
  const outcome = async () => {
    if (!(await offer.isVisible())) return 'restored';
    const problem = offer.getByTestId('persistence-error');
    return (await problem.count()) > 0
      ? `restore failed: ${await problem.innerText()}`
      : 'restoring';
  };
  await expect.poll(outcome).toBe('restored');
  expect(await readStep(page)).toBe(0);
  await jump(page, 'restore');
  await expect(page.getByTestId('events')).toContainText('restore.started');
  await jumpToJobRunning(page);
  await expect(page.getByTestId('events')).toContainText('job.running');
  expect(await keyedState(page)).toEqual(expected);

  // The restored job keeps the imported files (NO_CLAIM), and IndexedDB still equals the model.
  await syncIdle(page);
  const after = await readIndexedDb(page);
  expect(after.files).toEqual(await modelFiles(page));
  expect(after.files).toEqual(expect.arrayContaining(model));
  await expect(page.getByTestId('persistence-status')).toHaveAttribute('data-state', 'saved');
  expect(errors).toEqual([]);
});

test('a single step goes to IndexedDB as applyOps; scrubbing and playing reconcile; storage always ends equal to the model', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHook(page);
  await syncIdle(page);
  const calls = () => page.evaluate(() => (window as LabWindow).__checkpointLab.syncCalls());

  // Stand just before the first completion, then step over it: the step's outbox (its _metadata) is applied as is.
  await jump(page, 'completed');
  await page.getByTestId('step-back').click();
  await syncIdle(page);
  expect((await readIndexedDb(page)).checkpointIds).toEqual([]);
  const before = await calls();
  await page.getByTestId('step-forward').click();
  await syncIdle(page);
  const after = await calls();
  expect(after.reconcile).toBe(before.reconcile);
  expect(after.applyOps).toBeGreaterThan(before.applyOps);
  let stored = await readIndexedDb(page);
  expect(stored.files).toEqual(await modelFiles(page));
  expect(stored.checkpointIds).toEqual([1]);

  // Scrubbing back and forth: one reconcile per pause, at the last position.
  for (const p of [400, 30, 700, 250]) await page.getByTestId('scrubber').fill(String(p));
  await syncIdle(page);
  expect((await calls()).reconcile).toBeGreaterThan(after.reconcile);
  expect((await readIndexedDb(page)).files).toEqual(await modelFiles(page));

  // Playing fast, then pausing.
  await page.getByTestId('speed').fill('60'); // about 3× (log scale)
  await page.getByTestId('play').click();
  // Playing fast, nothing is written until playback pauses: the pill says so.
  await expect(page.getByTestId('persistence-status')).toHaveAttribute('data-state', 'held');
  await expect(page.getByTestId('persistence-status')).toContainText('Saves on pause');
  await page.waitForTimeout(1500);
  await page.getByTestId('play').click();
  await syncIdle(page);
  stored = await readIndexedDb(page);
  expect(stored.files).toEqual(await modelFiles(page));
  expect(stored.sessionCursor).toBe(await readStep(page));
});

test('starting fresh after a reload deletes the old checkpoint files from IndexedDB', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHook(page);
  await jump(page, 'completed');
  await syncIdle(page);
  expect((await readIndexedDb(page)).files).toEqual(await modelFiles(page));
  expect((await readIndexedDb(page)).files.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByTestId('restore-offer')).toBeVisible();
  await page.getByTestId('offer-fresh').click();
  await expect(page.getByTestId('restore-offer')).toBeHidden();
  await syncIdle(page);
  const stored = await readIndexedDb(page);
  expect(stored.files).toEqual([]);
  expect(stored.checkpointIds).toEqual([]);
  expect(await modelFiles(page)).toEqual([]);
});

test('without IndexedDB the app runs on the in-memory store and says so', async ({ page }) => {
  await page.addInitScript(() => {
    // Like a browser that offers no IndexedDB to the page (some private modes, site-data policies).
    delete (window as { indexedDB?: IDBFactory }).indexedDB;
    if (window.indexedDB)
      Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
  });
  const errors = watchErrors(page);
  await page.goto('/');
  await waitForHook(page);
  const status = page.getByTestId('persistence-status');
  await expect(status).toHaveAttribute('data-state', 'memory');
  await expect(status.locator('.current')).toHaveText(/In memory only/);
  await expect(page.getByTestId('persistence-panel')).toContainText('lost on reload');
  await expect(page.getByTestId('persistence-notice')).toContainText('no IndexedDB');
  const shot = await screenshotAndMeasure(page, 'persistence-in-memory');
  expect(shot.colors).toBeGreaterThan(8);

  // The app works as usual on the in-memory mirror.
  await jump(page, 'completed');
  await syncIdle(page);
  expect((await modelFiles(page)).map((f) => f.path)).toContainEqual(
    expect.stringMatching(/chk-1\/_metadata$/),
  );
  expect(
    await page.evaluate(() => (window as LabWindow).__checkpointLab.persistence()),
  ).toMatchObject({ ready: true, durable: false, sync: 'idle' });
  await expect(page.getByTestId('cp-row-1')).toContainText('COMPLETED');
  expect(errors).toEqual([]);
});
