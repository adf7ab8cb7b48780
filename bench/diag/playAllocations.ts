/**
 * What the page allocates while it plays the scale run at the fastest speed: records
 * `scenarios/scale-run.json` in the built app, seeks around as the bench does (`seekAround`), then
 * samples the page's heap allocations (CDP `HeapProfiler.startSampling`) over 10 s of play at 50×
 * and prints them by function and by the last four frames of their stacks. `ALL=1` counts every
 * allocation, collected ones included (the allocation rate, what fills the young generation);
 * `PROMOTED=1` counts what outlived the young generation (collected by a major collection or still
 * alive: what fills the old generation and brings on the major collections); without either, only
 * what is still alive when play ends (what play kept).
 *
 *   npx vite build --minify false --outDir /tmp/dist-dev
 *   [ALL=1] npx tsx bench/diag/playAllocations.ts /tmp/dist-dev
 *
 * A diagnostic for people (docs/long-tasks.md, "Session 16"), not a bench.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { parseScenarioText } from '../../src/engine';
import { CHROMIUM_ARGS } from '../browserBundle';
import { serve } from '../frame.bench';
import { playFromStart, seekAround } from '../browser/appDriver';
import { openRecordedRun } from './profiledPage';

interface SampledNode {
  selfSize: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children: SampledNode[];
}

const build = process.argv[2];
if (!build) throw new Error('usage: npx tsx bench/diag/playAllocations.ts <built app dir>');
const parsed = parseScenarioText(readFileSync('scenarios/scale-run.json', 'utf8'));
if (!parsed.ok) throw new Error('scenarios/scale-run.json: invalid scenario');
const all = process.env.ALL === '1';
const promoted = process.env.PROMOTED === '1';

const { server, url } = await serve(build);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const { context, page } = await openRecordedRun(browser, url, parsed.scenario);
  await page.waitForTimeout(1000);
  await seekAround(page, 60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: all || promoted, includeObjectsCollectedByMinorGC: all });
  const { stepsShown } = await playFromStart(page, 10_000, '50×');
  const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: SampledNode } };

  const byFunction = new Map<string, number>();
  const byStack = new Map<string, number>();
  const walk = (n: SampledNode, stack: string[]): void => {
    const f = n.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    const here = [...stack, name];
    if (n.selfSize > 0) {
      byFunction.set(name, (byFunction.get(name) ?? 0) + n.selfSize);
      const k = here.slice(-4).join(' < ');
      byStack.set(k, (byStack.get(k) ?? 0) + n.selfSize);
    }
    for (const c of n.children) walk(c, here);
  };
  walk(profile.head, []);
  const mb = (b: number) => (b / 1e6).toFixed(1).padStart(7);
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
  console.log(`${all ? 'allocated' : promoted ? 'allocated and promoted' : 'allocated and still alive'} during 10 s of play at 50× (to step ${stepsShown}): ${mb(total)} MB`);
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(mb(v), k);
  console.log('by stack (last four frames):');
  for (const [k, v] of [...byStack].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(mb(v), k);
} finally {
  await browser.close();
  server.close();
}
