// The transaction helper: all-or-nothing, "done" means committed, errors mapped by name.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { runTransaction } from './runTransaction';
import { freshFactory, rejection } from './testFixtures';
import { toPersistenceError } from './toPersistenceError';


const session = (id: string) => ({ formatVersion: 1 as const, sessionId: id, title: id, scenario: {}, interventions: [], cursor: 0, appVersion: 't', createdAtMs: 0, updatedAtMs: 0 });

describe('runTransaction', () => {
  it('commits before resolving: the writes are visible to the next transaction', async () => {
    const db = await openDatabase({ factory: freshFactory() });
    const r = await runTransaction(db, ['sessions'], 'readwrite', 'writing', async (tx) => {
      await Promise.all([tx.objectStore('sessions').put(session('a')), tx.objectStore('sessions').put(session('b'))]);
      return 'ok';
    });
    expect(r).toBe('ok');
    expect(await db.getAllKeys('sessions')).toEqual(['a', 'b']);
  });

  it('an exception in work after some writes leaves none of them', async () => {
    const db = await openDatabase({ factory: freshFactory() });
    const e = await rejection(
      runTransaction(db, ['sessions'], 'readwrite', 'writing two sessions', async (tx) => {
        await tx.objectStore('sessions').put(session('a'));
        await tx.objectStore('sessions').put(session('b'));
        throw new TypeError('bug in the middle');
      }),
    );
    expect(e.kind).toBe('unknown');
    expect(e.message).toContain('Writing two sessions failed unexpectedly (TypeError: bug in the middle)');
    expect(await db.count('sessions')).toBe(0);
  });

  it('a failing request (ConstraintError) midway leaves none of the batch', async () => {
    const db = await openDatabase({ factory: freshFactory() });
    await db.put('sessions', session('taken'));
    const e = await rejection(
      runTransaction(db, ['sessions'], 'readwrite', 'adding', async (tx) => {
        const s = tx.objectStore('sessions');
        await Promise.all([s.put(session('x')), s.add(session('taken')), s.put(session('y'))]);
      }),
    );
    expect(e.message).toContain('ConstraintError');
    expect(await db.getAllKeys('sessions')).toEqual(['taken']);
  });

  it('passes PersistenceErrors thrown by work through unchanged', async () => {
    const db = await openDatabase({ factory: freshFactory() });
    const mine = toPersistenceError(new DOMException('x', 'QuotaExceededError'), 'mine');
    expect(await rejection(runTransaction(db, ['sessions'], 'readonly', 'reading', async () => Promise.reject(mine)))).toBe(mine);
  });

  it('a closed connection gives unavailable, a missing store gives corrupt', async () => {
    const db = await openDatabase({ factory: freshFactory() });
    expect((await rejection(runTransaction(db, ['nope' as 'files'], 'readonly', 'reading', async () => 1))).kind).toBe('corrupt');
    db.close();
    expect((await rejection(runTransaction(db, ['files'], 'readonly', 'reading', async () => 1))).kind).toBe('unavailable');
  });
});

describe('toPersistenceError', () => {
  it.each([
    ['QuotaExceededError', 'quota', ['export', 'reset', 'retry']],
    ['AbortError', 'aborted', ['retry']],
    ['InvalidStateError', 'unavailable', ['reload']],
    ['VersionError', 'version-too-new', ['export', 'reset']],
    ['UnknownError', 'unknown', ['retry', 'export', 'reset']],
    ['SecurityError', 'unavailable', ['reload']],
    ['NotFoundError', 'corrupt', ['export', 'reset']],
    ['DataCloneError', 'unknown', ['retry', 'export']],
  ])('%s → %s', (name, kind, recovery) => {
    const e = toPersistenceError(new DOMException('detail', name), 'saving 3 files of session "s"');
    expect(e.kind).toBe(kind);
    expect(e.recovery).toEqual(recovery);
    expect(e.operation).toBe('saving 3 files of session "s"');
    // Every message says where (the operation, capitalized) and what to do.
    expect(e.message).toMatch(/^Saving 3 files of session "s"/);
    expect(e.message).toMatch(/(try again|Try again|Reload|reset|reload)/);
    expect(e.cause).toBeInstanceOf(DOMException);
  });
});
