/**
 * Records a Chromium trace and a CPU profile of the page while a big run records, for
 * bench/diag/attributeLongTasks.ts (issue 17 §1: no task over 50 ms while a run records).
 *
 *   npx vite build --minify false --outDir /tmp/x && npx tsx bench/diag/profileRecording.ts /tmp/x flow|scale [untilMs] [outPrefix]
 *
 * - `flow`: e2e/bigRun.spec.ts's apply/stream/keep/apply again/go back, driven the same way
 *   (parallelism 8, 10,000 keys, 400 records/s, 20 s, then 15 s).
 * - `scale`: scenarios/scale-run.json cut to `untilMs` (default 30000) applied as a file, as
 *   `npm run bench`'s app section does, until it is recorded.
 *
 * Writes `<outPrefix>.trace.json` and `<outPrefix>.profile.json` and prints the long tasks
 * (wall and thread CPU time) and their attribution. With NO_TRACE=1 it only counts the `longtask`
 * entries (tracing and profiling inflate every task). A diagnostic for people, not a bench.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../browserBundle';
import { serve } from '../frame.bench';
import { LONG_TASK_OBSERVER, applyFile, applyLargeRun, recorded, settled, takeLongTasks } from '../browser/appDriver';
import { attribute } from './attributeLongTasks';

/** A task counts as long by its thread CPU time (`tdur`): on a loaded machine wall time is mostly preemption. */
const byCpu = (e: { tdur?: number }) => (e.tdur ?? 0) > 50_000;

const READOUT = `(/(\\d+)\\D+(\\d+)/.exec(document.querySelector('[data-testid="step-readout"]')?.textContent ?? '') ?? []).slice(1).map(Number)`;
/** Polls `expr` in the page (page.evaluate of a string: the app's CSP refuses waitForFunction's eval). */
async function until(page: Page, expr: string, timeout = 60_000): Promise<void> {
  const end = Date.now() + timeout;
  while ((await page.evaluate(expr)) !== true) {
    if (Date.now() > end) throw new Error(`not true after ${timeout} ms: ${expr}`);
    await page.waitForTimeout(100);
  }
}
const present = (id: string) => `document.querySelector('[data-testid="${id}"]') !== null`;

/** e2e/bigRun.spec.ts's flow, without its assertions. */
async function flow(page: Page): Promise<void> {
  await applyLargeRun(page, 20000);
  await until(page, present('recording-progress'));
  await until(page, `(${READOUT})[1] > 1500`);
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await until(page, `(${READOUT})[0] === 2`);
  const box = (await page.getByTestId('scrubber').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
  await until(page, `(${READOUT})[0] > 500`);
  await page.getByTestId('step-forward').click();
  await page.waitForTimeout(1000);
  await page.getByTestId('recording-keep').click();
  await until(page, `${present('recording-stopped')} && !${present('recording-progress')}`);
  await page.waitForTimeout(500);
  await applyLargeRun(page, 15000);
  await until(page, present('recording-progress'));
  await page.getByTestId('recording-revert').click();
  await until(page, `!${present('recording-progress')}`);
  await page.waitForTimeout(1000);
}

async function scale(page: Page, untilMs: number): Promise<void> {
  const s = JSON.parse(readFileSync('scenarios/scale-run.json', 'utf8')) as { untilMs: number };
  await applyFile(page, 'scale.json', JSON.stringify({ ...s, untilMs }));
  if (!(await recorded(page, 600_000))) console.log('not recorded within 600 s; kept');
  await page.waitForTimeout(1000);
}

interface TraceTask {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

/** How many of the page's main-thread tasks took over 16, 30 and 50 ms of thread CPU time, and the most. */
function cpuSummary(events: TraceTask[]): string {
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const cpu = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined && main.has(`${e.pid}:${e.tid}`)).map((e) => e.tdur! / 1000);
  const n = (ms: number) => cpu.filter((c) => c > ms).length;
  return `${cpu.length} tasks; over 16 ms: ${n(16)}, over 30 ms: ${n(30)}, over 50 ms: ${n(50)}; most ${Math.round(Math.max(0, ...cpu))} ms; top ${JSON.stringify(cpu.sort((a, b) => b - a).slice(0, 6).map(Math.round))}`;
}

async function main(): Promise<void> {
  const [root, mode = 'flow', untilArg, out = `/tmp/profileRecording-${mode}`] = process.argv.slice(2);
  if (!root) throw new Error('usage: profileRecording.ts <built app dir> flow|scale [untilMs] [outPrefix]');
  const { server, url } = await serve(root);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addInitScript({ content: `localStorage.setItem('checkpoint-lab.lang', 'en'); localStorage.setItem('checkpoint-lab.start', 'chosen'); ${LONG_TASK_OBSERVER}` });
    const page = await context.newPage();
    await page.goto(url);
    if (!(await settled(page, 60_000))) throw new Error('the page did not settle');
    await page.waitForTimeout(1000);
    await takeLongTasks(page);
    const loadBefore = loadavg()[0]!.toFixed(1);
    if (process.env.NO_TRACE === '1' || process.env.TRACE_CPU === '1') {
      // A light trace (no profiler, no v8 category): the main thread's tasks' thread CPU time.
      if (process.env.TRACE_CPU === '1') await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
      const t0 = Date.now();
      if (mode === 'scale') await scale(page, Number(untilArg ?? 30000));
      else await flow(page);
      const tasks = await takeLongTasks(page);
      const over = tasks.filter((d) => d > 50).map(Math.round);
      console.log(`${mode}: ${((Date.now() - t0) / 1000).toFixed(1)} s; load ${loadBefore} → ${loadavg()[0]!.toFixed(1)}; longtask: ${over.length} over 50 ms, longest ${Math.round(Math.max(0, ...tasks))} ms: ${JSON.stringify(over)}`);
      if (process.env.TRACE_CPU === '1') {
        const trace = (await browser.stopTracing()).toString();
        writeFileSync(`${out}.trace.json`, trace);
        const events = (JSON.parse(trace) as { traceEvents: TraceTask[] }).traceEvents;
        console.log(`  thread CPU per task: ${cpuSummary(events)}`);
        // What the tasks over 50 ms of CPU ran (script by entry point, GC, layout…), from the trace alone.
        console.log(attribute(events as Parameters<typeof attribute>[0], undefined, byCpu).slice(0, 12).join('\n'));
      }
      return;
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    if (mode === 'scale') await scale(page, Number(untilArg ?? 30000));
    else await flow(page);
    const wallS = (Date.now() - t0) / 1000;
    const { profile } = await cdp.send('Profiler.stop');
    const trace = (await browser.stopTracing()).toString();
    const tasks = await takeLongTasks(page);
    writeFileSync(`${out}.trace.json`, trace);
    writeFileSync(`${out}.profile.json`, JSON.stringify(profile));
    const steps = (await page.evaluate(READOUT)) as number[];
    console.log(`${mode}: ${wallS.toFixed(1)} s, steps ${steps[1]}; load ${loadBefore} → ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
    const over = tasks.filter((d) => d > 50).map(Math.round);
    console.log(`longtask observer: ${over.length} over 50 ms, longest ${Math.round(Math.max(0, ...tasks))} ms: ${JSON.stringify(over)}`);
    const events = (JSON.parse(trace) as { traceEvents: Parameters<typeof attribute>[0] }).traceEvents;
    console.log(attribute(events, profile as Parameters<typeof attribute>[1], process.env.BY_CPU === "1" ? byCpu : undefined).join('\n'));
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
