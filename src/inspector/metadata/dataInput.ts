/**
 * Reads what Java's DataOutputStream wrote: big-endian ints and longs, single bytes, and
 * `writeUTF` strings (an unsigned 16-bit length, then modified UTF-8). Every read checks the
 * bounds first, every count is checked against the bytes left before a loop runs, so a corrupt
 * file gives a MetadataFormatError naming the offset instead of a RangeError or a huge loop.
 */
import { MetadataFormatError } from './errors';

export class DataInput {
  private readonly view: DataView;
  private pos: number;
  /** A stack of what is being read, for error messages (`operator 1 / subtask 0 / …`). */
  private readonly context: string[] = [];

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
  }

  get offset(): number {
    return this.pos;
  }

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  where(): string {
    return this.context.join(' / ');
  }

  /** Runs `read` with `what` on the context stack, so errors inside name it. */
  within<T>(what: string, read: () => T): T {
    this.context.push(what);
    try {
      return read();
    } finally {
      this.context.pop();
    }
  }

  fail(code: MetadataFormatError['code'], detail: string, offset = this.pos): never {
    throw new MetadataFormatError(code, offset, this.where(), detail);
  }

  private need(n: number, what: string): void {
    if (n > this.remaining) {
      this.fail('TRUNCATED', `unexpected end of data: ${what} needs ${n} byte${n === 1 ? '' : 's'}, ${this.remaining} left`);
    }
  }

  /** Java `readByte()`: signed. */
  readByte(what = 'a byte'): number {
    this.need(1, what);
    return this.view.getInt8(this.pos++);
  }

  /** Java `read()` on a stream known to have data: unsigned. */
  readUnsignedByte(what = 'a byte'): number {
    this.need(1, what);
    return this.view.getUint8(this.pos++);
  }

  readBoolean(what = 'a boolean'): boolean {
    return this.readUnsignedByte(what) !== 0;
  }

  readUnsignedShort(what = 'a short'): number {
    this.need(2, what);
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }

  readShort(what = 'a short'): number {
    this.need(2, what);
    const v = this.view.getInt16(this.pos);
    this.pos += 2;
    return v;
  }

  readInt(what = 'an int'): number {
    this.need(4, what);
    const v = this.view.getInt32(this.pos);
    this.pos += 4;
    return v;
  }

  /** A Java long as a bigint (all 64 bits). */
  readLongBig(what = 'a long'): bigint {
    this.need(8, what);
    const v = this.view.getBigInt64(this.pos);
    this.pos += 8;
    return v;
  }

  /**
   * A Java long as a number. Sizes, offsets and ids Flink writes stay far below 2^53; a value
   * beyond that is reported rather than rounded, so a result never holds a silently wrong number.
   */
  readLong(what = 'a long'): number {
    const at = this.pos;
    const v = this.readLongBig(what);
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
      this.fail('OUT_OF_RANGE', `${what} is ${v}, beyond what this reader represents exactly (±2^53)`, at);
    }
    return Number(v);
  }

  /** The next `n` bytes, as a view into the input (no copy). */
  readBytes(n: number, what = 'bytes'): Uint8Array {
    if (n < 0) this.fail('OUT_OF_RANGE', `negative length ${n} for ${what}`);
    this.need(n, what);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /**
   * A count read as an int, checked to be ≥ 0 and small enough that `count` elements of at least
   * `minElementBytes` each fit in the bytes left: what bounds every loop of the reader.
   */
  readCount(what: string, minElementBytes: number): number {
    const at = this.pos;
    const n = this.readInt(`the number of ${what}`);
    this.checkCount(n, what, minElementBytes, at);
    return n;
  }

  checkCount(n: number, what: string, minElementBytes: number, at: number): void {
    if (n < 0) this.fail('OUT_OF_RANGE', `negative number of ${what}: ${n}`, at);
    if (n * minElementBytes > this.remaining) {
      this.fail('OUT_OF_RANGE', `${n} ${what} cannot fit in the ${this.remaining} bytes left`, at);
    }
  }

  /** Java `readUTF()`: unsigned 16-bit byte length, then modified UTF-8. */
  readUTF(what = 'a string'): string {
    const len = this.readUnsignedShort(`the length of ${what}`);
    const start = this.pos;
    const raw = this.readBytes(len, what);
    return decodeModifiedUtf8(raw, (i, detail) => this.fail('MALFORMED', `${what}: ${detail}`, start + i));
  }
}

/**
 * Java's modified UTF-8 (DataInput#readUTF): 1-, 2- and 3-byte forms only; NUL is written as
 * C0 80 and characters beyond the BMP as two 3-byte surrogates, so decoding yields UTF-16 code
 * units directly. TextDecoder would reject or replace those forms, hence this decoder.
 */
export function decodeModifiedUtf8(
  raw: Uint8Array,
  fail: (index: number, detail: string) => never,
): string {
  const units: number[] = [];
  let i = 0;
  while (i < raw.length) {
    const a = raw[i]!;
    if (a < 0x80) {
      units.push(a);
      i += 1;
    } else if ((a & 0xe0) === 0xc0) {
      if (i + 1 >= raw.length) fail(i, 'partial character at end of string');
      const b = raw[i + 1]!;
      if ((b & 0xc0) !== 0x80) fail(i + 1, 'malformed modified UTF-8 input');
      units.push(((a & 0x1f) << 6) | (b & 0x3f));
      i += 2;
    } else if ((a & 0xf0) === 0xe0) {
      if (i + 2 >= raw.length) fail(i, 'partial character at end of string');
      const b = raw[i + 1]!;
      const c = raw[i + 2]!;
      if ((b & 0xc0) !== 0x80 || (c & 0xc0) !== 0x80) fail(i + 1, 'malformed modified UTF-8 input');
      units.push(((a & 0x0f) << 12) | ((b & 0x3f) << 6) | (c & 0x3f));
      i += 3;
    } else {
      fail(i, `malformed modified UTF-8 input (byte 0x${a.toString(16)})`);
    }
  }
  // Chunked so a 64 KB string does not overflow the argument limit of apply.
  let s = '';
  for (let k = 0; k < units.length; k += 8192) s += String.fromCharCode(...units.slice(k, k + 8192));
  return s;
}
