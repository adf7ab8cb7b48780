import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, nextUint32, type RngState } from '../core/rng';
import { crc32c, maskCrc32c } from './crc32c';
import { measureCompression } from './measureCompression';
import {
  SNAPPY_CHUNK,
  SNAPPY_STREAM_IDENTIFIER,
  SnappyFramedFormatError,
  snappyFramedCompress,
  snappyFramedCompressWithStats,
  snappyFramedDecompress,
} from './snappyFramed';

const KIB64 = 65536;

function randomBytes(rng: RngState, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = nextUint32(rng) & 0xff;
  return b;
}

/** State-like bytes: a few hundred distinct records repeated, as a heap snapshot of a small job looks. */
function repetitiveBytes(rng: RngState, n: number): Uint8Array {
  const words = Array.from({ length: 50 }, (_, i) =>
    new TextEncoder().encode(`user-${i}:count=${nextUint32(rng) % 1000};`),
  );
  const b = new Uint8Array(n);
  let p = 0;
  while (p < n) {
    const w = words[nextUint32(rng) % words.length]!;
    b.set(w.subarray(0, Math.min(w.length, n - p)), p);
    p += w.length;
  }
  return b;
}

/** Random prefix, zero-filled tail: snappy saves about `zeroShare` of the block. */
function partlyCompressible(rng: RngState, n: number, zeroShare: number): Uint8Array {
  const b = new Uint8Array(n);
  b.set(randomBytes(rng, Math.round(n * (1 - zeroShare))));
  return b;
}

/** Fast byte equality (vitest's deep equality walks typed arrays element by element). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(
    Buffer.from(b.buffer, b.byteOffset, b.length),
  );
}

interface Chunk {
  offset: number;
  type: number;
  length: number;
  maskedCrc: number;
}

/** An independent reading of the chunk headers, to check the layout the encoder promises. */
function chunks(stream: Uint8Array): Chunk[] {
  const out: Chunk[] = [];
  let p = 0;
  while (p < stream.length) {
    const length = stream[p + 1]! + stream[p + 2]! * 256 + stream[p + 3]! * 65536;
    const maskedCrc = new DataView(stream.buffer, stream.byteOffset).getUint32(p + 4, true);
    out.push({ offset: p, type: stream[p]!, length, maskedCrc });
    p += 4 + length;
  }
  expect(p).toBe(stream.length);
  return out;
}

const dataArb = fc
  .record({
    seed: fc.nat(),
    length: fc.oneof(
      fc.integer({ min: 0, max: 300 }),
      fc.constantFrom(KIB64 - 1, KIB64, KIB64 + 1, 2 * KIB64, 3 * KIB64 + 17),
      fc.integer({ min: 0, max: 300_000 }),
    ),
    kind: fc.constantFrom('random', 'repetitive', 'mixed', 'zeros'),
  })
  .map(({ seed, length, kind }) => {
    const rng = createRng(seed);
    if (kind === 'random') return randomBytes(rng, length);
    if (kind === 'repetitive') return repetitiveBytes(rng, length);
    if (kind === 'zeros') return new Uint8Array(length);
    const b = repetitiveBytes(rng, length);
    for (let p = 0; p < length; p += 50_000)
      b.set(randomBytes(rng, Math.min(20_000, length - p)), p);
    return b;
  });

describe('Snappy framed codec', () => {
  it('round-trips random, repetitive and mixed data of any size, multi-block included', () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const stream = snappyFramedCompress(data);
        expect(sameBytes(snappyFramedDecompress(stream), data)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('writes the stream identifier, then one chunk per 64 KiB block with the masked CRC-32C of its raw bytes', () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const stream = snappyFramedCompress(data);
        expect(Array.from(stream.subarray(0, 10))).toEqual(Array.from(SNAPPY_STREAM_IDENTIFIER));
        const cs = chunks(stream).slice(1);
        expect(cs).toHaveLength(Math.ceil(data.length / KIB64));
        cs.forEach((c, i) => {
          const raw = data.subarray(i * KIB64, Math.min(data.length, (i + 1) * KIB64));
          expect([SNAPPY_CHUNK.COMPRESSED, SNAPPY_CHUNK.UNCOMPRESSED]).toContain(c.type);
          expect(c.maskedCrc).toBe(maskCrc32c(crc32c(raw)));
          if (c.type === SNAPPY_CHUNK.UNCOMPRESSED) expect(c.length).toBe(raw.length + 4);
          // Compressed only when it saves at least 15 %.
          else expect((c.length - 4) / raw.length).toBeLessThanOrEqual(0.85);
        });
      }),
      { numRuns: 30 },
    );
  });

  it('stores incompressible data raw: C is 1 plus the framing overhead', () => {
    const data = randomBytes(createRng(1), 200_000);
    const r = snappyFramedCompressWithStats(data);
    expect(r.compressedChunks).toBe(0);
    expect(r.uncompressedChunks).toBe(4);
    const m = measureCompression(data);
    expect(m.compressedBytes).toBe(200_000 + 10 + 4 * 8);
    expect(m.ratio).toBeCloseTo(1 + 42 / 200_000, 12);
  });

  it('compresses repetitive state well', () => {
    const m = measureCompression(repetitiveBytes(createRng(2), 300_000));
    expect(m.uncompressedChunks).toBe(0);
    expect(m.compressedChunks).toBe(5);
    expect(m.ratio).toBeLessThan(0.25);
    // Snappy's floor: a 64-byte copy costs a 3-byte tag, so even zeros stay near 4.7 %.
    expect(measureCompression(new Uint8Array(300_000)).ratio).toBeLessThan(0.05);
  });

  it('stores a block raw when compression saves less than 15 %, compressed when it saves more', () => {
    const rng = createRng(3);
    const saves10 = snappyFramedCompressWithStats(partlyCompressible(rng, KIB64, 0.1));
    const saves25 = snappyFramedCompressWithStats(partlyCompressible(rng, KIB64, 0.25));
    expect([saves10.compressedChunks, saves10.uncompressedChunks]).toEqual([0, 1]);
    expect([saves25.compressedChunks, saves25.uncompressedChunks]).toEqual([1, 0]);
    // The threshold is a parameter of SnappyFramedOutputStream: at ratio 1.0 any saving counts.
    expect(
      snappyFramedCompressWithStats(partlyCompressible(rng, KIB64, 0.1), { minCompressionRatio: 1 })
        .compressedChunks,
    ).toBe(1);
  });

  it('measures an empty snapshot as C = 1 (only the 10-byte identifier is written)', () => {
    expect(measureCompression(new Uint8Array(0))).toEqual({
      originalBytes: 0,
      compressedBytes: 10,
      ratio: 1,
      compressedChunks: 0,
      uncompressedChunks: 0,
    });
    expect(snappyFramedDecompress(snappyFramedCompress(new Uint8Array(0)))).toEqual(
      new Uint8Array(0),
    );
  });

  it('never returns wrong bytes for a flipped byte: raw chunks always fail, compressed ones fail or decode exactly', () => {
    const rng = createRng(4);
    // Small blocks keep the exhaustive flip loop quick; the decoder does not depend on block size.
    const data = new Uint8Array([
      ...randomBytes(rng, 100),
      ...repetitiveBytes(rng, 8092),
      ...randomBytes(rng, 1500),
    ]);
    const stream = snappyFramedCompress(data, { blockSize: 8192 });
    const cs = chunks(stream).slice(1);
    expect(cs.map((c) => c.type)).toEqual([SNAPPY_CHUNK.COMPRESSED, SNAPPY_CHUNK.UNCOMPRESSED]);
    let flips = 0;
    let caught = 0;
    for (const c of cs) {
      for (let p = c.offset + 4; p < c.offset + 4 + c.length; p++) {
        const bad = stream.slice();
        bad[p]! ^= 1 + (nextUint32(rng) % 255);
        flips++;
        let out: Uint8Array | null = null;
        try {
          out = snappyFramedDecompress(bad);
        } catch (e) {
          caught++;
          expect(e).toBeInstanceOf(SnappyFramedFormatError);
          expect((e as Error).message).toContain(`(chunk at offset ${c.offset})`);
        }
        // A flip inside a raw chunk changes the data the CRC covers: always caught.
        if (c.type === SNAPPY_CHUNK.UNCOMPRESSED) expect(out, `flip at ${p}`).toBeNull();
        // In a compressed chunk a flip can be harmless (a copy offset pointing at equal bytes);
        // then the output is exactly the original, never something else.
        else if (out !== null) expect(sameBytes(out, data), `flip at ${p}`).toBe(true);
      }
    }
    expect(caught / flips).toBeGreaterThan(0.95);
  });

  it('names a CRC mismatch in a raw chunk; with checksums off (as Flink reads) the corruption passes', () => {
    const data = randomBytes(createRng(5), 1000);
    const bad = snappyFramedCompress(data);
    bad[500]! ^= 0xff;
    expect(() => snappyFramedDecompress(bad)).toThrow(
      /CRC-32C mismatch: stored 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8} \(chunk at offset 10\)/,
    );
    const silent = snappyFramedDecompress(bad, { verifyChecksums: false });
    expect(silent).not.toEqual(data);
    expect(silent).toHaveLength(data.length);
  });

  it('rejects malformed streams with a clear message', () => {
    const ok = snappyFramedCompress(new TextEncoder().encode('hello hello hello hello'));
    const cases: Array<[Uint8Array, RegExp]> = [
      [new Uint8Array(0), /empty input: missing the stream identifier \(chunk at offset 0\)/],
      [ok.subarray(10), /does not start with the stream identifier \(type 0x0[01]\)/],
      [
        Uint8Array.from([...ok.subarray(0, 9), 0x5a, ...ok.subarray(10)]),
        /bad stream identifier \(expected "sNaPpY"\) \(chunk at offset 0\)/,
      ],
      [
        Uint8Array.from([...ok, 0x02, 1, 0, 0, 9]),
        new RegExp(
          `unknown chunk type 0x02 \\(reserved, unskippable\\) \\(chunk at offset ${ok.length}\\)`,
        ),
      ],
      [Uint8Array.from([...ok, 0x7f, 0, 0, 0]), /unknown chunk type 0x7f/],
      [
        ok.subarray(0, ok.length - 1),
        /truncated chunk: declares \d+ byte\(s\), \d+ left \(chunk at offset 10\)/,
      ],
      [Uint8Array.from([...ok, 0x01, 0]), /truncated chunk header: 2 byte\(s\) left/],
      [Uint8Array.from([...ok, 0x00, 2, 0, 0, 1, 2]), /no room for its CRC/],
    ];
    for (const [stream, message] of cases)
      expect(() => snappyFramedDecompress(stream)).toThrow(message);
  });

  it('skips padding and skippable chunks, and accepts concatenated streams', () => {
    const a = new TextEncoder().encode('first part, first part, first part');
    const b = randomBytes(createRng(6), 100);
    const sa = snappyFramedCompress(a);
    const sb = snappyFramedCompress(b);
    const padded = Uint8Array.from([
      ...sa,
      SNAPPY_CHUNK.PADDING,
      3,
      0,
      0,
      0,
      0,
      0,
      0x80,
      1,
      0,
      0,
      42,
      ...sb,
    ]);
    expect(snappyFramedDecompress(padded)).toEqual(Uint8Array.from([...a, ...b]));
  });

  it('returns plain Uint8Arrays even for Node Buffer input, and validates options', () => {
    const data = Buffer.from('abcabcabcabcabcabcabcabcabcabc');
    const stream = snappyFramedCompress(data);
    expect(stream.constructor).toBe(Uint8Array);
    expect(snappyFramedDecompress(Buffer.from(stream)).constructor).toBe(Uint8Array);
    expect(() => snappyFramedCompress(data, { blockSize: 65537 })).toThrow(/blockSize .*got 65537/);
    expect(() => snappyFramedCompress(data, { minCompressionRatio: 0 })).toThrow(
      /minCompressionRatio .*got 0/,
    );
  });
});

/**
 * A stream written by a Java framing encoder (iq80 snappy 0.4 `SnappyFramedOutputStream`, the
 * code xerial's class derives from) with block size 1024 and ratio 0.85, over 1024 bytes of
 * text-like state and 300 pseudo-random bytes from the LCG below.
 */
const JAVA_FRAMED_STREAM_B64 = [
  '/wYAAHNOYVBwWQD3AQBXQ7WhgAhEdXNlci0zNjpjb3VudD03NTY7BRIEODUNEgg0OTgJEgA5FRIANQkRCDEwOQ0kCDg5MBET',
  'DRIEMjkJEQQ1Mg0RCDQyNwkSCDE1OA0TADgNEgA3EVkEMzYNawAxDSIEOTgNWAA2ERIIMjY0EUcRfQA2DY8ANxEkADkNwwQx',
  'NBEjADMVNgA4FaEANA1JADIRJQQ1MQ0SBDQzDX8EMzUNfwgxNDQNEwQ1MQl/ADMREQA2FSQAORGAADcRJQQxNjFXCDQ3OQk4',
  'BDE5MREENjANSwQxMRFwADURTAA2MRIAODEBADgRJAg5OTINSgAwEXAENjIRSgA3EV0IMjczCSYVSgQyOS1uADURXAQzNTFu',
  'OZIx7AQxMTEoBDEwDUoEMTYR8wQ1NxFLEZUENDMNEgAxVSUAMi07ADkxAwgyNzQJkwQ1Ny1MBDEwFYERJQAxMScAN1ElBDcx',
  'ESUAORETBDI5LfI1cgQ0NjHzADkRXQQyMA1vBDEwEcsAM1EqADMRuAA5EfAAOFEFBDcxLUxVKRUkADIRNgQ1OBGTOXAAOBFu',
  'ADExlgA3UU8EMTQxlgQ3OBHfADQVzHFwFbkEMTIx4QQ4ODEpNeEAMBFLBDYwDfIAMjGWBDE0MYQAMDEEBDc0DUsANjEDBDE2',
  'DRIkMjpjb3VudD04NgEwAQDZtu/mDcuzdxVqajpouo7bdAhGnvPOswr40N1ou/hf+iTy0vwYh/tch7q0ODKlmxs9EHz3eNZ/',
  '4m34EZEpfpOVyxLFV85a8dQWGNcZvARbfpll8aKUccQqrGqpOMR1x60yOAIfBTssmRr86xXez2i64Hy81h6XG5oLnb6XY9OS',
  '/K/fooyXI0Vi690HZXD/WIlqz/fK7j8c6eQKaOXek404nH2911sJ1OfiM0Q/SozEoZDWuLjcYV/Rjii+WQ6qUBtQimo2KeZw',
  '31V3utxEbUO7qQgX1sD2ewhhcNktyRJyWyR+wuLasbIEniCAdDeab5AM3S5ecvUJSLZY0Zfpw4yxbtPdEkRiMgwUp68/+gze',
  '1hPOE4bLV6BH5Fu+0UW0NtWI/tIAQfKHsQ+DX3RluihG',
].join('');

function javaFixtureInput(): Uint8Array {
  let x = 12345;
  const lcg = (): number => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 16;
  let text = '';
  while (text.length < 1024) text += `user-${lcg() % 200}:count=${lcg() % 1000};`;
  const random = Uint8Array.from({ length: 300 }, () => lcg() & 0xff);
  return new Uint8Array([...new TextEncoder().encode(text.slice(0, 1024)), ...random]);
}

describe('interoperability with a Java framing encoder', () => {
  it('decodes its stream, and makes the same compressed/raw choice per block', () => {
    const javaStream = new Uint8Array(Buffer.from(JAVA_FRAMED_STREAM_B64, 'base64'));
    const input = javaFixtureInput();
    expect(sameBytes(snappyFramedDecompress(javaStream), input)).toBe(true);
    const ours = snappyFramedCompress(input, { blockSize: 1024 });
    expect(chunks(ours).map((c) => [c.type, c.maskedCrc])).toEqual(
      chunks(javaStream).map((c) => [c.type, c.maskedCrc]),
    );
  });
});
