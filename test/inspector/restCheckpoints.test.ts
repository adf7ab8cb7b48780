// §4: the JSON a JobManager serves at /jobs/:jobid/checkpoints (and …/config, …/details/:id),
// pasted into the app: read into checkpoints, or refused naming the field path.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_HISTORY, MAX_REST_TEXT_BYTES, parseRestCheckpoints, restCheckpointList } from '../../src/inspector/rest/restCheckpoints';

const bundle = readFileSync('test/fixtures/rest/checkpoints-bundle.json', 'utf8');
const statistics = readFileSync('test/fixtures/rest/checkpoints.json', 'utf8');

describe('parseRestCheckpoints', () => {
  it('reads a bundle of the three responses: statistics, config and one checkpoint’s details', () => {
    const r = parseRestCheckpoints(bundle);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.statistics?.counts).toEqual({ restored: 0, total: 6, in_progress: 1, completed: 4, failed: 1 });
    expect(r.value.config).toMatchObject({ mode: 'exactly_once', interval: 60000, unaligned_checkpoints: true });
    expect(r.value.details.map((d) => [d.id, Object.keys(d.tasks ?? {}).length])).toEqual([[14, 1]]);
    // Oldest first, one entry per id, each with its status and type.
    expect(restCheckpointList(r.value).map((c) => [c.id, c.status, c.checkpoint_type])).toEqual([
      [11, 'COMPLETED', 'CHECKPOINT'],
      [12, 'COMPLETED', 'CHECKPOINT'],
      [13, 'FAILED', 'CHECKPOINT'],
      [14, 'COMPLETED', 'UNALIGNED_CHECKPOINT'],
      [15, 'COMPLETED', 'SAVEPOINT'],
      [16, 'IN_PROGRESS', 'CHECKPOINT'],
    ]);
    // The details response adds the per-task figures to the history's entry.
    expect(Object.keys(restCheckpointList(r.value).find((c) => c.id === 14)!.tasks ?? {})).toEqual(['bc764cd8ddf7a0cff126f51c16239658']);
  });

  it('reads the statistics response alone', () => {
    const r = parseRestCheckpoints(statistics);
    expect(r.ok && restCheckpointList(r.value).length).toBe(6);
    expect(r.ok && r.value.config).toBe(null);
  });

  it('ignores fields another Flink version adds', () => {
    const doc = JSON.parse(statistics) as { history: Record<string, unknown>[] };
    doc.history[0]!.checkpointed_size_new_in_2_x = 1;
    expect(parseRestCheckpoints(JSON.stringify(doc)).ok).toBe(true);
  });

  it('names the field path of a malformed value, with the endpoint it came from', () => {
    const doc = JSON.parse(bundle) as Record<string, { history: Record<string, unknown>[] }>;
    doc['GET /jobs/:jobid/checkpoints']!.history[1]!.trigger_timestamp = 'yesterday';
    expect(parseRestCheckpoints(JSON.stringify(doc))).toEqual({ ok: false, error: '"GET /jobs/:jobid/checkpoints".history[1].trigger_timestamp: expected a number, got "yesterday"' });
    const alone = JSON.parse(statistics) as { history: Record<string, unknown>[] };
    alone.history[2]!.status = 'DONE';
    const r = parseRestCheckpoints(JSON.stringify(alone));
    expect(r.ok ? '' : r.error).toMatch(/^history\[2\]\.status: expected one of "IN_PROGRESS", "COMPLETED", "FAILED", got "DONE"/);
  });

  it('refuses what is not checkpoint statistics, not JSON, or too large', () => {
    expect(parseRestCheckpoints('{"jobs": []}')).toMatchObject({ ok: false, error: expect.stringMatching(/^\(document\): no checkpoint statistics found/) });
    expect(parseRestCheckpoints('[1]')).toMatchObject({ ok: false, error: expect.stringMatching(/^\(document\): expected an object/) });
    expect(parseRestCheckpoints('{"counts":')).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON: /) });
    expect(parseRestCheckpoints(' '.repeat(MAX_REST_TEXT_BYTES + 1))).toMatchObject({ ok: false, error: expect.stringMatching(/at most 2097152 are read/) });
    const doc = JSON.parse(statistics) as { history: unknown[] };
    doc.history = Array.from({ length: MAX_HISTORY + 1 }, () => doc.history[0]);
    expect(parseRestCheckpoints(JSON.stringify(doc))).toMatchObject({ ok: false, error: `history: at most ${MAX_HISTORY} checkpoints` });
  });

  // The shared example (written from Flink 1.20's REST schemas), where present.
  const shared = '../shared/fidelity/rest-checkpoints-example.json';
  it.skipIf(!existsSync(shared))('reads the shared example of a JobManager’s responses', () => {
    const r = parseRestCheckpoints(readFileSync(shared, 'utf8'));
    if (!r.ok) throw new Error(r.error);
    expect(restCheckpointList(r.value).map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
