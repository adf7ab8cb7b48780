/**
 * The registry of user functions that reducing and aggregating state descriptors name.
 * Engine state is plain data, so a descriptor cannot hold a function the way Flink's
 * `ReducingStateDescriptor` holds a `ReduceFunction`; it holds a registry name instead.
 */
import type { Plain } from '../core/plainData';

/** Flink's `ReduceFunction<T>`: combines two values of the same type into one. */
export interface ReduceFunction<T> {
  reduce(value1: T, value2: T): T;
}

/**
 * Flink's `AggregateFunction<IN, ACC, OUT>`. Like many real implementations, `add` and `merge`
 * may mutate and return the accumulator they are given; the heap backend's copy-on-write hands
 * them a private copy whenever a snapshot still needs the original.
 */
export interface AggregateFunction<IN, ACC, OUT> {
  createAccumulator(): ACC;
  add(value: IN, accumulator: ACC): ACC;
  getResult(accumulator: ACC): OUT;
  merge(a: ACC, b: ACC): ACC;
}

/** Accumulator of the `average` aggregate function. */
export interface AverageAccumulator {
  sum: number;
  count: number;
}

function checkNumber(fn: string, what: string, v: unknown): number {
  if (typeof v !== 'number')
    throw new TypeError(`${fn}: ${what} must be a number, got ${JSON.stringify(v)}`);
  return v;
}

function checkAccumulator(fn: string, acc: unknown): AverageAccumulator {
  const a = acc as Partial<AverageAccumulator> | null;
  if (
    a === null ||
    typeof a !== 'object' ||
    typeof a.sum !== 'number' ||
    typeof a.count !== 'number'
  ) {
    throw new TypeError(
      `${fn}: accumulator must be {sum: number, count: number}, got ${JSON.stringify(acc)}`,
    );
  }
  return a as AverageAccumulator;
}

/** A `ReduceFunction<Long>` that adds numbers (`(a, b) -> a + b`). */
export const sumReduceFunction: ReduceFunction<number> = {
  reduce: (a, b) => checkNumber('sum', 'value1', a) + checkNumber('sum', 'value2', b),
};

/** An `AggregateFunction<Long, {sum, count}, Double>` computing the mean; mutates its accumulator. */
export const averageAggregateFunction: AggregateFunction<number, AverageAccumulator, number> = {
  createAccumulator: () => ({ sum: 0, count: 0 }),
  add(value, acc) {
    const a = checkAccumulator('average.add', acc);
    a.sum += checkNumber('average.add', 'value', value);
    a.count += 1;
    return a;
  },
  getResult(acc) {
    const a = checkAccumulator('average.getResult', acc);
    return a.sum / a.count;
  },
  merge(a, b) {
    const x = checkAccumulator('average.merge', a);
    const y = checkAccumulator('average.merge', b);
    x.sum += y.sum;
    x.count += y.count;
    return x;
  },
};

/** Names of the registered reduce functions. */
export const REDUCE_FUNCTIONS = { sum: sumReduceFunction } as const;
/** Names of the registered aggregate functions. */
export const AGGREGATE_FUNCTIONS = { average: averageAggregateFunction } as const;

/** A registered reduce function name. */
export type ReduceFunctionName = keyof typeof REDUCE_FUNCTIONS;
/** A registered aggregate function name. */
export type AggregateFunctionName = keyof typeof AGGREGATE_FUNCTIONS;

/** Looks up the `ReduceFunction` a `ReducingStateDescriptor` names. */
export function getReduceFunction(name: string): ReduceFunction<Plain> {
  if (!Object.hasOwn(REDUCE_FUNCTIONS, name)) {
    throw new RangeError(
      `Unknown reduce function ${JSON.stringify(name)}; known: ${Object.keys(REDUCE_FUNCTIONS).join(', ')}`,
    );
  }
  return REDUCE_FUNCTIONS[name as ReduceFunctionName] as unknown as ReduceFunction<Plain>;
}

/** Looks up the `AggregateFunction` an `AggregatingStateDescriptor` names. */
export function getAggregateFunction(name: string): AggregateFunction<Plain, Plain, Plain> {
  if (!Object.hasOwn(AGGREGATE_FUNCTIONS, name)) {
    throw new RangeError(
      `Unknown aggregate function ${JSON.stringify(name)}; known: ${Object.keys(AGGREGATE_FUNCTIONS).join(', ')}`,
    );
  }
  return AGGREGATE_FUNCTIONS[name as AggregateFunctionName] as unknown as AggregateFunction<
    Plain,
    Plain,
    Plain
  >;
}
