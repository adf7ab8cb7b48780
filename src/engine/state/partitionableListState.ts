import type { Plain } from '../core/plainData';
import type { OperatorListStateData } from './defaultOperatorStateBackend';

/** Flink's operator `ListState` (user-facing view of a `PartitionableListState`). */
export interface OperatorListState<T extends Plain = Plain> {
  /** The elements (the backend's own array: do not mutate; valid until the next write). */
  get(): readonly T[];
  add(value: T): void;
  addAll(values: readonly T[]): void;
  /** Replaces all elements. */
  update(values: readonly T[]): void;
  clear(): void;
}

function checkNotNull(name: string, method: string, v: unknown, i?: number): void {
  if (v === null || v === undefined) {
    throw new TypeError(
      `ListState '${name}'.${method}: ${i === undefined ? 'value' : `values[${i}]`} is null; a ListState cannot hold null`,
    );
  }
}

/** Flink's `PartitionableListState`: an operator list state over plain data. */
export class PartitionableListState<T extends Plain = Plain> implements OperatorListState<T> {
  constructor(private readonly data: OperatorListStateData) {}

  get(): readonly T[] {
    return this.data.elements as T[];
  }

  add(value: T): void {
    checkNotNull(this.data.name, 'add', value);
    this.data.elements.push(value);
  }

  addAll(values: readonly T[]): void {
    this.checkAll('addAll', values);
    for (const v of values) this.data.elements.push(v);
  }

  update(values: readonly T[]): void {
    this.checkAll('update', values);
    this.data.elements = values.slice();
  }

  clear(): void {
    this.data.elements = [];
  }

  private checkAll(method: string, values: readonly T[]): void {
    if (!Array.isArray(values)) {
      throw new TypeError(
        `ListState '${this.data.name}'.${method}: values must be an array, got ${JSON.stringify(values)}`,
      );
    }
    values.forEach((v, i) => checkNotNull(this.data.name, method, v, i));
  }
}
