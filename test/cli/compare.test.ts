// `npm run compare` as a user runs it (a child process): two scenario files side by side with
// ratios, the JSON tools read, and bad input (the field path on stderr, exit code 2).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { runJson } from '../../src/engine/compare/runJson';

type RunDoc = ReturnType<typeof runJson> & { ratioToFirst: Record<string, number | null> };

function compare(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'cli/compare.ts', ...args], { encoding: 'utf8', cwd: process.cwd() });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'cl-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function scenario(name: string, incremental: boolean): string {
  const file = join(dir, name);
  const s = {
    format: 'checkpoint-lab/scenario@1',
    title: incremental ? 'incremental' : 'full',
    job: { parallelism: 1, source: { kind: 'generator', keys: 100, ratePerSec: 100 } },
    stateBackend: { type: 'rocksdb', incremental },
    checkpointing: { intervalMs: 500 },
    untilMs: 4000,
  };
  writeFileSync(file, JSON.stringify(s));
  return file;
}

describe('npm run compare', () => {
  const full = scenario('full.json', false);
  const inc = scenario('inc.json', true);

  it('--json gives each run its figures and its ratios to the first', () => {
    const r = compare(full, inc, '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as { runs: RunDoc[] };
    expect(doc.runs.map((x) => x.title)).toEqual(['full', 'incremental']);
    for (const run of doc.runs) {
      for (const k of ['p50', 'p90', 'p99', 'max'] as const) expect(typeof run.checkpointedSize[k]).toBe('number');
      expect(typeof run.stateSize.p50).toBe('number');
      expect(typeof run.durationMs.p50).toBe('number');
      expect(typeof run.durationMs.p99).toBe('number');
      expect(typeof run.storedBytes.mean).toBe('number');
      expect(typeof run.storedBytes.max).toBe('number');
      expect(run.fileCount.max).toBeGreaterThan(0);
      expect(run.restoreMs).toBeGreaterThan(0);
    }
    const [a, b] = doc.runs;
    expect(b!.ratioToFirst.checkpointedSizeP50).toBeCloseTo(b!.checkpointedSize.p50 / a!.checkpointedSize.p50, 6);
    expect(a!.ratioToFirst.checkpointedSizeP50).toBe(1);
  });

  it('prints a table with ratios to the first run', () => {
    const r = compare(full, inc);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/checkpointed_size p50 +\d+ B +\d+ B \(×\d+\.\d\d\)/);
  });

  it('refuses an invalid scenario with its field path, exit 2, no stack trace', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'checkpoint-lab/scenario@1', job: { parallelism: 0 } }));
    const r = compare(full, bad);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/bad\.json: invalid scenario/);
    expect(r.err).toMatch(/job\.parallelism/);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('needs two or three scenarios', () => {
    const r = compare(full);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/usage: npm run compare/);
  });
});
