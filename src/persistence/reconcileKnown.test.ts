// A reconcile given what this tab's own calls left stored (`known`: the listings applyOps and the
// previous reconcile return) plans against it instead of reading every listing back. It must end
// exactly where a full reconcile ends; what it gives up is noticing damage done behind its back,
// which a full reconcile (the app's start and retry) still repairs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StorageOp, StoredFile } from '../engine/storage/remoteStorage';
import type { FileListing } from './fileMirror';
import { BACKENDS, bytesOf, file, meta, put, rawDb } from './testFixtures';

const pathArb = fc.constantFrom('job/shared/1.sst', 'job/shared/2.sst', 'job/shared/3.sst', 'job/chk-1/_metadata', 'job/chk-2/_metadata');
const bytesArb = fc.uint8Array({ maxLength: 4, max: 2 });
const metaArb = fc.constantFrom(meta(1), meta(2), meta(2, { kind: 'metadata', sst: null }));
const opArb: fc.Arbitrary<StorageOp> = fc.oneof(
  fc.record({ op: fc.constant('put' as const), path: pathArb, bytes: bytesArb, meta: metaArb }),
  fc.record({ op: fc.constant('delete' as const), path: pathArb }),
);
const modelArb = fc.uniqueArray(fc.tuple(pathArb, bytesArb, metaArb), { selector: ([p]) => p, maxLength: 5 }).map((files) => Object.fromEntries(files.map(([path, bytes, m]): [string, StoredFile] => [path, { path, bytes, meta: m }])));

const byPath = (l: Iterable<FileListing>) => [...l].map((f) => ({ ...f })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

describe.each(BACKENDS)('reconcile given what was stored (known) on %s', (_name, make) => {
  it('ends where a full reconcile ends, and returns the listing it left', async () => {
    await fc.assert(
      fc.asyncProperty(modelArb, fc.array(fc.array(opArb, { maxLength: 6 }), { maxLength: 3 }), modelArb, async (start, batches, model) => {
        const { mirror } = await make();
        // What the calls leave stored, kept as MirrorSync keeps it.
        const known = new Map((await mirror.reconcile('s', start)).listing);
        for (const ops of batches) {
          for (const [path, listing] of (await mirror.applyOps('s', ops)).listings) {
            if (listing) known.set(path, listing);
            else known.delete(path);
          }
        }
        expect(byPath(known.values())).toEqual(byPath(await mirror.listFiles('s')));
        const result = await mirror.reconcile('s', model, { known });
        const paths = Object.keys(model).sort();
        const stored = await mirror.listFiles('s');
        expect(stored.map((f) => f.path)).toEqual(paths);
        const bytes = await mirror.readFiles('s', paths);
        for (const p of paths) expect([...bytes.get(p)!]).toEqual([...model[p]!.bytes]);
        expect(byPath(result.listing.values())).toEqual(byPath(stored));
        // Nothing written that was already there: a full reconcile afterwards finds it all in place.
        expect(result.added + result.replaced + result.unchanged).toBe(paths.length);
        expect(await mirror.reconcile('s', model, { verifyBytes: true })).toMatchObject({ added: 0, replaced: 0, deleted: 0, unchanged: paths.length });
      }),
      { numRuns: 60 },
    );
  });

  it('writes only what changed since the calls it knows of', async () => {
    const { mirror } = await make();
    const a = file('job/shared/1.sst', bytesOf(40, 1));
    const b = file('job/shared/2.sst', bytesOf(40, 2));
    const { listing } = await mirror.reconcile('s', { [a.path]: a });
    const known = new Map(listing);
    for (const [path, l] of (await mirror.applyOps('s', [put(b.path, b.bytes, b.meta)])).listings) if (l) known.set(path, l);
    const c = file('job/chk-2/_metadata', bytesOf(10, 3), meta(2, { kind: 'metadata', sst: null }));
    const result = await mirror.reconcile('s', { [a.path]: a, [b.path]: b, [c.path]: c }, { known });
    expect(result).toMatchObject({ added: 1, replaced: 0, deleted: 0, unchanged: 2 });
  });
});

describe('reconcile given what was stored, on IndexedDB', () => {
  it('does not read the listing back: a record deleted behind its back comes back only with a full reconcile', async () => {
    const [, make] = BACKENDS.find(([name]) => name === 'indexeddb')!;
    const { mirror, factory } = await make();
    const a = file('job/shared/1.sst', bytesOf(40, 1));
    const b = file('job/shared/2.sst', bytesOf(40, 2));
    const model = { [a.path]: a, [b.path]: b };
    const { listing } = await mirror.reconcile('s', model);
    const raw = await rawDb(factory!);
    await raw.delete('files', ['s', a.path]);
    raw.close();
    expect(await mirror.reconcile('s', model, { known: listing })).toMatchObject({ added: 0, unchanged: 2 });
    expect((await mirror.listFiles('s')).map((f) => f.path)).toEqual([b.path]);
    expect(await mirror.reconcile('s', model)).toMatchObject({ added: 1, unchanged: 1 });
    expect((await mirror.listFiles('s')).map((f) => f.path)).toEqual([a.path, b.path]);
  });
});
