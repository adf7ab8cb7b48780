/**
 * Profiles the page while it plays a recorded run at the fastest speed: opens the built app
 * (unminified, so the profile names functions) at a scenario's share link, waits until the run
 * is recorded in the worker, then plays it from step 0 for a few seconds under a Chromium trace
 * and a CDP CPU profile, and prints the long tasks' attribution (attributeLongTasks.ts) and the
 * thread CPU time of the main thread's tasks (RunTask `tdur`: what the page did, apart from
 * preemption by other processes).
 *
 *   npx tsx bench/diag/profilePlayback.ts [scenario.json] [playMs]
 *
 * A diagnostic for people (how docs/long-tasks.md's playback findings were made), not a bench.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { parseScenarioText } from '../../src/engine';
import { encodeShareHash } from '../../src/app/scenarioIo/shareLink';
import { CHROMIUM_ARGS } from '../browserBundle';
import { serve } from '../frame.bench';
import { SCALE_SCENARIO } from '../scale.bench';
import { LONG_TASK_OBSERVER, recorded, takeLongTasks } from '../browser/appDriver';
import { attribute } from './attributeLongTasks';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function buildUnminified(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'checkpoint-lab-profile-build-'));
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true, minify: false } });
  return outDir;
}

async function main() {
  const [file = SCALE_SCENARIO, playArg = '6000'] = process.argv.slice(2);
  const parsed = parseScenarioText(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file} is not a valid scenario`);
  const root = await buildUnminified();
  const { server, url } = await serve(root);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addInitScript({
      content: `localStorage.setItem('checkpoint-lab.lang', 'en'); localStorage.setItem('checkpoint-lab.start', 'chosen'); ${LONG_TASK_OBSERVER}`,
    });
    const page = await context.newPage();
    await page.goto(`${url}${encodeShareHash(parsed.scenario)}`);
    const t0 = Date.now();
    await page.waitForFunction('window.__checkpointLab !== undefined', undefined, { timeout: 60_000 });
    if (!(await recorded(page, 240_000))) console.log('recording capped: kept what was recorded');
    console.log(`recorded in ${((Date.now() - t0) / 1000).toFixed(1)} s; load ${loadavg()[0]!.toFixed(2)}`);
    await page.waitForTimeout(1500);
    await page.keyboard.press('Home');
    for (let i = 0; i < 12; i++) await page.keyboard.press('+');
    await takeLongTasks(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
    await cdp.send('Profiler.start');
    await page.getByTestId('play').click();
    await page.waitForTimeout(Number(playArg));
    await page.getByTestId('play').click();
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Parameters<typeof attribute>[1] };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Parameters<typeof attribute>[0] };
    const tasks = await takeLongTasks(page);
    const step = await page.evaluate(`document.querySelector('[data-testid="step-readout"] b')?.textContent`);
    const dir = mkdtempSync(join(tmpdir(), 'checkpoint-lab-profile-'));
    writeFileSync(join(dir, 'trace.json'), JSON.stringify(trace));
    writeFileSync(join(dir, 'profile.json'), JSON.stringify(profile));
    console.log(`played ${playArg} ms to step ${String(step)}; long tasks > 50 ms: ${tasks.filter((d) => d > 50).length} (${tasks.map(Math.round).join(', ')}); files in ${dir}`);
    const events = trace.traceEvents as { name: string; ph: string; pid: number; tid: number; tdur?: number; args?: { name?: string } }[];
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const cpu = events
      .filter((e) => main && e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined && e.pid === main.pid && e.tid === main.tid)
      .map((e) => e.tdur! / 1000)
      .sort((a, b) => b - a);
    console.log(`main-thread tasks by thread CPU: ${cpu.length}; over 50 ms ${cpu.filter((c) => c > 50).length}; top ${cpu.slice(0, 12).map(Math.round).join(', ')}`);
    for (const line of attribute(trace.traceEvents, profile)) console.log(line);
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }
}

void main();
