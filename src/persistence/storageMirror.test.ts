// Contract tests: the same behaviour from the IndexedDB mirror and the in-memory fallback.
import { describe, expect, it } from 'vitest';
import { BACKENDS, bytesOf, del, file, meta, put, rejection } from './testFixtures';


const anyMeta = (x: unknown): unknown => x;
const checkpointMetaShape = (x: unknown): { id: number; files: string[] } => {
  const o = x as { id?: unknown; files?: unknown };
  if (typeof o.id !== 'number' || !Array.isArray(o.files)) throw new Error('expected {id, files}');
  return o as { id: number; files: string[] };
};

describe.each(BACKENDS)('StorageMirror on %s', (_name, make) => {
  it('applies puts and deletes in order and reads the bytes back', async () => {
    const { mirror } = await make();
    const a = bytesOf(10, 1);
    const b = bytesOf(20, 2);
    const r = await mirror.applyOps('s1', [put('job/shared/a.sst', a), put('job/chk-1/_metadata', b, meta(1, { scope: 'exclusive', kind: 'metadata', task: 'jobmanager', sst: null })), del('job/shared/a.sst'), put('job/shared/a.sst', b)]);
    expect(r).toMatchObject({ puts: 3, deletes: 1 });
    // What each op left stored, in order (what MirrorSync keeps to plan its next reconcile).
    expect(r.listings.map(([path, l]) => [path, l && [l.size, l.meta.kind]])).toEqual([
      ['job/shared/a.sst', [10, 'sst']],
      ['job/chk-1/_metadata', [20, 'metadata']],
      ['job/shared/a.sst', null],
      ['job/shared/a.sst', [20, 'sst']],
    ]);
    expect(await mirror.readFile('s1', 'job/shared/a.sst')).toEqual(b);
    const both = await mirror.readFiles('s1', ['job/chk-1/_metadata', 'job/shared/a.sst']);
    expect([...both.keys()]).toEqual(['job/chk-1/_metadata', 'job/shared/a.sst']);
    expect(both.get('job/chk-1/_metadata')).toEqual(b);
    const listing = await mirror.listFiles('s1');
    expect(listing.map((f) => [f.path, f.size, f.meta.kind])).toEqual([
      ['job/chk-1/_metadata', 20, 'metadata'],
      ['job/shared/a.sst', 20, 'sst'],
    ]);
    expect(await mirror.applyOps('s1', [])).toMatchObject({ puts: 0, deletes: 0 });
  });

  it('keeps sessions apart', async () => {
    const { mirror } = await make();
    await mirror.applyOps('s1', [put('p', bytesOf(3, 1))]);
    await mirror.applyOps('s10', [put('p', bytesOf(4, 2))]);
    await mirror.applyOps('s', [put('q', bytesOf(5, 3))]);
    expect((await mirror.listFiles('s1')).map((f) => f.size)).toEqual([3]);
    expect((await mirror.listFiles('s10')).map((f) => f.size)).toEqual([4]);
    expect((await mirror.listFiles('s')).map((f) => f.path)).toEqual(['q']);
  });

  it('stores only the bytes of a subarray, not its whole buffer', async () => {
    const { mirror } = await make();
    const big = bytesOf(1000, 5);
    await mirror.applyOps('s1', [put('slice', big.subarray(100, 110))]);
    const back = await mirror.readFile('s1', 'slice');
    expect(back).toEqual(big.slice(100, 110));
    expect(back.buffer.byteLength).toBe(10);
  });

  it('names every missing path in a not-found error', async () => {
    const { mirror } = await make();
    await mirror.applyOps('s1', [put('here', bytesOf(1))]);
    const e = await rejection(mirror.readFiles('s1', ['here', 'gone/a', 'gone/b']));
    expect(e.kind).toBe('not-found');
    expect(e.message).toContain('"gone/a", "gone/b"');
    expect(e.message).toContain('session "s1"');
    expect((await rejection(mirror.readFile('s1', 'nope'))).message).toContain('"nope"');
  });

  it('round-trips checkpoint metadata and checks it with the caller’s validator', async () => {
    const { mirror } = await make();
    await mirror.putCheckpointMeta('s1', 2, { id: 2, files: ['b'] });
    await mirror.putCheckpointMeta('s1', 10, { id: 10, files: ['c'] });
    await mirror.putCheckpointMeta('s1', 1, { id: 1, files: ['a'] });
    await mirror.putCheckpointMeta('s2', 1, { id: 1, files: ['other'] });
    expect((await mirror.getCheckpointMeta('s1', 2, checkpointMetaShape))?.meta).toEqual({ id: 2, files: ['b'] });
    expect(await mirror.getCheckpointMeta('s1', 3, checkpointMetaShape)).toBeUndefined();
    const list = await mirror.listCompletedCheckpoints('s1', checkpointMetaShape);
    expect(list.map((c) => c.checkpointId)).toEqual([1, 2, 10]);
    expect(await mirror.deleteCheckpointMeta('s1', 2)).toBe(true);
    expect(await mirror.deleteCheckpointMeta('s1', 2)).toBe(false);
    expect((await mirror.listCompletedCheckpoints('s1', anyMeta)).map((c) => c.checkpointId)).toEqual([1, 10]);

    await mirror.putCheckpointMeta('s1', 5, { nope: true });
    const e = await rejection(mirror.getCheckpointMeta('s1', 5, checkpointMetaShape));
    expect(e.kind).toBe('corrupt');
    expect(e.store).toBe('checkpoints');
    expect(e.key).toBe('["s1",5]');
    expect(e.message).toContain('expected {id, files}');
  });

  it('round-trips the registry snapshot, bytes included', async () => {
    const { mirror } = await make();
    expect(await mirror.getRegistry('s1', anyMeta)).toBeUndefined();
    const snapshot = { entries: [{ key: 'job/shared/a.sst', refs: [1, 2], handle: bytesOf(4) }] };
    await mirror.putRegistry('s1', snapshot);
    const back = await mirror.getRegistry('s1', anyMeta);
    expect(back?.snapshot).toEqual(snapshot);
    expect(typeof back?.savedAtMs).toBe('number');
  });

  it('saves, loads, lists and deletes sessions', async () => {
    const { mirror } = await make();
    const first = await mirror.saveSession({ sessionId: 'a', title: 'First', scenario: { format: 1, tasks: 2 }, interventions: [{ step: 3, action: { do: 'checkpoint' } }], cursor: 3 });
    await mirror.saveSession({ sessionId: 'b', title: 'Second', scenario: { format: 1 }, interventions: [], cursor: 0 });
    const again = await mirror.saveSession({ sessionId: 'a', title: 'First, renamed', scenario: { format: 1, tasks: 2 }, interventions: [], cursor: 9 });
    expect(again.createdAtMs).toBe(first.createdAtMs);
    expect(again.updatedAtMs).toBeGreaterThan(first.updatedAtMs);
    expect(again.appVersion).toBe('test-1');

    const loaded = await mirror.loadSession('a');
    expect(loaded).toMatchObject({ sessionId: 'a', title: 'First, renamed', cursor: 9, scenario: { format: 1, tasks: 2 }, interventions: [] });
    expect(await mirror.loadSession('zzz')).toBeUndefined();

    const list = await mirror.listSessions();
    expect(list.sessions.map((s) => s.sessionId)).toEqual(['a', 'b']);
    expect(list.corrupt).toEqual([]);

    const bad = await rejection(mirror.loadSession('b', { scenario: () => { throw new Error('scenario field "tasks" is required'); } }));
    expect(bad.kind).toBe('corrupt');
    expect(bad.message).toContain('"tasks" is required');
    expect(bad.store).toBe('sessions');
  });

  it('deletes everything of one session, and nothing of another', async () => {
    const { mirror } = await make();
    for (const s of ['gone', 'kept']) {
      await mirror.saveSession({ sessionId: s, title: s, scenario: {}, interventions: [], cursor: 0 });
      await mirror.applyOps(s, [put('x', bytesOf(2)), put('y', bytesOf(3))]);
      await mirror.putCheckpointMeta(s, 1, { id: 1, files: [] });
      await mirror.putRegistry(s, { n: 1 });
    }
    expect(await mirror.deleteSession('gone')).toBe(true);
    expect(await mirror.deleteSession('gone')).toBe(false);
    expect(await mirror.loadSession('gone')).toBeUndefined();
    expect(await mirror.listFiles('gone')).toEqual([]);
    expect(await mirror.listCompletedCheckpoints('gone', anyMeta)).toEqual([]);
    expect(await mirror.getRegistry('gone', anyMeta)).toBeUndefined();
    expect((await mirror.listFiles('kept')).length).toBe(2);
    expect((await mirror.listCompletedCheckpoints('kept', anyMeta)).length).toBe(1);
    expect(await mirror.getRegistry('kept', anyMeta)).toBeDefined();
  });

  it('reconciles to the model and reports counts; a second reconcile changes nothing', async () => {
    const { mirror } = await make();
    await mirror.applyOps('s1', [put('keep', bytesOf(5, 1)), put('change', bytesOf(5, 2)), put('drop', bytesOf(5, 3)), put('meta', bytesOf(2, 4))]);
    const model = {
      keep: file('keep', bytesOf(5, 1)),
      change: file('change', bytesOf(5, 9)),
      meta: file('meta', bytesOf(2, 4), meta(2)),
      add: file('add', bytesOf(8, 8)),
    };
    const r = await mirror.reconcile('s1', model, { checkpoints: [{ checkpointId: 2, meta: { id: 2, files: ['add'] } }] });
    expect(r).toMatchObject({ added: 1, replaced: 2, deleted: 1, unchanged: 1, checkpointsWritten: 1, checkpointsDeleted: 0 });
    expect((await mirror.listFiles('s1')).map((f) => f.path)).toEqual(['add', 'change', 'keep', 'meta']);
    expect(await mirror.readFile('s1', 'change')).toEqual(bytesOf(5, 9));
    expect((await mirror.listFiles('s1')).find((f) => f.path === 'meta')?.meta.checkpointId).toBe(2);
    const again = await mirror.reconcile('s1', model, { verifyBytes: true, checkpoints: [] });
    expect(again).toMatchObject({ added: 0, replaced: 0, deleted: 0, unchanged: 4, checkpointsWritten: 0, checkpointsDeleted: 1 });
    // The listing it left is what a read lists.
    expect([...again.listing.values()].sort((x, y) => (x.path < y.path ? -1 : 1))).toEqual(await mirror.listFiles('s1'));
  });

  it('exports a session as JSON and imports it back, all or nothing', async () => {
    const { mirror } = await make();
    await mirror.saveSession({ sessionId: 's1', title: 'Demo', scenario: { format: 1, untilMs: 5000 }, interventions: [{ step: 2, action: { do: 'fail', task: 'map#0' } }], cursor: 7 });
    await mirror.applyOps('s1', [put('job/shared/1.sst', bytesOf(300, 1)), put('job/chk-1/_metadata', bytesOf(0), meta(1, { kind: 'metadata', sst: null }))]);
    await mirror.putCheckpointMeta('s1', 1, { id: 1, files: ['job/shared/1.sst'], blob: bytesOf(3) });
    await mirror.putRegistry('s1', { $weird: 'key', n: Number.POSITIVE_INFINITY });
    const exported = await mirror.exportSession('s1');
    const json = JSON.parse(JSON.stringify(exported)) as unknown;
    expect(json).toEqual(exported);

    expect(await mirror.deleteSession('s1')).toBe(true);
    const summary = await mirror.importSession(json);
    expect(summary).toMatchObject({ sessionId: 's1', title: 'Demo', cursor: 7, interventionCount: 1 });
    expect(await mirror.readFile('s1', 'job/shared/1.sst')).toEqual(bytesOf(300, 1));
    expect(await mirror.readFile('s1', 'job/chk-1/_metadata')).toEqual(new Uint8Array(0));
    expect((await mirror.getCheckpointMeta('s1', 1, anyMeta))?.meta).toEqual({ id: 1, files: ['job/shared/1.sst'], blob: bytesOf(3) });
    expect((await mirror.getRegistry('s1', anyMeta))?.snapshot).toEqual({ $weird: 'key', n: Number.POSITIVE_INFINITY });
    expect(await mirror.exportSession('s1')).toEqual({ ...exported, exportedAtMs: expect.any(Number) });

    // A damaged export is refused as a whole: the copy stored as "copy" never appears.
    const tampered = JSON.parse(JSON.stringify(exported)) as { files: { bytes: string }[] };
    tampered.files[1]!.bytes = btoa('not the same bytes');
    const e = await rejection(mirror.importSession(tampered, 'copy'));
    expect(e.kind).toBe('corrupt');
    expect(e.message).toMatch(/files\[1\] \(job\/shared\/1\.sst\) has bytes that do not match/);
    expect(await mirror.loadSession('copy')).toBeUndefined();
    expect(await mirror.listFiles('copy')).toEqual([]);
    expect((await rejection(mirror.importSession({ format: 'something else' }))).message).toContain('not a valid Checkpoint Lab session export');
    expect((await rejection(mirror.exportSession('none'))).kind).toBe('not-found');
  });

  it('runs concurrent calls without losing writes', async () => {
    const { mirror } = await make();
    await Promise.all(Array.from({ length: 20 }, (_, i) => mirror.applyOps('s1', [put(`f${String(i).padStart(2, '0')}`, bytesOf(i + 1, i))])));
    expect((await mirror.listFiles('s1')).length).toBe(20);
  });

  it('refuses ids it cannot key by, before touching storage', async () => {
    const { mirror } = await make();
    await expect(mirror.applyOps('', [put('a', bytesOf(1))])).rejects.toThrow(TypeError);
    await expect(mirror.putCheckpointMeta('s', -1, {})).rejects.toThrow(TypeError);
    await expect(mirror.getCheckpointMeta('s', Number.NaN, (x) => x)).rejects.toThrow(TypeError);
    await expect(mirror.saveSession({ sessionId: 's', title: '', scenario: {}, interventions: [], cursor: 1.5 })).rejects.toThrow(TypeError);
  });
});
