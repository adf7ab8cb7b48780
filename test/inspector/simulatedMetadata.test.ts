// §6: the simulator's own checkpoints, written in Flink's version-4 layout, open in the inspector
// as real ones do. For every snapshot kind the engine takes (full key-groups,
// RocksDB incremental, changelog with its materialized part, operator state, unaligned channel
// state, canonical and native savepoints), read back: the same checkpoint id, operators,
// parallelism, max parallelism and every file the engine's handles reference, with its size; and
// a job folder built from the engine's storage: nothing missing, and the cross-checkpoint table
// equal to what the engine's own handles say.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeMetadata, parseScenarioText, Simulation } from '../../src/engine';
import type { CheckpointMetadata as EngineMetadata } from '../../src/engine';
import { filesOfKeyedHandle } from '../../src/engine/format/stateHandles';
import { inspectFolder } from '../../src/inspector/folder';
import { parseCheckpointMetadata, referencedFiles } from '../../src/inspector/metadata';
import { encodeLegacyJsonMetadata } from '../support/legacyMetadata';
import { engineMetadataToFlinkBytes, SIMULATED_CHECKPOINTS_DIR, simulatedOperatorId } from '../../src/inspector/simulated/engineToFlink';

function run(file: string) {
  const parsed = parseScenarioText(readFileSync(`scenarios/${file}`, 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: invalid scenario`);
  const sim = Simulation.create(parsed.scenario);
  sim.runUntil(parsed.scenario.untilMs);
  const files = sim.state.storage.files;
  const metadata = Object.values(files)
    .filter((f) => f.meta.kind === 'metadata')
    .map((f) => ({ path: f.path, dir: f.path.slice(0, -'/_metadata'.length), meta: decodeMetadata(f.bytes, f.path) }));
  return { files, metadata, jobId: sim.state.coordinator.jobId };
}

/** Every remote file the engine's handles of one checkpoint reference, path → size. */
function engineFiles(meta: EngineMetadata): Map<string, number> {
  const out = new Map<string, number>();
  for (const op of meta.operators) {
    for (const s of op.subtasks) {
      const streams = [...(s.keyed ? filesOfKeyedHandle(s.keyed) : []), ...(s.operator ? [s.operator.delegate] : []), ...(s.channel ? [s.channel.delegate] : [])];
      for (const h of streams) if (h.type === 'file') out.set(h.path, h.size);
    }
  }
  return out;
}

const SCENARIOS = ['seed002-refcount.json', 'changelog-seed000.json', 'backpressure-unaligned.json', 'cancel-retain-restart.json'];

describe('simulated checkpoints in Flink’s v4 layout', () => {
  const kinds = new Set<string>();

  for (const scenario of SCENARIOS) {
    it(`${scenario}: each _metadata reads back with its id, operators and every file with its size`, () => {
      const { files, metadata } = run(scenario);
      expect(metadata.length).toBeGreaterThan(0);
      for (const { dir, meta } of metadata) {
        const bytes = engineMetadataToFlinkBytes(meta, { checkpointDir: dir });
        expect(new DataView(bytes.buffer).getInt32(4)).toBe(4);
        const m = parseCheckpointMetadata(bytes);
        expect(m.checkpointId).toBe(meta.checkpointId);
        expect(m.properties?.snapshotType).toBe(meta.isSavepoint ? 'SAVEPOINT' : 'CHECKPOINT');
        expect(m.operators.map((o) => [o.operatorId, o.parallelism, o.maxParallelism])).toEqual(
          meta.operators.map((o) => [simulatedOperatorId(o.vertex), o.parallelism, meta.maxParallelism]),
        );
        for (const [i, op] of meta.operators.entries()) {
          for (const [j, s] of op.subtasks.entries()) {
            const read = m.operators[i]!.subtasks[j]!;
            if (s.keyed) {
              kinds.add(meta.isSavepoint ? `savepoint ${s.keyed.type}` : s.keyed.type);
              expect(read.managedKeyedState?.keyGroupRange).toMatchObject({ start: s.keyed.keyGroupRange.startKeyGroup, end: s.keyed.keyGroupRange.endKeyGroup });
            }
            if (s.operator) kinds.add('operator');
            if (s.channel) kinds.add('channel');
            expect(read.managedOperatorState?.states ?? null).toEqual(s.operator?.states ?? null);
            expect(read.inputChannelState.length + read.resultSubpartitionState.length).toBe((s.channel?.input.length ?? 0) + (s.channel?.output.length ?? 0));
          }
        }
        // Every file: relative ones in the checkpoint's directory, the others under the storage root.
        const found = new Map(
          referencedFiles(m).files.map((f) => [f.kind === 'relative' ? `${dir}/${f.name}` : f.name.slice(SIMULATED_CHECKPOINTS_DIR.length + 1), f.size]),
        );
        expect(found).toEqual(engineFiles(meta));
        // Sizes as stored (files a later job deleted, e.g. after a CLAIM restore, are checked by the folder test).
        for (const [path, size] of found) if (files[path]) expect(files[path].bytes.length, path).toBe(size);
      }
    });
  }

  it('covers every snapshot kind the engine takes', () => {
    for (const k of ['changelog', 'channel', 'incremental', 'keyGroups', 'operator']) expect(kinds).toContain(k);
    expect([...kinds].some((k) => k.startsWith('savepoint'))).toBe(true);
  });

  it('version 5 keeps the vertex names', () => {
    const { metadata } = run('seed002-refcount.json');
    const { dir, meta } = metadata[0]!;
    const m = parseCheckpointMetadata(engineMetadataToFlinkBytes(meta, { checkpointDir: dir, version: 5 }));
    expect(m.metadataVersion).toBe(5);
    expect(m.operators.map((o) => o.name)).toEqual(meta.operators.map((o) => o.vertex));
  });

  it("seed 002's job folder, as the engine stored it: nothing missing, nothing unreferenced, and each shared SST referenced by the checkpoints whose handles name it", () => {
    const { files, metadata, jobId } = run('seed002-refcount.json');
    const prefix = `${jobId}/`;
    // The engine's own _metadata files, unconverted: they are Flink's v4 layout.
    const entries = Object.values(files)
      .filter((f) => f.path.startsWith(prefix))
      .map((f) => ({ path: f.path.slice(prefix.length), size: f.bytes.length, ...(f.meta.kind === 'metadata' ? { bytes: f.bytes } : {}) }));
    const report = inspectFolder({ rootName: jobId, entries });
    expect(report.unreadable).toEqual([]);
    expect(report.checkpoints.map((c) => [c.checkpointId, c.metadataVersion])).toEqual(metadata.map((m) => [m.meta.checkpointId, 4]).sort((a, b) => a[0]! - b[0]!));
    expect(report.missing).toEqual([]);
    expect(report.sizeMismatches).toEqual([]);
    expect(report.unreferenced).toEqual([]);
    // The engine's view: which checkpoints' handles reference each file under shared/.
    const expected = new Map<string, number[]>();
    for (const { meta } of metadata) {
      for (const path of engineFiles(meta).keys()) {
        if (!path.startsWith(`${prefix}shared/`)) continue;
        expected.set(path.slice(prefix.length), [...(expected.get(path.slice(prefix.length)) ?? []), meta.checkpointId].sort((a, b) => a - b));
      }
    }
    const table = new Map(report.files.filter((f) => f.path?.startsWith('shared/')).map((f) => [f.path!, f.checkpoints]));
    expect(table).toEqual(expected);
    expect([...table.values()].some((ids) => ids.length > 1)).toBe(true);
  });

  // Runs stored by older versions hold Checkpoint Lab's former JSON _metadata (version 1001).
  it("a former JSON _metadata (version 1001) in a job folder: the same report as the v4 one", () => {
    const { files, metadata, jobId } = run('seed002-refcount.json');
    const prefix = `${jobId}/`;
    const converted = new Map(metadata.map(({ path, dir, meta }) => [path, engineMetadataToFlinkBytes(meta, { checkpointDir: dir })]));
    const folder = (v4: boolean) =>
      Object.values(files)
        .filter((f) => f.path.startsWith(prefix))
        .map((f) => {
          const bytes = f.meta.kind === 'metadata' ? (v4 ? converted.get(f.path)! : encodeLegacyJsonMetadata(decodeMetadata(f.bytes, f.path))) : undefined;
          return { path: f.path.slice(prefix.length), size: f.bytes.length, ...(bytes ? { bytes } : {}) };
        });
    const own = inspectFolder({ rootName: jobId, entries: folder(false) });
    const flink = inspectFolder({ rootName: jobId, entries: folder(true) });
    expect(own.unreadable).toEqual([]);
    expect(own.checkpoints.map((c) => [c.checkpointId, c.metadataVersion, c.operators.length])).toEqual(flink.checkpoints.map((c) => [c.checkpointId, 4, c.operators.length]));
    const table = (r: typeof own) => r.files.map((f) => [f.path, f.size, f.shared, f.checkpoints]);
    expect(table(own)).toEqual(table(flink));
    expect(own.missing).toEqual([]);
    expect(own.unreferenced).toEqual(flink.unreferenced);
  });
});
