/**
 * Keyed state updates per second through each backend, next to a plain JS Map doing the same
 * work (read the key's running sum, add, write back) in the same run. The RocksDB runs do the
 * background work the simulation schedules: after a write leaves a sealed memtable it flushes it
 * and runs every compaction then due.
 */
import { LSM_FLINK_DEFAULTS, LSM_TEACHING_DEFAULTS, type LsmConfig } from '../src/engine/lsm';
import { RocksDbKeyedStateBackend } from '../src/engine/rocksdb';
import { HeapKeyedStateBackend } from '../src/engine/state/heapKeyedStateBackend';
import type { KeyedStateBackend } from '../src/engine/state/keyedStateApi';
import { fmt, printSection, timeMs, type BenchLine } from './stats';

const MAX_PARALLELISM = 128;
const FULL = { startKeyGroup: 0, endKeyGroup: MAX_PARALLELISM - 1 };
const KEYS = 1000;
const UPDATES = 400_000;
const keys = Array.from({ length: KEYS }, (_, i) => `key-${i}`);

interface Run {
  ms: number;
  flushes: number;
  compactions: number;
}

function mapBaseline(): Run {
  const m = new Map<string, number>();
  const ms = timeMs(() => {
    for (let i = 0; i < UPDATES; i++) {
      const k = keys[(i * 7919) % KEYS]!;
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  });
  return { ms, flushes: 0, compactions: 0 };
}

function backendRun(b: KeyedStateBackend, background: (r: Run) => void = () => {}): Run {
  const s = b.getValueState<number>({ name: 'sum', kind: 'value' });
  const r: Run = { ms: 0, flushes: 0, compactions: 0 };
  r.ms = timeMs(() => {
    for (let i = 0; i < UPDATES; i++) {
      b.setCurrentKey(keys[(i * 7919) % KEYS]!);
      s.update((s.value() ?? 0) + 1);
      background(r);
    }
  });
  // Every key was updated UPDATES / KEYS times: check the backend really did the work.
  b.setCurrentKey(keys[0]!);
  if (s.value() !== UPDATES / KEYS) throw new Error(`bench: key-0 holds ${s.value()}, expected ${UPDATES / KEYS}`);
  return r;
}

function rocksDbRun(config: Partial<LsmConfig>): Run {
  const b = RocksDbKeyedStateBackend.create(MAX_PARALLELISM, FULL, config);
  return backendRun(b, (r) => {
    if (!b.needsFlush()) return;
    b.takeWriteEffects(); // the simulation turns these into events
    if (b.flushOldest() !== null) r.flushes++;
    for (let p = b.pendingCompaction(); p !== null; p = b.pendingCompaction()) {
      b.runCompaction(p);
      r.compactions++;
    }
  });
}

/** Best of three after a warm-up, to keep JIT and GC noise out of the ratios. */
function best(f: () => Run): Run {
  f();
  return [f(), f(), f()].reduce((a, b) => (b.ms < a.ms ? b : a));
}

const rate = (r: Run): number => UPDATES / (r.ms / 1000);

export function runStateBackendBench(): void {
  const map = rate(best(mapBaseline));
  const heap = rate(best(() => backendRun(HeapKeyedStateBackend.create(MAX_PARALLELISM, FULL))));
  const lines: BenchLine[] = [
    { name: 'plain JS Map (baseline)', value: `${fmt(map)} updates/s` },
    { name: 'HashMap backend (ValueState)', value: `${fmt(heap)} updates/s` },
    { name: 'HashMap ÷ Map', value: fmt(heap / map, 3), goal: '≥ 0.333', ok: heap / map >= 1 / 3 },
  ];
  for (const [name, config] of [
    ['RocksDB backend, teaching LSM', LSM_TEACHING_DEFAULTS],
    ['RocksDB backend, Flink sizes (64 MB memtable: no flush)', LSM_FLINK_DEFAULTS],
  ] as const) {
    const r = best(() => rocksDbRun(config));
    lines.push({ name, value: `${fmt(rate(r))} updates/s (${fmt(r.flushes)} flushes, ${fmt(r.compactions)} compactions)` });
    lines.push({ name: '  ÷ Map', value: fmt(rate(r) / map, 4) });
  }
  printSection(`Keyed state backends (${fmt(UPDATES)} ValueState updates over ${KEYS} keys, max parallelism ${MAX_PARALLELISM})`, lines);
}
