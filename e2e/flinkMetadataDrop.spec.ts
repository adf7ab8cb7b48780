/**
 * Issue 14: a real Flink `_metadata` picked in the import dialog or dropped on the page is
 * recognized by its magic number (0x4960672d, big-endian at offset 0) and the user is told plainly
 * what it is (with its metadata version and checkpoint id) and what the app can do with it, instead
 * of a JSON parse error; the running scenario stays. The file is built here, as Flink lays out its
 * head (magic, version, checkpoint id), followed by arbitrary bytes.
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

const TEXT = {
  en: { title: 'This is a real Flink checkpoint file, not a scenario', facts: 'metadata format version 4, checkpoint 17', inspector: 'An inspector' },
  zh: { title: '这是真实的 Flink 检查点文件，不是场景', facts: '元数据格式版本 4，检查点 17', inspector: '检查器' },
} as const;

async function expectTold(page: Page, where: string, lang: 'en' | 'zh') {
  const told = page.getByTestId(where).getByTestId('io-flink-metadata');
  await expect(told).toContainText(TEXT[lang].title);
  await expect(told).toContainText(TEXT[lang].facts);
  await expect(told).toContainText(TEXT[lang].inspector);
  // Not refused as broken JSON or text (what the old path said of it).
  await expect(page.getByTestId(where).locator('.io-refused')).toHaveCount(0);
}

for (const lang of ['en', 'zh'] as const) {
  test(`a Flink _metadata picked in the import dialog is recognized and explained (${lang})`, async ({ page }) => {
    await startClassroom(page, lang, false, 1280, 720);
    await storageReady(page);
    const title = await page.getByTestId('scenario-title').innerText();
    await page.getByTestId('config-button').click();
    await page.getByTestId('tab-io').click();
    await page.getByTestId('io-file-input').setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: flinkMetadata(4, 17) });
    await expectTold(page, 'config-dialog', lang);
    await expect(page.getByTestId('io-problems')).toHaveCount(0);
    await page.getByTestId('config-close').click();
    await expect(page.getByTestId('scenario-title')).toHaveText(title);
  });
}

test('a Flink _metadata dropped on the page is recognized and explained; a scenario file dropped there loads', async ({ page }) => {
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
  await expectTold(page, 'page-drop-notice', 'en');
  await page.getByTestId('page-drop-dismiss').click();
  await expect(page.getByTestId('page-drop-notice')).toHaveCount(0);
  // The same path takes scenario files.
  const scenario = { format: 'checkpoint-lab/scenario@1', title: 'Dropped lesson', untilMs: 500 };
  await drop('lesson.json', [...Buffer.from(JSON.stringify(scenario))]);
  await expect(page.getByTestId('page-drop-notice')).toContainText('Loaded “Dropped lesson”');
  await expect(page.getByTestId('scenario-title')).toHaveText('Dropped lesson');
});
