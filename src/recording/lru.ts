/**
 * A least-recently-used map (the page's cache of decoded keyframes, keyframeDecode.ts): `get` refreshes an entry, `set` drops the oldest past `capacity`
 * entries or past `budget` in total weight (the newest entry stays, whatever it weighs).
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private weight = 0;
  constructor(
    readonly capacity: number,
    readonly budget = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: K, value: V, weight = 0): void {
    this.delete(key);
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while (this.entries.size > this.capacity || (this.entries.size > 1 && this.weight > this.budget)) this.delete(this.entries.keys().next().value as K);
  }

  private delete(key: K): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.weight -= e.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }
}
