/** Storage grouped by directory, flattened into rows (a directory heading, then its files) for a windowed list. */
import type { StoredFile } from '../../engine';

export type StorageRow = { dir: string; file: null; count: number } | { dir: string; file: StoredFile; count: 0 };

export function storageRows(groups: readonly (readonly [string, readonly StoredFile[]])[]): StorageRow[] {
  const rows: StorageRow[] = [];
  for (const [dir, files] of groups) {
    rows.push({ dir, file: null, count: files.length });
    for (const f of files) rows.push({ dir, file: f, count: 0 });
  }
  return rows;
}
