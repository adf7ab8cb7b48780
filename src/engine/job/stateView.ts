/**
 * Read-only views of a subtask's keyed state for the UI and the summary. They read the plain
 * data directly (never through the state API, which sets the key context and so writes), which
 * keeps them usable on frozen, recorded states.
 */
import { assertNever } from '../core/assertNever';
import type { Plain } from '../core/plainData';
import { stateMapEntries } from '../state/copyOnWriteStateTable';
import { namespaceId } from '../state/namespaces';
import type { StateKind } from '../state/stateDescriptor';
import { decodeStateKeyId } from '../state/stateKeyIds';
import { getAggregateFunction } from '../state/userFunctions';
import type { StateValueView } from '../events';
import type { KeyedBackendData } from './keyedBackend';
import { rocksDbStateEntries } from '../rocksdb';
import type { KeyedStateEntryView } from '../state/keyedStateEntryView';

export type { KeyedStateEntryView } from '../state/keyedStateEntryView';

/** The stored value of a state kind as people read it (map user keys as object keys, averages computed). */
export function presentStoredValue(kind: StateKind, fn: string | undefined, stored: Plain): StateValueView {
  switch (kind) {
    case 'value':
    case 'reducing':
      return stored as number;
    case 'list':
      return [...(stored as number[])];
    case 'map': {
      const out: Record<string, number> = {};
      for (const [id, v] of Object.entries(stored as Record<string, Plain>)) out[String(decodeStateKeyId(id))] = v as number;
      return out;
    }
    case 'aggregating':
      return getAggregateFunction(fn ?? 'average').getResult(stored) as number;
    default:
      return assertNever(kind, 'state kind');
  }
}

/** Every (state, key group, key, namespace) entry of a keyed backend, in key-group order. */
export function keyedStateEntries(d: KeyedBackendData): KeyedStateEntryView[] {
  if (d.type === 'rocksdb') return rocksDbStateEntries(d.rocks);
  const out: KeyedStateEntryView[] = [];
  for (const table of d.heap.tables) {
    const { name, kind, fn } = table.descriptor;
    table.maps.forEach((map, i) => {
      for (const e of stateMapEntries(map)) {
        out.push({ state: name, kind, keyGroup: table.keyGroupOffset + i, key: e.key, namespace: namespaceId(e.namespace), value: presentStoredValue(kind, fn, e.state) });
      }
    });
  }
  return out;
}
