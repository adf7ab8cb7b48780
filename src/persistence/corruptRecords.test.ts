// Damaged or foreign records give kind corrupt, naming store and key; listing and reconciling cope.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { IdbRecordStore } from './idbRecordStore';
import { StorageMirror } from './storageMirror';
import { bytesOf, file, freshFactory, idbMirror, put, rawDb, rejection } from './testFixtures';

describe('damaged records give kind corrupt, naming store and key', () => {
  async function planted(store: 'files' | 'sessions' | 'checkpoints', value: unknown): Promise<StorageMirror> {
    const { mirror, factory } = await idbMirror();
    await mirror.applyOps('s1', [put('p', bytesOf(4))]);
    const raw = await rawDb(factory!);
    await raw.put(store, value);
    raw.close();
    return mirror;
  }
  const goodMeta = { scope: 'shared', kind: 'sst', task: 't', checkpointId: 1, writtenAtMs: 0, sst: 1 };
  const good = { formatVersion: 2, sessionId: 's1', path: 'p', size: 4, digest: '', metaJson: JSON.stringify(goodMeta), bytes: new Uint8Array(4) };
  const { metaJson: _metaJson, ...v1Shape } = good;

  // Listing reads the byListing index; a record too damaged to be indexed is read to say why.
  it.each([
    ['wrong formatVersion', { ...good, formatVersion: 3 }, /formatVersion 3, but this version reads only 2/],
    ['the version-1 shape', { ...v1Shape, formatVersion: 1, meta: goodMeta }, /formatVersion 1, but this version reads only 2/],
    ['no formatVersion', { sessionId: 's1', path: 'p', hello: 'world' }, /has no formatVersion/],
    ['a missing field', { ...good, size: undefined }, /no integer field "size"/],
    ['a size that is not an integer', { ...good, size: 4.5 }, /no integer field "size"/],
    ['an unknown file kind', { ...good, metaJson: JSON.stringify({ ...goodMeta, kind: 'zip' }) }, /unknown file kind "zip"/],
    ['a description that is not JSON', { ...good, metaJson: '{"scope":' }, /"metaJson"\) that is not JSON/],
  ])('files record with %s: listFiles says so', async (_what, value, problem) => {
    const mirror = await planted('files', value);
    const e = await rejection(mirror.listFiles('s1'));
    expect(e.kind).toBe('corrupt');
    expect(e.store).toBe('files');
    expect(e.key).toBe('["s1","p"]');
    expect(e.message).toMatch(problem);
    expect(e.message).toContain('"files" store');
    expect(e.recovery).toEqual(['export', 'reset']);
  });

  it('listFiles reports the first damaged record in path order, indexed or not', async () => {
    const { mirror, factory } = await idbMirror();
    await mirror.applyOps('s1', [put('a', bytesOf(4, 1)), put('b', bytesOf(4, 2)), put('c', bytesOf(4, 3))]);
    const raw = await rawDb(factory!);
    const b = (await raw.get('files', ['s1', 'b'])) as Record<string, unknown>;
    const c = (await raw.get('files', ['s1', 'c'])) as Record<string, unknown>;
    await raw.put('files', { ...c, formatVersion: 7 });
    await raw.put('files', { ...b, metaJson: undefined });
    raw.close();
    const e = await rejection(mirror.listFiles('s1'));
    expect([e.key, e.message]).toEqual(['["s1","b"]', expect.stringContaining('no text field "metaJson"')]);
  });

  it.each([
    ['bytes that are not a Uint8Array', { ...good, bytes: [1, 2, 3, 4] }, /holds no bytes \(found \[object Array\] instead of a Uint8Array\)/],
    ['bytes of the wrong size', { ...good, bytes: new Uint8Array(3) }, /holds 3 bytes but says it holds 4/],
    ['bytes that do not match the digest', { ...good, digest: '0000000000000000', bytes: new Uint8Array(4) }, /do not match their digest/],
  ])('files record with %s', async (_what, value, problem) => {
    const { mirror, factory } = await idbMirror();
    const raw = await rawDb(factory!);
    await raw.put('files', value);
    raw.close();
    const e = await rejection(mirror.readFile('s1', 'p'));
    expect(e.kind).toBe('corrupt');
    expect(e.store).toBe('files');
    expect(e.key).toBe('["s1","p"]');
    expect(e.message).toMatch(problem);
  });

  it('readFiles checks each file as it arrives, yet reports missing paths first, then the first damaged one', async () => {
    const { mirror, factory } = await idbMirror();
    await mirror.applyOps('s1', [put('a', bytesOf(4, 1)), put('b', bytesOf(4, 2)), put('c', bytesOf(4, 3))]);
    const raw = await rawDb(factory!);
    for (const path of ['b', 'c']) {
      const rec = (await raw.get('files', ['s1', path])) as { bytes: Uint8Array };
      await raw.put('files', { ...rec, bytes: new Uint8Array(4) });
    }
    raw.close();
    const missing = await rejection(mirror.readFiles('s1', ['c', 'a', 'gone', 'b']));
    expect([missing.kind, missing.message]).toEqual(['not-found', expect.stringContaining('"gone"')]);
    const damaged = await rejection(mirror.readFiles('s1', ['a', 'c', 'b']));
    expect([damaged.kind, damaged.key]).toEqual(['corrupt', '["s1","c"]']);
    expect(await mirror.readFiles('s1', ['a'])).toEqual(new Map([['a', bytesOf(4, 1)]]));
  });

  it('a damaged session is listed as corrupt, and the others are still listed', async () => {
    const { mirror, factory } = await idbMirror();
    await mirror.saveSession({ sessionId: 'ok', title: 'OK', scenario: {}, interventions: [], cursor: 0 });
    const raw = await rawDb(factory!);
    await raw.put('sessions', { formatVersion: 1, sessionId: 'bad', title: 42, scenario: {}, interventions: [], cursor: 0 });
    raw.close();
    const list = await mirror.listSessions();
    expect(list.sessions.map((s) => s.sessionId)).toEqual(['ok']);
    expect(list.corrupt.map((e) => [e.kind, e.store, e.key])).toEqual([['corrupt', 'sessions', '"bad"']]);
    expect((await rejection(mirror.loadSession('bad'))).message).toContain('no text field "title"');
    // Saving over a damaged session repairs it.
    await mirror.saveSession({ sessionId: 'bad', title: 'Fixed', scenario: {}, interventions: [], cursor: 0 });
    expect((await mirror.listSessions()).corrupt).toEqual([]);
  });

  it('reconcile repairs damaged files instead of failing', async () => {
    const { mirror, factory } = await idbMirror();
    await mirror.applyOps('s1', [put('a', bytesOf(4, 1)), put('b', bytesOf(4, 2)), put('c', bytesOf(4, 3)), put('d', bytesOf(4, 4))]);
    const raw = await rawDb(factory!);
    const rec = async (path: string) => (await raw.get('files', ['s1', path])) as Record<string, unknown>;
    // a: an unsound listing; b: not indexable at all; c: damaged bytes under a sound listing; d: gone.
    await raw.put('files', { ...(await rec('a')), formatVersion: 9 });
    await raw.put('files', { ...(await rec('b')), digest: null });
    await raw.put('files', { ...(await rec('c')), bytes: new Uint8Array(4) });
    await raw.delete('files', ['s1', 'd']);
    raw.close();
    const model = { a: file('a', bytesOf(4, 1)), b: file('b', bytesOf(4, 2)), c: file('c', bytesOf(4, 3)), d: file('d', bytesOf(4, 4)) };
    // Without byte verification the damaged bytes of c go unnoticed (its listing is fine).
    expect(await mirror.reconcile('s1', model)).toMatchObject({ added: 1, replaced: 2, unchanged: 1 });
    expect((await mirror.reconcile('s1', model, { verifyBytes: true })).replaced).toBe(1);
    expect(await mirror.readFiles('s1', ['a', 'b', 'c', 'd'])).toEqual(new Map([['a', bytesOf(4, 1)], ['b', bytesOf(4, 2)], ['c', bytesOf(4, 3)], ['d', bytesOf(4, 4)]]));
    expect((await mirror.listFiles('s1')).map((f) => f.path)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('a database without our layout', () => {
  it('gives corrupt from any call', async () => {
    const factory = freshFactory();
    const db = await openDatabase({ factory, migrations: [{ version: 1, description: 'empty', migrate: () => undefined }] });
    const e = await rejection(new StorageMirror(new IdbRecordStore(db)).listFiles('s'));
    expect(e.kind).toBe('corrupt');
    expect(e.message).toContain('layout');
  });
});
