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

  it('names the path of a duration that is not a number, as the REST view shows it', () => {
    const doc = JSON.parse(statistics) as { history: Record<string, unknown>[] };
    doc.history[3]!.end_to_end_duration = '640ms';
    expect(parseRestCheckpoints(JSON.stringify(doc))).toEqual({ ok: false, error: 'history[3].end_to_end_duration: expected a number, got "640ms"' });
    const task = JSON.parse(bundle) as Record<string, { tasks: Record<string, Record<string, unknown>> }>;
    task['GET /jobs/:jobid/checkpoints/details/14']!.tasks.bc764cd8ddf7a0cff126f51c16239658!.persisted_data = -5;
    const r = parseRestCheckpoints(JSON.stringify(task));
    expect(r.ok ? '' : r.error).toMatch(/^"GET \/jobs\/:jobid\/checkpoints\/details\/14"\.tasks\.bc764cd8ddf7a0cff126f51c16239658\.persisted_data: /);
  });

  it('finds the job id in a bundle key, else in a checkpoint directory (not a savepoint’s)', () => {
    const doc = JSON.parse(bundle) as Record<string, unknown>;
    const keyed = Object.fromEntries(Object.entries(doc).map(([k, v]) => [k.replace(':jobid', '7684BE6F5E0C4D3FA1BDF2C3D1E0A9B8'), v]));
    expect(parseRestCheckpoints(JSON.stringify(keyed))).toMatchObject({ ok: true, value: { jobId: '7684be6f5e0c4d3fa1bdf2c3d1e0a9b8' } });
    expect(parseRestCheckpoints(bundle)).toMatchObject({ ok: true, value: { jobId: '0a1b2c3d4e5f60718293a4b5c6d7e8f9' } });
    const noChk = JSON.parse(statistics) as { latest: Record<string, Record<string, unknown> | null>; history: Record<string, unknown>[] };
    for (const c of [...noChk.history, ...Object.values(noChk.latest)]) if (c && typeof c.external_path === 'string' && c.external_path.includes('/chk-')) c.external_path = null;
    expect(parseRestCheckpoints(JSON.stringify(noChk))).toMatchObject({ ok: true, value: { jobId: null } });
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
