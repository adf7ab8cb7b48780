/**
 * Issue 14: a share link opens exactly what the sender saw: the same step of the same branch
 * (here a failure injected in the UI at step 30), in a fresh browser context with no saved session.
 */
import { expect, test } from '@playwright/test';
import { englishByDefault, readStep, recorded, storageReady } from './helpers';

test('a share link opened in a fresh browser context shows the same step of the same branch', async ({
  browser,
}) => {
  const sender = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await englishByDefault(sender);
  const a = await sender.newPage();
  await a.goto('/');
  await storageReady(a);
  for (let i = 0; i < 3; i++) await a.keyboard.press('Shift+ArrowRight');
  expect(await readStep(a)).toBe(30);
  await a.getByTestId('actions-tab-faults').click();
  await a.getByTestId('fault-fail').click();
  await a.locator('body').click({ position: { x: 5, y: 300 } });
  for (let i = 0; i < 4; i++) await a.keyboard.press('ArrowRight');
  // The branch streams in from the worker: its length is known once it is recorded (a clean-clone
  // run read "Step 35 of 607" of a branch of 1,471 steps).
  await recorded(a);
  const step = await readStep(a);
  const headline = await a.getByTestId('narration-headline').innerText();
  await expect(a.getByTestId('checkpoint-history')).not.toContainText('being recorded in the background');
  const history = await a.getByTestId('checkpoint-history').innerText();
  const readout = await a.getByTestId('step-readout').innerText();
  await a.getByTestId('config-button').click();
  await a.getByTestId('tab-io').click();
  const link = await a.getByTestId('io-link').inputValue();
  expect(link).toContain(`&at=${step}`);
  expect(link).toContain('&branch=');
  await sender.close();

  const receiver = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await englishByDefault(receiver);
  const b = await receiver.newPage();
  await b.goto(link);
  await b.getByTestId('share-link-dismiss').click();
  expect(await readStep(b)).toBe(step);
  await recorded(b);
  // The same run: the branch's length, the narration and the checkpoints at that step.
  await expect(b.getByTestId('step-readout')).toHaveText(readout);
  await expect(b.getByTestId('narration-headline')).toHaveText(headline);
  // The sink verdict's failure-free reference run records in a worker of its own: wait for it.
  await expect(b.getByTestId('checkpoint-history')).toHaveText(history, { useInnerText: true });
  await receiver.close();
});
