import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { frozenClone, frozenCloneOver, sealPlain } from './plainData';
import { frozenThrough, plainValue } from './plainArbitrary';

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container =>
  v !== null && typeof v === 'object' && !(v instanceof Uint8Array);
const keysOf = (c: Container): string[] => Object.keys(c);
/** `c[k]`, reading an own "__proto__" key as data. */
const read = (c: Container, k: string): unknown => Object.getOwnPropertyDescriptor(c, k)?.value;
const put = (c: Container, k: string, x: unknown) =>
  Object.defineProperty(c, k, { value: x, enumerable: true, writable: true, configurable: true });

/** `v` as nested [key, value] lists: equal only when the data and every object's key order are. */
function ordered(v: unknown): unknown {
  if (!isContainer(v)) return v;
  return Array.isArray(v) ? v.map(ordered) : keysOf(v).map((k) => [k, ordered(read(v, k))]);
}

/**
 * Replaces one value inside `v` (following `picks` down through its containers) with `x`, or
 * deletes it when `x` is undefined; returns the keys of the path to the changed value.
 */
function changeInside(v: Container, picks: number[], x: unknown): string[] {
  const path: string[] = [];
  let at = v;
  for (const p of picks) {
    const keys = keysOf(at);
    if (keys.length === 0) break;
    const k = keys[p % keys.length]!;
    path.push(k);
    const child = read(at, k);
    if (isContainer(child) && path.length < picks.length) {
      at = child;
      continue;
    }
    if (x === undefined && !Array.isArray(at)) delete (at as Record<string, unknown>)[k];
    else put(at, k, x ?? null);
    return path;
  }
  put(at, Array.isArray(at) ? String(at.length) : 'added', x ?? null);
  return [...path, '(added)'];
}

describe('frozenCloneOver: the views’ copy made over the previous one', () => {
  it('equals frozenClone(v), key order included, over any earlier copy', () => {
    fc.assert(
      fc.property(plainValue, plainValue, (v, other) => {
        const over = frozenCloneOver(v, frozenClone(other));
        expect(ordered(over)).toEqual(ordered(frozenClone(v)));
        expect(frozenThrough(over)).toBe(true);
        if (isContainer(v)) expect(Object.isFrozen(v)).toBe(false);
      }),
    );
  });

  it('after one change, equals a fresh copy and shares with the earlier copy everything off the changed path', () => {
    const containers = plainValue.filter(isContainer);
    fc.assert(
      fc.property(
        containers,
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.option(plainValue, { nil: undefined }),
        (v, picks, x) => {
          const base = frozenClone(v) as Container;
          const path = changeInside(v, picks, x);
          const over = frozenCloneOver(v, base) as Container;
          expect(ordered(over)).toEqual(ordered(frozenClone(v)));
          expect(frozenThrough(over)).toBe(true);
          // Along the path, every sibling container is the earlier copy's own.
          let now: unknown = over;
          let was: unknown = base;
          for (const k of path) {
            if (!isContainer(now) || !isContainer(was)) break;
            for (const s of keysOf(now)) {
              const child = read(now, s);
              if (s !== k && isContainer(child) && keysOf(was).includes(s))
                expect(child).toBe(read(was, s));
            }
            now = read(now, k);
            was = read(was, k);
          }
        },
      ),
    );
  });

  it('returns the earlier copy itself when nothing changed', () => {
    fc.assert(
      fc.property(plainValue, (v) => {
        const base = frozenClone(v);
        expect(frozenCloneOver(v, base)).toBe(base);
      }),
    );
  });

  it('copies an object whose keys were reordered, and keeps byte arrays and sealed values shared', () => {
    const bytes = Uint8Array.of(1);
    const done = sealPlain([{ key: 'a' }]);
    const base = frozenClone({ b: { n: 2 }, a: { n: 1 }, bytes, done });
    const v = { a: { n: 1 }, b: { n: 2 }, bytes, done };
    const over = frozenCloneOver(v, base);
    expect(Object.keys(over)).toEqual(['a', 'b', 'bytes', 'done']);
    expect(over).not.toBe(base);
    expect(over.a).toBe(base.a);
    expect(over.bytes).toBe(bytes);
    expect(over.done).toBe(done);
  });

  it('never shares a part of a base that is not frozen (a live object is not a copy)', () => {
    const live = { a: { n: 1 } };
    const over = frozenCloneOver({ a: { n: 1 } }, live);
    expect(over.a).not.toBe(live.a);
    expect(Object.isFrozen(over.a)).toBe(true);
  });
});
