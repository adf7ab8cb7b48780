/**
 * Profiles the page while it plays a recorded run at the fastest speed: the run recorded in the
 * built app (profiledPage.ts), then played from step 0 for a few seconds under a trace and a CPU
 * profile, and the main thread's long tasks attributed.
 *
 *   [PROFILE_BUILD=dir] npx tsx bench/diag/profilePlayback.ts [scenario.json] [playMs]
 *
 * A diagnostic for people (how docs/long-tasks.md's playback findings were made), not a bench.
 */
import { SCALE_SCENARIO } from '../scale.bench';
import { profileRecordedRun } from './profiledPage';

const [file = SCALE_SCENARIO, playArg = '6000'] = process.argv.slice(2);
void profileRecordedRun(file, async (page) => {
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('+');
  await page.getByTestId('play').click();
  await page.waitForTimeout(Number(playArg));
  await page.getByTestId('play').click();
  const step = await page.evaluate(`document.querySelector('[data-testid="step-readout"] b')?.textContent`);
  return `played ${playArg} ms to step ${String(step)}`;
});
