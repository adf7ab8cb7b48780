/**
 * Keyed state descriptors as plain data (Flink's `ValueStateDescriptor`, `ListStateDescriptor`,
 * `MapStateDescriptor`, `ReducingStateDescriptor`, `AggregatingStateDescriptor`). The name
 * identifies the state in a backend and in snapshots; `fn` names a registered user function.
 */
import {
  AGGREGATE_FUNCTIONS,
  REDUCE_FUNCTIONS,
  type AggregateFunctionName,
  type ReduceFunctionName,
} from './userFunctions';

/** The five keyed state kinds (Flink's `StateDescriptor.Type`, minus the deprecated FOLDING). */
export type StateKind = 'value' | 'list' | 'map' | 'reducing' | 'aggregating';

/** All state kinds, in a fixed order. */
export const STATE_KINDS: readonly StateKind[] = [
  'value',
  'list',
  'map',
  'reducing',
  'aggregating',
];

/** Flink's `StateDescriptor`: name, kind and (for reducing/aggregating) the user function's name. */
export interface StateDescriptor {
  readonly name: string;
  readonly kind: StateKind;
  readonly fn?: string;
}

/** `new ValueStateDescriptor(name, ...)`. */
export function valueStateDescriptor(name: string): StateDescriptor {
  return checkStateDescriptor({ name, kind: 'value' });
}
/** `new ListStateDescriptor(name, ...)`. */
export function listStateDescriptor(name: string): StateDescriptor {
  return checkStateDescriptor({ name, kind: 'list' });
}
/** `new MapStateDescriptor(name, ...)`. */
export function mapStateDescriptor(name: string): StateDescriptor {
  return checkStateDescriptor({ name, kind: 'map' });
}
/** `new ReducingStateDescriptor(name, reduceFunction, ...)`. */
export function reducingStateDescriptor(name: string, fn: ReduceFunctionName): StateDescriptor {
  return checkStateDescriptor({ name, kind: 'reducing', fn });
}
/** `new AggregatingStateDescriptor(name, aggFunction, ...)`. */
export function aggregatingStateDescriptor(
  name: string,
  fn: AggregateFunctionName,
): StateDescriptor {
  return checkStateDescriptor({ name, kind: 'aggregating', fn });
}

/** Validates a descriptor (e.g. one read from a scenario) and returns it. */
export function checkStateDescriptor(desc: StateDescriptor): StateDescriptor {
  if (desc === null || typeof desc !== 'object') {
    throw new TypeError(`state descriptor must be an object, got ${JSON.stringify(desc)}`);
  }
  if (typeof desc.name !== 'string' || desc.name.length === 0) {
    throw new TypeError(
      `state descriptor name must be a non-empty string, got ${JSON.stringify(desc.name)}`,
    );
  }
  const where = `state descriptor '${desc.name}'`;
  switch (desc.kind) {
    case 'value':
    case 'list':
    case 'map':
      if (desc.fn !== undefined)
        throw new TypeError(
          `${where}: ${desc.kind} state takes no fn, got ${JSON.stringify(desc.fn)}`,
        );
      return desc;
    case 'reducing':
      if (typeof desc.fn !== 'string' || !Object.hasOwn(REDUCE_FUNCTIONS, desc.fn)) {
        throw new RangeError(
          `${where}: reducing state needs fn naming a reduce function (${Object.keys(REDUCE_FUNCTIONS).join(', ')}), got ${JSON.stringify(desc.fn)}`,
        );
      }
      return desc;
    case 'aggregating':
      if (typeof desc.fn !== 'string' || !Object.hasOwn(AGGREGATE_FUNCTIONS, desc.fn)) {
        throw new RangeError(
          `${where}: aggregating state needs fn naming an aggregate function (${Object.keys(AGGREGATE_FUNCTIONS).join(', ')}), got ${JSON.stringify(desc.fn)}`,
        );
      }
      return desc;
    default:
      throw new TypeError(
        `${where}: kind must be one of ${STATE_KINDS.join(', ')}, got ${JSON.stringify((desc as { kind: unknown }).kind)}`,
      );
  }
}

/** Whether two descriptors describe the same state (a re-registration must match exactly). */
export function sameStateDescriptor(a: StateDescriptor, b: StateDescriptor): boolean {
  return a.name === b.name && a.kind === b.kind && a.fn === b.fn;
}
