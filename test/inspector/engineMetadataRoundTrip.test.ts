// §6: the engine writes its `_metadata` in Flink's version-4 layout. For every snapshot kind it
// takes, each `_metadata` in storage is read by the inspector's reader (Flink's format) and then
// back into the engine's handles, which must equal the handles the tasks acknowledged (kept in the
// completed checkpoint store); writing them again gives the same bytes; and every size the
// metadata records is the size of the file in storage.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioText, Simulation } from '../../src/engine';
import type { CompletedCheckpoint } from '../../src/engine';
import { decodeMetadata, encodeMetadata, metadataDir } from '../../src/engine/format/metadataFormat';
import { SIMULATED_CHECKPOINTS_DIR } from '../../src/engine/format/flink/engineToFlink';
import { parseCheckpointMetadata, referencedFiles } from '../../src/inspector/metadata';
import type { SubtaskStateSnapshot } from '../../src/engine/format/stateHandles';
import { encodeLegacyJsonMetadata } from '../support/legacyMetadata';

const base = { format: 'checkpoint-lab/scenario@1', seed: 7, untilMs: 2600 };
const generator = { parallelism: 2, maxParallelism: 128, source: { kind: 'generator', keys: 16, ratePerSec: 80 } };

/** Inline scenarios, one per snapshot kind the built-in examples do not all cover. */
const INLINE: Record<string, unknown> = {
  'heap, full, compressed, canonical savepoint': {
    ...base,
    job: generator,
    stateBackend: { type: 'hashmap', snapshotCompression: true },
    checkpointing: { intervalMs: 500 },
    script: [{ atMs: 1300, do: 'savepoint' }],
  },
  'RocksDB full, native savepoint': {
    ...base,
    job: generator,
    stateBackend: { type: 'rocksdb', incremental: false },
    checkpointing: { intervalMs: 500 },
    script: [{ atMs: 1300, do: 'savepoint', format: 'native' }],
  },
  'RocksDB incremental, native savepoint': {
    ...base,
    job: generator,
    stateBackend: { type: 'rocksdb', incremental: true },
    checkpointing: { intervalMs: 500 },
    script: [{ atMs: 1300, do: 'savepoint', format: 'native' }],
  },
  'operator state: split list and broadcast': {
    ...base,
    job: { ...generator, operators: [{ name: 'count', state: 'value' }], sink: { kind: 'transactional' }, operatorState: { sourceOffsets: 'list', broadcastRules: { everyRecords: 8 } } },
    checkpointing: { intervalMs: 500 },
  },
};
const FILES = ['operator-state-rescale.json', 'backpressure-unaligned.json', 'changelog-periodic-materialization.json', 'changelog-seed000.json', 'seed002-refcount.json'];

function scenarios() {
  const out = Object.entries(INLINE).map(([name, input]) => {
    const r = parseScenario(input);
    if (!r.ok) throw new Error(`${name}: ${r.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    return { name, scenario: r.scenario };
  });
  for (const f of FILES) {
    const r = parseScenarioText(readFileSync(`scenarios/${f}`, 'utf8'));
    if (!r.ok) throw new Error(`${f}: invalid`);
    out.push({ name: f, scenario: r.scenario });
  }
  return out;
}

/** What a snapshot kind looks like, to check that the runs cover them all. */
function kindsOf(cp: CompletedCheckpoint, s: SubtaskStateSnapshot, compressionOn: boolean): string[] {
  const k = s.keyed;
  const out: string[] = [];
  if (k?.type === 'keyGroups') out.push(cp.isSavepoint ? 'canonical savepoint' : k.compressed && compressionOn ? 'full, compressed' : 'full');
  if (k?.type === 'incremental') out.push(cp.isSavepoint ? 'native savepoint' : 'incremental');
  if (k?.type === 'changelog' && k.materialized.length > 0 && k.nonMaterialized.length > 0) out.push('changelog with materialized part and DSTL');
  if (s.channel && s.channel.input.length > 0) out.push('channel state (input)');
  if (s.channel && s.channel.output.length > 0) out.push('channel state (output)');
  for (const st of s.operator?.states ?? []) out.push(`operator state ${st.mode}`);
  return out;
}

describe("the engine's _metadata in Flink's v4 layout", () => {
  const kinds = new Set<string>();

  for (const { name, scenario } of scenarios()) {
    it(`${name}: each _metadata reads back into the handles the tasks acknowledged, and writes back to the same bytes`, () => {
      const sim = Simulation.create(scenario);
      sim.runUntil(scenario.untilMs);
      const c = sim.state.coordinator;
      const files = sim.state.storage.files;
      const stored = [...c.completed, ...c.savepoints].filter((cp) => files[cp.metadataPath]);
      expect(stored.length).toBeGreaterThan(0);
      for (const cp of stored) {
        const bytes = files[cp.metadataPath]!.bytes;
        expect(new DataView(bytes.buffer, bytes.byteOffset).getInt32(4), cp.metadataPath).toBe(4);
        const flink = parseCheckpointMetadata(bytes);
        expect(flink.properties?.snapshotType).toBe(cp.isSavepoint ? 'SAVEPOINT' : 'CHECKPOINT');
        const meta = decodeMetadata(bytes, cp.metadataPath);
        expect(meta.checkpointId).toBe(cp.id);
        expect(meta.triggerMs).toBe(cp.triggerMs);
        for (const op of meta.operators) {
          op.subtasks.forEach((s, i) => {
            expect(s, `${cp.metadataPath} ${op.vertex}#${i}`).toEqual(cp.tasks[`${op.vertex}#${i}`]);
            for (const k of kindsOf(cp, s, scenario.stateBackend.snapshotCompression)) kinds.add(k);
          });
        }
        expect(encodeMetadata(meta, metadataDir(cp.metadataPath))).toEqual(bytes);
        // Sizes recorded in the metadata are the files' sizes.
        for (const f of referencedFiles(flink).files) {
          const path = f.kind === 'relative' ? `${metadataDir(cp.metadataPath)}/${f.name}` : f.name.slice(SIMULATED_CHECKPOINTS_DIR.length + 1);
          if (files[path]) expect(files[path].bytes.length, path).toBe(f.size);
        }
      }
    });
  }

  it('covers every snapshot kind the engine takes', () => {
    expect([...kinds].sort()).toEqual(
      [
        'canonical savepoint',
        'changelog with materialized part and DSTL',
        'channel state (input)',
        'channel state (output)',
        'full',
        'full, compressed',
        'incremental',
        'native savepoint',
        'operator state BROADCAST',
        'operator state SPLIT_DISTRIBUTE',
        'operator state UNION',
      ].sort(),
    );
  });
});

// A run stored in IndexedDB by an earlier version holds the former JSON _metadata (version 1001):
// a restore from it runs exactly as from the v4 file of the same checkpoint.
describe('a restore from a former JSON _metadata (version 1001)', () => {
  it('restores the same way as from the v4 file', () => {
    const r = parseScenario({
      ...base,
      job: { ...generator, operators: [{ name: 'count', state: 'value' }], sink: { kind: 'transactional' } },
      stateBackend: { type: 'rocksdb', incremental: true },
      checkpointing: { intervalMs: 500, unaligned: true },
      untilMs: 1400,
    });
    if (!r.ok) throw new Error('invalid scenario');
    const sim = Simulation.create(r.scenario);
    sim.runUntil(1400);
    const snap = sim.snapshot();
    const latest = sim.state.coordinator.completed.at(-1)!;
    const v4 = snap.storage.files[latest.metadataPath]!;
    const legacy = structuredClone(snap);
    legacy.storage.files[latest.metadataPath] = { ...v4, bytes: encodeLegacyJsonMetadata(decodeMetadata(v4.bytes, latest.metadataPath)) };
    const restore = (s: typeof snap) => {
      const again = Simulation.fromSnapshot(s);
      const events = again.apply({ do: 'restore', checkpoint: 'latest' });
      events.push(...again.runUntil(2400));
      return events;
    };
    const fromV4 = restore(snap);
    const fromLegacy = restore(legacy);
    expect(fromV4.some((e) => e.type === 'restore.started')).toBe(true);
    expect(fromLegacy.find((e) => e.type === 'restore.failed')).toBeUndefined();
    expect(fromLegacy.map((e) => e.type)).toEqual(fromV4.map((e) => e.type));
    expect(fromLegacy.filter((e) => e.type.startsWith('restore.'))).toEqual(fromV4.filter((e) => e.type.startsWith('restore.')));
  });
});
