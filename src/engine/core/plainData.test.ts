import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clonePlain, deepFreeze, digestPlain, frozenClone, sealPlain } from './plainData';
import { frozenThrough, plainValue } from './plainArbitrary';
import { Simulation } from '../simulation';
import { DEFAULT_SCENARIO } from '../defaultScenario';
import { recordCountOf, recordsOf } from '../job/sink/externalTransactions';

describe('plain data', () => {
  it('clones deeply, sharing byte arrays', () => {
    const bytes = Uint8Array.of(1, 2, 3);
    const v = { a: [1, { b: 'x' }], bytes };
    const c = clonePlain(v);
    expect(c).toEqual(v);
    expect(c.a).not.toBe(v.a);
    expect(c.bytes).toBe(bytes);
  });

  it('keeps an own "__proto__" key as data (user JSON may contain one)', () => {
    const v = JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as Record<string, unknown>;
    const c = clonePlain(v);
    expect(Object.keys(c)).toEqual(['__proto__', 'y']);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(digestPlain(c)).toBe(digestPlain(v));
  });
});

describe('sealed values (append-only history)', () => {
  it('are shared by clones, frozen, while everything around them is copied', () => {
    const history = sealPlain([{ origin: 'p0:g1', key: 'a', value: 1 }]);
    const state = { done: history, open: [{ origin: 'p0:g2', key: 'b', value: 2 }] };
    const copy = clonePlain(state);
    expect(copy.done).toBe(history);
    expect(copy.open).not.toBe(state.open);
    expect(copy.open).toEqual(state.open);
    expect(Object.isFrozen(history[0])).toBe(true);
    expect(() => (history as { origin: string }[]).push({ origin: 'x' })).toThrow(TypeError);
  });

  it('a committed sink transaction is shared between the live job and its snapshots, its records packed', () => {
    const sim = Simulation.create(DEFAULT_SCENARIO);
    while (!sim.state.job.output.transactions?.some((t) => t.status === 'committed')) sim.step();
    const committed = sim.state.job.output.transactions!.find((t) => t.status === 'committed')!;
    const snap = sim.snapshot();
    const again = snap.job.output.transactions!.find((t) => t.id === committed.id)!;
    expect(again).toBe(committed);
    expect(Object.isFrozen(committed)).toBe(true);
    expect(Array.isArray(committed.records)).toBe(false);
    expect(recordsOf(committed).length).toBe(recordCountOf(committed));
    expect(recordsOf(committed).every((r) => /^p\d+:[gl]\d+$/.test(r.origin))).toBe(true);
    // The open ones are the job's own, copied into the snapshot.
    const open = sim.state.job.output.transactions!.find((t) => t.status === 'open')!;
    expect(snap.job.output.transactions!.find((t) => t.id === open.id)).not.toBe(open);
    // The job goes on committing with the shared history in place.
    for (let i = 0; i < 300; i++) sim.step();
    expect(sim.state.job.output.emitted).toBeGreaterThan(snap.job.output.emitted);
  });
});

describe('frozenClone: the views’ copy in one pass', () => {
  it('equals deepFreeze(clonePlain(v)): same data, frozen throughout, nothing of the original frozen or shared but bytes', () => {
    fc.assert(
      fc.property(plainValue, (v) => {
        const before = digestPlain(v);
        const once = frozenClone(v);
        expect(once).toEqual(deepFreeze(clonePlain(v)));
        expect(digestPlain(once)).toBe(before);
        expect(frozenThrough(once)).toBe(true);
        if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array)) {
          expect(once).not.toBe(v);
          expect(Object.isFrozen(v)).toBe(false);
        }
      }),
    );
  });

  it('shares byte arrays and sealed values, and keeps an own "__proto__" key as data', () => {
    const bytes = Uint8Array.of(1, 2);
    const done = sealPlain([{ key: 'a' }]);
    const v = JSON.parse('{"__proto__": {"x": 1}, "y": [2]}') as Record<string, unknown>;
    Object.assign(v, { bytes, done });
    const c = frozenClone(v);
    expect(c.bytes).toBe(bytes);
    expect(c.done).toBe(done);
    expect(Object.keys(c)).toEqual(['__proto__', 'y', 'bytes', 'done']);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(() => ((c.y as number[]).push(3))).toThrow(TypeError);
  });
});
