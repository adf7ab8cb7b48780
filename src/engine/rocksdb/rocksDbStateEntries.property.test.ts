import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../core/plainData';
import type { LsmConfig } from '../lsm';
import { namespaceId } from '../state/namespaces';
import type { KeyedStateEntryView } from '../state/keyedStateEntryView';
import { DEFAULT_STATE_OPS_UNIVERSE, runStateOps, stateOpsArbitrary } from '../state/stateOps';
import type { RocksDbKeyedBackendData } from './rocksDbKeyedBackendData';
import { RocksDbKeyedStateBackend } from './rocksDbKeyedStateBackend';
import { presentRocksDbValue, rocksDbStateEntries, rocksDbStoredEntries } from './rocksDbStateEntries';

const MAX_P = 128;
const FULL = { startKeyGroup: 0, endKeyGroup: MAX_P - 1 };
const TINY_LSM: Partial<LsmConfig> = {
  writeBufferBytes: 96,
  blockSizeBytes: 48,
  level0FileNumCompactionTrigger: 2,
  maxBytesForLevelBase: 300,
  maxBytesForLevelMultiplier: 2,
  targetFileSizeBase: 120,
  numLevels: 4,
};

/** The reference: the listing as it was before it became incremental, a full scan (`rocksDbStoredEntries`) of every column family, presented. */
function fullScanStateEntries(data: RocksDbKeyedBackendData): KeyedStateEntryView[] {
  const fnOf = new Map(data.states.map((s) => [s.descriptor.name, s.descriptor.fn]));
  return rocksDbStoredEntries(data).map((e) => ({
    state: e.state,
    kind: e.kind,
    keyGroup: e.keyGroup,
    key: e.key,
    namespace: namespaceId(e.namespace),
    value: presentRocksDbValue(e.kind, fnOf.get(e.state), e.stored),
  }));
}

type Background = 'none' | 'flushOldest' | 'flushAll' | 'compactions' | 'compactFiles';
const backgroundArb = fc.array(
  fc.record({
    work: fc.constantFrom<Background>('none', 'none', 'flushOldest', 'flushAll', 'compactions', 'compactFiles'),
    pick: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  }),
  { minLength: 50, maxLength: 50 },
);

function runBackground(b: RocksDbKeyedStateBackend, step: { work: Background; pick: boolean[] }): void {
  b.takeWriteEffects();
  switch (step.work) {
    case 'none':
      return;
    case 'flushOldest':
      if (b.needsFlush()) b.flushOldest();
      return;
    case 'flushAll':
      b.flushAll();
      return;
    case 'compactions':
      for (let i = 0, plan = b.pendingCompaction(); plan !== null && i < 20; i++, plan = b.pendingCompaction()) b.runCompaction(plan);
      return;
    case 'compactFiles': {
      const files = b.liveSstFiles();
      const cf = files[0]?.cfName;
      const chosen = files.filter((f, i) => f.cfName === cf && step.pick[i % step.pick.length]).map((f) => f.fileNumber);
      if (chosen.length === 0) return;
      try {
        b.compactFiles(chosen);
      } catch (e) {
        expect((e as Error).message).toMatch(/is unsafe/);
      }
      return;
    }
  }
}

describe('rocksDbStateEntries (incremental) lists what a full scan lists', () => {
  it('after every state operation, with flushes and compactions interleaved, on the live data and on deep copies', () => {
    let listed = 0;
    fc.assert(
      fc.property(stateOpsArbitrary(undefined, { maxLength: 100 }), backgroundArb, (ops, schedule) => {
        const b = RocksDbKeyedStateBackend.create(MAX_P, FULL, TINY_LSM);
        runStateOps(b, ops, DEFAULT_STATE_OPS_UNIVERSE, (i) => {
          runBackground(b, schedule[i % schedule.length]!);
          const expected = fullScanStateEntries(b.data);
          // A view reads a new copy on every step (shared SST bytes), sometimes the same one twice.
          const copy = clonePlain(b.data);
          expect(rocksDbStateEntries(copy)).toEqual(expected);
          expect(rocksDbStateEntries(copy)).toEqual(expected);
          expect(rocksDbStateEntries(b.data)).toEqual(expected);
          listed += expected.length;
        });
      }),
      { numRuns: 150 },
    );
    expect(listed).toBeGreaterThan(1000);
  });

  it('hands out values no later read shares (lists and maps are fresh copies)', () => {
    const b = RocksDbKeyedStateBackend.create(MAX_P, FULL, TINY_LSM);
    const ns = DEFAULT_STATE_OPS_UNIVERSE.namespaces[0]!;
    runStateOps(b, [
      { t: 'setKey', key: DEFAULT_STATE_OPS_UNIVERSE.keys[0]! },
      { t: 'list.addAll', ns, values: [5, 6] },
      { t: 'map.put', ns, key: DEFAULT_STATE_OPS_UNIVERSE.userKeys[0]!, value: 7 },
    ]);
    b.flushAll();
    const first = rocksDbStateEntries(b.data);
    const list = first.find((e) => e.kind === 'list');
    const map = first.find((e) => e.kind === 'map');
    expect(list?.value).toEqual([5, 6]);
    (list!.value as number[]).push(99);
    (map!.value as Record<string, number>)['x'] = 1;
    expect(rocksDbStateEntries(b.data)).toEqual(fullScanStateEntries(b.data));
  });
});
