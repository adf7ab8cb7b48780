import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createQueue, dequeue, enqueue, removeWhere } from './eventQueue';

describe('event queue', () => {
  it('takes items in time order and breaks ties by scheduling order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), (times) => {
        const q = createQueue<number>();
        times.forEach((t, i) => enqueue(q, t, i));
        const out: [number, number][] = [];
        for (let e = dequeue(q); e; e = dequeue(q)) out.push([e.atMs, e.item]);
        const expected = times.map((t, i) => [t, i] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(out).toEqual(expected);
      }),
    );
  });

  it('removes matching items and keeps the order of the rest', () => {
    const q = createQueue<string>();
    enqueue(q, 5, 'a');
    enqueue(q, 1, 'drop');
    enqueue(q, 3, 'b');
    enqueue(q, 3, 'drop');
    expect(removeWhere(q, (x) => x === 'drop')).toBe(2);
    expect([dequeue(q)?.item, dequeue(q)?.item, dequeue(q)?.item]).toEqual(['b', 'a', undefined]);
  });

  it('rejects a non-finite time', () => {
    expect(() => enqueue(createQueue<number>(), Number.NaN, 1)).toThrow(/finite/);
  });
});
