/**
 * The discrete-event queue: a binary min-heap kept as a plain array in engine state, ordered by
 * (atMs, seq). `seq` is a per-simulation counter, so two items due at the same millisecond are
 * taken in the order they were scheduled: ties are broken deterministically.
 */
export interface Scheduled<T> {
  atMs: number;
  seq: number;
  item: T;
}

export interface QueueState<T> {
  heap: Scheduled<T>[];
  nextSeq: number;
}

export function createQueue<T>(): QueueState<T> {
  return { heap: [], nextSeq: 0 };
}

function before<T>(a: Scheduled<T>, b: Scheduled<T>): boolean {
  return a.atMs < b.atMs || (a.atMs === b.atMs && a.seq < b.seq);
}

/** Adds an item due at `atMs`. */
export function enqueue<T>(q: QueueState<T>, atMs: number, item: T): Scheduled<T> {
  if (!Number.isFinite(atMs)) throw new RangeError(`enqueue: atMs must be finite, got ${atMs}`);
  const entry: Scheduled<T> = { atMs, seq: q.nextSeq++, item };
  const h = q.heap;
  h.push(entry);
  let i = h.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const p = h[parent]!;
    if (!before(entry, p)) break;
    h[i] = p;
    i = parent;
  }
  h[i] = entry;
  return entry;
}

export function peek<T>(q: QueueState<T>): Scheduled<T> | undefined {
  return q.heap[0];
}

/** Removes and returns the earliest item. */
export function dequeue<T>(q: QueueState<T>): Scheduled<T> | undefined {
  const h = q.heap;
  const top = h[0];
  if (top === undefined) return undefined;
  const last = h.pop()!;
  if (h.length > 0) {
    let i = 0;
    const n = h.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && before(h[r]!, h[l]!) ? r : l;
      if (!before(h[c]!, last)) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
  }
  return top;
}

/** Removes every queued item matching `pred` (e.g. timers of a cancelled checkpoint). */
export function removeWhere<T>(q: QueueState<T>, pred: (item: T) => boolean): number {
  const kept = q.heap.filter((e) => !pred(e.item));
  const removed = q.heap.length - kept.length;
  if (removed > 0) {
    kept.sort((a, b) => (before(a, b) ? -1 : 1));
    q.heap = kept; // a sorted array is a valid heap
  }
  return removed;
}
