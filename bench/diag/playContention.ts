/**
 * Which threads a long task of the page shares the machine with while the scale run plays: records
 * `scenarios/scale-run.json` in the built app, seeks around as the bench does, then traces 10 s of
 * play at 50× (`PHASE=seek`: the seeks instead). For each task of the page's main thread over
 * 40 ms of wall time it prints its thread CPU time (`tdur`), its longest children (garbage
 * collection, layout, a function call) and the time other threads of the browser ran in the same
 * window: on a 2-core machine a task of 25 ms of CPU takes 50 ms of wall time beside the page's
 * own concurrent markers, the worker's collection or the compositor.
 *
 *   npx vite build --outDir /tmp/dist-x
 *   [ROUNDS=3] [PHASE=seek] npx tsx bench/diag/playContention.ts /tmp/dist-x
 *
 * A diagnostic for people (docs/long-tasks.md, "Session 16"), not a bench.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { parseScenarioText } from '../../src/engine';
import { CHROMIUM_ARGS } from '../browserBundle';
import { serve } from '../frame.bench';
import { playFromStart, seekAround, takeLongTasks } from '../browser/appDriver';
import { openRecordedRun } from './profiledPage';

interface Ev {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const build = process.argv[2];
if (!build) throw new Error('usage: npx tsx bench/diag/playContention.ts <built app dir>');
const parsed = parseScenarioText(readFileSync('scenarios/scale-run.json', 'utf8'));
if (!parsed.ok) throw new Error('scenarios/scale-run.json: invalid scenario');
const phase = process.env.PHASE === 'seek' ? 'seek' : 'play';
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.gc'];
/** Work on other threads counted beside a long task: their tasks and their garbage collection. */
const OTHER_WORK = /RunTask|V8\.GC_/;

const { server, url } = await serve(build);
try {
  for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++) {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const { page } = await openRecordedRun(browser, url, parsed.scenario);
    await page.waitForTimeout(1000);
    if (phase === 'seek') await browser.startTracing(page, { categories: CATEGORIES });
    await seekAround(page, 60_000);
    await takeLongTasks(page);
    if (phase === 'play') await browser.startTracing(page, { categories: CATEGORIES });
    const { stepsShown } = await playFromStart(page, 10_000, '50×');
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Ev[] }).traceEvents;
    const observed = (await takeLongTasks(page)).filter((d) => d > 50).map(Math.round);
    await browser.close();

    const thread = (e: Ev) => `${e.pid}:${e.tid}`;
    const names = new Map<string, string>();
    for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(thread(e), e.args?.name ?? '');
    // The page's main thread: the renderer main thread that ran the most tasks' time.
    const busy = new Map<string, number>();
    for (const e of events) if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && names.get(thread(e)) === 'CrRendererMain') busy.set(thread(e), (busy.get(thread(e)) ?? 0) + e.dur!);
    const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
    const onMain = events.filter((e) => e.ph === 'X' && e.dur && thread(e) === main);
    const long = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur! > 40_000);
    console.log(`round ${round} (${phase}): step ${stepsShown}; PerformanceObserver over 50 ms: [${observed.join(', ')}]; tasks over 40 ms: ${long.length}`);
    for (const t of long) {
      const end = t.ts + t.dur!;
      const children = new Map<string, number>();
      for (const e of onMain) if (e !== t && e.ts >= t.ts && e.ts + e.dur! <= end && e.dur! > 1000 && e.name !== t.name) children.set(e.name, Math.max(children.get(e.name) ?? 0, e.dur! / 1000));
      const others = new Map<string, number>();
      for (const e of events) {
        if (e.ph !== 'X' || !e.dur || thread(e) === main || !OTHER_WORK.test(e.name)) continue;
        const overlap = Math.min(end, e.ts + e.dur) - Math.max(t.ts, e.ts);
        if (overlap <= 0) continue;
        const k = `${names.get(thread(e)) ?? thread(e)} ${e.name.replace('ThreadControllerImpl::', '')}`;
        others.set(k, (others.get(k) ?? 0) + overlap / 1000);
      }
      const top = (m: Map<string, number>, n: number, sep: string) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(sep);
      console.log(`  task ${(t.dur! / 1000).toFixed(0)} ms, CPU ${((t.tdur ?? 0) / 1000).toFixed(0)} ms | ${top(children, 6, ', ')}`);
      console.log(`    beside it: ${top(others, 5, '; ')}`);
    }
  }
} finally {
  server.close();
}
