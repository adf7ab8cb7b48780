/**
 * Flink's `MathUtils.murmurHash(int)` and `MathUtils.bitMix(int)`: the scrambling step between
 * `key.hashCode()` and the key group, so that keys with nearby hash codes spread over key groups.
 */

/** `MathUtils.bitMix`: Murmur3's 32-bit finalizer (fmix32). */
export function bitMix(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/**
 * `MathUtils.murmurHash(int)`: one Murmur3-32 block (seed 0, length 4), fmix32, then a
 * non-negative result (`Integer.MIN_VALUE` maps to 0, since it has no positive twin).
 */
export function murmurHash(code: number): number {
  let k = Math.imul(code | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  // Seed 0 xor k is k: mix it into the hash state directly.
  let h = (k << 13) | (k >>> 19);
  h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  h ^= 4; // the length in bytes
  h = bitMix(h);
  if (h >= 0) return h;
  return h === -2147483648 ? 0 : -h;
}
