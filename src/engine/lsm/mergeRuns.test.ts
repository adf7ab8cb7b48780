import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes } from './compareBytes';
import type { LsmEntry } from './memtable';
import { levelIterate, mergeSources } from './mergeSources';
import { mergeRuns } from './mergeRuns';
import { sstFileFromParts } from './sstFile';
import { encodeSst } from './sstBuilder';
import { sstIterate } from './sstReader';
import type { SstFile } from './lsmDb';

/** A file of `entries` (distinct keys), with small blocks so a file has several. */
function fileOf(entries: LsmEntry[], fileNumber: number, compression: 'NO_COMPRESSION' | 'SNAPPY_COMPRESSION'): SstFile {
  const sorted = [...entries].sort((a, b) => compareBytes(a.key, b.key));
  const enc = encodeSst(sorted, fileNumber, 0, 40, compression);
  return sstFileFromParts(enc.bytes, enc.footer, enc.blocks, enc.checksum, 0, { origin: 'flush', inputs: [], lineage: null });
}

const entryArb = fc.record({ key: fc.uint8Array({ minLength: 1, maxLength: 3, max: 6 }), seq: fc.integer({ min: 1, max: 1000 }), value: fc.option(fc.uint8Array({ maxLength: 6 }), { freq: 4 }) });
const distinct = (es: LsmEntry[]) => [...new Map(es.map((e) => [Array.from(e.key).join(','), e])).values()];
/** A run: one file, or several non-overlapping files cut from one sorted list. */
const runArb = fc.tuple(fc.array(entryArb, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 3 }), fc.boolean()).map(([es, pieces, snappy]) => {
  const sorted = distinct(es).sort((a, b) => compareBytes(a.key, b.key));
  const size = Math.ceil(sorted.length / pieces);
  const files: SstFile[] = [];
  for (let i = 0; i < sorted.length; i += size) files.push(fileOf(sorted.slice(i, i + size), files.length + 1, snappy ? 'SNAPPY_COMPRESSION' : 'NO_COMPRESSION'));
  return files;
});

describe('mergeRuns', () => {
  it('visits what mergeSources over the same files yields: the newest version of each key in order, with the versions it hides', () => {
    fc.assert(
      fc.property(fc.array(runArb, { minLength: 1, maxLength: 5 }), (runs) => {
        const expected = [...mergeSources(runs.map((r) => (r.length === 1 ? sstIterate(r[0]!, null, false) : levelIterate(r, null, false))))].map(({ entry, shadowed }) => [Array.from(entry.key), entry.seq, entry.value && Array.from(entry.value), shadowed]);
        const seen: unknown[] = [];
        mergeRuns(runs, (entry, shadowed) => seen.push([Array.from(entry.key), entry.seq, entry.value && Array.from(entry.value), shadowed]));
        expect(seen).toEqual(expected);
      }),
    );
  });

  it('visits nothing for no runs or empty runs', () => {
    const seen: LsmEntry[] = [];
    mergeRuns([[], []], (e) => seen.push(e));
    mergeRuns([], (e) => seen.push(e));
    expect(seen).toEqual([]);
  });
});
