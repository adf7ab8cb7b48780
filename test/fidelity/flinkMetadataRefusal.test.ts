/**
 * Checkpoint Lab writes `_metadata` in Flink's own layout (magic number, version 4) and carries
 * what the simulator needs beyond Flink's fields in a master state "checkpoint-lab". A real Flink
 * `_metadata` has no such master state: a restore must refuse it clearly, naming the file and the
 * version, rather than call it corrupt. Flink: Checkpoints.java L73 (HEADER_MAGIC_NUMBER
 * 0x4960672d), L88 and L98–100 (1.16–1.20 write the magic, then version 4 of
 * MetadataV4Serializer; 1.15 wrote MetadataV3Serializer's 3). Runs against the real directories
 * in ../shared/flink-metadata and skips itself where they are absent (a fresh clone).
 */
import { expect, it } from 'vitest';
import { scenarioOf } from '../../src/engine/defaultScenario';
import { SCENARIO_FORMAT } from '../../src/engine/scenario/scenarioSchema';
import { Simulation } from '../../src/engine/simulation';
import { decodeMetadata, METADATA_MAGIC } from '../../src/engine/format/metadataFormat';
import { describeWithFlinkMetadata, flinkCheckpointDirs, readFlinkFile } from '../support/flinkMetadata';

/** The metadata version a Flink release writes: 3 up to 1.15, 4 from 1.16 (through 1.20). */
function versionWrittenBy(dirName: string): number {
  const minor = Number(/flink1\.(\d+)/.exec(dirName)?.[1]);
  if (!Number.isInteger(minor)) throw new Error(`${dirName}: the folder name does not say which Flink 1.x wrote it`);
  return minor <= 15 ? 3 : 4;
}

describeWithFlinkMetadata("real Flink _metadata files are refused as Flink's binary format", (root) => {
  const dirs = flinkCheckpointDirs(root);

  it('has real checkpoint directories to check', () => {
    expect(dirs.length).toBeGreaterThan(0);
  });

  it.each(dirs)('$name: Flink\'s header, and a clear refusal naming the file and the version', ({ name, path }) => {
    const bytes = readFlinkFile(path);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // The magic number Checkpoint Lab writes is Flink's own.
    expect(view.getInt32(0)).toBe(METADATA_MAGIC);
    const version = versionWrittenBy(name);
    expect(view.getInt32(4)).toBe(version);
    const file = `${name}/_metadata`;
    expect(() => decodeMetadata(bytes, file)).toThrow(
      `${file}: metadata version ${version} written by Flink itself (no master state "checkpoint-lab" with what the simulator needs to restore); open it in the checkpoint inspector instead`,
    );
  });

  it('a restore whose _metadata in storage is a real Flink file fails with that reason, and the job stays stopped', () => {
    const flink = dirs.find((d) => d.name.startsWith('flink1.20')) ?? dirs[0]!;
    const sim = Simulation.create(
      scenarioOf({ format: SCENARIO_FORMAT, job: { parallelism: 2, source: { kind: 'generator', keys: 10, ratePerSec: 100 } }, script: [{ atMs: 300, do: 'checkpoint' }], untilMs: 500 }),
    );
    sim.runUntil(500);
    const snap = sim.snapshot();
    const metadata = Object.values(snap.storage.files).find((f) => f.meta.kind === 'metadata');
    expect(metadata).toBeDefined();
    snap.storage.files[metadata!.path] = { ...metadata!, bytes: readFlinkFile(flink.path) };
    const replaced = Simulation.fromSnapshot(snap);
    const events = replaced.apply({ do: 'restore', checkpoint: 'latest' });
    events.push(...replaced.runUntil(900));
    const failed = events.find((e) => e.type === 'restore.failed');
    expect(failed && failed.type === 'restore.failed' && failed.reason).toBe(
      `${metadata!.path}: metadata version ${versionWrittenBy(flink.name)} written by Flink itself (no master state "checkpoint-lab" with what the simulator needs to restore); open it in the checkpoint inspector instead`,
    );
    expect(events.some((e) => e.type === 'restore.started')).toBe(false);
    expect(replaced.state.job.running).toBe(false);
  });
});
