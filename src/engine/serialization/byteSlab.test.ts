import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteSlab } from './byteSlab';
import { DataOutputView } from './dataOutputView';

describe('ByteSlab', () => {
  it('gives exact copies that later writes to the source or the slab never change', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 200 }), (arrays) => {
        const slab = new ByteSlab(1024, 256);
        const src = new Uint8Array(512);
        const cuts = arrays.map((a) => {
          src.set(a);
          const cut = slab.copyOf(src, a.length);
          src.fill(0xee);
          return cut;
        });
        cuts.forEach((cut, i) => expect(Array.from(cut)).toEqual(Array.from(arrays[i]!)));
      }),
    );
  });

  it('cuts small arrays from one shared buffer and gives a large one its own', () => {
    const slab = new ByteSlab(64, 16);
    const src = new Uint8Array(32).fill(7);
    const a = slab.copyOf(src, 10);
    const b = slab.copyOf(src, 10);
    expect(b.buffer).toBe(a.buffer);
    expect(a.buffer.byteLength).toBe(64);
    const big = slab.copyOf(src, 17);
    expect(big.buffer).not.toBe(a.buffer);
    expect(big.buffer.byteLength).toBe(17);
    // 44 bytes are left in the slab: four more cuts of 10 fit, the fifth starts a new slab.
    const cuts = Array.from({ length: 5 }, () => slab.copyOf(src, 10));
    expect(cuts.filter((c) => c.buffer === a.buffer)).toHaveLength(4);
    expect(cuts.at(-1)!.buffer).not.toBe(a.buffer);
  });

  it("is what DataOutputView.toBytesIn copies the view's bytes into", () => {
    const out = new DataOutputView(4);
    const slab = new ByteSlab();
    out.writeInt(0x01020304);
    out.writeInt(-1);
    const bytes = out.toBytesIn(slab);
    out.clear();
    out.writeLong(0);
    expect(Array.from(bytes)).toEqual([1, 2, 3, 4, 255, 255, 255, 255]);
    expect(bytes.byteLength).toBe(8);
  });
});

describe('DataOutputView.setPosition', () => {
  it('goes back to a mark and writes on from there (Flink SerializedCompositeKeyBuilder#resetToKey)', () => {
    const out = new DataOutputView(4);
    out.writeByte(0x0a);
    out.writeByte(0x0b);
    const mark = out.length;
    out.writeInt(1);
    out.setPosition(mark);
    out.writeByte(9);
    expect(Array.from(out.toBytes())).toEqual([0x0a, 0x0b, 9]);
  });

  it('refuses a position past the bytes written or a negative one', () => {
    const out = new DataOutputView(4);
    out.writeByte(1);
    expect(() => out.setPosition(2)).toThrow(/position must be an integer in \[0, 1\], got 2/);
    expect(() => out.setPosition(-1)).toThrow(RangeError);
  });
});
