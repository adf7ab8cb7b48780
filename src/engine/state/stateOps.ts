/**
 * A reusable property-test harness for keyed state backends: a fast-check arbitrary of
 * operation sequences over all five state kinds, several keys (numbers and strings, including
 * 1 and '1'), namespaces (VoidNamespace and overlapping windows) and merges, plus functions that
 * apply a sequence to any {@link KeyedStateBackend} and observe it through the API alone.
 * The heap backend, the RocksDB-like backend and the changelog backend all run the same test:
 * `const { actual, expected } = runAgainstReference(backend, ops); expect(actual).toEqual(expected)`.
 *
 * Test support only: it imports fast-check, so it is not re-exported from the state index.
 */
import fc from 'fast-check';
import type { Plain } from '../core/plainData';
import {
  applyStateOp,
  DEFAULT_STATE_OPS_UNIVERSE,
  observeKeyedState,
  type StateOp,
  type StateOpsUniverse,
} from './applyStateOp';
import type { KeyedStateBackend } from './keyedStateApi';
import { ReferenceKeyedStateBackend } from './referenceModel';
import type { StateKind } from './stateDescriptor';

export * from './applyStateOp';

/** fast-check arbitrary of one operation over a universe. */
export function stateOpArbitrary(
  u: StateOpsUniverse = DEFAULT_STATE_OPS_UNIVERSE,
): fc.Arbitrary<StateOp> {
  const ns = fc.constantFrom(...u.namespaces);
  const int = fc.integer({ min: -20, max: 20 });
  const ints = fc.array(int, { maxLength: 4 });
  const uk = fc.constantFrom(...u.userKeys);
  const ukSet = fc.subarray([...u.userKeys]);
  const read = <T extends string>(...ts: T[]) => fc.record({ t: fc.constantFrom(...ts), ns });
  const w = (weight: number, arbitrary: fc.Arbitrary<StateOp>) => ({ weight, arbitrary });
  return fc.oneof(
    w(12, fc.record({ t: fc.constant('setKey' as const), key: fc.constantFrom(...u.keys) })),
    w(
      3,
      fc.record({
        t: fc.constant('clear' as const),
        state: fc.constantFrom<StateKind>('value', 'list', 'map', 'reducing', 'aggregating'),
        ns,
      }),
    ),
    w(
      3,
      fc.record({
        t: fc.constant('merge' as const),
        state: fc.constantFrom('list' as const, 'reducing' as const, 'aggregating' as const),
        target: ns,
        sources: fc.array(ns, { maxLength: 3 }),
      }),
    ),
    w(
      6,
      read(
        'value.get',
        'list.get',
        'list.getInternal',
        'reducing.get',
        'aggregating.get',
        'reducing.getInternal',
        'aggregating.getInternal',
      ),
    ),
    w(
      4,
      fc.record({
        t: fc.constant('value.update' as const),
        ns,
        value: fc.option(int, { nil: null, freq: 6 }),
      }),
    ),
    w(
      6,
      fc.record({
        t: fc.constantFrom(
          'list.add' as const,
          'reducing.add' as const,
          'aggregating.add' as const,
          'reducing.updateInternal' as const,
        ),
        ns,
        value: int,
      }),
    ),
    w(
      4,
      fc.record({
        t: fc.constantFrom(
          'list.addAll' as const,
          'list.update' as const,
          'list.updateInternal' as const,
        ),
        ns,
        values: ints,
      }),
    ),
    w(
      1,
      fc.record({
        t: fc.constant('aggregating.updateInternal' as const),
        ns,
        acc: fc.record({ sum: int, count: fc.integer({ min: 1, max: 5 }) }),
      }),
    ),
    w(
      4,
      fc.record({
        t: fc.constantFrom('map.get' as const, 'map.remove' as const, 'map.contains' as const),
        ns,
        key: uk,
      }),
    ),
    w(5, fc.record({ t: fc.constant('map.put' as const), ns, key: uk, value: int })),
    w(
      2,
      fc.record({
        t: fc.constant('map.putAll' as const),
        ns,
        entries: fc.array(fc.tuple(uk, int), { maxLength: 3 }),
      }),
    ),
    w(3, read('map.entries', 'map.keys', 'map.values', 'map.isEmpty')),
    w(
      2,
      fc.record({
        t: fc.constant('map.iterate' as const),
        ns,
        setKeys: ukSet,
        removeKeys: ukSet,
        delta: int,
      }),
    ),
  );
}

/**
 * fast-check arbitrary of operation sequences. Each starts with `setKey` (state access without
 * a key is tested separately), so most operations reach the state.
 */
export function stateOpsArbitrary(
  u: StateOpsUniverse = DEFAULT_STATE_OPS_UNIVERSE,
  { maxLength = 80 }: { maxLength?: number } = {},
): fc.Arbitrary<StateOp[]> {
  const first = fc.record({ t: fc.constant('setKey' as const), key: fc.constantFrom(...u.keys) });
  return fc
    .tuple(first, fc.array(stateOpArbitrary(u), { maxLength, size: 'medium' }))
    .map(([head, rest]): StateOp[] => [head, ...rest]);
}

/** The observable outcome of a sequence: every read's result, and the final state. */
export interface StateOpsOutcome {
  readonly reads: Plain[];
  readonly final: Plain;
}

/** Applies a sequence to a backend; `afterStep(i)` runs after step i (e.g. to take a snapshot). */
export function runStateOps(
  backend: KeyedStateBackend,
  ops: readonly StateOp[],
  u: StateOpsUniverse = DEFAULT_STATE_OPS_UNIVERSE,
  afterStep?: (index: number) => void,
): StateOpsOutcome {
  const reads: Plain[] = [];
  ops.forEach((op, i) => {
    const r = applyStateOp(backend, op, u);
    if (op.t !== 'setKey') reads.push(r);
    afterStep?.(i);
  });
  return { reads, final: observeKeyedState(backend, u) };
}

/** Runs a sequence on a backend and on a fresh reference model with the same key groups. */
export function runAgainstReference(
  backend: KeyedStateBackend,
  ops: readonly StateOp[],
  u: StateOpsUniverse = DEFAULT_STATE_OPS_UNIVERSE,
  afterStep?: (index: number) => void,
): { actual: StateOpsOutcome; expected: StateOpsOutcome } {
  const reference = new ReferenceKeyedStateBackend(
    backend.getNumberOfKeyGroups(),
    backend.getKeyGroupRange(),
  );
  return {
    actual: runStateOps(backend, ops, u, afterStep),
    expected: runStateOps(reference, ops, u),
  };
}
