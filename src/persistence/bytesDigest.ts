/**
 * A fast, synchronous 64-bit digest of bytes (two FNV-1a lanes), used to tell whether a stored
 * file equals the engine's. It must be synchronous: an IndexedDB transaction commits as soon as
 * its callbacks stop issuing requests, so awaiting `crypto.subtle.digest` inside one would end it.
 * It is not cryptographic; it only has to catch accidental differences.
 */

// Engine byte arrays are immutable once written (see docs/architecture.md), so a digest can be
// cached by identity: reconciling after every seek then costs a map lookup per unchanged file.
const cache = new WeakMap<Uint8Array, string>();

/** The digest of `bytes` as 16 hex digits. */
export function digestBytes(bytes: Uint8Array): string {
  const hit = cache.get(bytes);
  if (hit !== undefined) return hit;
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    h1 = Math.imul(h1 ^ b, 0x01000193);
    h2 = Math.imul(h2 ^ b, 0x5bd1e995) ^ (h2 >>> 13);
  }
  const digest = (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
  cache.set(bytes, digest);
  return digest;
}
