import type { Plain } from '../core/plainData';
import { AbstractHeapMergingState } from './abstractHeapState';
import type { InternalListState } from './keyedStateApi';

const EMPTY: readonly never[] = Object.freeze([]);

function checkElements(stateName: string, method: string, values: readonly unknown[]): void {
  if (!Array.isArray(values)) {
    throw new TypeError(
      `ListState '${stateName}'.${method}: values must be an array, got ${JSON.stringify(values)}`,
    );
  }
  for (let i = 0; i < values.length; i++) {
    if (values[i] === null || values[i] === undefined) {
      throw new TypeError(
        `ListState '${stateName}'.${method}: values[${i}] is null; a ListState cannot hold null`,
      );
    }
  }
}

/** Flink's `HeapListState`: an array per (key, namespace), appended to in place (after copy-on-write). */
export class HeapListState<T extends Plain = Plain>
  extends AbstractHeapMergingState<T[]>
  implements InternalListState<T>
{
  private readonly appendAll = (previous: Plain | null, values: readonly T[]): Plain => {
    const list = previous === null ? [] : (previous as T[]);
    for (let i = 0; i < values.length; i++) list.push(values[i]!);
    return list;
  };

  get(): readonly T[] {
    const list = this.getCurrent() as T[] | null;
    return list === null ? EMPTY : list;
  }

  add(value: T): void {
    if (value === null || value === undefined) {
      throw new TypeError(
        `ListState '${this.table.descriptor.name}'.add: value is null; a ListState cannot hold null`,
      );
    }
    // get() hands out a list that no snapshot shares (copy-on-write), so appending in place is safe.
    const list = this.getCurrent() as T[] | null;
    if (list === null) this.putCurrent([value]);
    else list.push(value);
  }

  addAll(values: readonly T[]): void {
    checkElements(this.table.descriptor.name, 'addAll', values);
    if (values.length > 0) this.transformCurrent(values, this.appendAll);
  }

  update(values: readonly T[]): void {
    checkElements(this.table.descriptor.name, 'update', values);
    if (values.length === 0) this.clear();
    else this.putCurrent(values.slice());
  }

  protected mergeState(a: T[], b: T[]): T[] {
    for (let i = 0; i < b.length; i++) a.push(b[i]!);
    return a;
  }
}
