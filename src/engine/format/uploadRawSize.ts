/**
 * The raw size an uploaded file reports beside its stored size: for an SST, the size with every
 * RocksDB data block uncompressed (seed 003's S_o; the upload carries S_c, the stored bytes).
 * Other files report nothing (their raw size is their size).
 */
import { sstRawSize } from '../lsm';

export function uploadRawSize(kind: string, bytes: Uint8Array, path: string): { rawSize?: number } {
  if (kind !== 'sst') return {};
  const raw = sstRawSize(bytes, path);
  return raw === bytes.length ? {} : { rawSize: raw };
}
