/**
 * The page's side of keyframeCodec.ts: a packed keyframe decoded into an engine state, whole
 * (`unpackState`, a read of a lazy keyframe) or a part at a time in short tasks
 * (`decodeInSlices`, a seek), with its tagged values (byte arrays, numbers JSON cannot say, sealed
 * values defined or referred to: sealedTable.ts) put back; and the small cache of decoded states.
 */
import type { EngineState } from '../engine';
import type { Keyframe } from '../engine/timeline';
import { finishedParts } from '../engine/sealFinished';
import { sealPlain } from '../engine/core/plainData';
import { pageTableFor, type PageSealedTable } from './sealedTable';
import { Lru } from './lru';
import { JSON_INTERNALIZES_UP_TO, fresh } from './jsonStrings';
import { BYTES_TAG, DEF_TAG, NUMBER_TAG, REF_TAG, type KeyframePart, type PackedKeyframe } from './keyframeCodec';

const views = new WeakMap<Uint8Array, Uint8Array[]>();

/** The keyframe's byte arrays: views into `byteData`, the same ones for every decode of it. */
function bytesOf(p: PackedKeyframe): Uint8Array[] {
  let out = views.get(p.byteData);
  if (!out) views.set(p.byteData, (out = p.byteEnds.map((end, i) => p.byteData.subarray(i === 0 ? 0 : p.byteEnds[i - 1]!, end))));
  return out;
}

const decoder = new TextDecoder();

/** The state's root: its `json`, or its one part at the root (a whole text sent as bytes). */
function rootOf(p: PackedKeyframe, d: Decoding): { root: unknown; first: number } {
  if (p.parts[0]?.path.length === 0) return { root: parse(p, partText(p, 0), d), first: 1 };
  return { root: parse(p, p.json, d), first: 0 };
}

/** One decode of a keyframe: its byte arrays, the sealed values it may refer to, and the references left to fill in at the end. */
interface Decoding {
  bytes: readonly Uint8Array[];
  table: PageSealedTable | null;
  pending: { o: Slots; k: string | number; id: number }[];
}

const tables = new WeakMap<PackedKeyframe, PageSealedTable>();

/** `of`: the keyframe as it arrived, whose table a later decode of it (from a copy of its fields) uses. */
function decoding(p: PackedKeyframe, of = p): Decoding {
  let table: PageSealedTable | null = null;
  if (p.sealed) {
    table = tables.get(of) ?? pageTableFor(p.sealed.gen);
    tables.set(of, table);
  }
  return { bytes: bytesOf(p), table, pending: [] };
}

/** Fills in the references to sealed values defined in a later part; throws if the page never got one. */
function resolve(d: Decoding): void {
  for (const { o, k, id } of d.pending) {
    const v = d.table?.get(id);
    if (v === undefined) throw new Error(`A keyframe refers to sealed value ${id}, which the page was never sent`);
    o[k] = v;
  }
}

/** The text of part `i` of `p`. */
export function partText(p: PackedKeyframe, i: number): string {
  return decoder.decode(p.partsText.subarray(i === 0 ? 0 : p.parts[i - 1]!.end, p.parts[i]!.end));
}

function parse(p: PackedKeyframe, json: string, d: Decoding): unknown {
  return untag(JSON.parse(json) as unknown, p.tagged, d);
}

/**
 * Replaces the tagged values of parsed text in place (when `tagged`), and its short strings by
 * copies that are not internalized (JSON_INTERNALIZES_UP_TO). Done after a plain JSON.parse rather
 * than with a reviver: the reviver calls back into JavaScript for every value of the state and made
 * the decode 3–4 times slower (a comparison's keyframe: 97 ms against 23 ms for the parse, Node,
 * loaded machine), one task of the page's thread on a seek (issue 18 §6).
 */
function untag(root: unknown, tagged: boolean, d: Decoding): unknown {
  // Held, so a tagged value at the root is replaced like any other.
  const holder: Slots = { v: root };
  const stack: object[] = [holder];
  while (stack.length > 0) {
    const o = stack.pop() as Slots;
    if (Array.isArray(o)) for (let i = 0; i < o.length; i++) untagSlot(o, i, tagged, d, stack);
    else for (const k in o) untagSlot(o, k, tagged, d, stack);
  }
  return holder.v;
}

type Slots = Record<string | number, unknown>;

/** `untag` for one field or element: a tagged object replaced, a short string copied, an object or array pushed on `stack`. */
function untagSlot(o: Slots, k: string | number, tagged: boolean, d: Decoding, stack: object[]): void {
  const v = o[k];
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'string' && v.length > 1 && v.length <= JSON_INTERNALIZES_UP_TO) o[k] = fresh(v);
    return;
  }
  if (!tagged || Array.isArray(v)) {
    stack.push(v);
    return;
  }
  const t = v as Record<string, unknown>;
  if (BYTES_TAG in t) o[k] = d.bytes[t[BYTES_TAG] as number];
  else if (NUMBER_TAG in t) o[k] = Number(t[NUMBER_TAG]);
  else if (DEF_TAG in t) {
    // Defined again (a keyframe decoded before the worker heard the page holds it): the one held stays shared.
    const held = d.table?.get(t[DEF_TAG] as number);
    if (held) o[k] = held;
    else {
      o[k] = t.v;
      d.table?.set(t[DEF_TAG] as number, t.v as object);
      stack.push(t.v as object);
    }
  } else if (REF_TAG in t) {
    const held = d.table?.get(t[REF_TAG] as number);
    if (held) o[k] = held;
    else d.pending.push({ o, k, id: t[REF_TAG] as number });
  } else stack.push(v);
}

/** The text of the keyframe's parts (with its `json`, what the decoded-keyframe budget counts). */
function partsLength(p: PackedKeyframe): number {
  return p.partsText.length;
}

/** Puts a part in its place (defined, not assigned: a "__proto__" key stays a plain property). */
function place(root: unknown, part: KeyframePart, value: unknown): void {
  let o = root as Record<string, unknown>;
  if (part.append) {
    for (const key of part.path) o = o[key] as Record<string, unknown>;
    for (const element of value as unknown[]) (o as unknown as unknown[]).push(element);
    return;
  }
  for (const key of part.path.slice(0, -1)) o = o[key] as Record<string, unknown>;
  Object.defineProperty(o, part.path.at(-1)!, { value, writable: true, enumerable: true, configurable: true });
}

export function unpackState(p: PackedKeyframe, of = p): EngineState {
  const d = decoding(p, of);
  const { root, first } = rootOf(p, d);
  for (let i = first; i < p.parts.length; i++) place(root, p.parts[i]!, parse(p, partText(p, i), d));
  resolve(d);
  return root as EngineState;
}

/**
 * `unpackState` spread over tasks: a part at a time, yielding (`pause`) once a task has taken
 * `sliceMs`; stops early (null) when `stale()` says the state is no longer wanted (a later seek).
 * Then the finished parts of the state are sealed, in slices too (engine/sealFinished.ts): a
 * reader restored from it shares them instead of copying and freezing them in one task (late in
 * the scale run, 300–600 ms of the page's thread when the cursor moved there). The state is then
 * what a read of the keyframe finds (lazyKeyframe), not decoded again.
 */
export async function decodeInSlices(p: PackedKeyframe, sliceMs: number, pause: () => Promise<void>, stale: () => boolean): Promise<EngineState | null> {
  const known = decoded.get(p);
  if (known) return known;
  let began = performance.now();
  const due = async (): Promise<boolean> => {
    if (performance.now() - began < sliceMs) return false;
    await pause();
    began = performance.now();
    return stale();
  };
  const d = decoding(p);
  const { root: parsed, first } = rootOf(p, d);
  const root = parsed as EngineState;
  for (let i = first; i < p.parts.length; i++) {
    if (await due()) return null;
    place(root, p.parts[i]!, parse(p, partText(p, i), d));
  }
  resolve(d);
  for (const part of finishedParts(root)) {
    if (await due()) return null;
    sealPlain(part);
  }
  decoded.set(p, root, p.json.length + partsLength(p));
  return root;
}

/**
 * How many decoded keyframe states the page keeps at once. A decoded state of a big run is a deep
 * object graph many times the size of its text (the scale run's grow with every record read), and
 * keeping each one decoded after its first seek made the page's heap grow with every place a
 * learner had scrubbed to. Reads start from a keyframe only when a seek or a backwards step lands
 * after it; the few most recent cover stepping and scrubbing around one place.
 */
export const DECODED_KEYFRAMES = 3;
/**
 * And at most this much keyframe text decoded at once, the newest always kept: a small run's
 * keyframes are a few KB (all DECODED_KEYFRAMES stay), the scale run's last ones ~45 MB of text
 * that decode to ~150 MB of heap each (bench/diag/memoryAtScale.ts), so it keeps only the newest.
 */
export const DECODED_TEXT_BUDGET = 16 * 2 ** 20;

const decoded = new Lru<PackedKeyframe, EngineState>(DECODED_KEYFRAMES, DECODED_TEXT_BUDGET);

/**
 * A keyframe whose state is decoded when read: the page holds the text until a seek lands after
 * it, so a chunk costs the page a string copy, not a megabytes deep clone. The decoded state is
 * kept in a small LRU shared by all keyframes (DECODED_KEYFRAMES, DECODED_TEXT_BUDGET) and decoded again if it was
 * dropped; readers only copy from it (Simulation.fromSnapshot), so a fresh decode is equivalent.
 */
export function lazyKeyframe(p: PackedKeyframe): Keyframe {
  const k: Keyframe = {
    position: p.position,
    get state(): EngineState {
      let state = decoded.get(p);
      if (!state) {
        // Its text read once (a spread would read it again: the tests count reads to count decodes).
        const json = p.json;
        state = unpackState({ position: p.position, json, parts: p.parts, partsText: p.partsText, byteData: p.byteData, byteEnds: p.byteEnds, tagged: p.tagged, sealed: p.sealed }, p);
        decoded.set(p, state, json.length + partsLength(p));
      }
      return state;
    },
  };
  packedOf.set(k, p);
  return k;
}

const packedOf = new WeakMap<Keyframe, PackedKeyframe>();

/**
 * How a read of `k` would find its state: `decoded` (at hand), or the packed text it would decode
 * first (`decodeInSlices` spreads that over tasks); null for a keyframe that is not lazy.
 */
export function keyframeText(k: Keyframe): { packed: PackedKeyframe; chars: number; decoded: boolean; cut: boolean } | null {
  const p = packedOf.get(k);
  // Cut: in parts a slice can parse one by one (not one whole text, however it travels).
  return p ? { packed: p, chars: p.json.length + partsLength(p), decoded: decoded.has(p), cut: p.parts.length > 0 && p.parts[0]!.path.length > 0 } : null;
}
