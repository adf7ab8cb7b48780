// The in-memory fallback keeps IndexedDB's rules, so code tested on it behaves the same on IndexedDB.
import { describe, expect, it } from 'vitest';
import { MemoryRecordStore } from './memoryRecordStore';
import { isPersistenceError } from './persistenceError';

const rec = (sessionId: string, path: string, n = 1) => ({ formatVersion: 1, sessionId, path, n });

describe('MemoryRecordStore', () => {
  it('rolls back every write of a failed transaction', async () => {
    const store = new MemoryRecordStore();
    await store.transact(['files'], 'readwrite', 'seed', (tx) => tx.put('files', rec('s', 'a')));
    const e = await store
      .transact(['files'], 'readwrite', 'writing', async (tx) => {
        await tx.put('files', rec('s', 'b'));
        await tx.delete('files', ['s', 'a']);
        throw new DOMException('full', 'QuotaExceededError');
      })
      .catch((x: unknown) => x);
    expect(isPersistenceError(e) && e.kind).toBe('quota');
    const keys = await store.transact(['files'], 'readonly', 'reading', (tx) => tx.getSessionKeys('files', 's'));
    expect(keys).toEqual([['s', 'a']]);
  });

  it('refuses writes in readonly transactions, stores outside the scope, and a finished tx', async () => {
    const store = new MemoryRecordStore();
    const kinds: unknown[] = [];
    for (const work of [
      () => store.transact(['files'], 'readonly', 'w', (tx) => tx.put('files', rec('s', 'a'))),
      () => store.transact(['files'], 'readwrite', 'w', (tx) => tx.put('sessions', { sessionId: 's' })),
    ]) kinds.push(await work().catch((e: unknown) => (isPersistenceError(e) ? e.message : e)));
    expect(kinds[0]).toContain('ReadOnlyError');
    expect(kinds[1]).toContain('NotFoundError');
    let leaked: Parameters<Parameters<MemoryRecordStore['transact']>[3]>[0] | null = null;
    await store.transact(['files'], 'readonly', 'r', async (tx) => void (leaked = tx));
    await expect(leaked!.get('files', ['s', 'a'])).rejects.toThrow(/finished/);
  });

  it('clones values in and out, and orders keys like IndexedDB', async () => {
    const store = new MemoryRecordStore();
    const value = rec('s', 'b');
    await store.transact(['files'], 'readwrite', 'w', async (tx) => {
      await Promise.all([tx.put('files', value), tx.put('files', rec('s', 'a')), tx.put('files', rec('s', '10')), tx.put('files', rec('t', '0'))]);
    });
    value.n = 99;
    const entries = await store.transact(['files'], 'readonly', 'r', (tx) => tx.getSessionEntries('files', 's'));
    expect(entries.map((e) => e.key)).toEqual([['s', '10'], ['s', 'a'], ['s', 'b']]);
    expect((entries[2]!.value as { n: number }).n).toBe(1);
  });
});
