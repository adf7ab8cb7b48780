// `npm run inspect` as a user runs it (a child process): on the real Flink samples (skipped when
// ../shared/flink-metadata is absent), on a hand-made job folder written to disk, and on bad
// input (one line on stderr, exit code 2, no stack trace, nothing on stdout).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { jobFolder, JOB_ID } from '../inspector/jobFolder';
import { describeWithFlinkMetadata, flinkCheckpointDirs } from '../support/flinkMetadata';

function inspect(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'cli/inspect.ts', ...args], { encoding: 'utf8', cwd: process.cwd() });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const root = mkdtempSync(join(tmpdir(), 'cl-inspect-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function writeJobFolder(): string {
  const dir = join(root, JOB_ID);
  for (const e of jobFolder()) {
    mkdirSync(dirname(join(dir, e.path)), { recursive: true });
    writeFileSync(join(dir, e.path), e.bytes ?? new Uint8Array(e.size));
  }
  return dir;
}

function expectCleanFailure(r: ReturnType<typeof inspect>, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err).toMatch(message);
  expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  expect(r.err.trim().split('\n').length).toBeLessThanOrEqual(2);
}

describe('npm run inspect on a job folder', () => {
  const dir = writeJobFolder();

  it('--json: every checkpoint, the files with the checkpoints referencing them, missing and unreferenced', () => {
    const r = inspect(dir, '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ layout: 'job folder', metadataVersion: 5, checkpointId: 4 });
    expect(j.checkpoints.map((c: { dir: string; checkpointId: number }) => [c.dir, c.checkpointId])).toEqual([
      ['chk-3', 3],
      ['chk-4', 4],
    ]);
    expect(j.operators.map((o: { operatorId: string; parallelism: number; maxParallelism: number }) => [o.operatorId, o.parallelism, o.maxParallelism])).toEqual([
      ['aa'.repeat(16), 2, 128],
      ['bb'.repeat(16), 1, 128],
    ]);
    const sstB = j.files.find((f: { path: string }) => f.path === 'shared/sst-b');
    expect(sstB).toMatchObject({ name: expect.stringMatching(/^hdfs:\/\/namenode:8020\/.*\/shared\/sst-b$/), size: 2000, shared: true, checkpoints: [3, 4] });
    expect(j.missing).toEqual([expect.objectContaining({ path: 'shared/sst-c', checkpoints: [4] })]);
    expect(j.unreferenced.map((u: { path: string }) => u.path)).toEqual(['chk-5/source-0', 'shared/sst-orphan', 'taskowned/.keep']);
  });

  it('the table names the shared files with their checkpoints, the missing file and the candidates to delete', () => {
    const r = inspect(dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('job folder');
    expect(r.out).toMatch(/chk-4: checkpoint id 4, metadata v5, checkpoint \(FORWARD_BACKWARD\), incremental/);
    expect(r.out).toMatch(/shared\/sst-b\s+2\.0 KiB\s+3, 4/);
    expect(r.out).toMatch(/missing \(1\)[^\n]*\n\s+shared\/sst-c/);
    expect(r.out).toMatch(/unreferenced \(3\)/);
    expect(r.out).toContain('Candidates to delete only if');
  });

  it('a single _metadata: its files checked beside it, unreferenced ones not claimed', () => {
    const j = JSON.parse(inspect(join(dir, 'chk-3', '_metadata'), '--json').out);
    expect(j).toMatchObject({ layout: 'metadata file', checkpointId: 3, unreferenced: [], unreferencedChecked: false });
    // chk-3's own files are beside it; the shared/ SSTs are outside what was opened.
    expect(j.missing.every((m: { reason: string }) => m.reason === 'outside the opened folder')).toBe(true);
    expect(j.missing).toHaveLength(3);
  });
});

describe('npm run inspect on bad input', () => {
  it('no path, or an unknown option', () => {
    expectCleanFailure(inspect(), /^usage: npm run inspect/);
    expectCleanFailure(inspect('x', '--yaml'), /unknown option --yaml/);
  });

  it('a path that does not exist', () => {
    expectCleanFailure(inspect(join(root, 'nope')), /nope: no such file or folder/);
  });

  it('a file that is not Flink metadata', () => {
    expectCleanFailure(inspect('package.json'), /package\.json: not a Flink _metadata file: magic number 0x7b0a2020.*at byte offset 0/);
  });

  it('a truncated _metadata names what was being read and the offset', () => {
    const f = join(root, 'truncated', '_metadata');
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, Uint8Array.from([0x49, 0x60, 0x67, 0x2d, 0, 0, 0, 4, 0, 0]));
    expectCleanFailure(inspect(f), /unexpected end of data: the checkpoint id needs 8 bytes, 2 left at byte offset 8/);
  });

  it('a folder with no _metadata in it', () => {
    mkdirSync(join(root, 'empty', 'chk-1'), { recursive: true });
    expectCleanFailure(inspect(join(root, 'empty')), /no _metadata here or in its subfolders/);
  });
});

describeWithFlinkMetadata('npm run inspect on the real Flink samples', (dir) => {
  it('one sample folder: the version, id and operators at the top, every file referenced with its size', () => {
    const sample = flinkCheckpointDirs(dir).find((d) => d.name === 'flink1.20-rocksdb-checkpoint') ?? flinkCheckpointDirs(dir)[0]!;
    const j = JSON.parse(inspect(sample.path, '--json').out);
    expect(j).toMatchObject({ layout: 'checkpoint folder', metadataVersion: 4, missing: [], unreferenced: [] });
    expect(j.checkpointId).toBe(j.checkpoints[0].checkpointId);
    const onDisk = readdirSync(sample.path).filter((f) => f !== '_metadata');
    expect(j.files.map((f: { name: string }) => f.name).sort()).toEqual(onDisk.sort());
    for (const f of j.files) expect(f.size).toBe(statSync(join(sample.path, f.name)).size);
  });

  it('the whole samples folder as one job folder: every checkpoint, every file referenced with its size', () => {
    const r = inspect(dir, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const samples = flinkCheckpointDirs(dir);
    expect(j.checkpoints.map((c: { dir: string }) => c.dir).sort()).toEqual(samples.map((s) => s.name).sort());
    for (const c of j.checkpoints) {
      expect(c.metadataVersion, c.dir).toBe(c.dir.startsWith('flink1.15') ? 3 : 4);
      expect(c.checkpointId).toBeGreaterThan(0);
      expect(c.operators.length).toBeGreaterThan(0);
      for (const o of c.operators) expect(o.parallelism).toBeLessThanOrEqual(o.maxParallelism);
    }
    const onDisk = samples.flatMap((s) => readdirSync(s.path).filter((f) => f !== '_metadata').map((f) => `${s.name}/${f}`));
    expect(j.files.map((f: { path: string }) => f.path).sort()).toEqual(onDisk.sort());
    for (const f of j.files) expect(f.size, f.path).toBe(statSync(join(dir, f.path)).size);
    expect(j.missing).toEqual([]);
    // Only the folder's own README is not checkpoint data.
    expect(j.unreferenced.map((u: { path: string }) => u.path).filter((p: string) => p !== 'README.md')).toEqual([]);
  });
});
