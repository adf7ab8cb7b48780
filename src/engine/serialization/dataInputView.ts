/**
 * Flink's `DataInputDeserializer` (a `DataInputView` over a byte array): reads what
 * {@link DataOutputView} wrote. Every read checks the remaining length first and throws a
 * {@link TruncatedInputError} naming the offset, so corrupt or cut-off snapshot bytes fail loudly.
 * Reuse one view for many inputs with {@link DataInputView.reset}.
 */
import { decodeUtf8 } from './utf8';

const TWO_POW_32 = 4294967296;
const f64Scratch = new DataView(new ArrayBuffer(8));

/** Input ended before a read could complete. */
export class TruncatedInputError extends Error {
  constructor(
    readonly what: string,
    readonly offset: number,
    readonly needed: number,
    readonly available: number,
  ) {
    super(
      `DataInputView: truncated input: ${what} needs ${needed} byte(s) at offset ${offset}, only ${available} remain`,
    );
    this.name = 'TruncatedInputError';
  }
}

/** A big-endian byte reader modelled on Flink's `DataInputDeserializer`. */
export class DataInputView {
  private buf!: Uint8Array;
  private pos!: number;
  private end!: number;

  constructor(bytes: Uint8Array, start = 0, end = bytes.length) {
    this.reset(bytes, start, end);
  }

  /** Points the view at new input (`DataInputDeserializer.setBuffer`). */
  reset(bytes: Uint8Array, start = 0, end = bytes.length): void {
    if (!(bytes instanceof Uint8Array)) {
      throw new TypeError(`DataInputView: expected a Uint8Array, got ${typeof bytes}`);
    }
    if (
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      start < 0 ||
      end > bytes.length ||
      start > end
    ) {
      throw new RangeError(`DataInputView: bad range [${start}, ${end}) for ${bytes.length} bytes`);
    }
    this.buf = bytes;
    this.pos = start;
    this.end = end;
  }

  /** Offset of the next byte to read (`DataInputDeserializer.getPosition()`). */
  get position(): number {
    return this.pos;
  }

  /** Bytes left to read (`DataInputDeserializer.available()`). */
  get remaining(): number {
    return this.end - this.pos;
  }

  /** `DataInput.readByte`: a signed byte (-128..127), like Java. */
  readByte(): number {
    this.need(1, 'readByte');
    return (this.buf[this.pos++]! << 24) >> 24;
  }

  /** `DataInput.readUnsignedByte`: 0..255. */
  readUnsignedByte(): number {
    this.need(1, 'readUnsignedByte');
    return this.buf[this.pos++]!;
  }

  /** `DataInput.readBoolean`: any non-zero byte is true, as in Java. */
  readBoolean(): boolean {
    this.need(1, 'readBoolean');
    return this.buf[this.pos++]! !== 0;
  }

  /** `DataInput.readInt`: a big-endian int32. */
  readInt(): number {
    this.need(4, 'readInt');
    return this.getInt32();
  }

  /** `DataInput.readLong` as a number; throws if the value is outside the safe-integer range. */
  readLong(): number {
    const at = this.pos;
    this.need(8, 'readLong');
    const hi = this.getInt32();
    const lo = this.getInt32() >>> 0;
    const v = hi * TWO_POW_32 + lo;
    if (!Number.isSafeInteger(v)) {
      throw new RangeError(
        `DataInputView.readLong: the long at offset ${at} is outside the safe-integer range; use readLongBigInt`,
      );
    }
    return v;
  }

  /** `DataInput.readLong` as a bigint (any int64). */
  readLongBigInt(): bigint {
    this.need(8, 'readLongBigInt');
    const hi = this.getInt32();
    const lo = this.getInt32() >>> 0;
    return (BigInt(hi) << 32n) | BigInt(lo);
  }

  /** `DataInput.readDouble`: IEEE-754 bits, big-endian. */
  readDouble(): number {
    this.need(8, 'readDouble');
    for (let i = 0; i < 8; i++) f64Scratch.setUint8(i, this.buf[this.pos++]!);
    return f64Scratch.getFloat64(0, false);
  }

  /** An unsigned LEB128 varint of at most 5 bytes, value < 2^32. */
  readVarUint32(): number {
    const at = this.pos;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 5; i++) {
      this.need(1, 'readVarUint32');
      const b = this.buf[this.pos++]!;
      value += (b & 0x7f) * scale;
      if (b < 0x80) {
        if (value > 4294967295 || (i > 0 && b === 0)) {
          throw new Error(`DataInputView.readVarUint32: malformed varint at offset ${at}`);
        }
        return value;
      }
      scale *= 128;
    }
    throw new Error(`DataInputView.readVarUint32: varint longer than 5 bytes at offset ${at}`);
  }

  /** A string written by `DataOutputView.writeString`. */
  readString(): string {
    const n = this.readVarUint32();
    this.need(n, 'readString');
    const start = this.pos;
    this.pos += n;
    return decodeUtf8(this.buf, start, start + n);
  }

  /** `n` raw bytes, as a copy (the caller may keep it). */
  readBytes(n: number): Uint8Array {
    if (!Number.isInteger(n) || n < 0) {
      throw new RangeError(`DataInputView.readBytes: n must be a non-negative integer, got ${n}`);
    }
    this.need(n, 'readBytes');
    const out = this.buf.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** `DataInput.skipBytesToRead`: skips exactly `n` bytes. */
  skipBytes(n: number): void {
    if (!Number.isInteger(n) || n < 0) {
      throw new RangeError(`DataInputView.skipBytes: n must be a non-negative integer, got ${n}`);
    }
    this.need(n, 'skipBytes');
    this.pos += n;
  }

  private getInt32(): number {
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 4;
    return (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
  }

  private need(n: number, what: string): void {
    if (this.end - this.pos < n)
      throw new TruncatedInputError(what, this.pos, n, this.end - this.pos);
  }
}
