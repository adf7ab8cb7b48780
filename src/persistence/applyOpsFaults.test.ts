// applyOps under injected faults: a failing batch (quota, abort) stores nothing of itself and
// leaves what was stored before intact; a batch is one transaction however many ops it has.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageOp } from '../engine/storage/remoteStorage';
import type { StorageMirror } from './storageMirror';
import { bytesOf, idbMirror, put, rejection } from './testFixtures';

/** Makes the n-th IDBObjectStore.put from now on misbehave as `fail` says. */
function failNthPut(n: number, fail: (store: IDBObjectStore, args: Parameters<IDBObjectStore['put']>) => IDBRequest<IDBValidKey>): void {
  const original = IDBObjectStore.prototype.put;
  let calls = 0;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
    calls++;
    return calls === n ? fail(this, args) : original.apply(this, args);
  });
}

const tenOps = Array.from({ length: 10 }, (_, i) => put(`batch/${i}`, bytesOf(16, i)));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function del(path: string): StorageOp {
  return { op: 'delete', path };
}

describe('a failing batch stores nothing of itself and keeps what was stored before', () => {
  async function seeded(): Promise<StorageMirror> {
    const { mirror } = await idbMirror();
    await mirror.applyOps('s1', [put('before/a', bytesOf(4, 1)), put('before/b', bytesOf(4, 2))]);
    return mirror;
  }

  async function expectOnlyBefore(mirror: StorageMirror): Promise<void> {
    expect((await mirror.listFiles('s1')).map((f) => f.path)).toEqual(['before/a', 'before/b']);
    expect(await mirror.readFile('s1', 'before/b')).toEqual(bytesOf(4, 2));
  }

  it('quota thrown by put midway (synchronously) → kind quota', async () => {
    const mirror = await seeded();
    failNthPut(7, () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const e = await rejection(mirror.applyOps('s1', [del('before/a'), ...tenOps]));
    expect(e.kind).toBe('quota');
    expect(e.recovery).toEqual(['export', 'reset', 'retry']);
    expect(e.message).toContain('session "s1"');
    expect(e.message).toContain('Nothing of this change was saved');
    vi.restoreAllMocks();
    await expectOnlyBefore(mirror);
  });

  it('quota reported by a request (asynchronously, aborting the transaction) → kind quota', async () => {
    const mirror = await seeded();
    failNthPut(8, (store) =>
      // fake-indexeddb internals: queue a request whose operation fails, exactly as a real
      // quota failure does (the error event aborts the transaction with tx.error set).
      (store.transaction as unknown as { _execRequestAsync(o: object): IDBRequest<IDBValidKey> })._execRequestAsync({
        source: store,
        operation: () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        },
      }),
    );
    const e = await rejection(mirror.applyOps('s1', tenOps));
    expect(e.kind).toBe('quota');
    vi.restoreAllMocks();
    await expectOnlyBefore(mirror);
  });

  it('a transaction aborted midway → kind aborted', async () => {
    const mirror = await seeded();
    const original = IDBObjectStore.prototype.put;
    failNthPut(5, (store, args) => {
      const request = original.apply(store, args);
      store.transaction.abort();
      return request;
    });
    const e = await rejection(mirror.applyOps('s1', tenOps));
    expect(e.kind).toBe('aborted');
    expect(e.recovery).toEqual(['retry']);
    vi.restoreAllMocks();
    await expectOnlyBefore(mirror);
  });

  it('after a failed batch, the same batch can be retried', async () => {
    const mirror = await seeded();
    failNthPut(3, () => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await rejection(mirror.applyOps('s1', tenOps));
    vi.restoreAllMocks();
    expect(await mirror.applyOps('s1', tenOps)).toMatchObject({ puts: 10, deletes: 0 });
    expect((await mirror.listFiles('s1')).length).toBe(12);
  });
});

describe('batching', () => {
  it('applies many ops in one transaction', async () => {
    const { mirror } = await idbMirror();
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const ops = Array.from({ length: 200 }, (_, i) => (i % 5 === 4 ? del(`f/${i - 1}`) : put(`f/${i}`, bytesOf(8, i))));
    expect(await mirror.applyOps('s1', ops)).toMatchObject({ puts: 160, deletes: 40 });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[1]).toBe('readwrite');
    spy.mockClear();
    expect((await mirror.readFiles('s1', ['f/0', 'f/1', 'f/2', 'f/5'])).size).toBe(4);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    expect(await mirror.reconcile('s1', {}, { verifyBytes: true, checkpoints: [] })).toMatchObject({ deleted: 120 });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

