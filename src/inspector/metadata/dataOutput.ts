/**
 * The writing side of DataInput: Java DataOutputStream's formats (big-endian ints and longs,
 * `writeUTF` in modified UTF-8). Used to write metadata in Flink's layout (tests, and the
 * simulator's own `_metadata`).
 */
export class DataOutput {
  private buf = new Uint8Array(256);
  private view = new DataView(this.buf.buffer);
  private pos = 0;

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  get length(): number {
    return this.pos;
  }

  writeByte(v: number): this {
    this.ensure(1);
    this.view.setInt8(this.pos, (v << 24) >> 24);
    this.pos += 1;
    return this;
  }

  writeBoolean(v: boolean): this {
    return this.writeByte(v ? 1 : 0);
  }

  writeShort(v: number): this {
    this.ensure(2);
    this.view.setUint16(this.pos, v & 0xffff);
    this.pos += 2;
    return this;
  }

  writeInt(v: number): this {
    this.ensure(4);
    this.view.setInt32(this.pos, v | 0);
    this.pos += 4;
    return this;
  }

  writeLong(v: number | bigint): this {
    this.ensure(8);
    this.view.setBigInt64(this.pos, BigInt(v));
    this.pos += 8;
    return this;
  }

  writeBytes(bytes: Uint8Array): this {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
    return this;
  }

  /**
   * Java `writeUTF`: modified UTF-8 (NUL as C0 80, UTF-16 units encoded one by one), ≤ 65535 bytes.
   * Written straight into the buffer: a checkpoint's `_metadata` writes a path or name per file,
   * and an array per string was ~1,500 arrays per checkpoint of the scale run.
   */
  writeUTF(s: string): this {
    let length = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      length += c >= 0x01 && c <= 0x7f ? 1 : c <= 0x7ff ? 2 : 3;
    }
    if (length > 0xffff) throw new RangeError(`string too long for writeUTF: ${length} bytes`);
    this.writeShort(length);
    this.ensure(length);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x01 && c <= 0x7f) b[p++] = c;
      else if (c <= 0x7ff) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 0x3f);
      } else {
        b[p++] = 0xe0 | (c >> 12);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      }
    }
    this.pos = p;
    return this;
  }

  toBytes(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}
