/**
 * Turns what the browser gives (a folder picker's files with `webkitRelativePath`, picked files,
 * dropped files and folders) into the FolderInput the pure inspector reads. Lazy: only the
 * `_metadata` files (at the top or one folder down, where Flink writes them) are read; every
 * other file is known by `File.size` alone, so opening a job folder of gigabytes reads kilobytes.
 * Nothing leaves the browser.
 */
import type { FolderEntry, FolderInput } from '../../inspector/folder';

/** A file and its path inside what was opened, '/'-separated (`job/chk-3/_metadata`). */
export interface PickedFile {
  path: string;
  file: Pick<Blob, 'size' | 'arrayBuffer' | 'slice'>;
}

export const MAX_METADATA_BYTES = 256 * 1024 * 1024;
export const MAX_FILES = 200_000;

export class PickError extends Error {
  constructor(
    readonly code: 'noMetadata' | 'tooLarge' | 'tooMany',
    readonly params: Record<string, string | number>,
  ) {
    super(code);
  }
}

const isMetadataPath = (p: string) => p === '_metadata' || /^[^/]+\/_metadata$/.test(p);

/** The files' common top folder, if every path has one (a picked or dropped folder). */
function commonRoot(paths: string[]): string | null {
  const first = paths[0]?.split('/')[0];
  if (!first || !paths.every((p) => p.includes('/') && p.split('/')[0] === first)) return null;
  return first;
}

/**
 * What was opened, as the inspector's input: one folder (its name anchors absolute paths), several
 * files of one folder, or one `_metadata` (then its neighbours are not checked for unreferenced).
 */
export async function toFolderInput(picked: PickedFile[], fallbackName = 'selection'): Promise<{ input: FolderInput; name: string }> {
  if (picked.length > MAX_FILES) throw new PickError('tooMany', { n: picked.length, max: MAX_FILES });
  const clean = picked.map((p) => ({ ...p, path: p.path.replace(/^\/+/, '') }));
  const root = commonRoot(clean.map((p) => p.path));
  let rel = root ? clean.map((p) => ({ ...p, path: p.path.slice(root.length + 1) })) : clean;
  let singleFile = false;
  if (!root && rel.length === 1 && !rel[0]!.path.includes('/')) {
    // One file (not a folder holding only a `_metadata`), whatever its name (a downloaded `_metadata` may be called `_metadata (1)`): read as a `_metadata`.
    rel = [{ ...rel[0]!, path: '_metadata' }];
    singleFile = true;
  }
  const metadata = rel.filter((p) => isMetadataPath(p.path));
  if (metadata.length === 0) throw new PickError('noMetadata', { name: root ?? fallbackName });
  const entries: FolderEntry[] = [];
  for (const p of rel) {
    if (!isMetadataPath(p.path)) {
      entries.push({ path: p.path, size: p.file.size });
      continue;
    }
    if (p.file.size > MAX_METADATA_BYTES) throw new PickError('tooLarge', { name: p.path, size: p.file.size });
    entries.push({ path: p.path, size: p.file.size, bytes: new Uint8Array(await p.file.arrayBuffer()) });
  }
  return { input: { rootName: root ?? fallbackName, entries, ...(singleFile ? { singleFile } : {}) }, name: root ?? (singleFile ? clean[0]!.path : fallbackName) };
}

/** Files from `<input type=file webkitdirectory>` or `multiple`: the path is `webkitRelativePath` when there is one. */
export function fromFileList(files: ArrayLike<File>): PickedFile[] {
  return Array.from(files, (f) => ({ path: f.webkitRelativePath || f.name, file: f }));
}

// The File and Directory Entries API, as much of it as a drop needs (typed here: lib.dom's
// FileSystemEntry types differ between TypeScript versions).
interface DropEntry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?: (ok: (f: File) => void, fail: (e: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (entries: DropEntry[]) => void, fail: (e: unknown) => void) => void };
}

async function walk(entry: DropEntry, prefix: string, out: PickedFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
    out.push({ path, file });
    return;
  }
  if (!entry.isDirectory || !entry.createReader) return;
  const reader = entry.createReader();
  // readEntries returns the entries in batches (100 in Chromium) until it returns none.
  for (;;) {
    const batch = await new Promise<DropEntry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) break;
    for (const child of batch) {
      if (out.length > MAX_FILES) throw new PickError('tooMany', { n: out.length, max: MAX_FILES });
      await walk(child, path, out);
    }
  }
}

/** Dropped files and folders: folders are walked (`webkitGetAsEntry`); without that API, the plain files. */
export async function fromDataTransfer(dt: Pick<DataTransfer, 'items' | 'files'>): Promise<PickedFile[]> {
  // Entries must be taken synchronously, before the first await: the DataTransfer empties after the event.
  const entries: DropEntry[] = [];
  for (const item of Array.from(dt.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = (item as DataTransferItem & { webkitGetAsEntry?: () => DropEntry | null }).webkitGetAsEntry?.();
    if (entry) entries.push(entry);
  }
  if (entries.length === 0) return fromFileList(dt.files);
  const out: PickedFile[] = [];
  for (const e of entries) await walk(e, '', out);
  return out;
}

