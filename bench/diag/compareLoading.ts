/**
 * Traces the loading of ready-made comparisons (`?compare=<id>`) in Chromium and attributes their
 * main-thread tasks (issue 18 §6): for each comparison, from navigation until every column's frame
 * is ready and shows the shared time, each task's wall time and thread CPU time (`tdur`) over
 * 50 ms, then attributeLongTasks' breakdown of the long ones with a CPU profile over the same time.
 *
 *   npx vite build --minify false && npx vite preview --port 4333 &
 *   npx tsx bench/diag/compareLoading.ts http://127.0.0.1:4333 [backends registry …] [--out dir]
 *
 * The page and its same-origin frames share one renderer main thread, so one trace and one CPU
 * profile cover them all. A diagnostic for people, not a bench: wall time on a loaded machine
 * counts preemption, the thread CPU does not.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { attribute, pageMainThreads, type TraceEvent } from './attributeLongTasks';

/** Tasks over this much thread CPU (ms) are attributed one by one. */
const CPU_MS = Number(process.env.CPU_MS ?? 30);

const ALL = ['backends', 'backpressure', 'registry', 'compression', 'interval', 'flip158'];

async function ready(page: Page): Promise<void> {
  await page.getByTestId('cmp-ratios').waitFor({ timeout: 300_000 });
  const n = await page.locator('[data-testid^="cmp-column-time-"]').count();
  const ms = await page.getByTestId('cmp-time').getAttribute('data-ms');
  for (let i = 0; i < n; i++) {
    await page.waitForFunction(
      ([i, ms]) => {
        const el = document.querySelector(`[data-testid="cmp-views-at-${i}"]`);
        return el?.getAttribute('data-state') === 'ready' && el.getAttribute('data-ms') === ms;
      },
      [i, ms] as const,
      { timeout: 300_000, polling: 250 },
    );
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? args.splice(outAt, 2)[1]! : null;
  const [base, ...ids] = args;
  if (!base) throw new Error('usage: compareLoading.ts <base url> [comparison ids…] [--out dir]');
  if (out) mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const id of ids.length ? ids : ALL) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
    await page.goto(`${base}/?compare=${id}`);
    await ready(page);
    const traceBuffer = await browser.stopTracing();
    const { profile } = await cdp.send('Profiler.stop');
    const events = (JSON.parse(traceBuffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const main = pageMainThreads(events as Parameters<typeof pageMainThreads>[0]);
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined && main.has(`${e.pid}:${e.tid}`));
    const long = tasks.filter((e) => e.tdur! > 50_000 || e.dur! > 50_000).sort((a, b) => a.ts - b.ts);
    console.log(`\n=== ${id}: ${tasks.length} main-thread tasks; over 50 ms (wall/CPU ms): ${long.map((e) => `${Math.round(e.dur! / 1000)}/${Math.round(e.tdur! / 1000)}`).join(', ') || 'none'}`);
    // Each task over CPU_MS of thread CPU on its own: what ran in it (trace) and under which entry (profile).
    for (const task of tasks.filter((e) => e.tdur! > CPU_MS * 1000).sort((a, b) => a.ts - b.ts)) {
      console.log(`--- task at +${Math.round((task.ts - tasks[0]!.ts) / 1000)} ms`);
      console.log(attribute(events as Parameters<typeof attribute>[0], profile as Parameters<typeof attribute>[1], (e) => e === task, 6).join('\n'));
    }
    if (out) {
      writeFileSync(`${out}/${id}.trace.json`, traceBuffer);
      writeFileSync(`${out}/${id}.profile.json`, JSON.stringify(profile));
    }
    await context.close();
  }
  await browser.close();
}

await main();
