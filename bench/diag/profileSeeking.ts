/**
 * Profiles the page while far seeks are made in a recorded run as `npm run bench` makes them
 * (bench/browser/appDriver.ts `seekAround`: clicks scattered over the scrubber, then a drag): the
 * run recorded in the built app (profiledPage.ts), the seeks made under a trace and a CPU
 * profile, each seek's latency printed and the main thread's long tasks attributed.
 *
 *   npx tsx bench/diag/profileSeeking.ts [scenario.json]
 *
 * A diagnostic for people, not a bench.
 */
import { SCALE_SCENARIO } from '../scale.bench';
import { seekAround } from '../browser/appDriver';
import { profileRecordedRun } from './profiledPage';

const [file = SCALE_SCENARIO] = process.argv.slice(2);
void profileRecordedRun(file, async (page) => {
  const s = await seekAround(page, 60_000);
  return `seeks to ${s.steps.join(', ')} in ms ${s.seekMs.map(Math.round).join(', ')}; drag landed in ${Math.round(s.dragLandMs)} ms (${s.dragInputs} inputs)`;
});
