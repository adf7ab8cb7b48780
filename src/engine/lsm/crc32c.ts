/**
 * CRC-32C (Castagnoli), the checksum RocksDB stores for every block and its MANIFEST records.
 * Here it guards whole files, so a flipped byte in an SST or MANIFEST is caught on open.
 */

const TABLE: Uint32Array = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** RocksDB `crc32c::Value`: CRC-32C of `bytes[from, to)` as an unsigned 32-bit number. */
export function crc32c(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
