// Damaged or foreign records give kind corrupt, naming store and key; listing and reconciling cope.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { IdbRecordStore } from './idbRecordStore';
import { StorageMirror } from './storageMirror';
import { bytesOf, file, freshFactory, idbMirror, put, rawDb, rejection } from './testFixtures';

describe('damaged records give kind corrupt, naming store and key', () => {
  async function planted(store: 'files' | 'fileIndex' | 'sessions' | 'checkpoints', value: unknown): Promise<StorageMirror> {
    const { mirror, factory } = await idbMirror();
    await mirror.applyOps('s1', [put('p', bytesOf(4))]);
    const raw = await rawDb(factory!);
    await raw.put(store, value);
    raw.close();
    return mirror;
  }
  const good = { formatVersion: 1, sessionId: 's1', path: 'p', size: 4, digest: '', meta: { scope: 'shared', kind: 'sst', task: 't', checkpointId: 1, writtenAtMs: 0, sst: 1 } };

  it.each([
    ['wrong formatVersion', { ...good, formatVersion: 2 }, /formatVersion 2, but this version reads only 1/],
    ['no formatVersion', { sessionId: 's1', path: 'p', hello: 'world' }, /has no formatVersion/],
    ['a missing field', { ...good, size: undefined }, /no integer field "size"/],
    ['an unknown file kind', { ...good, meta: { ...good.meta, kind: 'zip' } }, /unknown file kind "zip"/],
  ])('fileIndex record with %s', async (_what, value, problem) => {
    const mirror = await planted('fileIndex', value);
    const e = await rejection(mirror.listFiles('s1'));
    expect(e.kind).toBe('corrupt');
    expect(e.store).toBe('fileIndex');
    expect(e.key).toBe('["s1","p"]');
    expect(e.message).toMatch(problem);
    expect(e.message).toContain('"fileIndex" store');
    expect(e.recovery).toEqual(['export', 'reset']);
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

  it('reconcile repairs damaged and half-written files instead of failing', async () => {
    const { mirror, factory } = await idbMirror();
    await mirror.applyOps('s1', [put('a', bytesOf(4, 1)), put('b', bytesOf(4, 2)), put('c', bytesOf(4, 3))]);
    const raw = await rawDb(factory!);
    await raw.put('fileIndex', { formatVersion: 9, sessionId: 's1', path: 'a' });
    await raw.delete('files', ['s1', 'b']);
    const c = (await raw.get('files', ['s1', 'c'])) as { bytes: Uint8Array };
    await raw.put('files', { ...c, bytes: new Uint8Array(4) });
    raw.close();
    const model = { a: file('a', bytesOf(4, 1)), b: file('b', bytesOf(4, 2)), c: file('c', bytesOf(4, 3)) };
    // Without byte verification the damaged bytes of c go unnoticed (its index record is fine).
    expect(await mirror.reconcile('s1', model)).toMatchObject({ replaced: 2, unchanged: 1 });
    expect((await mirror.reconcile('s1', model, { verifyBytes: true })).replaced).toBe(1);
    expect(await mirror.readFiles('s1', ['a', 'b', 'c'])).toEqual(new Map([['a', bytesOf(4, 1)], ['b', bytesOf(4, 2)], ['c', bytesOf(4, 3)]]));
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
