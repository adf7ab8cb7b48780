/**
 * The scale run in Node (issue 17 §7): scenarios/scale-run.json — 1,000,000 records, 100,000
 * keys, parallelism 16, 500 checkpoints, RocksDB incremental, records in network buffers of 256
 * (plus a slice of the per-record variant) — each measurement in a process of
 * its own so peak RSS is that run's alone. The baseline is the default scenario, run the same
 * way in the same bench: records/s at scale ÷ records/s of the small job.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCENARIO } from '../src/engine';
import { fmt, printSection } from './stats';
import type { ScaleRunFigures } from './scale/scaleRun';

export const SCALE_SCENARIO = 'scenarios/scale-run.json';
const GOAL_SECONDS = 60;
const GOAL_RSS_MB = 1024;

/** Runs bench/scale/scaleRun.ts in a fresh Node process (through tsx) and reads its figures. */
export function runScaleProcess(file: string, mode: 'sim' | 'timeline'): ScaleRunFigures {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/scale/scaleRun.ts', file, mode], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as ScaleRunFigures;
}

/**
 * The per-record variant (recordsPerBuffer 1) takes minutes in full, so the bench runs a tenth of
 * it and extrapolates linearly. Its cost per simulated second grows as state and checkpoints grow
 * (measured: its first 100 s took 14 % of the whole run's CPU time for 20 % of its records), so
 * the extrapolated figure is a lower bound, labelled so.
 */
const PER_RECORD_SLICE_MS = 50_000;

export function runScaleBench(): Record<string, number> {
  const dir = mkdtempSync(join(tmpdir(), 'scale-bench-'));
  const defaultFile = join(dir, 'default.json');
  // 200 s instead of 8 s, so the small job reads enough records (10,000) for a steady rate.
  writeFileSync(defaultFile, JSON.stringify({ ...DEFAULT_SCENARIO, untilMs: 200_000 }));
  const base = runScaleProcess(defaultFile, 'sim');
  const run = runScaleProcess(SCALE_SCENARIO, 'sim');
  const scale = JSON.parse(readFileSync(SCALE_SCENARIO, 'utf8')) as { untilMs: number; job: Record<string, unknown> };
  const sliceFile = join(dir, 'per-record-slice.json');
  writeFileSync(sliceFile, JSON.stringify({ ...scale, job: { ...scale.job, network: { recordsPerBuffer: 1 } }, untilMs: PER_RECORD_SLICE_MS }));
  const slice = runScaleProcess(sliceFile, 'sim');
  const factor = scale.untilMs / PER_RECORD_SLICE_MS;
  const perBuffer = (scale.job.network as { recordsPerBuffer?: number } | undefined)?.recordsPerBuffer ?? 1;
  const rate = run.records / run.seconds;
  const baseRate = base.records / base.seconds;
  printSection('Scale run in Node (scenarios/scale-run.json, stepped like npm run sim)', [
    { name: 'records read by the sources', value: fmt(run.records) },
    { name: 'checkpoints completed', value: fmt(run.checkpoints) },
    { name: 'steps', value: fmt(run.steps) },
    { name: 'events', value: fmt(run.events) },
    { name: 'time', value: `${fmt(run.seconds, 1)} s`, goal: `≤ ${GOAL_SECONDS} s`, ok: run.seconds <= GOAL_SECONDS },
    { name: 'records per second', value: fmt(rate) },
    { name: 'steps per second', value: fmt(run.steps / run.seconds) },
    { name: 'records per network buffer', value: fmt(perBuffer) },
    { name: 'CPU time (user + system)', value: `${fmt(run.cpuSeconds, 1)} s` },
    { name: 'peak RSS', value: `${fmt(run.peakRssMB, 0)} MB`, goal: `≤ ${GOAL_RSS_MB} MB`, ok: run.peakRssMB <= GOAL_RSS_MB },
    { name: `per-record variant (1 record per buffer): ${fmt(PER_RECORD_SLICE_MS / 1000)} s slice, ${fmt(slice.records)} records, ${fmt(slice.steps)} steps`, value: `${fmt(slice.seconds, 1)} s (CPU ${fmt(slice.cpuSeconds, 1)} s), peak RSS ${fmt(slice.peakRssMB, 0)} MB` },
    { name: `per-record variant, whole run extrapolated ×${fmt(factor, 1)} from the slice (not measured; a lower bound)`, value: `~${fmt(slice.seconds * factor, 0)} s, ~${fmt(slice.steps * factor)} steps, ~${fmt(slice.records / slice.seconds)} records/s` },
    { name: 'baseline: default job for 200 s, records per second', value: fmt(baseRate) },
    { name: 'baseline: default job for 200 s, peak RSS', value: `${fmt(base.peakRssMB, 0)} MB` },
    { name: 'records/s at scale ÷ default job', value: `${fmt(rate / baseRate, 2)}×` },
  ]);
  return {
    records: run.records,
    checkpoints: run.checkpoints,
    seconds: run.seconds,
    peakRssMB: run.peakRssMB,
    recordsPerSec: rate,
    steps: run.steps,
    events: run.events,
    baselineRecordsPerSec: baseRate,
    cpuSeconds: run.cpuSeconds,
    recordsPerBuffer: perBuffer,
    perRecordSliceSeconds: slice.seconds,
    perRecordSliceRecords: slice.records,
    perRecordExtrapolatedSeconds: slice.seconds * factor,
    perRecordExtrapolatedSteps: slice.steps * factor,
  };
}
