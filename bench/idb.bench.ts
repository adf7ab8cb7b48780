/**
 * Checkpoint upload and restore throughput of the IndexedDB mirror, measured in real Chromium
 * (fake-indexeddb in Node says nothing about the browser's costs: structured clone, LevelDB,
 * blob wrapping). Each figure is set against raw idb doing the same IndexedDB work in the same
 * page and run, so machine speed cancels out and the ratio is the mirror's own overhead.
 *
 * The page is served from 127.0.0.1 over http because IndexedDB needs a real origin; the entry
 * is bundled with esbuild (already installed for vite/tsx), so the benchmark adds no dependency.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { bundleBrowserScript, CHROMIUM_ARGS } from './browserBundle';
import type { IdbBenchApi, IdbBenchConfig, IdbBenchRun } from './browser/idbBench';
import { fmt, percentile, printSection, type BenchLine } from './stats';

/** A few hundred checkpoint files of 0.5–64 KB: about 24 MB in total. */
const FILE_COUNT = 720;
const MIN_FILE_BYTES = 512;
const MAX_FILE_BYTES = 64 * 1024;
/** One applyOps batch (one transaction) per checkpoint, as the app writes them. */
const CHECKPOINTS = 12;
/** Repetitions on fresh databases; medians are reported. The warm-up run (JIT, first open) is not. */
const RUNS = 7;
const WARMUP_RUNS = 1;
/** Read-backs per run (each way of reading), averaged. */
const READ_ROUNDS = 3;
const GOAL_RATIO = 0.8;

const TITLE = 'IndexedDB checkpoint upload and restore (Chromium)';

/** Serves the page and the bundle on a free port of 127.0.0.1. */
async function serve(script: string): Promise<{ server: Server; url: string }> {
  const html = '<!doctype html><meta charset="utf-8"><title>idb bench</title><script type="module" src="/idbBench.js"></script>';
  const server = createServer((req, res) => {
    if (req.url === '/idbBench.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/` };
}

/** Chromium is there but cannot run here: a reason to skip, like a missing binary, not a failure. */
class BrowserUnavailable extends Error {}

async function measure(executablePath: string): Promise<IdbBenchRun[]> {
  const script = await bundleBrowserScript('idbBench.ts', 'esm');
  const { server, url } = await serve(script);
  let browser: Browser | null = null;
  try {
    try {
      browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    } catch (e) {
      throw new BrowserUnavailable(`Chromium at ${executablePath} did not start (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
    }
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => 'idbBench' in globalThis, undefined, { timeout: 10_000 }).catch(() => {
      throw new Error(`the bench page did not load${pageErrors.length ? `: ${pageErrors.join('; ')}` : ''}`);
    });
    const cfg: IdbBenchConfig = { fileCount: FILE_COUNT, minBytes: MIN_FILE_BYTES, maxBytes: MAX_FILE_BYTES, checkpoints: CHECKPOINTS, readRounds: READ_ROUNDS, seed: 0x5eed };
    const runs: IdbBenchRun[] = [];
    for (let r = 0; r < WARMUP_RUNS + RUNS; r++) {
      const run = await page.evaluate(([c, first]) => (globalThis as unknown as { idbBench: IdbBenchApi }).idbBench.runOnce(c, first), [cfg, r % 2 === 0] as const);
      if (r >= WARMUP_RUNS) runs.push(run);
    }
    return runs;
  } finally {
    await browser?.close().catch(() => undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const median = (xs: number[]): number => percentile(xs, 50);
const mbps = (bytes: number, ms: number): number => bytes / (1024 * 1024) / (ms / 1000);

function report(runs: IdbBenchRun[]): BenchLine[] {
  const { bytes, files } = runs[0]!;
  const rate = (pick: (r: IdbBenchRun) => number): number => median(runs.map((r) => mbps(bytes, pick(r))));
  // Ratios are taken within each run, then the median: both sides of a run shared the machine's
  // load at that moment, so the per-run ratio is steadier than a ratio of two medians.
  const ratios = (mirrorMs: (r: IdbBenchRun) => number, rawMs: (r: IdbBenchRun) => number): number[] => runs.map((r) => rawMs(r) / mirrorMs(r));
  // The restore baseline is the faster raw read of each run, so the ratio cannot flatter the mirror.
  const fasterRawRead = (r: IdbBenchRun): number => Math.min(r.rawGetAllMs, r.rawGetsMs);
  const up = ratios((r) => r.mirrorWriteMs, (r) => r.rawWriteMs);
  const down = ratios((r) => r.mirrorReadMs, fasterRawRead);
  const MB = (mb: number): string => `${fmt(mb, 1)} MB/s`;
  const ratio = (xs: number[]): string => `${fmt(median(xs))}  (runs ${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
  return [
    { name: 'data set', value: `${files} files, ${fmt(bytes / (1024 * 1024), 1)} MB in ${CHECKPOINTS} checkpoints; medians of ${runs.length} runs (after ${WARMUP_RUNS} warm-up), reads ×${READ_ROUNDS} per run` },
    { name: 'upload: StorageMirror.applyOps', value: MB(rate((r) => r.mirrorWriteMs)) },
    { name: 'upload: raw idb put', value: MB(rate((r) => r.rawWriteMs)) },
    { name: 'upload: mirror ÷ raw', value: ratio(up), goal: `≥ ${GOAL_RATIO}`, ok: median(up) >= GOAL_RATIO },
    { name: 'restore: StorageMirror.readFiles (restore path)', value: MB(rate((r) => r.mirrorReadMs)) },
    { name: 'restore: raw idb getAll', value: MB(rate((r) => r.rawGetAllMs)) },
    { name: 'restore: raw idb gets', value: MB(rate((r) => r.rawGetsMs)) },
    { name: 'restore: mirror ÷ faster raw', value: ratio(down), goal: `≥ ${GOAL_RATIO}`, ok: median(down) >= GOAL_RATIO },
    { name: 'listFiles (no bytes)', value: `${fmt(median(runs.map((r) => r.mirrorListMs)), 1)} ms for ${files} files` },
    { name: 'reconcile, nothing to change', value: `${fmt(median(runs.map((r) => r.mirrorReconcileMs)), 1)} ms for ${files} files` },
  ];
}

/**
 * Prints the section. Without a usable Chromium it prints why it skipped; a measurement that
 * fails is printed too and sets a failing exit code, but never stops the other sections.
 */
export async function runIdbBench(): Promise<void> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    printSection(TITLE, [{ name: 'skipped', value: `no Chromium at ${executablePath}, so the browser benchmark was not run (set CHROMIUM_PATH to point at one)` }]);
    return;
  }
  try {
    printSection(TITLE, report(await measure(executablePath)));
  } catch (e) {
    if (e instanceof BrowserUnavailable) {
      printSection(TITLE, [{ name: 'skipped', value: `${e.message}; the browser benchmark was not run` }]);
      return;
    }
    printSection(TITLE, [{ name: 'failed', value: e instanceof Error ? e.message : String(e) }]);
    process.exitCode = 1;
  }
}
