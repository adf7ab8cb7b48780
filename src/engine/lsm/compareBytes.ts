/**
 * Byte-string ordering for the LSM. RocksDB's default comparator (`BytewiseComparator`) orders
 * keys as unsigned bytes, shorter-prefix first; Flink relies on it so that all keys of one key
 * group (their 1–2 byte prefix) sit together and a key-group range is one contiguous scan.
 */

/** RocksDB `BytewiseComparator::Compare`: unsigned lexicographic order, negative/0/positive. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * Bytewise comparison of `buf[off, off+len)` with `key`, without copying: SST point lookups
 * compare keys in place inside the immutable file bytes.
 */
export function compareBytesAt(buf: Uint8Array, off: number, len: number, key: Uint8Array): number {
  const n = len < key.length ? len : key.length;
  for (let i = 0; i < n; i++) {
    const d = buf[off + i]! - key[i]!;
    if (d !== 0) return d;
  }
  return len - key.length;
}

/** Byte equality (RocksDB `Slice::operator==`). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The smallest key greater than every key starting with `prefix` (RocksDB prefix iteration's
 * upper bound), or null when no such key exists (empty prefix or all 0xff bytes).
 */
export function prefixSuccessor(prefix: Uint8Array): Uint8Array | null {
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === 0xff) end--;
  if (end === 0) return null;
  const out = prefix.slice(0, end);
  out[end - 1] = out[end - 1]! + 1;
  return out;
}

/** Formats a key for error messages and UI labels (printable ASCII kept, other bytes as \xNN). */
export function formatKey(key: Uint8Array, maxBytes = 32): string {
  let s = '';
  const n = Math.min(key.length, maxBytes);
  for (let i = 0; i < n; i++) {
    const c = key[i]!;
    s +=
      c >= 0x20 && c < 0x7f && c !== 0x5c
        ? String.fromCharCode(c)
        : `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return key.length > maxBytes ? `${s}…(${key.length} bytes)` : s;
}
