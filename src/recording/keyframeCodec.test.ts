import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline, digestPlain, type EngineState } from '../engine';
import { clonePlain } from '../engine/core/plainData';
import { SPLIT_CHARS, WHOLE_TEXT_AS_BYTES, packKeyframe } from './keyframeCodec';
import { DECODED_KEYFRAMES, decodeInSlices, lazyKeyframe, partText, unpackState } from './keyframeDecode';
import { Lru } from './lru';
import { packChunk } from './recorderCore';

describe('keyframes cross to the page as text, decoded when a seek needs them', () => {
  it('round-trips what JSON alone loses: byte arrays (shared ones once), ±Infinity, NaN, -0, a "__proto__" key', () => {
    const bytes = new Uint8Array([1, 2, 250]);
    const state = JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    Object.assign(state, { a: bytes, b: [bytes, new Uint8Array(0)], inf: Infinity, ninf: -Infinity, nan: NaN, nz: -0, n: 3.5, s: 'u8' });
    const packed = packKeyframe({ position: 7, state: state as unknown as EngineState });
    expect(packed.byteEnds).toHaveLength(2);
    const back = unpackState(packed) as unknown as Record<string, unknown>;
    expect(back.a).toEqual(bytes);
    expect((back.b as Uint8Array[])[0]).toBe(back.a);
    expect(back.inf).toBe(Infinity);
    expect(back.ninf).toBe(-Infinity);
    expect(back.nan).toBeNaN();
    expect(Object.is(back.nz, -0)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ x: 1 });
    expect(digestPlain(back)).toBe(digestPlain(state));
  });

  it('a chunk carries keyframes as text, not as an engine state to clone; the page decodes one only when read', () => {
    const t = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    t.recordSome(100);
    const wire = packChunk(t.takeChunk(0));
    expect(wire.keyframes.map((k) => k.position)).toEqual([32, 64, 96]);
    for (const k of wire.keyframes) expect(typeof k.json).toBe('string');
    let reads = 0;
    const p = wire.keyframes[0]!;
    const lazy = lazyKeyframe({ ...p, get json() { reads++; return p.json; } });
    expect(reads).toBe(0);
    expect(digestPlain(lazy.state)).toBe(digestPlain(t.stateAt(32)));
    expect(lazy.state).toBe(lazy.state);
    expect(reads).toBe(1);
  });

  it('a RocksDB run (the default: SST bytes in state) decodes to the same state at every keyframe', () => {
    const t = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 64 });
    t.recordSome(600);
    const wire = packChunk(t.takeChunk(0));
    expect(wire.keyframes.some((k) => k.byteEnds.length > 0)).toBe(true);
    for (const k of wire.keyframes) expect(digestPlain(unpackState(k))).toBe(digestPlain(t.stateAt(k.position)));
  });
});

describe('decoded keyframes are kept in a small LRU', () => {
  it('drops the least recently used entry past its capacity, and a read refreshes an entry', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.has('b')).toBe(false);
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('past its weight budget drops the oldest entries too, but always keeps the newest', () => {
    const lru = new Lru<string, number>(3, 100);
    lru.set('a', 1, 40);
    lru.set('b', 2, 40);
    expect(lru.size).toBe(2);
    lru.set('c', 3, 40);
    expect(lru.has('a')).toBe(false);
    expect(lru.size).toBe(2);
    lru.set('big', 4, 500);
    expect(lru.size).toBe(1);
    expect(lru.get('big')).toBe(4);
    // Replacing an entry counts its new weight only.
    lru.set('big', 5, 10);
    lru.set('d', 6, 10);
    expect(lru.size).toBe(2);
  });

  it('decodes a keyframe again after it was dropped, to the same state', () => {
    const t = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    t.recordSome(32 * (DECODED_KEYFRAMES + 2));
    const wire = packChunk(t.takeChunk(0));
    let reads = 0;
    const lazy = wire.keyframes.map((p) => lazyKeyframe({ ...p, get json() { reads++; return p.json; } }));
    const first = lazy[0]!.state;
    expect(lazy[0]!.state).toBe(first);
    expect(reads).toBe(1);
    // Reading more keyframes than the LRU holds drops the first one's decoded state …
    for (const k of lazy.slice(1)) void k.state;
    expect(reads).toBe(lazy.length);
    const again = lazy[0]!.state;
    expect(reads).toBe(lazy.length + 1);
    // … and decoding it again gives the same state as before.
    expect(again).not.toBe(first);
    expect(digestPlain(again)).toBe(digestPlain(first));
    expect(digestPlain(again)).toBe(digestPlain(t.stateAt(lazy[0]!.position)));
  });
});

describe('a big keyframe is cut into parts the page decodes in short tasks', () => {
  /** A state of several MB of text: many subtasks' keyed state, byte arrays, values JSON cannot say, keys in a telling order. */
  function bigState(): Record<string, unknown> {
    const bytes = new Uint8Array([9, 8, 7]);
    const keyed: Record<string, unknown> = {};
    for (let task = 15; task >= 0; task--) {
      const entries: Record<string, unknown> = {};
      for (let i = 0; i < 4000; i++) entries[`k${(i * 7919) % 4000}-${task}`] = { value: i * 1.5, file: i % 100 === 0 ? bytes : null, t: i % 500 === 0 ? -0 : i };
      keyed[`count#${task}`] = { entries, name: 'count', lag: task === 3 ? Infinity : task };
    }
    const state = JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    // A big array too (the sink's transactions, the checkpoint history): cut into runs of elements.
    // Finished checkpoints' rows: what the page seals after decoding (engine/sealFinished.ts).
    const history = Array.from({ length: 3000 }, (_, i) => ({ id: i, status: i === 2999 ? 'IN_PROGRESS' : 'COMPLETED', subtasks: [{ acked: i }], taskFiles: { a: [`f${i}`, `g${i}`] }, sizes: { a: i, b: -i }, note: 'x'.repeat(200) }));
    const output = { transactions: [{ status: 'committed', records: [1, 2] }] };
    return Object.assign(state, { format: 'f', job: { zeta: 1, keyed, alpha: [bytes, NaN], output }, coordinator: { history }, registry: { discarded: [{ path: 'x' }] }, small: { b: 2, a: 1 } });
  }
  /** Key order everywhere, as a string (byte arrays and the tagged numbers compared by digest). */
  const shape = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x instanceof Uint8Array ? `u8:${x.join()}` : typeof x === 'number' && !Number.isFinite(x) ? String(x) : x));

  it('round-trips a state over SPLIT_CHARS of text, in parts, with its keys in the same order', () => {
    const state = bigState();
    const packed = packKeyframe({ position: 1, state: state as unknown as EngineState }, true);
    const texts = packed.parts.map((_, i) => partText(packed, i));
    expect(packed.json.length + texts.reduce((n, t) => n + t.length, 0)).toBeGreaterThan(SPLIT_CHARS);
    expect(packed.parts.length).toBeGreaterThan(4);
    expect(packed.parts.filter((p) => p.append && p.path.join() === 'coordinator,history').length).toBeGreaterThan(2);
    expect(Math.max(packed.json.length, ...texts.map((t) => t.length))).toBeLessThanOrEqual(SPLIT_CHARS);
    const back = unpackState(packed) as unknown as Record<string, unknown>;
    expect(digestPlain(back)).toBe(digestPlain(state));
    expect(shape(back)).toBe(shape(state));
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ x: 1 });
    const keyed = (back.job as { keyed: Record<string, { entries: Record<string, { file: unknown; t: number }> }> }).keyed;
    expect(keyed['count#3']!.entries['k0-3']!.file).toBe((back.job as { alpha: unknown[] }).alpha[0]);
    expect(Object.is(keyed['count#3']!.entries['k0-3']!.t, -0)).toBe(true);
  });

  it('decodeInSlices yields between parts and gives the same state, its finished parts sealed, then what a read of the keyframe finds; a stale decode stops', async () => {
    const state = bigState();
    const packed = packKeyframe({ position: 1, state: state as unknown as EngineState }, true);
    let pauses = 0;
    const pause = () => ((pauses += 1), Promise.resolve());
    const decoded = (await decodeInSlices(packed, 0, pause, () => false))!;
    // A pause before each part and before each finished value it seals (2 per finished checkpoint, a transaction's records, a discarded file).
    expect(pauses).toBe(packed.parts.length + 2 * 2999 + 2);
    expect(digestPlain(decoded)).toBe(digestPlain(state));
    const rows = decoded.coordinator.history;
    expect(Object.isFrozen(rows[0]!.subtasks) && Object.isFrozen(rows[0]!.taskFiles)).toBe(true);
    expect(Object.isFrozen(rows[2999]!.subtasks)).toBe(false);
    // Sealed values are shared by a restore's copy, not copied.
    expect(clonePlain(decoded).coordinator.history[0]!.taskFiles).toBe(rows[0]!.taskFiles);
    expect(lazyKeyframe(packed).state).toBe(decoded);
    const again = packKeyframe({ position: 2, state: state as unknown as EngineState }, true);
    expect(await decodeInSlices(again, 0, pause, () => true)).toBeNull();
  });

  it('an uncut keyframe of more than WHOLE_TEXT_AS_BYTES of text travels as bytes (transferable), one part at the root, and decodes the same', async () => {
    const state = bigState();
    const packed = packKeyframe({ position: 3, state: state as unknown as EngineState });
    expect(packed.json).toBe('');
    expect(packed.parts).toEqual([{ path: [], end: packed.partsText.length }]);
    expect(packed.partsText.length).toBeGreaterThan(WHOLE_TEXT_AS_BYTES);
    expect(digestPlain(unpackState(packed))).toBe(digestPlain(state));
    expect(digestPlain(await decodeInSlices(packed, 0, () => Promise.resolve(), () => false))).toBe(digestPlain(state));
    // A small one stays a string.
    expect(packKeyframe({ position: 3, state: { format: 'f', a: 1 } as unknown as EngineState }).parts).toEqual([]);
  });

  it('only a seek’s keyframe is cut: the ones every chunk carries stay one text (cutting costs the worker more passes)', () => {
    expect(packKeyframe({ position: 1, state: bigState() as unknown as EngineState }).parts.every((p) => p.path.length === 0)).toBe(true);
    const t = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 64 });
    t.recordSome(200);
    for (const k of packChunk(t.takeChunk(0)).keyframes) expect(k.parts).toEqual([]);
  });
});
