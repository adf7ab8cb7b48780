/**
 * Node side of the inspector: turns a path (a `_metadata` file, a checkpoint folder or a job's
 * checkpoint folder) into the FolderInput the pure inspector reads. Only `_metadata` files are
 * read; other files are listed with their size. Bounded: at most MAX_FILES files, and `_metadata`
 * files of at most MAX_METADATA_BYTES.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { FolderEntry, FolderInput } from '../src/inspector/folder';

const MAX_FILES = 200_000;
const MAX_METADATA_BYTES = 256 * 1024 * 1024;

export class InputError extends Error {}

function readMetadataFile(path: string, size: number): Uint8Array {
  if (size > MAX_METADATA_BYTES) throw new InputError(`${path}: ${size} bytes, larger than any _metadata this tool reads (${MAX_METADATA_BYTES})`);
  return new Uint8Array(readFileSync(path));
}

function listFiles(root: string): FolderEntry[] {
  const out: FolderEntry[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, d.name);
      const path = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(abs, path);
      else if (d.isFile()) {
        if (out.length >= MAX_FILES) throw new InputError(`${root}: more than ${MAX_FILES} files; open one job's checkpoint folder`);
        const size = statSync(abs).size;
        const isMetadata = d.name === '_metadata' && (rel === '' || !rel.includes('/'));
        out.push(isMetadata ? { path, size, bytes: readMetadataFile(abs, size) } : { path, size });
      }
    }
  };
  walk(root, '');
  return out;
}

export function readFolderInput(target: string): FolderInput {
  const abs = resolve(target);
  let st;
  try {
    st = statSync(abs);
  } catch {
    throw new InputError(`${target}: no such file or folder`);
  }
  if (st.isDirectory()) {
    const entries = listFiles(abs);
    if (!entries.some((e) => e.path === '_metadata' || /^[^/]+\/_metadata$/.test(e.path))) {
      throw new InputError(`${target}: no _metadata here or in its subfolders (expected a chk-N folder, a savepoint folder or a job's checkpoint folder)`);
    }
    return { rootName: basename(abs), entries };
  }
  // A single file: read it, and list its neighbours so missing files can be told (not unreferenced ones).
  const dir = dirname(abs);
  const neighbours = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile() && d.name !== basename(abs))
    .slice(0, MAX_FILES)
    .map((d) => ({ path: d.name, size: statSync(join(dir, d.name)).size }));
  return { rootName: basename(dir), singleFile: true, entries: [{ path: '_metadata', size: st.size, bytes: readMetadataFile(abs, st.size) }, ...neighbours] };
}
