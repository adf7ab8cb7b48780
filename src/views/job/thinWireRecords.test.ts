import { describe, expect, it } from 'vitest';
import { FAST_ITEMS_MAX, grownItemsCap, thinWireRecords, type DrawnItem } from './itemGeometry';

const item = (id: string, channel: string, kind: DrawnItem['kind'], place: DrawnItem['place']): DrawnItem =>
  ({ id, channel, kind, place, x: 0, y: 0, angle: 0, w: 4, h: 4, hidden: false }) as DrawnItem;

function graph(wires: Record<string, number>, cellsPerChannel: number): DrawnItem[] {
  const out: DrawnItem[] = [];
  for (const [ch, n] of Object.entries(wires)) {
    for (let c = 0; c < cellsPerChannel; c++) out.push(item(`${ch}-in${c}`, ch, 'record', 'in'));
    for (let i = 0; i < n; i++) out.push(item(`${ch}-w${i}`, ch, 'record', 'wire'));
    out.push(item(`${ch}-b`, ch, 'barrier', 'wire'));
  }
  return out;
}

describe('thinning the records on the wires while playing fast', () => {
  it('leaves a graph within the limit as it is', () => {
    const items = graph({ a: 10, b: 5 }, 2);
    expect(thinWireRecords(items, items.length)).toEqual({ items, omitted: 0 });
  });

  it('keeps every barrier and queue cell, fits the limit, and keeps each wire’s share of the records', () => {
    const items = graph({ a: 600, b: 200, c: 0 }, 4);
    const { items: kept, omitted } = thinWireRecords(items, 212);
    expect(kept.length).toBe(212);
    expect(omitted).toBe(items.length - 212);
    const not = (i: DrawnItem) => !(i.kind === 'record' && i.place === 'wire');
    expect(kept.filter(not)).toEqual(items.filter(not));
    const onWire = (ch: string) => kept.filter((i) => i.channel === ch && i.kind === 'record' && i.place === 'wire').length;
    // 212 − 15 kept otherwise = 197 wire records, shared 3:1 like the wires' 600 and 200.
    expect(onWire('a') + onWire('b')).toBe(197);
    expect(Math.abs(onWire('a') - 3 * onWire('b'))).toBeLessThanOrEqual(3);
    // Spread along each wire, not its first records only.
    const last = Math.max(...kept.filter((i) => i.id.startsWith('a-w')).map((i) => Number(i.id.slice(3))));
    expect(last).toBeGreaterThan(590);
    // In their original order.
    const order = kept.map((i) => items.indexOf(i));
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });

  it('draws no wire record when the rest alone fills the limit', () => {
    const items = graph({ a: 50 }, 30);
    const { items: kept, omitted } = thinWireRecords(items, 20);
    expect(kept.every((i) => !(i.kind === 'record' && i.place === 'wire'))).toBe(true);
    expect(omitted).toBe(50);
  });
});

describe('after playing fast stops', () => {
  it('draws FAST_ITEMS_MAX more items a frame until all are drawn', () => {
    const total = 3 * FAST_ITEMS_MAX + 10;
    const caps: number[] = [];
    for (let cap = grownItemsCap(FAST_ITEMS_MAX, total); caps.push(cap), cap !== Infinity; cap = grownItemsCap(cap, total));
    expect(caps).toEqual([2 * FAST_ITEMS_MAX, 3 * FAST_ITEMS_MAX, Infinity]);
    expect(grownItemsCap(FAST_ITEMS_MAX, FAST_ITEMS_MAX + 1)).toBe(Infinity);
  });
});
