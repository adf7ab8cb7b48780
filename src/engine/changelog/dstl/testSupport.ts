/**
 * Test support for the DSTL tests (imports fast-check, so it is not re-exported from index.ts):
 * arbitraries for state changes and change sets, and a check that a value is plain data.
 */
import fc from 'fast-check';
import type { Plain } from '../../core/plainData';
import { VOID_NAMESPACE, type Namespace } from '../../state/namespaces';
import { dataChange, metadataChange, type StateChange } from './stateChange';
import { stateChangeSet, type StateChangeSet } from './stateChangeSet';
import type { StateChangeOperation } from './stateChangeOperation';

/** Keys as scenarios carry them: strings, int32s and other safe integers. */
export const keyArb = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.maxSafeInteger());

/** `VoidNamespace` or a valid `TimeWindow`. */
export const namespaceArb: fc.Arbitrary<Namespace> = fc.oneof(
  fc.constant(VOID_NAMESPACE),
  fc
    .tuple(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }))
    .map(([start, len]) => ({ start, end: start + len })),
);

/** Any plain payload: JSON-like values and byte arrays. */
export const payloadArb: fc.Arbitrary<Plain> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Plain> },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }) },
);

/** A data change in `[0, maxKeyGroup]`, or (about 1 in 10) a metadata change. */
export function stateChangeArb(maxKeyGroup = 15): fc.Arbitrary<StateChange> {
  const data = fc
    .record({
      keyGroup: fc.integer({ min: 0, max: maxKeyGroup }),
      op: fc.integer({ min: 0, max: 7 }) as fc.Arbitrary<StateChangeOperation>,
      state: fc.constantFrom('count', 'window-contents', 'seen', 'état'),
      key: keyArb,
      namespace: namespaceArb,
      payload: payloadArb,
    })
    .map((c) => dataChange(c.keyGroup, c));
  const meta = fc
    .tuple(fc.constantFrom('count', 'seen'), payloadArb)
    .map(([state, d]) => metadataChange(state, d));
  return fc.oneof({ weight: 9, arbitrary: data }, { weight: 1, arbitrary: meta });
}

/** Change sets of one writer, with rising sequence numbers from `firstSqn`. */
export function changeSetsArb(logId: string, firstSqn = 0): fc.Arbitrary<StateChangeSet[]> {
  return fc
    .array(fc.array(stateChangeArb(), { minLength: 1, maxLength: 8 }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((sets) => sets.map((changes, i) => stateChangeSet(logId, firstSqn + i, changes)));
}

/** The changes in the order the file format stores them: by key group (metadata first), append order within. */
export function inFormatOrder(changes: readonly StateChange[]): StateChange[] {
  return changes
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.keyGroup - b.c.keyGroup || a.i - b.i)
    .map((x) => x.c);
}

/** Paths where `value` is not plain data (class instances, Maps, Sets, functions, undefined). */
export function nonPlainPaths(value: unknown, path = '$'): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path} (${value})`];
  if (typeof value !== 'object') return [`${path} (${typeof value})`];
  if (value instanceof Uint8Array) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nonPlainPaths(v, `${path}[${i}]`));
  if (Object.getPrototypeOf(value) !== Object.prototype)
    return [`${path} (${value.constructor?.name ?? 'object'})`];
  return Object.entries(value).flatMap(([k, v]) => nonPlainPaths(v, `${path}.${k}`));
}
