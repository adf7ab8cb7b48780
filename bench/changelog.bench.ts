/**
 * The changelog backend's costs, measured in the same run:
 * - the double write: keyed state updates per second through `ChangelogKeyedStateBackend`
 *   (every write also appended to the DSTL writer, with rollovers and pre-emptive persists) vs
 *   the bare nested backend, for the HashMap and the RocksDB-like backend;
 * - FLIP-158's comparison on a job (same seed, RocksDB incremental, changelog off vs on):
 *   checkpointed size, its steadiness, stored bytes, restore time.
 */
import { ChangelogKeyedStateBackend } from '../src/engine/changelog/backend/changelogKeyedStateBackend';
import { appendChange, nextSequenceNumber, persist } from '../src/engine/changelog/dstl/fsStateChangelogWriter';
import { truncate } from '../src/engine/changelog/dstl/fsStateChangelogWriterLifecycle';
import { createFsStateChangelogWriter } from '../src/engine/changelog/dstl/fsStateChangelogWriterState';
import { DSTL_TEACHING_DEFAULTS } from '../src/engine/changelog/dstl/dstlOptions';
import { compareChangelog } from '../src/engine/compare/changelogComparison';
import { LSM_TEACHING_DEFAULTS } from '../src/engine/lsm';
import { RocksDbKeyedStateBackend } from '../src/engine/rocksdb';
import { HeapKeyedStateBackend } from '../src/engine/state/heapKeyedStateBackend';
import type { KeyedStateBackend } from '../src/engine/state/keyedStateApi';
import { fmt, printSection, timeMs, type BenchLine } from './stats';

const MAX_PARALLELISM = 128;
const FULL = { startKeyGroup: 0, endKeyGroup: MAX_PARALLELISM - 1 };
const KEYS = 1000;
const UPDATES = 200_000;
const keys = Array.from({ length: KEYS }, (_, i) => `key-${i}`);

function run(b: KeyedStateBackend, everyCheckpoint: () => void): number {
  const s = b.getValueState<number>({ name: 'sum', kind: 'value' });
  const ms = timeMs(() => {
    for (let i = 0; i < UPDATES; i++) {
      b.setCurrentKey(keys[(i * 7919) % KEYS]!);
      s.update((s.value() ?? 0) + 1);
      if (i % 1000 === 999) everyCheckpoint();
    }
  });
  b.setCurrentKey(keys[0]!);
  if (s.value() !== UPDATES / KEYS) throw new Error(`bench: key-0 holds ${s.value()}, expected ${UPDATES / KEYS}`);
  return UPDATES / (ms / 1000);
}

/** The nested backend wrapped: each change goes to a writer; every 1000 updates a "checkpoint" persists and truncates. */
function withChangelog(nested: KeyedStateBackend): number {
  const writer = createFsStateChangelogWriter({ logId: 'bench', keyGroupRange: FULL, preEmptivePersistThresholdBytes: DSTL_TEACHING_DEFAULTS.preEmptivePersistThresholdBytes });
  const b = new ChangelogKeyedStateBackend(nested, (c) => void appendChange(writer, c));
  return run(b, () => {
    // The writer's own work at a checkpoint; uploads are the scheduler's (not measured here).
    const to = nextSequenceNumber(writer);
    persist(writer, writer.lowestSequenceNumber, 1);
    writer.notUploaded = [];
    writer.listeners = [];
    writer.uploading = [];
    truncate(writer, to);
  });
}

function best(f: () => number): number {
  f();
  return Math.max(f(), f(), f());
}

export function runChangelogBench(): void {
  const heapOff = best(() => run(HeapKeyedStateBackend.create(MAX_PARALLELISM, FULL), () => {}));
  const heapOn = best(() => withChangelog(HeapKeyedStateBackend.create(MAX_PARALLELISM, FULL)));
  const rocks = () => RocksDbKeyedStateBackend.create(MAX_PARALLELISM, FULL, { ...LSM_TEACHING_DEFAULTS, writeBufferBytes: 1 << 30 });
  const rocksOff = best(() => run(rocks(), () => {}));
  const rocksOn = best(() => withChangelog(rocks()));
  const lines: BenchLine[] = [
    { name: 'HashMap, changelog off', value: `${fmt(heapOff)} updates/s` },
    { name: 'HashMap, changelog on', value: `${fmt(heapOn)} updates/s` },
    { name: 'HashMap on ÷ off (double-write cost)', value: fmt(heapOn / heapOff, 3) },
    { name: 'RocksDB (memtable only), changelog off', value: `${fmt(rocksOff)} updates/s` },
    { name: 'RocksDB (memtable only), changelog on', value: `${fmt(rocksOn)} updates/s` },
    { name: 'RocksDB on ÷ off (double-write cost)', value: fmt(rocksOn / rocksOff, 3) },
  ];
  printSection('Changelog double write (same run)', lines);

  const c = compareChangelog();
  const row = (name: string, off: number, on: number, unit = ''): BenchLine => ({ name, value: `off ${fmt(off)}${unit}, on ${fmt(on)}${unit}, on ÷ off ${fmt(on / off, 3)}` });
  printSection('Changelog vs plain RocksDB incremental (FLIP-158 shape, simulated job, same seed)', [
    row('checkpointed_size p50', c.off.checkpointedSize.p50, c.on.checkpointedSize.p50, ' B'),
    row('checkpointed_size p99', c.off.checkpointedSize.p99, c.on.checkpointedSize.p99, ' B'),
    row('checkpointed_size peak ÷ median', c.off.checkpointedSize.max / c.off.checkpointedSize.p50, c.on.checkpointedSize.max / c.on.checkpointedSize.p50),
    row('stored bytes (mean over time)', c.off.storedBytes.mean, c.on.storedBytes.mean, ' B'),
    row('restore of the latest checkpoint', c.off.restore.totalMs, c.on.restore.totalMs, ' ms'),
    { name: 'restore with changelog: download / replay', value: `${c.on.restore.downloadMs} ms / ${c.on.restore.replayMs} ms` },
    { name: 'DSTL files written / upload requests', value: `${c.on.dstlFiles} / ${c.on.uploadRequests} for ${c.on.checkpoints.length} checkpoints` },
  ]);
}
