// Several tabs on one origin share one IndexedDB database. One tab owns the saved session, a
// second one keeps its own (src/app/tabSession.ts), and neither ever writes the other's records.
// The pages of a test share one browser context, hence one IndexedDB and one set of Web Locks.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { CheckpointLabHook } from '../src/app/checkpointLabHook';
import { readStep, screenshotAndMeasure, watchErrors } from './helpers';

type FileRow = { path: string; size: number };
type LabWindow = Window & { __checkpointLab: CheckpointLabHook };
/** What IndexedDB holds for one session, read with the raw API. */
type StoredSession = { files: FileRow[]; checkpointIds: number[]; cursor: number | null };

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    if (!localStorage.getItem('checkpoint-lab.lang'))
      localStorage.setItem('checkpoint-lab.lang', 'en');
  });
});

/** Loads the app and waits until persistence has answered (session claimed, storage open). */
async function openApp(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await waitReady(page);
  return { page, errors };
}

async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as Partial<LabWindow>).__checkpointLab?.persistence().ready === true,
  );
}

/** Closes the storage panel the way a user would (it opens by itself in a second tab, over the actions). */
async function closePanel(page: Page): Promise<void> {
  const panel = page.getByTestId('persistence-panel');
  await panel.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(panel).toBeHidden();
}

const persistence = (page: Page) =>
  page.evaluate(() => (window as LabWindow).__checkpointLab.persistence());
const modelFiles = (page: Page): Promise<FileRow[]> =>
  page.evaluate(() => (window as LabWindow).__checkpointLab.modelFiles());
const syncIdle = (page: Page) =>
  page.evaluate(() => (window as LabWindow).__checkpointLab.syncIdle());

/** Every session in the database, read with the raw IndexedDB API (stores and keys: src/persistence/records.ts). */
function readAllSessions(page: Page): Promise<Record<string, StoredSession>> {
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
          const sessions = tx.objectStore('sessions').getAll();
          tx.onerror = () => reject(tx.error);
          tx.oncomplete = () => {
            db.close();
            const out: Record<string, StoredSession> = {};
            const of = (id: string) => (out[id] ??= { files: [], checkpointIds: [], cursor: null });
            for (const r of files.result as {
              sessionId: string;
              path: string;
              bytes: Uint8Array;
            }[])
              of(r.sessionId).files.push({ path: r.path, size: r.bytes.byteLength });
            for (const r of checkpoints.result as { sessionId: string; checkpointId: number }[])
              of(r.sessionId).checkpointIds.push(r.checkpointId);
            for (const r of sessions.result as { sessionId: string; cursor: number }[])
              of(r.sessionId).cursor = r.cursor;
            for (const s of Object.values(out)) {
              s.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
              s.checkpointIds.sort((a, b) => a - b);
            }
            resolve(out);
          };
        };
      }),
  );
}

async function jumpTo(page: Page, kind: string): Promise<void> {
  await page.getByTestId('jump-kind').selectOption(kind);
  await page.getByTestId('jump-next').click();
}

/** The checkpoint ids whose _metadata file the model holds: the checkpoints a restore could use. */
const metadataIds = (files: FileRow[]) =>
  files.flatMap((f) => {
    const m = /chk-(\d+)\/_metadata$/.exec(f.path);
    return m ? [Number(m[1])] : [];
  });

/** Each session holds exactly its page's model: files, checkpoint records and cursor. */
async function expectEachOwnModel(pages: Page[]): Promise<Record<string, StoredSession>> {
  await Promise.all(pages.map(syncIdle));
  const stored = await readAllSessions(pages[0]!);
  for (const page of pages) {
    const { sessionId } = await persistence(page);
    const mine = stored[sessionId];
    const model = await modelFiles(page);
    expect(mine?.files, `files of session ${sessionId}`).toEqual(model);
    expect(mine?.cursor, `cursor of session ${sessionId}`).toBe(await readStep(page));
    // Every retained checkpoint recorded is one whose _metadata this session's model holds.
    for (const id of mine?.checkpointIds ?? []) expect(metadataIds(model)).toContain(id);
  }
  return stored;
}

test('two tabs acting at once: each session holds exactly its own files, and neither loses anything', async ({
  context,
}) => {
  // Two apps on a small machine, each recording and syncing: give them room.
  test.setTimeout(120_000);
  const a = await openApp(context);
  const b = await openApp(context);
  expect(await persistence(a.page)).toMatchObject({
    sessionId: 'default',
    sessionStatus: 'owner',
    durable: true,
  });
  const second = await persistence(b.page);
  expect(second).toMatchObject({ sessionStatus: 'separate', durable: true });
  expect(second.sessionId).toMatch(/^tab-[0-9a-f-]+$/);
  await closePanel(b.page);

  // Round 1, at once: A runs to its first completed checkpoint and triggers one more; B goes far ahead and does the same.
  await Promise.all([
    (async () => {
      await jumpTo(a.page, 'completed');
      await a.page.getByTestId('trigger-checkpoint').click();
      await jumpTo(a.page, 'completed');
    })(),
    (async () => {
      await b.page.getByTestId('scrubber').fill('400');
      await b.page.getByTestId('trigger-checkpoint').click();
      await jumpTo(b.page, 'completed');
    })(),
  ]);
  let stored = await expectEachOwnModel([a.page, b.page]);
  const filesA = stored['default']!.files;
  const filesB = stored[second.sessionId]!.files;
  expect(filesA.length).toBeGreaterThan(0);
  expect(filesB.length).toBeGreaterThan(0);
  // Different models, so a write into the wrong session could not go unnoticed.
  expect(filesA).not.toEqual(filesB);
  expect(Object.keys(stored).sort()).toEqual(['default', second.sessionId].sort());

  // Round 2, at once again: A steps and scrubs (applyOps and reconcile), B plays and triggers.
  await Promise.all([
    (async () => {
      for (let i = 0; i < 15; i++) await a.page.getByTestId('step-forward').click();
      await a.page.getByTestId('scrubber').fill('250');
      await a.page.getByTestId('trigger-checkpoint').click();
      await jumpTo(a.page, 'completed');
    })(),
    (async () => {
      await b.page.getByTestId('play').click();
      await b.page.waitForTimeout(800);
      await b.page.getByTestId('play').click();
      await b.page.getByTestId('trigger-checkpoint').click();
      await jumpTo(b.page, 'completed');
    })(),
  ]);
  stored = await expectEachOwnModel([a.page, b.page]);
  expect(Object.keys(stored).sort()).toEqual(['default', second.sessionId].sort());
  expect(stored['default']!.checkpointIds.length).toBeGreaterThan(0);
  expect(stored[second.sessionId]!.checkpointIds.length).toBeGreaterThan(0);
  expect([...a.errors, ...b.errors]).toEqual([]);
});

test('the second tab says it keeps its own session; once the first closes, a reload takes the saved session over', async ({
  context,
}) => {
  const a = await openApp(context);
  const b = await openApp(context);
  const own = (await persistence(b.page)).sessionId;

  // The first tab shows nothing unusual; the second says why it is on its own.
  await expect(a.page.getByTestId('persistence-status')).toHaveAttribute('data-session', 'owner');
  await expect(a.page.getByTestId('persistence-session-tag')).toHaveCount(0);
  const pill = b.page.getByTestId('persistence-status');
  await expect(pill).toHaveAttribute('data-session', 'separate');
  await expect(pill).toHaveAttribute('data-state', 'saved');
  await expect(b.page.getByTestId('persistence-session-tag')).toHaveText('Own session');
  const note = b.page.getByTestId('persistence-session-note');
  await expect(note).toContainText(
    'Another tab is using the saved session; this tab keeps its own.',
  );
  await expect(note).toContainText(own);
  const shot = await screenshotAndMeasure(b.page, 'tabs-second-tab-own-session');
  expect(shot.colors).toBeGreaterThan(8);

  // Both leave a completed checkpoint in their own session.
  await jumpTo(a.page, 'completed');
  await b.page.getByTestId('scrubber').fill('300');
  await jumpTo(b.page, 'completed');
  await expectEachOwnModel([a.page, b.page]);
  const savedByA = await modelFiles(a.page);

  // A reload of the second tab while the first is open: it finds its own session (and checkpoint) again.
  await b.page.reload();
  await waitReady(b.page);
  expect(await persistence(b.page)).toMatchObject({ sessionId: own, sessionStatus: 'separate' });
  await expect(b.page.getByTestId('restore-offer')).toBeVisible();
  await b.page.getByTestId('offer-fresh').click();
  await expect(b.page.getByTestId('restore-offer')).toBeHidden();
  await syncIdle(b.page);
  expect((await readAllSessions(b.page))['default']!.files).toEqual(savedByA);

  // The owner closes; the second tab's next reload takes the saved session, with A's checkpoint to restore.
  await a.page.close();
  await b.page.reload();
  await waitReady(b.page);
  expect(await persistence(b.page)).toMatchObject({ sessionId: 'default', sessionStatus: 'owner' });
  await expect(b.page.getByTestId('persistence-session-tag')).toHaveCount(0);
  await expect(b.page.getByTestId('restore-offer-text')).toContainText(
    `(${savedByA.length} files,`,
  );
  // Its old own session has no tab any more: it is deleted, and the saved one is untouched meanwhile.
  await syncIdle(b.page);
  const stored = await readAllSessions(b.page);
  expect(Object.keys(stored)).toEqual(['default']);
  expect(stored['default']!.files).toEqual(savedByA);
  await b.page.getByTestId('offer-restore').click();
  await expect(b.page.getByTestId('restore-offer')).toBeHidden();
  await expectEachOwnModel([b.page]);
  expect(b.errors).toEqual([]);
});

test('without Web Locks, BroadcastChannel presence keeps the tabs apart just the same', async ({
  context,
}) => {
  await context.addInitScript(() => {
    // Like plain http on a LAN address, where the browser offers no Web Locks (not a secure context).
    Object.defineProperty(Navigator.prototype, 'locks', {
      get: () => undefined,
      configurable: true,
    });
  });
  const a = await openApp(context);
  const b = await openApp(context);
  expect(await a.page.evaluate(() => 'locks' in navigator && navigator.locks)).toBeFalsy();
  expect(await persistence(a.page)).toMatchObject({ sessionId: 'default', sessionStatus: 'owner' });
  const second = await persistence(b.page);
  expect(second.sessionStatus).toBe('separate');
  await jumpTo(a.page, 'completed');
  await b.page.getByTestId('scrubber').fill('350');
  await expectEachOwnModel([a.page, b.page]);

  await a.page.close();
  await b.page.reload();
  await waitReady(b.page);
  expect(await persistence(b.page)).toMatchObject({ sessionId: 'default', sessionStatus: 'owner' });
  expect([...a.errors, ...b.errors]).toEqual([]);
});

/** The version the app opens the database at (its number of migrations), read back after a first load. */
async function appDatabaseVersion(context: BrowserContext): Promise<number> {
  const first = await openApp(context);
  const version = await first.page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('checkpoint-lab');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          resolve(open.result.version);
          open.result.close();
        };
      }),
  );
  await first.page.close();
  return version;
}

/**
 * A page of the origin that is not the app holds the database open and ignores `versionchange`,
 * like a tab still running an old version of the app. At `version` 1 it builds migration 1's
 * layout (after deleting the database); without a version it opens what is there.
 */
async function holdDatabaseOpen(context: BrowserContext, version?: 1): Promise<Page> {
  const blocker = await context.newPage();
  await blocker.goto('/favicon.svg');
  await blocker.evaluate(
    (v) =>
      new Promise<void>((resolve, reject) => {
        const start = () => {
          const open =
            v === undefined
              ? indexedDB.open('checkpoint-lab')
              : indexedDB.open('checkpoint-lab', v);
          open.onupgradeneeded = () => {
            const db = open.result;
            db.createObjectStore('files', { keyPath: ['sessionId', 'path'] });
            db.createObjectStore('fileIndex', { keyPath: ['sessionId', 'path'] });
            db.createObjectStore('checkpoints', { keyPath: ['sessionId', 'checkpointId'] });
            db.createObjectStore('sessions', { keyPath: 'sessionId' });
            db.createObjectStore('registry', { keyPath: 'sessionId' });
          };
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            (window as unknown as { held: IDBDatabase }).held = open.result;
            resolve();
          };
        };
        if (v === undefined) return start();
        const del = indexedDB.deleteDatabase('checkpoint-lab');
        del.onsuccess = start;
        del.onerror = () => reject(del.error);
      }),
    version,
  );
  return blocker;
}

test('an upgrade blocked by an old tab says to close the other tabs, and goes ahead once they are closed', async ({
  context,
}) => {
  const version = await appDatabaseVersion(context);
  test.skip(
    version < 2,
    'the database has one version only: there is no upgrade an older tab could block',
  );
  const blocker = await holdDatabaseOpen(context, 1);

  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  const problem = page.getByTestId('persistence-error');
  await expect(problem).toHaveAttribute('data-kind', 'blocked');
  await expect(problem).toContainText('Another tab is blocking saved data');
  await expect(page.getByTestId('persistence-blocked-hint')).toHaveText(
    /^Close the other Checkpoint Lab tabs/,
  );
  // Nothing to "try again" while the open waits by itself; and storage is not called memory-only before it has answered.
  await expect(problem.getByTestId('persistence-reload')).toBeVisible();
  await expect(problem.getByTestId('persistence-retry')).toHaveCount(0);
  await expect(page.getByTestId('persistence-panel')).not.toContainText('memory only');
  await screenshotAndMeasure(page, 'tabs-upgrade-blocked');

  // The old tab goes away within the open's patience: the upgrade runs and this tab saves durably.
  await blocker.close();
  await expect(page.getByTestId('persistence-status')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('persistence-error')).toHaveCount(0);
  expect(await persistence(page)).toMatchObject({
    durable: true,
    sessionId: 'default',
    sessionStatus: 'owner',
  });
  expect(errors).toEqual([]);
});

test('a reset blocked by another tab says to close the other tabs, and finishes once they are closed', async ({
  context,
}) => {
  await appDatabaseVersion(context);
  const blocker = await holdDatabaseOpen(context);
  // A damaged session record: what makes the app offer a reset.
  await blocker.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const tx = (window as unknown as { held: IDBDatabase }).held.transaction(
          'sessions',
          'readwrite',
        );
        tx.objectStore('sessions').put({ sessionId: 'default', formatVersion: 1, title: 42 });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      }),
  );

  const app = await openApp(context);
  const problem = app.page.getByTestId('persistence-error');
  await expect(problem).toHaveAttribute('data-kind', 'corrupt');
  await app.page.getByTestId('persistence-reset').click();
  await app.page.getByTestId('persistence-reset-confirm').click();
  await expect(problem).toHaveAttribute('data-kind', 'blocked');
  await expect(app.page.getByTestId('persistence-blocked-hint')).toHaveText(
    /^Close the other Checkpoint Lab tabs/,
  );

  // The other tab goes away: the reset completes and the app reloads onto empty saved data.
  await blocker.close();
  await expect(app.page.getByTestId('persistence-status')).toHaveAttribute('data-state', 'saved', {
    timeout: 15_000,
  });
  expect(await persistence(app.page)).toMatchObject({
    durable: true,
    sessionId: 'default',
    sessionStatus: 'owner',
  });
  await expect(app.page.getByTestId('persistence-error')).toHaveCount(0);
});
