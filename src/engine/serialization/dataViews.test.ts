import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataInputView, TruncatedInputError } from './dataInputView';
import { DataOutputView } from './dataOutputView';

const hex = (b: Uint8Array): string =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

describe('DataOutputView / DataInputView', () => {
  it('writes the same bytes as java.io.DataOutputStream', () => {
    // Expected bytes produced by a JVM: writeInt(-2), writeLong(-5000000000L), writeDouble(Math.PI),
    // writeDouble(-0.0), writeLong(9007199254740991L), writeBoolean(true), writeByte(-1).
    const out = new DataOutputView(1);
    out.writeInt(-2);
    out.writeLong(-5000000000);
    out.writeDouble(Math.PI);
    out.writeDouble(-0);
    out.writeLong(9007199254740991n);
    out.writeBoolean(true);
    out.writeByte(-1);
    expect(hex(out.toBytes())).toBe(
      'fffffffefffffffed5fa0e00400921fb54442d188000000000000000001fffffffffffff01ff',
    );
  });

  it('round-trips every primitive, interleaved', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ t: fc.constant('byte' as const), v: fc.integer({ min: -128, max: 127 }) }),
            fc.record({ t: fc.constant('bool' as const), v: fc.boolean() }),
            fc.record({ t: fc.constant('int' as const), v: fc.integer() }),
            fc.record({ t: fc.constant('long' as const), v: fc.maxSafeInteger() }),
            fc.record({
              t: fc.constant('bigint' as const),
              v: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
            }),
            fc.record({ t: fc.constant('double' as const), v: fc.double() }),
            fc.record({ t: fc.constant('varint' as const), v: fc.nat({ max: 4294967295 }) }),
            fc.record({ t: fc.constant('string' as const), v: fc.string({ unit: 'grapheme' }) }),
          ),
        ),
        (items) => {
          const out = new DataOutputView(1);
          for (const it of items) {
            if (it.t === 'byte') out.writeByte(it.v);
            else if (it.t === 'bool') out.writeBoolean(it.v);
            else if (it.t === 'int') out.writeInt(it.v);
            else if (it.t === 'long' || it.t === 'bigint') out.writeLong(it.v);
            else if (it.t === 'double') out.writeDouble(it.v);
            else if (it.t === 'varint') out.writeVarUint32(it.v);
            else out.writeString(it.v);
          }
          const input = new DataInputView(out.toBytes());
          for (const it of items) {
            const got =
              it.t === 'byte'
                ? input.readByte()
                : it.t === 'bool'
                  ? input.readBoolean()
                  : it.t === 'int'
                    ? input.readInt()
                    : it.t === 'long'
                      ? input.readLong()
                      : it.t === 'bigint'
                        ? input.readLongBigInt()
                        : it.t === 'double'
                          ? input.readDouble()
                          : it.t === 'varint'
                            ? input.readVarUint32()
                            : input.readString();
            expect(got).toEqual(it.v);
          }
          expect(input.remaining).toBe(0);
        },
      ),
    );
  });

  it('writes a safe-integer long and the equal bigint as the same bytes', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (v) => {
        const a = new DataOutputView();
        a.writeLong(v);
        const b = new DataOutputView();
        b.writeLong(BigInt(v));
        expect(a.toBytes()).toEqual(b.toBytes());
      }),
    );
  });

  it("writes every NaN as Java's canonical NaN bits", () => {
    const out = new DataOutputView();
    out.writeDouble(Number.NaN);
    out.writeDouble(new Float64Array(new BigUint64Array([0x7ff0000000000001n]).buffer)[0]!);
    expect(hex(out.toBytes())).toBe('7ff80000000000007ff8000000000000');
  });

  it('grows by doubling and keeps earlier bytes; clear() reuses the buffer; toBytes() is a copy', () => {
    const out = new DataOutputView(1);
    for (let i = 0; i < 100_000; i++) out.writeInt(i);
    expect(out.length).toBe(400_000);
    const bytes = out.toBytes();
    const input = new DataInputView(bytes);
    for (let i = 0; i < 100_000; i++) if (input.readInt() !== i) throw new Error(`int ${i} lost`);
    out.clear();
    out.writeByte(7);
    expect(out.toBytes()).toEqual(Uint8Array.of(7));
    expect(bytes[3]).toBe(0); // the earlier copy is untouched
  });

  it('rejects values it cannot write exactly, naming the value', () => {
    const out = new DataOutputView();
    expect(() => out.writeInt(1.5)).toThrow(/writeInt.*got 1.5/);
    expect(() => out.writeInt(2 ** 32)).toThrow(/got 4294967296/);
    expect(() => out.writeLong(2 ** 53)).toThrow(/writeLong.*got 9007199254740992/);
    expect(() => out.writeLong(2n ** 63n)).toThrow(/64 bits, got 9223372036854775808/);
    expect(() => out.writeByte(256)).toThrow(/writeByte.*got 256/);
    expect(() => out.writeVarUint32(-1)).toThrow(/writeVarUint32.*got -1/);
    expect(out.length).toBe(0);
  });

  it('reports truncated input with the read, the offset and the missing length', () => {
    const reads: Array<[string, (i: DataInputView) => unknown]> = [
      ['readByte', (i) => i.readByte()],
      ['readBoolean', (i) => i.readBoolean()],
      ['readInt', (i) => i.readInt()],
      ['readLong', (i) => i.readLong()],
      ['readLongBigInt', (i) => i.readLongBigInt()],
      ['readDouble', (i) => i.readDouble()],
      ['readVarUint32', (i) => i.readVarUint32()],
      ['readBytes', (i) => i.readBytes(5)],
    ];
    for (const [name, read] of reads) {
      const input = new DataInputView(Uint8Array.of(0x80, 0x80, 0x80), 3);
      const err = (() => {
        try {
          read(input);
        } catch (e) {
          return e;
        }
        throw new Error(`${name} did not throw`);
      })();
      expect(err).toBeInstanceOf(TruncatedInputError);
      expect((err as Error).message).toMatch(
        new RegExp(`${name} needs \\d+ byte\\(s\\) at offset 3, only 0 remain`),
      );
    }
    const s = new DataOutputView();
    s.writeString('hello');
    expect(() => new DataInputView(s.toBytes().subarray(0, 4)).readString()).toThrow(
      /readString needs 5 byte\(s\) at offset 1, only 3 remain/,
    );
  });

  it('rejects a long outside the safe range when read as a number, and malformed varints', () => {
    const out = new DataOutputView();
    out.writeLong(2n ** 60n);
    expect(() => new DataInputView(out.toBytes()).readLong()).toThrow(
      /offset 0 is outside the safe-integer range/,
    );
    expect(new DataInputView(out.toBytes()).readLongBigInt()).toBe(2n ** 60n);
    expect(() => new DataInputView(Uint8Array.of(0x80, 0x00)).readVarUint32()).toThrow(
      /malformed varint at offset 0/,
    );
    expect(() =>
      new DataInputView(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x7f)).readVarUint32(),
    ).toThrow(/malformed/);
    expect(() =>
      new DataInputView(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0x01)).readVarUint32(),
    ).toThrow(/longer than 5/);
  });
});
