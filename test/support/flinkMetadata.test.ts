// The skip decision itself: a fresh clone (no folder, or an empty one) skips with a reason that
// names the folder; a folder with a checkpoint directory runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flinkCheckpointDirs, locateFlinkMetadata } from './flinkMetadata';

describe('locating the real Flink checkpoints', () => {
  const root = mkdtempSync(join(tmpdir(), 'flink-metadata-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is absent, with a reason naming the folder, when the folder does not exist', () => {
    const where = join(root, 'missing');
    const found = locateFlinkMetadata(where);
    expect(found.present).toBe(false);
    expect(found.skipReason).toContain(where);
    expect(found.skipReason).toContain('never committed');
  });

  it('is absent when no directory in it holds a _metadata', () => {
    mkdirSync(join(root, 'empty', 'not-a-checkpoint'), { recursive: true });
    expect(locateFlinkMetadata(join(root, 'empty')).present).toBe(false);
  });

  it('is present when a directory holds a _metadata, and lists those directories by name', () => {
    for (const name of ['b-checkpoint', 'a-savepoint']) {
      mkdirSync(join(root, 'some', name), { recursive: true });
      writeFileSync(join(root, 'some', name, '_metadata'), new Uint8Array([0x49, 0x60, 0x67, 0x2d]));
    }
    mkdirSync(join(root, 'some', 'no-metadata'));
    const found = locateFlinkMetadata(join(root, 'some'));
    expect(found).toMatchObject({ present: true, skipReason: '' });
    expect(flinkCheckpointDirs(found.dir).map((d) => d.name)).toEqual(['a-savepoint', 'b-checkpoint']);
  });
});
