// Fuzzing the reader: truncated, bit-flipped, spliced and random inputs give either a full result
// or a MetadataFormatError with an offset inside the input, never another exception, and each
// input is read in bounded time. Seeds: hand-made metadata of every version (always) and the
// real Flink samples (when ../shared/flink-metadata is present; without it those seeds are skipped).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MetadataFormatError, readCheckpointMetadata } from '../../src/inspector/metadata';
import { writeCheckpointMetadata } from '../../src/inspector/metadata/writeMetadata';
import { flinkCheckpointDirs, flinkMetadata, readFlinkFile } from '../support/flinkMetadata';
import { everyHandleMetadata, SAVEPOINT_PROPERTIES } from './everyHandle';

const seeds: Uint8Array[] = [
  ...[3, 4, 5, 6, 7].map((v) => writeCheckpointMetadata(everyHandleMetadata(v))),
  writeCheckpointMetadata({ ...everyHandleMetadata(4), properties: SAVEPOINT_PROPERTIES }),
  ...(flinkMetadata.present ? flinkCheckpointDirs(flinkMetadata.dir).map((d) => readFlinkFile(d.path)) : []),
];

/** Per input: the reader is linear in the input; 250 ms is far above any real read here. */
const MAX_MS_PER_INPUT = 250;

function checkOne(bytes: Uint8Array): void {
  const started = performance.now();
  const r = readCheckpointMetadata(bytes);
  const took = performance.now() - started;
  expect(took).toBeLessThan(MAX_MS_PER_INPUT);
  if (r.ok) {
    // A full result accounts for every byte.
    expect(r.metadata.length).toBe(bytes.length);
    return;
  }
  expect(r.error).toBeInstanceOf(MetadataFormatError);
  expect(r.error.message).not.toContain('internal reader error');
  expect(r.error.message).toMatch(/at byte offset \d+/);
  expect(r.error.offset).toBeGreaterThanOrEqual(0);
  expect(r.error.offset).toBeLessThanOrEqual(bytes.length);
}

const seed = fc.constantFrom(...seeds);
const RUNS = { numRuns: 400, seed: 20261202 };

describe('fuzzing readCheckpointMetadata', () => {
  it('every seed reads in full', () => {
    for (const s of seeds) expect(readCheckpointMetadata(s).ok).toBe(true);
  });

  it('truncations of every seed are errors at or before the cut', () => {
    const wrong: string[] = [];
    for (const s of seeds) {
      // Every cut of the small seeds; a spread of cuts (odd stride, so all field kinds) of large ones.
      const stride = s.length > 2500 ? 7 : 1;
      for (let cut = 0; cut < s.length; cut += stride) {
        const r = readCheckpointMetadata(s.subarray(0, cut));
        if (r.ok || r.error.offset > cut || r.error.message.includes('internal reader error')) wrong.push(`cut ${cut} of ${s.length}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('bit flips', () => {
    fc.assert(
      fc.property(seed, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: 8 }), (s, flips) => {
        const b = s.slice();
        for (const [i, bit] of flips) b[i % b.length]! ^= 1 << bit;
        checkOne(b);
      }),
      RUNS,
    );
  });

  it('overwritten ints (counts and lengths out of range)', () => {
    fc.assert(
      fc.property(seed, fc.nat(), fc.constantFrom(0x7fffffff, -1, -0x80000000, 0x10000, 0xffff, 1 << 30), (s, at, value) => {
        const b = s.slice();
        const i = Math.max(0, (at % b.length) - 4);
        new DataView(b.buffer).setInt32(Math.min(i, b.length - 4), value);
        checkOne(b);
      }),
      RUNS,
    );
  });

  it('spliced: a slice of one seed inside another', () => {
    fc.assert(
      fc.property(seed, seed, fc.nat(), fc.nat(), fc.nat(), (a, b, i, j, n) => {
        const at = i % a.length;
        const from = j % b.length;
        const piece = b.subarray(from, from + (n % 64));
        const out = new Uint8Array(a.length + piece.length);
        out.set(a.subarray(0, at));
        out.set(piece, at);
        out.set(a.subarray(at), at + piece.length);
        checkOne(out);
      }),
      RUNS,
    );
  });

  it('random bytes, with and without the magic number and a known version', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), fc.constantFrom(null, 3, 4, 5, 6, 7), (body, version) => {
        const b = version === null ? body : Uint8Array.from([0x49, 0x60, 0x67, 0x2d, 0, 0, 0, version, ...body]);
        checkOne(b);
      }),
      { numRuns: 1000, seed: 20261202 },
    );
  });
});
