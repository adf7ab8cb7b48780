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

  /** Java `writeUTF`: modified UTF-8 (NUL as C0 80, UTF-16 units encoded one by one), ≤ 65535 bytes. */
  writeUTF(s: string): this {
    const bytes: number[] = [];
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x01 && c <= 0x7f) bytes.push(c);
      else if (c <= 0x7ff) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
      else bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
    if (bytes.length > 0xffff) throw new RangeError(`string too long for writeUTF: ${bytes.length} bytes`);
    this.writeShort(bytes.length);
    return this.writeBytes(Uint8Array.from(bytes));
  }

  toBytes(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}
