import { describe, expect, it } from 'vitest';
import { decodeSst } from './decodeSst';
import type { LsmEntry } from './memtable';
import { encodeSst, SstBuilder } from './sstBuilder';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const entry = (k: string, v: string | null, seq: number): LsmEntry => ({ key: b(k), value: v === null ? null : b(v), seq });

describe('SstBuilder: an SST written entry by entry, as a compaction streams its merge', () => {
  it('writes each value as it is added: a value buffer reused afterwards does not change the file', () => {
    const builder = new SstBuilder(64, 'SNAPPY_COMPRESSION');
    const reused = b('aaaa');
    for (const [i, k] of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'].entries()) {
      reused.fill(0x61 + i);
      builder.add({ key: b(k), value: reused, seq: i + 1 });
    }
    expect(builder.entryCount).toBe(6);
    const decoded = decodeSst(builder.finish(9, 0).bytes);
    expect(decoded.entries.map((e) => new TextDecoder().decode(e.value!))).toEqual(['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee', 'ffff']);
    expect(decoded.footer.fileNumber).toBe(9);
  });

  it('writes the same bytes as encoding the gathered entries, across several blocks and a tombstone', () => {
    const entries = Array.from({ length: 40 }, (_, i) => entry(`key-${String(i).padStart(3, '0')}`, i % 7 === 3 ? null : `value ${i}`, 100 + i));
    const builder = new SstBuilder(96);
    for (const e of entries) builder.add(e);
    const streamed = builder.finish(5, 2);
    expect(streamed.blocks.length).toBeGreaterThan(3);
    expect(streamed.bytes).toEqual(encodeSst(entries, 5, 2, 96).bytes);
    expect(streamed.footer.tombstoneCount).toBe(6);
  });

  it('refuses a key that is not after the previous one, naming both', () => {
    const builder = new SstBuilder(64);
    builder.add(entry('b', '1', 1));
    expect(() => builder.add(entry('a', '2', 2))).toThrow(/entry 1 .*is not after/);
  });

  it('refuses to finish an empty file, as RocksDB writes none', () => {
    expect(() => new SstBuilder(64).finish(3, 0)).toThrow(/SST 3 would have no entries/);
  });

  it('an older builder cannot write once another has begun (they share their writers), nor after it finished', () => {
    const first = new SstBuilder(64);
    first.add(entry('a', '1', 1));
    const second = new SstBuilder(64);
    expect(() => first.add(entry('b', '2', 2))).toThrow(/another SST was begun/);
    second.add(entry('c', '3', 3));
    const done = second.finish(4, 0);
    expect(decodeSst(done.bytes).entries.map((e) => e.seq)).toEqual([3]);
    expect(() => second.add(entry('d', '4', 4))).toThrow(/finished/);
  });
});
