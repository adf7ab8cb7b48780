/**
 * String bytes for the serializers: UTF-8, extended (as WTF-8) so that lone UTF-16 surrogates
 * are encoded as 3-byte sequences instead of being replaced by U+FFFD. That keeps every JS
 * string, like every Java String, round-tripping unchanged, so a deserialized key has the same
 * `hashCode()` and lands in the same key group. The decoder accepts exactly the canonical
 * encoding (no overlongs, surrogate pairs only as 4-byte sequences), so equal strings always
 * have equal bytes: a key never appears twice in a sorted store under two encodings.
 */

/** Whether `s` has no lone surrogate (`String.prototype.isWellFormed`, ES2024): then its bytes here are plain UTF-8. */
export function isWellFormedUtf16(s: string): boolean {
  const len = s.length;
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c > 0xdbff || i + 1 >= len || !isLowSurrogate(s.charCodeAt(i + 1))) return false;
    i++;
  }
  return true;
}

/** Bytes {@link encodeUtf8Into} will write for `s`. */
export function utf8ByteLength(s: string): number {
  let n = 0;
  const len = s.length;
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < len && isLowSurrogate(s.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Encodes `s` into `buf` at `pos` (the caller reserved {@link utf8ByteLength} bytes); returns the end position. */
export function encodeUtf8Into(s: string, buf: Uint8Array, pos: number): number {
  let p = pos;
  const len = s.length;
  for (let i = 0; i < len; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      buf[p++] = c;
    } else if (c < 0x800) {
      buf[p++] = 0xc0 | (c >> 6);
      buf[p++] = 0x80 | (c & 0x3f);
    } else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
        const d = s.charCodeAt(i + 1);
        if (isLowSurrogate(d)) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          buf[p++] = 0xf0 | (c >> 18);
          buf[p++] = 0x80 | ((c >> 12) & 0x3f);
          buf[p++] = 0x80 | ((c >> 6) & 0x3f);
          buf[p++] = 0x80 | (c & 0x3f);
          i++;
          continue;
        }
      }
      buf[p++] = 0xe0 | (c >> 12);
      buf[p++] = 0x80 | ((c >> 6) & 0x3f);
      buf[p++] = 0x80 | (c & 0x3f);
    }
  }
  return p;
}

// Decoded UTF-16 units are gathered here, then turned into a string in chunks: no per-character
// allocation. Shared by all decodes; safe because decoding never re-enters itself.
let units = new Uint16Array(256);
const CHUNK = 4096;

/** Decodes `buf[start, end)`; throws naming the absolute offset of the first malformed byte. */
export function decodeUtf8(buf: Uint8Array, start: number, end: number): string {
  if (units.length < end - start) units = new Uint16Array(Math.max(end - start, units.length * 2));
  let n = 0;
  let p = start;
  // A lone high surrogate written as 3 bytes must not be followed by a 3-byte low surrogate:
  // that pair has a canonical 4-byte form.
  let prevLoneHigh = false;
  while (p < end) {
    const b0 = buf[p]!;
    if (b0 < 0x80) {
      units[n++] = b0;
      p += 1;
      prevLoneHigh = false;
      continue;
    }
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      const b1 = continuation(buf, p, 1, end);
      units[n++] = ((b0 & 0x1f) << 6) | b1;
      p += 2;
      prevLoneHigh = false;
      continue;
    }
    if (b0 >= 0xe0 && b0 <= 0xef) {
      const b1 = continuation(buf, p, 1, end);
      const b2 = continuation(buf, p, 2, end);
      const c = ((b0 & 0x0f) << 12) | (b1 << 6) | b2;
      if (c < 0x800) throw malformed(p, 'overlong 3-byte sequence');
      if (c >= 0xdc00 && c <= 0xdfff && prevLoneHigh) {
        throw malformed(p, 'surrogate pair split into two 3-byte sequences');
      }
      prevLoneHigh = c >= 0xd800 && c <= 0xdbff;
      units[n++] = c;
      p += 3;
      continue;
    }
    if (b0 >= 0xf0 && b0 <= 0xf4) {
      const b1 = continuation(buf, p, 1, end);
      const b2 = continuation(buf, p, 2, end);
      const b3 = continuation(buf, p, 3, end);
      const cp = ((b0 & 0x07) << 18) | (b1 << 12) | (b2 << 6) | b3;
      if (cp < 0x10000 || cp > 0x10ffff) throw malformed(p, 'code point out of range');
      units[n++] = 0xd800 + ((cp - 0x10000) >> 10);
      units[n++] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
      p += 4;
      prevLoneHigh = false;
      continue;
    }
    throw malformed(p, `invalid leading byte 0x${b0.toString(16)}`);
  }
  if (n <= CHUNK)
    return String.fromCharCode.apply(null, units.subarray(0, n) as unknown as number[]);
  let s = '';
  for (let i = 0; i < n; i += CHUNK) {
    s += String.fromCharCode.apply(
      null,
      units.subarray(i, Math.min(n, i + CHUNK)) as unknown as number[],
    );
  }
  return s;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function continuation(buf: Uint8Array, p: number, k: number, end: number): number {
  if (p + k >= end) throw malformed(p, 'sequence cut off by the end of the string');
  const b = buf[p + k]!;
  if ((b & 0xc0) !== 0x80)
    throw malformed(p + k, `expected a continuation byte, got 0x${b.toString(16)}`);
  return b & 0x3f;
}

function malformed(offset: number, what: string): Error {
  return new Error(`decodeUtf8: malformed string bytes at offset ${offset}: ${what}`);
}
