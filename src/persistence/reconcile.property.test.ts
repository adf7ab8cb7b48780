// Property: from any stored state (including damaged and half-written records), reconcile makes
// the session's stored files equal the model, touches no other session, and is idempotent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StorageOp, StoredFile, StoredFileMeta } from '../engine/storage/remoteStorage';
import type { StorageMirror } from './storageMirror';
import { BACKENDS, rawDb } from './testFixtures';

// Low entropy on purpose: the interesting cases are near-duplicates (same path, same size and
// meta, different bytes; same bytes, different meta), which fully random values rarely hit.
const pathArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('job/shared/1.sst', 'job/shared/2.sst', 'job/chk-1/_metadata', '0', '') }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) });
const fullMetaArb: fc.Arbitrary<StoredFileMeta> = fc.record({
  scope: fc.constantFrom('exclusive', 'shared', 'taskowned', 'savepoint'),
  kind: fc.constantFrom('sst', 'dstl', 'private', 'metadata', 'channel', 'full'),
  task: fc.constantFrom('map#0', 'map#1', 'jobmanager'),
  checkpointId: fc.nat(5),
  writtenAtMs: fc.nat(1000),
  sst: fc.option(fc.nat(9), { nil: null }),
});
const commonMetas: StoredFileMeta[] = [
  { scope: 'shared', kind: 'sst', task: 'map#0', checkpointId: 1, writtenAtMs: 10, sst: 1 },
  { scope: 'shared', kind: 'sst', task: 'map#0', checkpointId: 2, writtenAtMs: 10, sst: 1 },
];
const metaArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...commonMetas) }, { weight: 1, arbitrary: fullMetaArb });
const bytesArb = fc.oneof({ weight: 3, arbitrary: fc.uint8Array({ maxLength: 3, max: 1 }) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 24 }) });
const opArb: fc.Arbitrary<StorageOp> = fc.oneof(
  fc.record({ op: fc.constant('put' as const), path: pathArb, bytes: bytesArb, meta: metaArb }),
  fc.record({ op: fc.constant('delete' as const), path: pathArb }),
);

/** What the ops leave stored, computed without the mirror. */
function simulate(batches: StorageOp[][]): Map<string, StoredFile> {
  const files = new Map<string, StoredFile>();
  for (const op of batches.flat()) {
    if (op.op === 'put') files.set(op.path, { path: op.path, bytes: op.bytes, meta: op.meta });
    else files.delete(op.path);
  }
  return files;
}

type Fate = 'keep' | 'bytes' | 'meta' | 'drop';
type Damage = { what: 'dropFile' | 'unindexable' | 'badListing' | 'badBytes'; pick: number };

/** Stored state, then a model derived from it (kept, changed, dropped files plus new ones). */
const scenarioArb = fc.array(fc.array(opArb, { maxLength: 12 }), { maxLength: 4 }).chain((batches) => {
  const stored = [...simulate(batches).values()];
  const fates = fc.tuple(...stored.map(() => fc.constantFrom<Fate>('keep', 'keep', 'keep', 'bytes', 'meta', 'drop')));
  const extra = fc.uniqueArray(fc.tuple(pathArb, bytesArb, metaArb), { selector: ([p]) => p, maxLength: 4 });
  return fc.record({
    batches: fc.constant(batches),
    model: fc.tuple(fates, fc.array(bytesArb, { minLength: stored.length, maxLength: stored.length }), extra).map(([fs, newBytes, more]) => {
      const model: Record<string, StoredFile> = {};
      for (const [path, bytes, meta] of more) model[path] = { path, bytes, meta };
      stored.forEach((f, i) => {
        const fate = fs[i]!;
        if (fate === 'drop') delete model[f.path];
        else if (fate === 'keep') model[f.path] = f;
        else if (fate === 'bytes') model[f.path] = { ...f, bytes: newBytes[i]! };
        else model[f.path] = { ...f, meta: { ...f.meta, checkpointId: f.meta.checkpointId + 1 } };
      });
      return model;
    }),
    otherOps: fc.array(opArb, { maxLength: 6 }),
    damages: fc.array(fc.record({ what: fc.constantFrom<Damage['what']>('dropFile', 'unindexable', 'badListing', 'badBytes'), pick: fc.nat() }), { maxLength: 4 }),
    verifyBytes: fc.boolean(),
  });
});

/** The session's files in listing (key) order: an array, since objects reorder integer-like keys. */
async function snapshot(mirror: StorageMirror, sessionId: string): Promise<[string, { bytes: number[]; meta: StoredFileMeta }][]> {
  const listing = await mirror.listFiles(sessionId);
  const bytes = await mirror.readFiles(
    sessionId,
    listing.map((f) => f.path),
  );
  return listing.map((f) => [f.path, { bytes: [...bytes.get(f.path)!], meta: f.meta }]);
}

describe.each(BACKENDS)('reconcile on %s', (name, make) => {
  it('makes storage equal any model, from any stored state', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ batches, model, otherOps, damages: allDamages, verifyBytes }) => {
        const { mirror, factory } = await make();
        for (const ops of batches) await mirror.applyOps('s', ops);
        await mirror.applyOps('other', otherOps);
        const otherBefore = await snapshot(mirror, 'other');
        // Without verifyBytes, reconcile trusts listings by design, so damaged bytes under a sound
        // listing are out of its reach; that damage is only planted when verifying.
        const damages = verifyBytes ? allDamages : allDamages.filter((d) => d.what !== 'badBytes');

        if (factory && damages.length > 0) {
          // Damage records behind the mirror's back, as a crash, a bug or an extension could.
          const raw = await rawDb(factory);
          const paths = ((await raw.getAllKeys('files')) as [string, string][]).filter(([s]) => s === 's').map(([, p]) => p);
          for (const d of damages) {
            const path = paths[d.pick % Math.max(1, paths.length)];
            if (path === undefined) break;
            const rec = (await raw.get('files', ['s', path])) as Record<string, unknown> | undefined;
            if (d.what === 'dropFile') await raw.delete('files', ['s', path]);
            // Out of the byListing index (no metaJson), or in it with a listing that does not parse.
            if (d.what === 'unindexable' && rec) await raw.put('files', { ...rec, metaJson: undefined });
            if (d.what === 'badListing') await raw.put('files', { formatVersion: 0, sessionId: 's', path, size: 0, digest: '', metaJson: '{}' });
            if (d.what === 'badBytes' && rec) await raw.put('files', { ...rec, bytes: 'not bytes' });
          }
          raw.close();
        }

        const result = await mirror.reconcile('s', model, { verifyBytes });
        // Default sort compares UTF-16 code units, as IndexedDB orders string keys.
        const paths = Object.keys(model).sort();
        expect(result.added + result.replaced + result.unchanged).toBe(paths.length);
        expect(await snapshot(mirror, 's')).toEqual(paths.map((p) => [p, { bytes: [...model[p]!.bytes], meta: model[p]!.meta }]));
        expect(await snapshot(mirror, 'other')).toEqual(otherBefore);
        if (factory) {
          // Every record of the session is sound and listed: in the store and in its index.
          const raw = await rawDb(factory);
          const tx = raw.transaction('files');
          const inSession = (keys: IDBValidKey[]) => (keys as [string, string][]).filter(([s]) => s === 's').map(([, p]) => p);
          expect(inSession(await tx.store.getAllKeys())).toEqual(paths);
          expect(inSession(await tx.store.index('byListing').getAllKeys())).toEqual(paths);
          raw.close();
        }

        const again = await mirror.reconcile('s', model, { verifyBytes: true });
        expect(again).toMatchObject({ added: 0, replaced: 0, deleted: 0, unchanged: paths.length });
      }),
      { numRuns: name === 'indexeddb' ? 80 : 100 },
    );
  });
});
