// The reader on real `_metadata` files written by Flink 1.15, 1.17 and 1.20 (../shared/flink-metadata,
// never committed; skipped with the reason when absent). For each: the version, checkpoint id,
// operators with their parallelism and max parallelism, key-group ranges as Flink assigns them,
// and every file of the folder referenced with its size (nothing missing, nothing unreferenced).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseCheckpointMetadata, referencedFiles } from '../../src/inspector/metadata';
import type { KeyedHandle } from '../../src/inspector/metadata';
import { writeCheckpointMetadata } from '../../src/inspector/metadata/writeMetadata';
import { describeWithFlinkMetadata, flinkCheckpointDirs, readFlinkFile } from '../support/flinkMetadata';

/**
 * What each sample is (README of the folder, and the jobs of Flink's migration tests they come
 * from: StatefulJobSnapshotMigrationITCase's 8 operators, source at parallelism 1, the rest at 4,
 * max parallelism 4; the 1.17 operator-state job's 5 operators at 4 with max parallelism 128).
 */
const EXPECTED: Record<string, { version: number; checkpointId: number; operators: number; parallelisms: number[]; maxParallelism: number; snapshot: string | null }> = {
  'flink1.15-hashmap-savepoint': { version: 3, checkpointId: 1, operators: 8, parallelisms: [1, 4, 4, 4, 4, 4, 4, 1], maxParallelism: 4, snapshot: null },
  'flink1.15-rocksdb-checkpoint': { version: 3, checkpointId: 1, operators: 8, parallelisms: [1, 4, 4, 4, 4, 4, 4, 1], maxParallelism: 4, snapshot: null },
  'flink1.17-operator-state-inline': { version: 4, checkpointId: 196, operators: 5, parallelisms: [4, 4, 4, 4, 4], maxParallelism: 128, snapshot: 'SAVEPOINT CANONICAL' },
  'flink1.20-hashmap-checkpoint': { version: 4, checkpointId: 2, operators: 8, parallelisms: [1, 4, 4, 4, 4, 4, 4, 1], maxParallelism: 4, snapshot: 'CHECKPOINT FORWARD_BACKWARD' },
  'flink1.20-rocksdb-checkpoint': { version: 4, checkpointId: 2, operators: 8, parallelisms: [1, 4, 4, 4, 4, 4, 4, 1], maxParallelism: 4, snapshot: 'CHECKPOINT FORWARD_BACKWARD' },
  'flink1.20-rocksdb-savepoint': { version: 4, checkpointId: 1, operators: 8, parallelisms: [1, 4, 4, 4, 4, 4, 4, 1], maxParallelism: 4, snapshot: 'SAVEPOINT CANONICAL' },
  'flink1.20-rocksdb-savepoint-native': { version: 4, checkpointId: 1, operators: 8, parallelisms: [1, 4, 4, 4, 4, 4, 4, 1], maxParallelism: 4, snapshot: 'SAVEPOINT NATIVE' },
};

/** KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex. */
function flinkKeyGroupRange(maxParallelism: number, parallelism: number, index: number): { start: number; end: number } {
  return {
    start: Math.floor((index * maxParallelism + parallelism - 1) / parallelism),
    end: Math.floor(((index + 1) * maxParallelism - 1) / parallelism),
  };
}

function keyGroupRangeOf(h: KeyedHandle | null): { start: number; end: number } | null {
  return h ? { start: h.keyGroupRange.start, end: h.keyGroupRange.end } : null;
}

describeWithFlinkMetadata('the reader on real Flink checkpoints', (dir) => {
  const samples = flinkCheckpointDirs(dir);

  it('finds the samples', () => expect(samples.length).toBeGreaterThan(0));

  for (const sample of samples) {
    const expected = EXPECTED[sample.name];

    it(`${sample.name}: version, checkpoint id, operators, parallelism and max parallelism`, () => {
      const m = parseCheckpointMetadata(readFlinkFile(sample.path));
      expect([3, 4, 5]).toContain(m.metadataVersion);
      if (!expected) return; // a sample added later: the generic checks below still run
      expect(m.metadataVersion).toBe(expected.version);
      expect(m.checkpointId).toBe(expected.checkpointId);
      expect(m.operators).toHaveLength(expected.operators);
      expect(m.operators.map((o) => o.parallelism).sort()).toEqual([...expected.parallelisms].sort());
      for (const o of m.operators) expect(o.maxParallelism).toBe(expected.maxParallelism);
      const p = m.properties;
      expect(p ? `${p.snapshotType} ${p.formatType ?? p.sharingFilesStrategy}` : null).toBe(expected.snapshot);
    });

    it(`${sample.name}: each subtask's key groups are those Flink assigns to its index`, () => {
      const m = parseCheckpointMetadata(readFlinkFile(sample.path));
      let keyed = 0;
      for (const o of m.operators) {
        for (const s of o.subtasks) {
          expect(s.subtaskIndex).toBeLessThan(o.parallelism);
          const range = keyGroupRangeOf(s.managedKeyedState);
          if (!range) continue;
          keyed++;
          expect(range).toEqual(flinkKeyGroupRange(o.maxParallelism, o.parallelism, s.subtaskIndex));
        }
      }
      if (sample.name.includes('rocksdb') || sample.name.includes('hashmap')) expect(keyed).toBeGreaterThan(0);
    });

    it(`${sample.name}: every file in the folder is referenced, with its size; none is missing`, () => {
      const m = parseCheckpointMetadata(readFlinkFile(sample.path));
      const onDisk = new Map(
        readdirSync(sample.path)
          .filter((f) => f !== '_metadata')
          .map((f) => [f, statSync(join(sample.path, f)).size]),
      );
      const refs = referencedFiles(m).files;
      // Savepoints and retained checkpoints written by the file system storage use relative handles.
      expect(refs.every((f) => f.kind === 'relative')).toBe(true);
      const referenced = new Map(refs.map((f) => [f.name, f.size]));
      expect([...referenced.keys()].sort()).toEqual([...onDisk.keys()].sort());
      for (const [name, size] of referenced) expect(size, name).toBe(onDisk.get(name));
      if (onDisk.size === 0) expect(referencedFiles(m).inlined.length).toBeGreaterThan(0);
    });

    it(`${sample.name}: writing what was read gives Flink's bytes back, byte for byte`, () => {
      const bytes = readFlinkFile(sample.path);
      expect(writeCheckpointMetadata(parseCheckpointMetadata(bytes))).toEqual(bytes);
    });
  }
});
