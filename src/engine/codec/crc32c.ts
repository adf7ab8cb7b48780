/**
 * CRC-32C (Castagnoli), the checksum of the Snappy framing format (xerial `SnappyFramed`,
 * `java.util.zip.CRC32C`), and the masking that format applies before storing it.
 */

// Reflected Castagnoli polynomial.
const POLY = 0x82f63b78;

// Slicing-by-4: four 256-entry tables let the loop consume 4 bytes per step.
const T = new Int32Array(1024);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? POLY ^ (c >>> 1) : c >>> 1;
  T[n] = c;
}
for (let n = 0; n < 256; n++) {
  let c = T[n]!;
  for (let t = 1; t < 4; t++) {
    c = T[c & 0xff]! ^ (c >>> 8);
    T[t * 256 + n] = c;
  }
}

/** `java.util.zip.CRC32C` over `bytes[start, end)`; returns an unsigned 32-bit value. */
export function crc32c(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = ~0;
  let i = start;
  const end4 = end - ((end - start) & 3);
  for (; i < end4; i += 4) {
    c ^= bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    c =
      T[768 + (c & 0xff)]! ^
      T[512 + ((c >>> 8) & 0xff)]! ^
      T[256 + ((c >>> 16) & 0xff)]! ^
      T[c >>> 24]!;
  }
  for (; i < end; i++) c = T[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** `SnappyFramed.mask`: rotate right by 15 and add 0xa282ead8, so a CRC over data holding CRCs stays useful. */
export function maskCrc32c(crc: number): number {
  return (((crc >>> 15) | (crc << 17)) + 0xa282ead8) >>> 0;
}

/** Inverse of {@link maskCrc32c}. */
export function unmaskCrc32c(masked: number): number {
  const rot = (masked - 0xa282ead8) >>> 0;
  return ((rot >>> 17) | (rot << 15)) >>> 0;
}
