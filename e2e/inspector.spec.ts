/**
 * Issue 16 in the browser: the inspector mode opens real Flink checkpoint folders (the samples in
 * ../shared/flink-metadata, skipped with the reason when absent) and a hand-made job folder
 * (test/inspector/jobFolder.ts, written to a temporary folder here: chk-3 and chk-4 sharing SSTs,
 * an aborted chk-5's leftover, an orphan SST, a missing SST), shows a corrupt `_metadata`'s error
 * with its byte offset, and "simulate a job like this" records a run in the simulator.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { inspectFolder } from '../src/inspector/folder';
import { readFolderInput } from '../cli/readFolder';
import { flinkCheckpointDirs, flinkMetadata } from '../test/support/flinkMetadata';
import { JOB_ID, jobFolder } from '../test/inspector/jobFolder';
import { readStep, startClassroom, storageReady, watchErrors } from './helpers';

async function openInspector(page: Page, lang: 'en' | 'zh' = 'en', width = 1280, height = 720) {
  await startClassroom(page, lang, false, width, height);
  await storageReady(page);
  await page.getByTestId('inspect-button').click();
  await expect(page.getByTestId('inspector')).toBeVisible();
  await expect(page).toHaveURL(/\?inspect/);
}

function writeJobFolder(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'insp-')), JOB_ID);
  for (const e of jobFolder()) {
    const path = join(root, e.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, e.bytes ?? Buffer.alloc(e.size, 7));
  }
  return root;
}

test.describe('real Flink samples', () => {
  test.skip(!flinkMetadata.present, flinkMetadata.skipReason);
  const samples = flinkMetadata.present ? flinkCheckpointDirs(flinkMetadata.dir) : [];
  for (const s of samples) {
    test(`opens ${s.name} with the folder picker`, async ({ page }) => {
      const errors = watchErrors(page);
      const expected = inspectFolder(readFolderInput(s.path)).checkpoints[0]!;
      await openInspector(page);
      await page.getByTestId('ins-folder-input').setInputFiles(s.path);
      await expect(page.getByTestId('ins-summary')).toContainText(`checkpoint folder ${s.name}: 1 checkpoint(s) read`);
      const row = page.getByTestId(`ins-checkpoint-${expected.checkpointId}`);
      await expect(row).toContainText(`v${expected.metadataVersion}`);
      await expect(page.getByTestId('ins-detail-line')).toContainText(`metadata v${expected.metadataVersion}`);
      await expect(page.getByTestId('ins-checkpoint-detail').locator('h4').first()).toHaveText(`Operators (${expected.operators.length})`);
      await expect(page.getByTestId('ins-operators').locator('tbody tr')).toHaveCount(expected.operators.length);
      await expect(page.getByTestId('ins-missing')).toContainText('Missing: none');
      await expect(page.getByTestId('ins-unreferenced')).toContainText('Unreferenced: none');
      // Long file lists are paged: at most 50 rows in the DOM, a filter narrows them.
      const files = page.getByTestId('ins-files');
      await expect(files.locator('tbody tr')).toHaveCount(Math.min(50, expected.files.length));
      if (expected.files.length > 50) {
        await expect(page.getByTestId('ins-files-range')).toHaveText(`1–50 of ${expected.files.length}`);
        const one = expected.files[expected.files.length - 1]!.path!;
        await page.getByTestId('ins-files-filter').fill(one);
        await expect(files.locator('tbody tr')).toHaveCount(1);
        await expect(files.locator('tbody tr')).toContainText(one);
      }
      expect(errors).toEqual([]);
    });
  }
});

test('a hand-made job folder: shared files × checkpoints, the orphan with the caveats, the missing SST', async ({ page }) => {
  const root = writeJobFolder();
  await openInspector(page);
  await page.getByTestId('ins-folder-input').setInputFiles(root);
  await expect(page.getByTestId('ins-summary')).toContainText(`job checkpoint folder ${JOB_ID}: 2 checkpoint(s) read`);
  await expect(page.getByTestId('ins-checkpoints').locator('tbody tr')).toHaveCount(2);
  // The shared-file table: one row per shared SST, a mark under each checkpoint that references it.
  const shared = page.getByTestId('ins-shared-table');
  await expect(shared.locator('thead th')).toHaveText(['File', 'Size', 'Checkpoint 3', 'Checkpoint 4']);
  const rowOf = (name: string) => shared.locator('tbody tr', { hasText: name });
  await expect(rowOf('shared/sst-b').locator('.ins-mark')).toHaveCount(2);
  await expect(rowOf('shared/sst-a').locator('td').nth(2)).toHaveText('●');
  await expect(rowOf('shared/sst-a').locator('td').nth(3)).toHaveText('');
  await expect(rowOf('shared/sst-c').locator('td').nth(3)).toHaveText('●');
  // The orphan and the aborted checkpoint's leftover are unreferenced, said with the caveats.
  const unref = page.getByTestId('ins-unreferenced');
  await expect(unref.locator('h3')).toHaveText('Unreferenced (3): no _metadata here references them');
  await expect(unref.getByTestId('ins-unreferenced-table')).toContainText('shared/sst-orphan');
  await expect(unref.getByTestId('ins-unreferenced-table')).toContainText('chk-5/source-0');
  await expect(unref.getByRole('note')).toContainText('a checkpoint being written right now');
  // The missing SST, with the checkpoint that needs it.
  const missing = page.getByTestId('ins-missing-table');
  await expect(missing.locator('tbody tr')).toHaveCount(1);
  await expect(missing.locator('tbody tr')).toContainText('shared/sst-c');
  await expect(missing.locator('tbody tr')).toContainText('not in the folder');
  await expect(page.getByTestId('ins-mismatches')).toContainText('chk-4/manifest-1 recorded 101 B, on disk 99 B');
  // Choosing checkpoint 3 shows its own files.
  await page.getByTestId('ins-checkpoint-3').click();
  await expect(page.getByTestId('ins-detail-line')).toContainText('incremental');
  await expect(page.getByTestId('ins-files')).toContainText('shared/sst-a');
});

test('a corrupt _metadata dropped on the inspector: the error names the file and the byte offset', async ({ page }) => {
  await openInspector(page);
  const good = jobFolder()[0]!.bytes!;
  // Cut in the middle of the operators: a truncated file.
  const bytes = [...good.subarray(0, 60)];
  const dt = await page.evaluateHandle((b) => {
    const d = new DataTransfer();
    d.items.add(new File([new Uint8Array(b)], '_metadata'));
    return d;
  }, bytes);
  await page.dispatchEvent('[data-testid="inspector"]', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('[data-testid="inspector"]', 'drop', { dataTransfer: dt });
  const alert = page.getByTestId('ins-unreadable');
  await expect(alert).toContainText(/Cannot read _metadata at byte offset \d+: /);
  await expect(page.getByTestId('ins-summary')).toContainText('0 checkpoint(s) read');
});

test('"simulate a job like this" opens a recorded run with the checkpoint’s operators', async ({ page }) => {
  const root = writeJobFolder();
  await openInspector(page);
  await page.getByTestId('ins-folder-input').setInputFiles(root);
  const sim = page.getByTestId('ins-simulate');
  await expect(sim.getByTestId('ins-sim-mapped')).toContainText('RocksDB, incremental checkpoints');
  await expect(sim.getByTestId('ins-sim-mapped')).toContainText('→ “window”, parallelism 2');
  await expect(sim.getByTestId('ins-sim-not-mapped')).toContainText('state kinds and functions are not in _metadata');
  await sim.getByTestId('ins-simulate-button').click();
  await expect(page.getByTestId('inspector')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\?inspect/);
  await expect(page.getByTestId('scenario-title')).toContainText('Like checkpoint 4 (chk-4)');
  expect(await readStep(page)).toBe(0);
  const total = Number(/(\d+)\D+(\d+)/.exec(await page.getByTestId('step-readout').innerText())![2]);
  expect(total).toBeGreaterThan(10);
  await expect(page.getByTestId('job-frame')).toContainText('window');
  // The subtask panel follows: the first keyed operator's subtask 0, not the default count#0.
  await expect(page.locator('.side')).toContainText('window#0');
});

test('a checkpoint folder dropped on the simulator’s page opens in the inspector, walked through its subfolders', async ({ page }) => {
  await startClassroom(page, 'en', false, 1280, 720);
  await storageReady(page);
  const entries = jobFolder().map((e) => ({ path: e.path, bytes: e.bytes ? [...e.bytes] : null, size: e.size }));
  // A DataTransfer made in a page cannot hold folders: the drop event gets one that answers
  // webkitGetAsEntry with a directory tree, as Chromium's does for a dropped folder.
  await page.evaluate(
    ({ entries, root }) => {
      type E = { isFile: boolean; isDirectory: boolean; name: string; fullPath: string; file?: (ok: (f: File) => void) => void; createReader?: () => unknown };
      const dir = (name: string, prefix: string): E => {
        const here = `${prefix}${name}/`;
        const names = new Set(entries.filter((e) => `${root}/${e.path}`.startsWith(here)).map((e) => `${root}/${e.path}`.slice(here.length).split('/')[0]!));
        const children = [...names].map((n) => {
          const file = entries.find((e) => `${root}/${e.path}` === `${here}${n}`);
          if (!file) return dir(n, here);
          const f = new File([file.bytes ? new Uint8Array(file.bytes) : new Uint8Array(file.size)], n);
          return { isFile: true, isDirectory: false, name: n, fullPath: `/${here}${n}`, file: (ok: (f: File) => void) => ok(f) } as E;
        });
        let done = false;
        return {
          isFile: false,
          isDirectory: true,
          name,
          fullPath: `/${here}`,
          createReader: () => ({ readEntries: (ok: (e: E[]) => void) => { ok(done ? [] : children); done = true; } }),
        };
      };
      const tree = dir(root, '');
      const drop = new DragEvent('drop', { bubbles: true, cancelable: true });
      Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [], items: [{ kind: 'file', webkitGetAsEntry: () => tree }] } });
      document.querySelector('[data-testid="job-frame"]')!.dispatchEvent(drop);
    },
    { entries, root: JOB_ID },
  );
  await expect(page.getByTestId('inspector')).toBeVisible();
  await expect(page.getByTestId('ins-summary')).toContainText(`job checkpoint folder ${JOB_ID}: 2 checkpoint(s) read`);
  await expect(page.getByTestId('ins-unreferenced-table')).toContainText('shared/sst-orphan');
});
