/**
 * Flink's `DataOutputSerializer` (a `DataOutputView` over a growable byte array): the scratch
 * buffer every serializer writes into. Integers are big-endian two's complement like Java's
 * `DataOutput`, so fixed-width non-negative numbers sort by value under unsigned byte compare.
 *
 * This is a working tool, never engine state: keep the bytes from {@link DataOutputView.toBytes}
 * (a fresh copy), and reuse one view across many writes with {@link DataOutputView.clear}.
 */
import type { ByteSlab } from './byteSlab';
import { encodeUtf8Into, utf8ByteLength } from './utf8';

const TWO_POW_32 = 4294967296;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// One shared 8-byte scratch for double bits: no DataView per write.
const f64Scratch = new DataView(new ArrayBuffer(8));

/** A growable big-endian byte sink modelled on Flink's `DataOutputSerializer`. */
export class DataOutputView {
  private buf: Uint8Array;
  private pos = 0;

  constructor(initialCapacity = 64) {
    if (!Number.isInteger(initialCapacity) || initialCapacity < 1) {
      throw new RangeError(
        `DataOutputView: initialCapacity must be a positive integer, got ${initialCapacity}`,
      );
    }
    this.buf = new Uint8Array(initialCapacity);
  }

  /** Bytes written so far (`DataOutputSerializer.length()`). */
  get length(): number {
    return this.pos;
  }

  /** Forgets the written bytes but keeps the capacity (`DataOutputSerializer.clear()`). */
  clear(): void {
    this.pos = 0;
  }

  /**
   * `DataOutputSerializer.setPosition`: goes back to `position` (at most the bytes written), so a
   * prefix written once is kept and what follows is written again (SerializedCompositeKeyBuilder).
   */
  setPosition(position: number): void {
    if (!Number.isInteger(position) || position < 0 || position > this.pos) {
      throw new RangeError(`DataOutputView.setPosition: position must be an integer in [0, ${this.pos}], got ${position}`);
    }
    this.pos = position;
  }

  /** A copy of the bytes written so far; safe to store (engine byte arrays are immutable). */
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  /** Like `toBytes`, cut from `slab` (a view into a shared buffer; see ByteSlab for what may go there). */
  toBytesIn(slab: ByteSlab): Uint8Array {
    return slab.copyOf(this.buf, this.pos);
  }

  /** `DataOutput.writeByte`: one byte; accepts a signed (-128..127) or unsigned (0..255) value. */
  writeByte(value: number): void {
    if (!Number.isInteger(value) || value < -128 || value > 255) {
      throw new RangeError(
        `DataOutputView.writeByte: value must be an integer in [-128, 255], got ${value}`,
      );
    }
    this.ensure(1);
    this.buf[this.pos++] = value & 0xff;
  }

  /** `DataOutput.writeBoolean`: 1 or 0. */
  writeBoolean(value: boolean): void {
    if (typeof value !== 'boolean') {
      throw new TypeError(
        `DataOutputView.writeBoolean: value must be a boolean, got ${String(value)}`,
      );
    }
    this.ensure(1);
    this.buf[this.pos++] = value ? 1 : 0;
  }

  /** `DataOutput.writeInt`: 4 bytes big-endian; accepts an int32 or a uint32 (same bits). */
  writeInt(value: number): void {
    if (!Number.isInteger(value) || value < -2147483648 || value > 4294967295) {
      throw new RangeError(
        `DataOutputView.writeInt: value must be an int32 or uint32, got ${value}`,
      );
    }
    this.ensure(4);
    this.putInt32(value);
  }

  /** `DataOutput.writeLong`: 8 bytes big-endian two's complement, from a safe integer or an int64 bigint. */
  writeLong(value: number | bigint): void {
    let hi: number;
    let lo: number;
    if (typeof value === 'bigint') {
      if (value < INT64_MIN || value > INT64_MAX) {
        throw new RangeError(
          `DataOutputView.writeLong: a bigint must fit in 64 bits, got ${value}`,
        );
      }
      hi = Number(BigInt.asIntN(32, value >> 32n));
      lo = Number(BigInt.asUintN(32, value));
    } else {
      if (!Number.isSafeInteger(value)) {
        throw new RangeError(
          `DataOutputView.writeLong: value must be a safe integer or a bigint, got ${value}`,
        );
      }
      hi = Math.floor(value / TWO_POW_32);
      lo = value - hi * TWO_POW_32;
    }
    this.ensure(8);
    this.putInt32(hi);
    this.putInt32(lo);
  }

  /** `DataOutput.writeDouble`: IEEE-754 bits big-endian; every NaN becomes Java's canonical NaN. */
  writeDouble(value: number): void {
    if (typeof value !== 'number') {
      throw new TypeError(
        `DataOutputView.writeDouble: value must be a number, got ${typeof value}`,
      );
    }
    this.ensure(8);
    if (Number.isNaN(value)) {
      // Double.doubleToLongBits(NaN) = 0x7ff8000000000000: one bit pattern, deterministic bytes.
      this.putInt32(0x7ff80000);
      this.putInt32(0);
      return;
    }
    f64Scratch.setFloat64(0, value, false);
    for (let i = 0; i < 8; i++) this.buf[this.pos++] = f64Scratch.getUint8(i);
  }

  /** An unsigned LEB128 varint (1–5 bytes) for lengths and counts. */
  writeVarUint32(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 4294967295) {
      throw new RangeError(
        `DataOutputView.writeVarUint32: value must be an integer in [0, 2^32), got ${value}`,
      );
    }
    this.ensure(5);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.pos++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.pos++] = v;
  }

  /** A string: varint byte length, then UTF-8 (see utf8.ts); Flink's `StringValue.writeString` plays this role. */
  writeString(value: string): void {
    if (typeof value !== 'string') {
      throw new TypeError(
        `DataOutputView.writeString: value must be a string, got ${typeof value}`,
      );
    }
    const n = utf8ByteLength(value);
    this.writeVarUint32(n);
    this.ensure(n);
    this.pos = encodeUtf8Into(value, this.buf, this.pos);
  }

  /** `DataOutput.write(byte[])`: raw bytes, no length. */
  writeBytes(bytes: Uint8Array, start = 0, end = bytes.length): void {
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`DataOutputView.writeBytes: expected a Uint8Array, got ${typeof bytes}`);
    }
    if (
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      start < 0 ||
      end > bytes.length ||
      start > end
    ) {
      throw new RangeError(
        `DataOutputView.writeBytes: bad range [${start}, ${end}) for ${bytes.length} bytes`,
      );
    }
    const n = end - start;
    this.ensure(n);
    this.buf.set(
      start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end),
      this.pos,
    );
    this.pos += n;
  }

  /** Compares the written bytes `[aStart, aEnd)` and `[bStart, bEnd)` unsigned-lexicographically, without copying. */
  compareRanges(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
    const b = this.buf;
    const n = Math.min(aEnd - aStart, bEnd - bStart);
    for (let i = 0; i < n; i++) {
      const d = b[aStart + i]! - b[bStart + i]!;
      if (d !== 0) return d;
    }
    return aEnd - aStart - (bEnd - bStart);
  }

  /** Copies the written bytes `[start, end)` of this view into `target` (used to reorder encoded parts). */
  copyRangeTo(target: DataOutputView, start: number, end: number): void {
    target.writeBytes(this.buf, start, end);
  }

  private putInt32(v: number): void {
    const b = this.buf;
    let p = this.pos;
    b[p++] = (v >>> 24) & 0xff;
    b[p++] = (v >>> 16) & 0xff;
    b[p++] = (v >>> 8) & 0xff;
    b[p++] = v & 0xff;
    this.pos = p;
  }

  private ensure(extra: number): void {
    const need = this.pos + extra;
    if (need <= this.buf.length) return;
    // Doubling keeps appends amortised O(1).
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }
}
