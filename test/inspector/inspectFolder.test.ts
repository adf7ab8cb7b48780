// §2's folder logic on hand-made job folders written in Flink's layout (absolute shared/ paths
// on HDFS, relative private files, an aborted chk-N, a missing SST, a size that differs) and,
// when present, on the real Flink samples.
import { describe, expect, it } from 'vitest';
import { inspectFolder, mapAbsolutePath } from '../../src/inspector/folder';
import type { CheckpointMetadata } from '../../src/inspector/metadata';
import { writeCheckpointMetadata } from '../../src/inspector/metadata/writeMetadata';
import { readFolderInput } from '../../cli/readFolder';
import { describeWithFlinkMetadata, flinkCheckpointDirs } from '../support/flinkMetadata';
import { SAVEPOINT_PROPERTIES } from './everyHandle';
import { checkpoint, JOB, jobFolder } from './jobFolder';

describe('inspectFolder on a job folder', () => {
  const report = inspectFolder({ rootName: '5f3b0c2d9e8a7b6c5d4e3f2a1b0c9d8e', entries: jobFolder() });

  it('reads every checkpoint, in id order, with its operators', () => {
    expect(report.layout).toBe('job folder');
    expect(report.unreadable).toEqual([]);
    expect(report.checkpoints.map((c) => [c.dir, c.checkpointId, c.metadataVersion, c.incremental])).toEqual([
      ['chk-3', 3, 5, true],
      ['chk-4', 4, 5, true],
    ]);
    const ops = report.checkpoints[1]!.operators;
    expect(ops.map((o) => [o.operatorId.slice(0, 4), o.name ?? null, o.parallelism, o.maxParallelism, o.style])).toEqual([
      ['aaaa', 'window', 2, 128, 'incremental'],
      ['bbbb', null, 1, 128, 'no keyed state'],
    ]);
    expect(ops[0]!.subtasks.map((s) => s.keyGroups)).toEqual([{ start: 0, end: 63 }, { start: 64, end: 127 }]);
  });

  it('totals per operator: shared SSTs, private files, inlined coordinator state', () => {
    const [window, source] = report.checkpoints[0]!.operators;
    // chk-3: sst-a 1000 + sst-b 2000 + sst-x 500 shared; meta 10+10, manifests 100+101 private
    expect(window!.totals).toEqual({ files: 7, bytes: 3721, sharedBytes: 3500, privateBytes: 221, inlinedBytes: 0 });
    expect(source!.totals).toEqual({ files: 1, bytes: 37, sharedBytes: 0, privateBytes: 33, inlinedBytes: 4 });
  });

  it('maps absolute HDFS paths into the folder by their part after the job id', () => {
    const sstB = report.files.find((f) => f.path === 'shared/sst-b')!;
    expect(sstB).toMatchObject({ name: `${JOB}/shared/sst-b`, shared: true, checkpoints: [3, 4], size: 2000, sizeOnDisk: 2000 });
    expect(report.files.find((f) => f.path === 'chk-4/manifest-0')).toMatchObject({ shared: false, checkpoints: [4] });
  });

  it('the cross-checkpoint table: each shared file and the checkpoints that keep it alive', () => {
    expect(report.files.filter((f) => f.shared).map((f) => [f.path, f.checkpoints])).toEqual([
      ['shared/sst-a', [3]],
      ['shared/sst-b', [3, 4]],
      ['shared/sst-c', [4]],
      ['shared/sst-x', [3, 4]],
    ]);
  });

  it('lists the missing SST, the aborted checkpoint leftover and the orphan, and the differing size', () => {
    expect(report.missing).toEqual([{ name: `${JOB}/shared/sst-c`, path: 'shared/sst-c', checkpoints: [4], reason: 'not in the folder' }]);
    expect(report.unreferenced).toEqual([
      { path: 'chk-5/source-0', size: 33 },
      { path: 'shared/sst-orphan', size: 4000 },
      { path: 'taskowned/.keep', size: 0 },
    ]);
    expect(report.sizeMismatches).toEqual([{ path: 'chk-4/manifest-1', recorded: 101, onDisk: 99 }]);
  });

  it('opening one chk folder: its own absolute files resolve, shared/ ones are outside it', () => {
    const entries = jobFolder()
      .filter((e) => e.path.startsWith('chk-4/'))
      .map((e) => ({ ...e, path: e.path.slice('chk-4/'.length) }));
    const r = inspectFolder({ rootName: 'chk-4', entries });
    expect(r.layout).toBe('checkpoint folder');
    expect(r.missing.map((m) => [m.path, m.reason])).toEqual([
      [null, 'outside the opened folder'],
      [null, 'outside the opened folder'],
      [null, 'outside the opened folder'],
    ]);
    expect(r.files.find((f) => f.path === 'manifest-0')).toMatchObject({ sizeOnDisk: 100 });
    expect(r.unreferenced).toEqual([]);
  });

  it('an unreadable _metadata is reported with its offset; its neighbours are not called unreferenced', () => {
    const entries = jobFolder().map((e) => (e.path === 'chk-4/_metadata' ? { ...e, bytes: e.bytes!.subarray(0, 30) } : e));
    const r = inspectFolder({ rootName: 'job', entries });
    expect(r.unreadable).toMatchObject([{ path: 'chk-4/_metadata', code: 'OUT_OF_RANGE', offset: 20 }]);
    expect(r.unreferenced!.some((u) => u.path.startsWith('chk-4/'))).toBe(false);
  });

  it('a savepoint shares nothing, even with RocksDB native files', () => {
    const bytes = checkpoint(9, [['sst-a', 1000]], []);
    const m = { ...readBack(bytes), properties: { ...SAVEPOINT_PROPERTIES, formatType: 'NATIVE' } };
    const sp = writeCheckpointMetadata(m);
    const r = inspectFolder({ rootName: 'savepoint-1', entries: [{ path: '_metadata', size: sp.length, bytes: sp }] });
    expect(r.checkpoints[0]).toMatchObject({ snapshotType: 'SAVEPOINT', savepointFormat: 'NATIVE', incremental: false });
    expect(r.checkpoints[0]!.operators[0]!.style).toBe('native');
    expect(r.files.every((f) => !f.shared)).toBe(true);
  });
});

function readBack(bytes: Uint8Array): Omit<CheckpointMetadata, 'length'> {
  const r = inspectFolder({ rootName: 'x', entries: [{ path: '_metadata', size: bytes.length, bytes }] });
  return r.checkpoints[0]!.metadata;
}

describe('mapAbsolutePath', () => {
  const anchors = new Map([
    ['chk-7', 'chk-7'],
    ['shared', 'shared'],
    ['job', ''],
  ]);
  it('takes the part after the last known folder, for any scheme', () => {
    expect(mapAbsolutePath('s3://bucket/a/job/shared/x', { anchors })).toBe('shared/x');
    expect(mapAbsolutePath('file:/tmp/job/chk-7/y', { anchors })).toBe('chk-7/y');
    expect(mapAbsolutePath('hdfs://nn:8020/job/z', { anchors })).toBe('z');
    expect(mapAbsolutePath('oss://b/elsewhere/shared', { anchors })).toBeNull();
  });
});

describeWithFlinkMetadata('inspectFolder on the real Flink samples', (dir) => {
  for (const sample of flinkCheckpointDirs(dir)) {
    it(`${sample.name}: nothing missing, nothing unreferenced, sizes as recorded`, () => {
      const r = inspectFolder(readFolderInput(sample.path));
      expect(r.layout).toBe('checkpoint folder');
      expect(r.checkpoints).toHaveLength(1);
      expect(r.missing).toEqual([]);
      expect(r.unreferenced).toEqual([]);
      expect(r.sizeMismatches).toEqual([]);
      const c = r.checkpoints[0]!;
      expect(c.operators.reduce((s, o) => s + o.totals.bytes, 0)).toBe(c.totalBytes);
    });
  }

  it('the RocksDB checkpoint is incremental, the savepoints and heap checkpoints are not', () => {
    const byName = Object.fromEntries(flinkCheckpointDirs(dir).map((d) => [d.name, inspectFolder(readFolderInput(d.path)).checkpoints[0]!]));
    expect(byName['flink1.20-rocksdb-checkpoint']?.incremental).toBe(true);
    expect(byName['flink1.20-rocksdb-savepoint-native']?.incremental).toBe(false);
    expect(byName['flink1.20-hashmap-checkpoint']?.incremental).toBe(false);
  });
});
