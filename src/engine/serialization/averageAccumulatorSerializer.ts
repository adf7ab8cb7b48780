/**
 * The accumulator of the scenario's `aggregating` state: an `AggregateFunction` computing an
 * average keeps `{ sum, count }` (a Tuple2-like POJO in a Flink job) and reports `sum / count`.
 */
import type { TypeSerializer } from './typeSerializer';

/** Accumulator of an average `AggregateFunction`: running sum (double) and count (long). */
export interface AverageAccumulator {
  readonly sum: number;
  readonly count: number;
}

/** Serializer of {@link AverageAccumulator}: double sum, then long count (16 bytes), like a `TupleSerializer<Tuple2<Double, Long>>`. */
export const averageAccumulatorSerializer: TypeSerializer<AverageAccumulator> = {
  name: 'avg-accumulator',
  fixedLength: 16,
  serialize(value, out) {
    if (
      value === null ||
      typeof value !== 'object' ||
      typeof value.sum !== 'number' ||
      !Number.isSafeInteger(value.count)
    ) {
      throw new TypeError(
        `averageAccumulatorSerializer: value must be { sum: number, count: safe integer }, got ${JSON.stringify(value)}`,
      );
    }
    out.writeDouble(value.sum);
    out.writeLong(value.count);
  },
  deserialize(input) {
    const sum = input.readDouble();
    const count = input.readLong();
    return { sum, count };
  },
};
