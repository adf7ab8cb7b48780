/**
 * Issue 14, then 16: a real Flink `_metadata` picked in the import dialog or dropped on the page is
 * recognized by its magic number (0x4960672d, big-endian at offset 0) and handed to the inspector
 * (inspectorHandoff.ts), instead of a JSON parse error; the running scenario stays. The file is
 * built here, as Flink lays out its head (magic, version, checkpoint id), followed by arbitrary
 * bytes, so the inspector says where it stops making sense.
 */
import { expect, test, type Page } from '@playwright/test';
import { startClassroom, storageReady } from './helpers';

function flinkMetadata(version: number, checkpointId: number): Buffer {
  const b = Buffer.alloc(64, 0xab);
  b.writeInt32BE(0x4960672d, 0);
  b.writeInt32BE(version, 4);
  b.writeBigInt64BE(BigInt(checkpointId), 8);
  return b;
}

const TOLD = { en: /Cannot read _metadata at byte offset \d+/, zh: /无法读取 _metadata，字节偏移 \d+/ } as const;

/** The inspector took the file: it says where the bytes stop making sense; back to the simulator. */
async function expectInspected(page: Page, lang: 'en' | 'zh') {
  await expect(page.getByTestId('inspector')).toBeVisible();
  await expect(page.getByTestId('ins-unreadable')).toContainText(TOLD[lang]);
  await page.getByTestId('ins-back').click();
  await expect(page.getByTestId('inspector')).toHaveCount(0);
}

for (const lang of ['en', 'zh'] as const) {
  test(`a Flink _metadata picked in the import dialog opens in the inspector (${lang})`, async ({ page }) => {
    await startClassroom(page, lang, false, 1280, 720);
    await storageReady(page);
    const title = await page.getByTestId('scenario-title').innerText();
    await page.getByTestId('config-button').click();
    await page.getByTestId('tab-io').click();
    await page.getByTestId('io-file-input').setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: flinkMetadata(4, 17) });
    await expectInspected(page, lang);
    await expect(page.getByTestId('config-dialog')).toHaveCount(0);
    await expect(page.getByTestId('scenario-title')).toHaveText(title);
  });
}

test('a Flink _metadata dropped on the page opens in the inspector; a scenario file dropped there loads', async ({ page }) => {
  await startClassroom(page, 'en', false, 1280, 720);
  await storageReady(page);
  const drop = async (name: string, bytes: number[]) => {
    const dt = await page.evaluateHandle(
      ([n, b]) => {
        const d = new DataTransfer();
        d.items.add(new File([new Uint8Array(b as number[])], n as string));
        return d;
      },
      [name, bytes] as const,
    );
    await page.dispatchEvent('[data-testid="job-frame"]', 'dragenter', { dataTransfer: dt });
    await page.dispatchEvent('[data-testid="job-frame"]', 'dragover', { dataTransfer: dt });
    await page.dispatchEvent('[data-testid="job-frame"]', 'drop', { dataTransfer: dt });
  };
  await drop('_metadata', [...flinkMetadata(4, 17)]);
  await expectInspected(page, 'en');
  // The same path takes scenario files.
  const scenario = { format: 'checkpoint-lab/scenario@1', title: 'Dropped lesson', untilMs: 500 };
  await drop('lesson.json', [...Buffer.from(JSON.stringify(scenario))]);
  await expect(page.getByTestId('page-drop-notice')).toContainText('Loaded “Dropped lesson”');
  await expect(page.getByTestId('scenario-title')).toHaveText('Dropped lesson');
});
