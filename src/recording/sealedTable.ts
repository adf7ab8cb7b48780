/**
 * Sealed values (engine/core/plainData.ts: a finished checkpoint's statistics and file lists, a
 * closed transaction's records, the registry's discarded files) never change, and they are most of
 * a big run's state: late in the scale run ~80 of a seek keyframe's ~96 MB of text. A seek's
 * keyframe sends each of them once (a definition, with an id); later ones refer to it by id,
 * once the page said it holds it (`confirm`): a keyframe the page dropped undecoded (a superseded
 * seek) defines its values again next time.
 *
 * The worker's side numbers the sealed values of one recording (`SealedTable`, a new one per
 * `RecorderCore#record`); the page's side keeps what it was sent, per table (`PageSealedTable`).
 */
let tables = 0;

export class SealedTable {
  /** Which table: the page keeps the values of each table apart. */
  readonly gen = ++tables;
  private readonly ids = new WeakMap<object, number>();
  private next = 0;
  private readonly held = new Set<number>();

  /** The value's id, and whether the page holds it already. */
  idOf(value: object): { id: number; held: boolean } {
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.next++));
    return { id, held: this.held.has(id) };
  }

  /** The page decoded these definitions: from now on they are sent as references. */
  confirm(ids: readonly number[]): void {
    for (const id of ids) this.held.add(id);
  }
}

/** What a packed keyframe says of its sealed values: the table, and the ids it defines. */
export interface SealedRefs {
  gen: number;
  defines: number[];
}

/** The page's values of one worker table, by id. */
export type PageSealedTable = Map<number, object>;

const pageTables = new Map<number, PageSealedTable>();

/**
 * The page's table for `gen`. Only the newest is kept here (a new recording starts a new one);
 * a keyframe that referred to an older one keeps its own (keyframeDecode.ts decodes with it).
 */
export function pageTableFor(gen: number): PageSealedTable {
  let t = pageTables.get(gen);
  if (!t) {
    for (const old of pageTables.keys()) if (old < gen) pageTables.delete(old);
    pageTables.set(gen, (t = new Map()));
  }
  return t;
}
