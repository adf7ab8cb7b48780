import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function sim(...args: string[]) {
  const r = spawnSync('npx', ['tsx', 'cli/sim.ts', ...args], { encoding: 'utf8', cwd: process.cwd() });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function tempFile(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cl-sim-'));
  const p = join(dir, 'scenario.json');
  writeFileSync(p, content);
  return p;
}

describe('npm run sim', () => {
  it("prints the summary of seed 002's scenario, field by field", () => {
    const r = sim('scenarios/seed002-refcount.json');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.checkpoints.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
      [1, 'SUBSUMED'],
      [2, 'SUBSUMED'],
      [3, 'COMPLETED'],
      [4, 'COMPLETED'],
    ]);
    expect(s.checkpoints.map((c: { tasks: Record<string, { sharedFiles: number[]; uploadedFiles: number[] }> }) => c.tasks['count#0'])).toEqual([
      { sharedFiles: [1, 2], uploadedFiles: [1, 2], materializationId: null, changelog: null },
      { sharedFiles: [1, 2, 3, 4], uploadedFiles: [3, 4], materializationId: null, changelog: null },
      { sharedFiles: [4, 5, 6], uploadedFiles: [5, 6], materializationId: null, changelog: null },
      { sharedFiles: [5, 8], uploadedFiles: [8], materializationId: null, changelog: null },
    ]);
    expect(s.retained).toEqual([3, 4]);
    const ssts = s.files.filter((f: { kind: string }) => f.kind === 'sst');
    const cp4 = s.checkpoints[3].completeMs;
    const bySst = Object.fromEntries(ssts.map((f: { sst: number }) => [f.sst, f]));
    for (const n of [1, 2, 3]) expect(bySst[n]).toMatchObject({ refCount: 0, deletedAtMs: cp4, createdByCheckpoint: n < 3 ? 1 : 2 });
    expect(bySst[5]).toMatchObject({ inputs: [1, 2, 3], refCount: 2, deletedAtMs: null });
    expect(bySst[8]).toMatchObject({ inputs: [4, 6, 7], refCount: 1, deletedAtMs: null });
    expect(s.state['count#0']).toEqual({ c: 1, e: 1, g: 1, j: 1, m: 1, p: 1 });
    expect(s.sink).toEqual({ committed: 6, duplicates: 0, verdict: { exactlyOnce: true, compared: 6, correct: 6, lost: 0, duplicated: 0, notCompared: 0, lostOrigins: [], duplicatedOrigins: [] } });
    const meta = s.files.filter((f: { kind: string }) => f.kind === 'metadata');
    expect(meta).toHaveLength(4);
  });

  it('reports the sink and its exactly-once verdict: a transactional sink after failures against a plain one', () => {
    const tx = sim('scenarios/sink-after-failure-transactional.json');
    expect(tx.code).toBe(0);
    const plain = sim('scenarios/sink-after-failure-plain.json');
    expect(plain.code).toBe(0);
    const t = JSON.parse(tx.out);
    const p = JSON.parse(plain.out);
    // Both jobs fail twice (count#0, then sink#1 between checkpoint 3's completion and its notification); their keyed state is the same.
    expect(t.state).toEqual(p.state);
    expect(t.sink).toEqual({ committed: 9, duplicates: 0, verdict: { exactlyOnce: true, compared: 9, correct: 9, lost: 0, duplicated: 0, notCompared: 0, lostOrigins: [], duplicatedOrigins: [] } });
    // The plain sink emitted f, g and h before the first failure and again after the restore.
    expect(p.sink).toEqual({ committed: 12, duplicates: 3, verdict: { exactlyOnce: false, compared: 9, correct: 6, lost: 0, duplicated: 3, notCompared: 0, lostOrigins: [], duplicatedOrigins: ['p0:l3', 'p0:l4', 'p1:l2'] } });
    const events = sim('scenarios/sink-after-failure-transactional.json', '--events').out.trim().split('\n').map((l) => JSON.parse(l));
    const kinds = (type: string) => events.filter((e) => e.type === type);
    expect(kinds('sink.abort').map((e) => e.reason)).toEqual(['close', 'close', 'close', 'close']);
    expect(kinds('sink.recoverAndCommit').map((e) => e.outcome)).toEqual(['already-committed', 'already-committed', 'committed', 'committed']);
    for (const type of ['sink.beginTransaction', 'sink.preCommit', 'sink.commit', 'sink.abort', 'sink.recoverAndCommit']) {
      expect(kinds(type)[0].flinkRef).toMatch(/^org\.apache\.flink\.streaming\.api\.functions\.sink\.TwoPhaseCommitSinkFunction#/);
    }
  });

  it('reports unaligned checkpoints under back-pressure: channel-state files in the checkpoint directory, exactly-once output', () => {
    const r = sim('scenarios/backpressure-unaligned.json');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.checkpoints.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
      [1, 'SUBSUMED'],
      [2, 'SUBSUMED'],
      [3, 'SUBSUMED'],
      [4, 'SUBSUMED'],
      [5, 'COMPLETED'],
      [6, 'COMPLETED'],
    ]);
    expect(s.retained).toEqual([5, 6]);
    const channel = s.files.filter((f: { kind: string }) => f.kind === 'channel');
    expect(channel.length).toBeGreaterThan(5);
    for (const f of channel) {
      // Exclusive to its checkpoint: chk-<n>/, deleted when that checkpoint is subsumed, never in the shared registry.
      expect(f.path).toContain(`/chk-${f.createdByCheckpoint}/`);
      expect(f.refCount).toBeNull();
      expect(f.lastUsedCheckpoint).toBeNull();
      expect(s.retained.includes(f.createdByCheckpoint) ? f.deletedAtMs : typeof f.deletedAtMs).toBe(s.retained.includes(f.createdByCheckpoint) ? null : 'number');
    }
    expect(s.sink).toMatchObject({ duplicates: 0, verdict: { exactlyOnce: true, lost: 0, duplicated: 0 } });
  });

  it('prints the event log as NDJSON with --events', () => {
    const r = sim('scenarios/seed002-refcount.json', '--events');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0].type).toBe('sim.started');
    for (const e of lines) expect(typeof e.flinkRef).toBe('string');
    expect(lines.filter((e) => e.type === 'checkpoint.completed')).toHaveLength(4);
  });

  it("prints Flink's REST checkpoint statistics with --rest", () => {
    const r = sim('scenarios/seed002-refcount.json', '--rest');
    const rest = JSON.parse(r.out);
    expect(rest.counts).toEqual({ restored: 0, total: 4, in_progress: 0, completed: 4, failed: 0 });
    expect(rest.history.map((h: { id: number }) => h.id)).toEqual([4, 3, 2, 1]);
    expect(rest.latest.completed).toMatchObject({ className: 'completed', id: 4, status: 'COMPLETED', checkpoint_type: 'CHECKPOINT', discarded: false });
    expect(Object.keys(rest.summary)).toEqual(['checkpointed_size', 'state_size', 'end_to_end_duration', 'alignment_buffered', 'processed_data', 'persisted_data']);
  });

  it('refuses a bad scenario: the field path on stderr, exit 2, nothing on stdout', () => {
    const r = sim(tempFile(JSON.stringify({ format: 'checkpoint-lab/scenario@1', job: { parallelism: 0 } })));
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/job\.parallelism/);
    const broken = sim(tempFile('{ "format": "checkpoint-lab/scenario@1", }'));
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/line 1, column/);
    const missing = sim('does-not-exist.json');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/cannot read/);
  });
});
