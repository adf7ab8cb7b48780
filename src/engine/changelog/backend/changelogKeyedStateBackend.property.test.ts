/**
 * Property tests of the changelog backend over both nested backends, with the shared keyed-state
 * harness (random operation sequences over every state kind, several keys, window namespaces,
 * namespace merges and map iterator writes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain, digestPlain, type Plain } from '../../core/plainData';
import type { KeyGroupRange } from '../../keys/keyGroupRange';
import { assignToKeyGroup, computeKeyGroupRangeForOperatorIndex } from '../../keys/keyGroups';
import { RocksDbKeyedStateBackend } from '../../rocksdb/rocksDbKeyedStateBackend';
import { HeapKeyedStateBackend } from '../../state/heapKeyedStateBackend';
import type { KeyedStateBackend } from '../../state/keyedStateApi';
import { namespaceEquals, type Namespace } from '../../state/namespaces';
import type { StateKind } from '../../state/stateDescriptor';
import type { MapUserKey, StateKey } from '../../state/stateKeyIds';
import {
  applyStateOp,
  DEFAULT_STATE_OPS_UNIVERSE as U,
  observeKeyedState,
  runAgainstReference,
  runStateOps,
  stateOpsArbitrary,
  type StateOp,
} from '../../state/stateOps';
import { replayChanges } from './changelogBackendRestoreOperation';
import { ChangelogKeyedStateBackend } from './changelogKeyedStateBackend';
import type { LoggedChange } from './loggedChange';
import { StateChangeOperation as Op, stateChangeOperationName } from './stateChangeOperation';

const MAX_P = 128;
const FULL: KeyGroupRange = { startKeyGroup: 0, endKeyGroup: MAX_P - 1 };
type Nested = HeapKeyedStateBackend | RocksDbKeyedStateBackend;
type Kind = 'heap' | 'rocksdb';
const create = (kind: Kind, range: KeyGroupRange = FULL): Nested =>
  kind === 'heap'
    ? HeapKeyedStateBackend.create(MAX_P, range)
    : RocksDbKeyedStateBackend.create(MAX_P, range, { writeBufferBytes: 256 });
const KINDS: readonly Kind[] = ['heap', 'rocksdb'];
const RUNS: Record<Kind, number> = { heap: 150, rocksdb: 60 };

function changelogOver(nested: KeyedStateBackend) {
  const log: LoggedChange[] = [];
  return { b: new ChangelogKeyedStateBackend(nested, (c) => log.push(c)), log };
}

/** A materialization of the nested state at the cut: a deep copy of its plain data, wrapped again. */
function copyOf(n: Nested): Nested {
  return n instanceof HeapKeyedStateBackend
    ? new HeapKeyedStateBackend(clonePlain(n.data))
    : new RocksDbKeyedStateBackend(clonePlain(n.data));
}

describe.each(KINDS)('ChangelogKeyedStateBackend over %s', (kind) => {
  const runs = RUNS[kind];

  it('(a) is a transparent decorator: reads and final state equal the reference model', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const { actual, expected } = runAgainstReference(changelogOver(create(kind)).b, ops);
        expect(actual).toEqual(expected);
      }),
      { numRuns: runs },
    );
  });

  it('(a) also when the nested backend owns only part of the key groups', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), fc.integer({ min: 0, max: 1 }), (ops, index) => {
        const range = computeKeyGroupRangeForOperatorIndex(MAX_P, 2, index);
        const { actual, expected } = runAgainstReference(changelogOver(create(kind, range)).b, ops);
        expect(actual).toEqual(expected);
      }),
      { numRuns: Math.ceil(runs / 3) },
    );
  });

  it('(b) replaying the log onto an EMPTY backend of either type gives the same state', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const { b, log } = changelogOver(create(kind));
        const { actual, expected } = runAgainstReference(b, ops);
        expect(actual.final).toEqual(expected.final);
        for (const target of KINDS) {
          expect(observeKeyedState(replayChanges(create(target), log))).toEqual(expected.final);
        }
      }),
      { numRuns: runs },
    );
  });

  it('(b) replaying the whole log onto subtasks owning half the key groups each (rescale) keeps exactly their keys', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const { b, log } = changelogOver(create(kind));
        const { expected } = runAgainstReference(b, ops);
        for (const index of [0, 1]) {
          const range = computeKeyGroupRangeForOperatorIndex(MAX_P, 2, index);
          const owned = (expected.final as Plain[][]).filter((row) => {
            const kg = assignToKeyGroup(row[1] as StateKey, MAX_P);
            return kg >= range.startKeyGroup && kg <= range.endKeyGroup;
          });
          for (const target of KINDS) {
            expect(observeKeyedState(replayChanges(create(target, range), log))).toEqual(owned);
          }
        }
      }),
      { numRuns: Math.ceil(runs / 2) },
    );
  });

  type Base = 'copy' | 'heapSnapshot' | 'prefixOnHeap' | 'prefixOnRocksdb';
  const bases: Base[] =
    kind === 'heap'
      ? ['copy', 'heapSnapshot', 'prefixOnHeap', 'prefixOnRocksdb']
      : ['copy', 'prefixOnHeap', 'prefixOnRocksdb'];

  it('(c) a materialization at a cut point plus the log after it restores the final state', () => {
    fc.assert(
      fc.property(
        stateOpsArbitrary(),
        fc.nat(),
        fc.constantFrom(...bases),
        fc.boolean(),
        (ops, cutSeed, baseKind, resetAtCut) => {
          const nested = create(kind);
          const { b, log } = changelogOver(nested);
          const cut = cutSeed % ops.length;
          let logCut = -1;
          let base: KeyedStateBackend | null = null;
          const { actual, expected } = runAgainstReference(b, ops, U, (i) => {
            if (i !== cut) return;
            // The materialization's sync point: what is in the nested state now, and where the log is.
            logCut = log.length;
            if (baseKind === 'copy') base = copyOf(nested);
            else if (baseKind === 'heapSnapshot') {
              const heap = nested as HeapKeyedStateBackend;
              const snap = heap.snapshot();
              base = HeapKeyedStateBackend.restore(MAX_P, FULL, [snap]);
              heap.releaseSnapshot(snap);
            } else {
              const target = baseKind === 'prefixOnHeap' ? 'heap' : 'rocksdb';
              base = replayChanges(create(target), log.slice(0, logCut));
            }
            // Flink re-arms METADATA when a materialization is triggered; without it the
            // suffix relies on the states already registered in the base.
            if (resetAtCut) b.resetAllWritingMetaFlags();
          });
          expect(actual).toEqual(expected);
          expect(base).not.toBeNull();
          const restored = replayChanges(base!, log.slice(logCut));
          expect(observeKeyedState(restored)).toEqual(expected.final);
        },
      ),
      { numRuns: runs },
    );
  });

  it('(d) every write logs exactly its operations, with its scope; reads and rejected writes log nothing', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), fc.integer({ min: -1, max: 1 }), (ops, index) => {
        const range = index < 0 ? FULL : computeKeyGroupRangeForOperatorIndex(MAX_P, 2, index);
        const { b, log } = changelogOver(create(kind, range));
        let key: StateKey | null = null;
        for (const op of ops) {
          const before = log.length;
          const result = applyStateOp(b, op);
          if (op.t === 'setKey') key = op.key;
          const step = log.slice(before);
          const data = step.filter((c) => c.op !== Op.METADATA);
          const failed = isError(result);
          const expectedOps = failed ? [] : expectedOperations(op, result);
          expect(data.map((c) => stateChangeOperationName(c.op)).sort()).toEqual(
            expectedOps.sort(),
          );
          for (const c of data) {
            expect(c.state).toBe(U.descriptors[kindOf(op)].name);
            expect(c.key).toBe(key);
            expect(c.keyGroup).toBe(assignToKeyGroup(key!, MAX_P));
            expect(namespaceEquals(c.namespace, scopeNamespace(op))).toBe(true);
          }
          // METADATA only ever directly precedes the first change of its state in the step.
          step.forEach((c, i) => {
            if (c.op === Op.METADATA) expect(step[i + 1]?.state).toBe(c.state);
          });
        }
      }),
      { numRuns: runs },
    );
  });

  it('METADATA is logged once per written state, before its first change (no materialization)', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const { b, log } = changelogOver(create(kind));
        runStateOps(b, ops);
        const seen = new Set<string>();
        for (const c of log) {
          if (c.op === Op.METADATA) {
            expect(seen.has(c.state)).toBe(false);
            seen.add(c.state);
            expect(c.keyGroup).toBe(-1);
          } else expect(seen.has(c.state)).toBe(true);
        }
      }),
      { numRuns: runs },
    );
  });

  it('is deterministic: the same operations give the identical change log', () => {
    fc.assert(
      fc.property(stateOpsArbitrary(), (ops) => {
        const first = changelogOver(create(kind));
        const second = changelogOver(create(kind));
        runStateOps(first.b, ops);
        runStateOps(second.b, ops);
        expect(second.log).toEqual(first.log);
        expect(digestPlain(second.log)).toBe(digestPlain(first.log));
      }),
      { numRuns: Math.ceil(runs / 2) },
    );
  });
});

function isError(result: Plain): boolean {
  return (
    result !== null &&
    typeof result === 'object' &&
    !Array.isArray(result) &&
    (result as { error?: Plain }).error === true
  );
}

function kindOf(op: Exclude<StateOp, { t: 'setKey' }> | StateOp): StateKind {
  if (op.t === 'clear' || op.t === 'merge') return op.state;
  return op.t.split('.')[0] as StateKind;
}

function scopeNamespace(op: StateOp): Namespace {
  if (op.t === 'setKey') throw new Error('setKey has no namespace');
  return op.t === 'merge' ? op.target : op.ns;
}

/** The operation table (Flink's mapping) applied to one harness step that succeeded. */
function expectedOperations(op: StateOp, result: Plain): string[] {
  switch (op.t) {
    case 'setKey':
      return [];
    case 'clear':
      return ['CLEAR'];
    case 'merge':
      return ['MERGE_NS'];
    case 'value.update':
      return [op.value === null ? 'CLEAR' : 'SET'];
    case 'list.add':
      return ['ADD_ELEMENT'];
    case 'list.addAll':
      return ['ADD'];
    case 'list.update':
      return ['SET'];
    case 'list.updateInternal': // the harness passes null for an empty list
      return [op.values.length === 0 ? 'CLEAR' : 'SET_INTERNAL'];
    case 'reducing.add':
    case 'aggregating.add':
    case 'reducing.updateInternal':
    case 'aggregating.updateInternal':
      return ['SET_INTERNAL'];
    case 'map.put':
      return ['ADD_OR_UPDATE_ELEMENT'];
    case 'map.putAll':
      return ['ADD'];
    case 'map.remove':
      return ['REMOVE_ELEMENT'];
    case 'map.iterate':
      // The result lists the entries the iteration saw; each is removed, updated, or only read.
      return (result as Array<[MapUserKey, number]>).flatMap(([k]) =>
        op.removeKeys.includes(k)
          ? ['REMOVE_ELEMENT']
          : op.setKeys.includes(k)
            ? ['ADD_OR_UPDATE_ELEMENT']
            : [],
      );
    default:
      return []; // every other operation of the harness is a read
  }
}
