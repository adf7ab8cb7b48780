// The browser side of the inspector: what a folder picker, a file picker or a drop gives, turned
// into the inspector's input, reading only the `_metadata` files.
import { describe, expect, it } from 'vitest';
import { fromDataTransfer, PickError, toFolderInput, type PickedFile } from '../../src/app/inspector/pickedFiles';
import { inspectFolder } from '../../src/inspector/folder';
import { JOB_ID, jobFolder } from './jobFolder';

/** A Blob-like file that records whether its bytes were read. */
function fakeFile(bytes: Uint8Array | null, size: number, reads: string[], path: string): PickedFile['file'] {
  return {
    size,
    arrayBuffer: async () => {
      reads.push(path);
      return (bytes ?? new Uint8Array(size)).slice().buffer;
    },
    slice: () => new Blob([]),
  };
}

function pickedJobFolder(reads: string[]): PickedFile[] {
  return jobFolder().map((e) => ({ path: `${JOB_ID}/${e.path}`, file: fakeFile(e.bytes ?? null, e.size, reads, e.path) }));
}

describe('toFolderInput', () => {
  it('a picked job folder: rooted at its name, only the _metadata files read, the same report as the CLI gets', async () => {
    const reads: string[] = [];
    const { input, name } = await toFolderInput(pickedJobFolder(reads));
    expect(name).toBe(JOB_ID);
    expect(input.rootName).toBe(JOB_ID);
    expect(reads.sort()).toEqual(['chk-3/_metadata', 'chk-4/_metadata']);
    const report = inspectFolder(input);
    const expected = inspectFolder({ rootName: JOB_ID, entries: jobFolder() });
    expect(report.checkpoints.map((c) => c.checkpointId)).toEqual([3, 4]);
    expect(report.unreferenced).toEqual(expected.unreferenced);
    expect(report.missing).toEqual(expected.missing);
    expect(report.unreferenced!.map((u) => u.path)).toContain('shared/sst-orphan');
  });

  it('one picked file, whatever its name, is read as a _metadata and its neighbours are not called unreferenced', async () => {
    const chk = jobFolder()[0]!;
    const { input } = await toFolderInput([{ path: '_metadata (1)', file: fakeFile(chk.bytes!, chk.size, [], '_metadata') }]);
    expect(input.singleFile).toBe(true);
    expect(input.entries.map((e) => e.path)).toEqual(['_metadata']);
    expect(inspectFolder(input).unreferenced).toBeNull();
  });

  it('a picked folder holding only its _metadata is a checkpoint folder, not a lone file', async () => {
    const chk = jobFolder()[0]!;
    const { input, name } = await toFolderInput([{ path: 'chk-3/_metadata', file: fakeFile(chk.bytes!, chk.size, [], '_metadata') }]);
    expect(name).toBe('chk-3');
    expect(input.singleFile).toBeUndefined();
    expect(inspectFolder(input).layout).toBe('checkpoint folder');
    expect(inspectFolder(input).unreferenced).toEqual([]);
  });

  it('a folder without any _metadata is refused, naming it', async () => {
    const reads: string[] = [];
    const picked = [{ path: 'shared/a', file: fakeFile(null, 3, reads, 'a') }, { path: 'shared/b', file: fakeFile(null, 3, reads, 'b') }];
    await expect(toFolderInput(picked)).rejects.toMatchObject({ code: 'noMetadata', params: { name: 'shared' } });
    await expect(toFolderInput(picked)).rejects.toBeInstanceOf(PickError);
    expect(reads).toEqual([]);
  });
});

describe('fromDataTransfer', () => {
  interface Entry {
    isFile: boolean;
    isDirectory: boolean;
    name: string;
    fullPath: string;
    file?: (ok: (f: File) => void) => void;
    createReader?: () => { readEntries: (ok: (e: Entry[]) => void) => void };
  }
  const file = (name: string, size: number): Entry => ({
    isFile: true,
    isDirectory: false,
    name,
    fullPath: name,
    file: (ok) => ok(new File([new Uint8Array(size)], name)),
  });
  /** A directory whose reader hands out its children in batches of two, like Chromium's batches of 100. */
  const dir = (name: string, children: Entry[]): Entry => ({
    isFile: false,
    isDirectory: true,
    name,
    fullPath: name,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok) => {
          ok(children.slice(at, at + 2));
          at += 2;
        },
      };
    },
  });

  it('walks dropped folders through every batch of entries', async () => {
    const tree = dir('job', [dir('chk-1', [file('_metadata', 8), file('a', 1), file('b', 2)]), dir('shared', [file('s1', 3), file('s2', 4), file('s3', 5)])]);
    const items = [{ kind: 'file', webkitGetAsEntry: () => tree }];
    const picked = await fromDataTransfer({ items: items as unknown as DataTransferItemList, files: [] as unknown as FileList });
    expect(picked.map((p) => [p.path, p.file.size])).toEqual([
      ['job/chk-1/_metadata', 8],
      ['job/chk-1/a', 1],
      ['job/chk-1/b', 2],
      ['job/shared/s1', 3],
      ['job/shared/s2', 4],
      ['job/shared/s3', 5],
    ]);
  });
});
