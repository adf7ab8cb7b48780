import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../engine';
import { storageRows } from './storageRows';

const file = (path: string) => ({ path }) as StoredFile;

describe('storageRows', () => {
  it('puts each directory heading with its file count before its files, keeping the order', () => {
    const rows = storageRows([
      ['j/shared', [file('j/shared/a'), file('j/shared/b')]],
      ['j/chk-3', [file('j/chk-3/_metadata')]],
    ]);
    expect(rows.map((r) => (r.file ? r.file.path : `dir ${r.dir} (${r.count})`))).toEqual([
      'dir j/shared (2)',
      'j/shared/a',
      'j/shared/b',
      'dir j/chk-3 (1)',
      'j/chk-3/_metadata',
    ]);
  });
});
