// RecordTx.getSessionIndexKeys on both record stores: the same entries, in the same order, with
// records that cannot be indexed left out, as IndexedDB does.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { IdbRecordStore } from './idbRecordStore';
import { MemoryRecordStore } from './memoryRecordStore';
import { isPersistenceError } from './persistenceError';
import type { RecordStore } from './recordStore';
import { freshFactory } from './testFixtures';

const rec = (sessionId: string, path: string, over: object = {}) => ({ formatVersion: 2, sessionId, path, size: path.length, digest: `d-${path}`, metaJson: '{}', bytes: new Uint8Array(path.length), ...over });
const STORES: [string, () => Promise<RecordStore>][] = [
  ['indexeddb', async () => new IdbRecordStore(await openDatabase({ factory: freshFactory() }))],
  ['memory', async () => new MemoryRecordStore()],
];

describe.each(STORES)('RecordTx.getSessionIndexKeys on %s', (_name, make) => {
  it('gives a session’s index keys and primary keys in key order, without unindexable records', async () => {
    const store = await make();
    const records = [
      rec('s', 'b'),
      rec('s', 'a'),
      rec('s', '10'),
      rec('s1', 'a'),
      rec('', 'x'),
      rec('s', 'no-meta', { metaJson: undefined }),
      rec('s', 'meta-object', { metaJson: { scope: 'shared' } }),
      rec('s', 'nan-size', { size: Number.NaN }),
      rec('s', 'null-digest', { digest: null }),
    ];
    await store.transact(['files'], 'readwrite', 'w', (tx) => tx.write(records.map((r) => ({ store: 'files', put: r }))));
    const entries = await store.transact(['files'], 'readonly', 'r', (tx) => tx.getSessionIndexKeys('files', 'byListing', 's'));
    expect(entries).toEqual(
      ['10', 'a', 'b'].map((p) => ({ key: ['s', p, 2, p.length, `d-${p}`, '{}'], primaryKey: ['s', p] })),
    );
    // Kept up to date by the writes of the same transaction, deletes included.
    const after = await store.transact(['files'], 'readwrite', 'w', async (tx) => {
      await tx.write([{ store: 'files', delete: ['s', 'a'] }, { store: 'files', put: rec('s', 'b', { size: 99 }) }, { store: 'files', put: rec('s', 'no-meta', { metaJson: '[]' }) }]);
      return tx.getSessionIndexKeys('files', 'byListing', 's');
    });
    expect(after.map((e) => e.key)).toEqual([
      ['s', '10', 2, 2, 'd-10', '{}'],
      ['s', 'b', 2, 99, 'd-b', '{}'],
      ['s', 'no-meta', 2, 7, 'd-no-meta', '[]'],
    ]);
    expect(await store.transact(['files'], 'readonly', 'r', (tx) => tx.getSessionIndexKeys('files', 'byListing', 'nobody'))).toEqual([]);
  });

  it('fails for an index the store does not have', async () => {
    const store = await make();
    const e = await store.transact(['checkpoints'], 'readonly', 'r', (tx) => tx.getSessionIndexKeys('checkpoints', 'byListing', 's')).catch((x: unknown) => x);
    expect(isPersistenceError(e) && [e.kind, e.message]).toEqual(['corrupt', expect.stringContaining('(NotFoundError: ')]);
  });
});
