/**
 * What each keyed operator does with a record `{key, value}`, by its state kind (SCENARIO.md):
 * value = running sum, list = append, map = count each distinct value, reducing = sum through
 * a ReduceFunction, aggregating = average through an AggregateFunction. The operator forwards
 * the record unchanged.
 */
import { assertNever } from '../core/assertNever';
import type { KeyedStateBackend } from '../state/keyedStateApi';
import type { StateDescriptor, StateKind } from '../state/stateDescriptor';

/** The descriptor a keyed operator of this kind registers (its user function named by registry). */
export function descriptorFor(operator: string, kind: StateKind): StateDescriptor {
  const name = `${operator}-state`;
  switch (kind) {
    case 'value':
    case 'list':
    case 'map':
      return { name, kind };
    case 'reducing':
      return { name, kind, fn: 'sum' };
    case 'aggregating':
      return { name, kind, fn: 'average' };
    default:
      return assertNever(kind, 'state kind');
  }
}

/** Applies one record to the operator's state (the key context must already be set). */
export function applyRecord(backend: KeyedStateBackend, desc: StateDescriptor, value: number): void {
  switch (desc.kind) {
    case 'value': {
      const s = backend.getValueState<number>(desc);
      s.update((s.value() ?? 0) + value);
      return;
    }
    case 'list':
      backend.getListState<number>(desc).add(value);
      return;
    case 'map': {
      const s = backend.getMapState<number, number>(desc);
      s.put(value, (s.get(value) ?? 0) + 1);
      return;
    }
    case 'reducing':
      backend.getReducingState<number>(desc).add(value);
      return;
    case 'aggregating':
      backend.getAggregatingState(desc).add(value);
      return;
    default:
      assertNever(desc.kind, 'state kind');
  }
}

/** The state value of the current key as the summary shows it (null when absent). */
export function readState(backend: KeyedStateBackend, desc: StateDescriptor): unknown {
  switch (desc.kind) {
    case 'value':
      return backend.getValueState(desc).value();
    case 'list': {
      const l = backend.getListState(desc).get();
      return l.length === 0 ? null : [...l];
    }
    case 'map': {
      const m = backend.getMapState(desc);
      if (m.isEmpty()) return null;
      const out: Record<string, unknown> = {};
      for (const [k, v] of m.entries()) out[String(k)] = v;
      return out;
    }
    case 'reducing':
      return backend.getReducingState(desc).get();
    case 'aggregating':
      return backend.getAggregatingState(desc).get();
    default:
      return assertNever(desc.kind, 'state kind');
  }
}
