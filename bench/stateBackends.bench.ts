/**
 * Keyed state updates per second through each backend, next to a plain JS Map doing the same
 * work (read the key's running sum, add, write back) in the same run.
 */
import { HeapKeyedStateBackend } from '../src/engine/state/heapKeyedStateBackend';
import type { KeyedStateBackend } from '../src/engine/state/keyedStateApi';
import { fmt, printSection, timeMs, type BenchLine } from './stats';

const MAX_PARALLELISM = 128;
const KEYS = 1000;
const UPDATES = 400_000;
const keys = Array.from({ length: KEYS }, (_, i) => `key-${i}`);

function mapBaseline(): number {
  const m = new Map<string, number>();
  return timeMs(() => {
    for (let i = 0; i < UPDATES; i++) {
      const k = keys[(i * 7919) % KEYS]!;
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  });
}

function backendRun(make: () => KeyedStateBackend): number {
  const b = make();
  const desc = { name: 'sum', kind: 'value' as const };
  const s = b.getValueState<number>(desc);
  return timeMs(() => {
    for (let i = 0; i < UPDATES; i++) {
      b.setCurrentKey(keys[(i * 7919) % KEYS]!);
      s.update((s.value() ?? 0) + 1);
    }
  });
}

/** Best of a few runs, after a warm-up, to keep JIT and GC noise out of the ratio. */
function best(run: () => number): number {
  run();
  return Math.min(run(), run(), run());
}

export function runStateBackendBench(extra: { name: string; make: () => KeyedStateBackend }[] = []): void {
  const mapMs = best(mapBaseline);
  const mapRate = UPDATES / (mapMs / 1000);
  const lines: BenchLine[] = [{ name: 'plain JS Map (baseline)', value: `${fmt(mapRate)} updates/s` }];
  const heapMs = best(() => backendRun(() => HeapKeyedStateBackend.create(MAX_PARALLELISM, { startKeyGroup: 0, endKeyGroup: MAX_PARALLELISM - 1 })));
  const heapRate = UPDATES / (heapMs / 1000);
  lines.push({ name: 'HashMap backend (ValueState)', value: `${fmt(heapRate)} updates/s` });
  lines.push({ name: 'HashMap ÷ Map', value: `${fmt(heapRate / mapRate, 3)}`, goal: '≥ 0.333', ok: heapRate / mapRate >= 1 / 3 });
  for (const e of extra) {
    const ms = best(() => backendRun(e.make));
    const rate = UPDATES / (ms / 1000);
    lines.push({ name: `${e.name} (ValueState)`, value: `${fmt(rate)} updates/s` });
    lines.push({ name: `${e.name} ÷ Map`, value: fmt(rate / mapRate, 3) });
  }
  printSection(`Keyed state backends (${fmt(UPDATES)} updates over ${KEYS} keys, max parallelism ${MAX_PARALLELISM})`, lines);
}
