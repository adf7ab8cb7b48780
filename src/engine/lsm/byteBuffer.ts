/**
 * Growable writer and bounds-checked reader for the LSM's binary files (SST, MANIFEST).
 * Integers are LEB128 varints like RocksDB's `PutVarint64`; sequence numbers can exceed 2^32,
 * so varints use arithmetic rather than 32-bit shifts and stay exact up to 2^53.
 */
import { LsmCorruptionError } from './lsmErrors';
import { decodeUtf8, encodeUtf8Into, isWellFormedUtf16, utf8ByteLength } from '../serialization/utf8';

/** Append-only byte builder (RocksDB `std::string` buffers with `PutVarint*` / `PutFixed32`). */
export class ByteWriter {
  private buf: Uint8Array;
  length = 0;

  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(Math.max(16, initialCapacity));
  }

  private ensure(extra: number): void {
    const need = this.length + extra;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b;
  }

  varint(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0)
      throw new RangeError(`varint: expected a non-negative safe integer, got ${n}`);
    this.ensure(8);
    while (n >= 0x80) {
      this.buf[this.length++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.length++] = n;
  }

  fixed32(n: number): void {
    this.ensure(4);
    const b = this.buf;
    b[this.length++] = n & 0xff;
    b[this.length++] = (n >>> 8) & 0xff;
    b[this.length++] = (n >>> 16) & 0xff;
    b[this.length++] = (n >>> 24) & 0xff;
  }

  bytes(src: Uint8Array): void {
    this.ensure(src.length);
    this.buf.set(src, this.length);
    this.length += src.length;
  }

  /** Length-prefixed bytes (RocksDB `PutLengthPrefixedSlice`). */
  lengthPrefixed(src: Uint8Array): void {
    this.varint(src.length);
    this.bytes(src);
  }

  string(s: string): void {
    if (!isWellFormedUtf16(s)) return this.lengthPrefixed(utf8Encode(s));
    const n = utf8ByteLength(s);
    this.varint(n);
    this.ensure(n);
    this.length = encodeUtf8Into(s, this.buf, this.length);
  }

  /** The bytes written so far, as a view that is only valid until the next write. */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  /** Forgets the written bytes but keeps the capacity, to write the next block into. */
  reset(): void {
    this.length = 0;
  }

  /** Copies the written bytes into a right-sized array that nobody else holds. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Cursor over immutable bytes; every overrun is reported as corruption of the named file. */
export class ByteReader {
  pos: number;

  constructor(
    readonly buf: Uint8Array,
    readonly fileName: string,
    from = 0,
    readonly end = buf.length,
  ) {
    this.pos = from;
  }

  fail(detail: string): never {
    throw new LsmCorruptionError(this.fileName, detail);
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  byte(): number {
    if (this.pos >= this.end) this.fail(`unexpected end of data at byte ${this.pos}`);
    return this.buf[this.pos++]!;
  }

  varint(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.byte();
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 0x80;
    }
    return this.fail(`varint longer than 8 bytes at byte ${this.pos}`);
  }

  fixed32(): number {
    if (this.pos + 4 > this.end) this.fail(`unexpected end of data at byte ${this.pos}`);
    const b = this.buf;
    const p = this.pos;
    this.pos += 4;
    return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
  }

  /** A copy, so the result does not pin the whole file buffer when kept in state. */
  bytes(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.end)
      this.fail(`a ${n}-byte field at byte ${this.pos} runs past the end`);
    const out = this.buf.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** A view without copying, for data that is consumed right away and never stored. */
  view(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.end)
      this.fail(`a ${n}-byte field at byte ${this.pos} runs past the end`);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  lengthPrefixed(): Uint8Array {
    return this.bytes(this.varint());
  }

  /** `lengthPrefixed` as a view (see `view`). */
  lengthPrefixedView(): Uint8Array {
    return this.view(this.varint());
  }

  string(): string {
    return utf8Decode(this.lengthPrefixed());
  }
}

/**
 * UTF-8 encoding of column family names and OPTIONS text, by the serializers' own codec rather
 * than TextEncoder: every snapshot writes a MANIFEST and OPTIONS of each subtask, and a
 * `TextEncoder` made and called per string is a browser object, a string handed to the browser
 * and an array it allocates, on the page's thread too while a big run replays. A well-formed
 * string has the same bytes either way; one with a lone surrogate keeps TextEncoder's U+FFFD.
 */
export function utf8Encode(s: string): Uint8Array {
  if (!isWellFormedUtf16(s)) return new TextEncoder().encode(s);
  const out = new Uint8Array(utf8ByteLength(s));
  encodeUtf8Into(s, out, 0);
  return out;
}

/** UTF-8 decoding of column family names and OPTIONS text; a leading BOM and damaged bytes read as TextDecoder reads them (dropped, U+FFFD). */
export function utf8Decode(b: Uint8Array): string {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder().decode(b);
  try {
    // The serializers' codec also reads an encoded lone surrogate (WTF-8); TextDecoder does not.
    const s = decodeUtf8(b, 0, b.length);
    if (isWellFormedUtf16(s)) return s;
  } catch {
    // Damaged: read as TextDecoder reads it, below.
  }
  return new TextDecoder().decode(b);
}
