/**
 * Issue 14: an exported scenario file carries the current step and the branch (the actions done
 * in the UI), like a share link: imported in a fresh browser context it opens the same step of the
 * same branch.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { englishByDefault, readStep, recorded, storageReady } from './helpers';

test('export, then import in a fresh context: the same step of the same branch', async ({ browser }) => {
  const sender = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await englishByDefault(sender);
  const a = await sender.newPage();
  await a.goto('/');
  await storageReady(a);
  for (let i = 0; i < 3; i++) await a.keyboard.press('Shift+ArrowRight');
  await a.getByTestId('actions-tab-faults').click();
  await a.getByTestId('fault-fail').click();
  await a.getByTestId('actions-tab-checkpoints').click();
  await a.getByTestId('trigger-savepoint').click();
  await a.locator('body').click({ position: { x: 5, y: 300 } });
  for (let i = 0; i < 4; i++) await a.keyboard.press('ArrowRight');
  // The branch streams in from the worker: its length is known once it is recorded.
  await recorded(a);
  const step = await readStep(a);
  const readout = await a.getByTestId('step-readout').innerText();
  const headline = await a.getByTestId('narration-headline').innerText();
  await expect(a.getByTestId('checkpoint-history')).not.toContainText('being recorded in the background');
  const history = await a.getByTestId('checkpoint-history').innerText();
  await a.getByTestId('config-button').click();
  await a.getByTestId('tab-io').click();
  const download = a.waitForEvent('download');
  await a.getByTestId('io-download').click();
  const text = await readFile((await (await download).path())!, 'utf8');
  const file = JSON.parse(text) as { view?: { at: number; branch: { step: number; action: { do: string } }[] } };
  expect(file.view?.at).toBe(step);
  expect(file.view?.branch.map((b) => [b.step, b.action.do])).toEqual([
    [31, 'fail'],
    [32, 'savepoint'],
  ]);
  await sender.close();

  const receiver = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await englishByDefault(receiver);
  const b = await receiver.newPage();
  await b.goto('/');
  await storageReady(b);
  await b.getByTestId('config-button').click();
  await b.getByTestId('tab-io').click();
  await b.getByTestId('io-file-input').setInputFiles({ name: 'sent.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(b.getByTestId('io-status')).toContainText('Loaded');
  await b.getByTestId('config-close').click();
  expect(await readStep(b)).toBe(step);
  await recorded(b);
  // The same branch: its length, the narration at that step and the checkpoints (the savepoint among them).
  await expect(b.getByTestId('step-readout')).toHaveText(readout);
  await expect(b.getByTestId('narration-headline')).toHaveText(headline);
  // The sink verdict's failure-free reference run records in a worker of its own: wait for it.
  await expect(b.getByTestId('checkpoint-history')).toHaveText(history, { useInnerText: true });
  // Exported again at step 0 the file still carries the branch, now at step 0.
  await b.keyboard.press('Home');
  await b.getByTestId('config-button').click();
  await b.getByTestId('tab-io').click();
  const again = b.waitForEvent('download');
  await b.getByTestId('io-download').click();
  const second = JSON.parse(await readFile((await (await again).path())!, 'utf8')) as { view?: { at: number; branch: unknown[] } };
  expect(second.view?.at).toBe(0);
  expect(second.view?.branch).toHaveLength(2);
  await receiver.close();
});
