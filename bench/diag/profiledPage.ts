/**
 * What the page-profiling diagnostics share (profilePlayback.ts, profileSeeking.ts): the built
 * app, unminified so the profile names functions, opened at a scenario's share link with the
 * long-task observer, its run recorded in the worker; and an action run under a Chromium trace
 * and a CDP CPU profile, then the long tasks' attribution (attributeLongTasks.ts) and the thread
 * CPU time of the main thread's tasks (RunTask `tdur`: what the page did, apart from preemption
 * by other processes) printed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { parseScenarioText, type Scenario } from '../../src/engine';
import { encodeShareHash } from '../../src/app/scenarioIo/shareLink';
import { CHROMIUM_ARGS } from '../browserBundle';
import { serve } from '../frame.bench';
import { LONG_TASK_OBSERVER, recorded, takeLongTasks } from '../browser/appDriver';
import { attribute } from './attributeLongTasks';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function buildUnminified(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'checkpoint-lab-profile-build-'));
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true, minify: false } });
  return outDir;
}

/**
 * A page of the built app served at `url`, at 1280×720 in English with the long-task observer on,
 * opened at `scenario`'s share link, once its run is recorded (at most `capMs`: past it, kept where
 * it is, and `whole` is false). For the diagnostics that look at a recorded run's page.
 */
export async function openRecordedRun(browser: Browser, url: string, scenario: Scenario, capMs = 240_000): Promise<{ context: BrowserContext; page: Page; whole: boolean }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript({
    content: `localStorage.setItem('checkpoint-lab.lang', 'en'); localStorage.setItem('checkpoint-lab.start', 'chosen'); ${LONG_TASK_OBSERVER}`,
  });
  const page = await context.newPage();
  await page.goto(`${url}${encodeShareHash(scenario)}`);
  await page.waitForFunction(() => (window as { __checkpointLab?: unknown }).__checkpointLab !== undefined, undefined, { timeout: 60_000 });
  return { context, page, whole: await recorded(page, capMs) };
}

/**
 * Opens `file`'s scenario in the built app, waits for its run to be recorded, then runs `action`
 * under the trace and profile and prints what the main thread did meanwhile.
 */
export async function profileRecordedRun(file: string, action: (page: Page) => Promise<string>): Promise<void> {
  const parsed = parseScenarioText(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file} is not a valid scenario`);
  // PROFILE_BUILD: a build to profile as is (e.g. two builds compared in turn on a loaded machine).
  const root = process.env.PROFILE_BUILD ?? (await buildUnminified());
  const { server, url } = await serve(root);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const t0 = Date.now();
    const { context, page, whole } = await openRecordedRun(browser, url, parsed.scenario);
    if (!whole) console.log('recording capped: kept what was recorded');
    console.log(`recorded in ${((Date.now() - t0) / 1000).toFixed(1)} s; load ${loadavg()[0]!.toFixed(2)}`);
    await page.waitForTimeout(1500);
    await takeLongTasks(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
    await cdp.send('Profiler.start');
    const done = await action(page);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Parameters<typeof attribute>[1] };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Parameters<typeof attribute>[0] };
    const tasks = await takeLongTasks(page);
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-lab-profile-'));
    writeFileSync(join(dir, 'trace.json'), JSON.stringify(trace));
    writeFileSync(join(dir, 'profile.json'), JSON.stringify(profile));
    console.log(`${done}; long tasks > 50 ms: ${tasks.filter((d) => d > 50).length} (${tasks.map(Math.round).join(', ')}); files in ${dir}`);
    const events = trace.traceEvents as { name: string; ph: string; pid: number; tid: number; tdur?: number; args?: { name?: string } }[];
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const cpu = events
      .filter((e) => main && e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined && e.pid === main.pid && e.tid === main.tid)
      .map((e) => e.tdur! / 1000)
      .sort((a, b) => b - a);
    const p90 = cpu[Math.floor(cpu.length * 0.1)] ?? 0;
    console.log(`main-thread tasks by thread CPU: ${cpu.length}; over 50 ms ${cpu.filter((c) => c > 50).length}, over 30 ms ${cpu.filter((c) => c > 30).length}; p90 ${p90.toFixed(1)} ms; top ${cpu.slice(0, 12).map(Math.round).join(', ')}`);
    for (const line of attribute(trace.traceEvents, profile)) console.log(line);
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }
}
