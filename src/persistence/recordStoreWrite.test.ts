// RecordTx.write, the bulk path of applyOps and reconcile, on both record stores: ops apply in
// order, and a failure part-way (even while the ops are still being built) stores none of them.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { IdbRecordStore } from './idbRecordStore';
import { MemoryRecordStore } from './memoryRecordStore';
import { isPersistenceError } from './persistenceError';
import type { RecordStore, WriteOp } from './recordStore';
import { freshFactory } from './testFixtures';

const rec = (path: string, n: number) => ({ formatVersion: 1, sessionId: 's', path, n });
const STORES: [string, () => Promise<RecordStore>][] = [
  ['indexeddb', async () => new IdbRecordStore(await openDatabase({ factory: freshFactory() }))],
  ['memory', async () => new MemoryRecordStore()],
];

describe.each(STORES)('RecordTx.write on %s', (_name, make) => {
  const contents = (store: RecordStore) => store.transact(['files'], 'readonly', 'r', (tx) => tx.getSessionEntries('files', 's')).then((es) => es.map((e) => e.value));

  it('applies puts and deletes in order, across stores', async () => {
    const store = await make();
    const ops: WriteOp[] = [
      { store: 'files', put: rec('a', 1) },
      { store: 'files', put: rec('b', 1) },
      { store: 'checkpoints', put: { formatVersion: 1, sessionId: 's', checkpointId: 9 } },
      { store: 'files', delete: ['s', 'a'] },
      { store: 'files', put: rec('b', 2) },
    ];
    await store.transact(['files', 'checkpoints'], 'readwrite', 'w', (tx) => tx.write(ops));
    expect(await contents(store)).toEqual([rec('b', 2)]);
    expect(await store.transact(['checkpoints'], 'readonly', 'r', (tx) => tx.getSessionKeys('checkpoints', 's'))).toEqual([['s', 9]]);
    await store.transact(['files'], 'readwrite', 'w', (tx) => tx.write([]));
    expect(await contents(store)).toEqual([rec('b', 2)]);
  });

  it('stores nothing when building an op throws part-way', async () => {
    const store = await make();
    function* failing(): Generator<WriteOp> {
      yield { store: 'files', put: rec('a', 1) };
      yield { store: 'files', delete: ['s', 'b'] };
      throw new DOMException('full', 'QuotaExceededError');
    }
    await store.transact(['files'], 'readwrite', 'seed', (tx) => tx.put('files', rec('b', 1)));
    const e = await store.transact(['files'], 'readwrite', 'w', (tx) => tx.write(failing())).catch((x: unknown) => x);
    expect(isPersistenceError(e) && e.kind).toBe('quota');
    expect(await contents(store)).toEqual([rec('b', 1)]);
  });

  /** Ops each taking `ms` to build (a file's bytes digested and copied): a write of many spans several of writeAll's slices. */
  function* slow(n: number, ms: number, failAt = -1): Generator<WriteOp> {
    for (let i = 0; i < n; i++) {
      const until = performance.now() + ms;
      while (performance.now() < until);
      if (i === failAt) throw new DOMException('full', 'QuotaExceededError');
      yield { store: 'files', put: rec(`p${String(i).padStart(2, '0')}`, i) };
    }
  }

  it('a write longer than one slice of the thread is issued over several tasks, still one transaction: all of it, or nothing', async () => {
    const store = await make();
    await store.transact(['files'], 'readwrite', 'w', (tx) => tx.write(slow(12, 3)));
    expect((await contents(store)).map((r) => (r as { n: number }).n)).toEqual([...Array(12).keys()]);
    // Fails in a later slice than the one that issued the delete: the delete is undone too.
    function* deleteThenFail(): Generator<WriteOp> {
      yield { store: 'files', delete: ['s', 'p00'] };
      yield* slow(12, 3, 10);
    }
    const e = await store.transact(['files'], 'readwrite', 'w', (tx) => tx.write(deleteThenFail())).catch((x: unknown) => x);
    expect(isPersistenceError(e) && e.kind).toBe('quota');
    expect(await contents(store)).toHaveLength(12);
  });

  it('stores nothing when a request fails (a record without its key)', async () => {
    const store = await make();
    const e = await store
      .transact(['files'], 'readwrite', 'w', (tx) => tx.write([{ store: 'files', put: rec('a', 1) }, { store: 'files', put: { sessionId: 's' } }]))
      .catch((x: unknown) => x);
    expect(isPersistenceError(e)).toBe(true);
    expect(await contents(store)).toEqual([]);
  });
});
