/**
 * Keyframes cross from the recording worker to the page as JSON text, decoded only when a seek
 * first needs them (docs/architecture.md, "The engine in a Web Worker"). Measured: a keyframe of a
 * large run is a deep object graph of megabytes; structured-cloning it into the page cost 20–60 ms
 * of the page's thread per chunk, whether or not anyone ever seeks there. A string crosses as one
 * copy, and JSON.parse of the same state, when it is needed, is several times cheaper than the
 * clone was.
 *
 * Engine state is plain data (core/plainData.ts) with two things JSON cannot say: Uint8Arrays
 * (SST and file bytes), sent beside the text as a list the text refers to by index, and numbers
 * JSON has no word for (±Infinity, NaN, -0), written as tagged objects.
 */
import type { EngineState } from '../engine';
import type { Keyframe } from '../engine/timeline';
import { finishedParts } from '../engine/sealFinished';
import { isSealed, sealPlain } from '../engine/core/plainData';
import { pageTableFor, type PageSealedTable, type SealedRefs, type SealedTable } from './sealedTable';
import { Lru } from './lru';

/** A keyframe as it travels: its state as JSON text plus the byte arrays the text refers to. */
export interface PackedKeyframe {
  position: number;
  /** The state's text; a big state's biggest values are cut out into `parts` (a placeholder stands in for each). */
  json: string;
  /**
   * Values cut out of a big state (more than SPLIT_CHARS of text), each with its place in the
   * state, so the page can decode it in several short tasks (decodeInSlices) instead of one
   * JSON.parse of tens of MB (measured: 0.6–1.1 s in Node for 17–36 MB, seconds in the page).
   */
  parts: KeyframePart[];
  /**
   * The parts' texts, one after another, as UTF-8: one buffer the worker transfers instead of
   * copying (recorder.worker.ts). Late in the scale run a seek's keyframe has ~96 MB of text in
   * ~800 parts; as strings, receiving the message (the structured clone's copy of them, on the
   * page's thread, in one task) took 360 ms. Each part is decoded when it is parsed.
   */
  partsText: Uint8Array;
  /**
   * The state's byte arrays (SST and file bytes), one after another in one buffer the worker
   * transfers, each ending at `byteEnds[i]`: the text refers to them by index. Sent as a list of
   * arrays, each was an ArrayBuffer of its own for the page to allocate when the message arrived
   * (13,500 of them in a keyframe late in the scale run).
   */
  byteData: Uint8Array;
  byteEnds: number[];
  /** False when the text has no tagged value, so it parses without a reviver (faster). */
  tagged: boolean;
  /** A seek's keyframe: its sealed values are defined once per recording, then referred to (sealedTable.ts). */
  sealed?: SealedRefs;
}

export interface KeyframePart {
  path: string[];
  /** Where its text ends in `partsText` (bytes; it starts where the part before ends). */
  end: number;
  /** A run of a big array's elements, in order: appended to the array at `path` (its place holds `[]`). */
  append?: true;
}

const BYTES_TAG = '\u0000u8';
const NUMBER_TAG = '\u0000num';
/** A sealed value sent for the first time (`{ tag: id, v: value }`), and one sent before (`{ tag: id }`). */
const DEF_TAG = '\u0000def';
const REF_TAG = '\u0000ref';
/** A value bigger than this much text is cut into one text per property, or runs of elements (a few ms of JSON.parse each). */
export const SPLIT_CHARS = 1 << 18;
/** A property of a cut object with at least this much text travels as a part of its own. */
const PART_MIN_CHARS = 1 << 14;
/** How deep objects are cut: engine state's bulk sits two or three levels down (job.keyed.<task>…). */
const SPLIT_DEPTH = 4;


/**
 * `split`: cut a big state into parts (a seek's keyframe, decoded in slices by the page). The
 * keyframes every chunk carries (every 32 steps in a small run) stay one text: they are decoded
 * only when read, mostly never, and one JSON.stringify is the cheapest way to write them.
 */
export function packKeyframe(k: Keyframe, split = false, table?: SealedTable): PackedKeyframe {
  const bytes: Uint8Array[] = [];
  const seen = new Map<Uint8Array, number>();
  let tagged = false;
  const defines: number[] = [];
  const definedHere = new Set<number>();
  const definitions = new WeakSet<object>();
  const text = (value: unknown): string | undefined =>
    JSON.stringify(value, function (this: unknown, _key, v: unknown) {
      if (table && v !== null && typeof v === 'object' && !(v instanceof Uint8Array) && !definitions.has(this as object) && isSealed(v)) {
        tagged = true;
        const { id, held } = table.idOf(v);
        if (held || definedHere.has(id)) return { [REF_TAG]: id };
        definedHere.add(id);
        defines.push(id);
        const definition = { [DEF_TAG]: id, v };
        definitions.add(definition);
        return definition;
      }
      if (typeof v === 'number') {
        if (Number.isFinite(v) && !Object.is(v, -0)) return v;
        tagged = true;
        return { [NUMBER_TAG]: Object.is(v, -0) ? '-0' : String(v) };
      }
      if (v instanceof Uint8Array) {
        tagged = true;
        let i = seen.get(v);
        if (i === undefined) {
          i = bytes.push(v) - 1;
          seen.set(v, i);
        }
        return { [BYTES_TAG]: i };
      }
      return v;
    });
  const parts: { path: string[]; json: string; append?: true }[] = [];
  // One pass, bottom up: each value down to SPLIT_DEPTH is written once, with the length its text
  // would have whole (`full`). An object whose full text is over SPLIT_CHARS keeps its big
  // properties as parts, a placeholder in their place (the decoded object keeps its key order); a
  // big array travels as runs of its elements.
  type Packed = { text: string; full: number } | undefined;
  const pack = (value: unknown, path: string[]): Packed => {
    if (!split || path.length >= SPLIT_DEPTH || value === null || typeof value !== 'object' || value instanceof Uint8Array || (table && isSealed(value))) {
      const t = text(value);
      return t === undefined ? undefined : { text: t, full: t.length };
    }
    if (Array.isArray(value)) {
      const elements = value.map((e: unknown) => text(e) ?? 'null');
      const full = elements.reduce((n, t) => n + t.length + 1, 1);
      if (full <= SPLIT_CHARS) return { text: `[${elements.join(',')}]`, full };
      // Runs of up to half SPLIT_CHARS each (the sink's transactions, the checkpoint history).
      let run: string[] = [];
      let size = 0;
      for (const t of elements) {
        if (size + t.length > SPLIT_CHARS / 2 && run.length > 0) {
          parts.push({ path, json: `[${run.join(',')}]`, append: true });
          run = [];
          size = 0;
        }
        run.push(t);
        size += t.length + 1;
      }
      if (run.length > 0) parts.push({ path, json: `[${run.join(',')}]`, append: true });
      return { text: '[]', full };
    }
    const fields: { key: string; at: string[]; packed: { text: string; full: number } }[] = [];
    for (const key of Object.keys(value)) {
      const at = [...path, key];
      const packed = pack((value as Record<string, unknown>)[key], at);
      if (packed) fields.push({ key: JSON.stringify(key), at, packed });
    }
    const full = fields.reduce((n, f) => n + f.key.length + f.packed.full + 2, 1);
    const out = fields.map((f) => {
      if (full > SPLIT_CHARS && f.packed.text.length >= PART_MIN_CHARS) {
        parts.push({ path: f.at, json: f.packed.text });
        return `${f.key}:0`;
      }
      return `${f.key}:${f.packed.text}`;
    });
    return { text: `{${out.join(',')}}`, full };
  };
  const json = pack(k.state, [])?.text ?? 'null';
  const sealed = table ? { sealed: { gen: table.gen, defines } } : {};
  // Parents before their parts (a part's place is set in its parent); a stable sort keeps an array's runs in order.
  parts.sort((a, b) => a.path.length - b.path.length);
  const encoder = new TextEncoder();
  if (parts.length === 0 && json.length > WHOLE_TEXT_AS_BYTES) {
    // A chunk's keyframe late in a big run (tens of MB, one text): transferred as bytes too.
    const whole = encoder.encode(json);
    return { position: k.position, json: '', parts: [{ path: [], end: whole.length }], partsText: whole, ...joined(bytes), tagged, ...sealed };
  }
  const texts = parts.map((p) => encoder.encode(p.json));
  const partsText = new Uint8Array(texts.reduce((n, t) => n + t.length, 0));
  let end = 0;
  const placed = parts.map((p, i): KeyframePart => {
    partsText.set(texts[i]!, end);
    end += texts[i]!.length;
    return p.append ? { path: p.path, end, append: true } : { path: p.path, end };
  });
  return { position: k.position, json, parts: placed, partsText, ...joined(bytes), tagged, ...sealed };
}

/** What a keyframe's message transfers: its buffers of text and bytes (made for it by packKeyframe). */
export function buffersOf(p: PackedKeyframe): ArrayBuffer[] {
  return [p.partsText, p.byteData].filter((b) => b.byteLength > 0).map((b) => b.buffer as ArrayBuffer);
}

/** Byte arrays as one buffer and where each ends. */
function joined(bytes: readonly Uint8Array[]): { byteData: Uint8Array; byteEnds: number[] } {
  const byteData = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  const byteEnds: number[] = [];
  let end = 0;
  for (const b of bytes) {
    byteData.set(b, end);
    byteEnds.push((end += b.length));
  }
  return { byteData, byteEnds };
}

const views = new WeakMap<Uint8Array, Uint8Array[]>();

/** The keyframe's byte arrays: views into `byteData`, the same ones for every decode of it. */
function bytesOf(p: PackedKeyframe): Uint8Array[] {
  let out = views.get(p.byteData);
  if (!out) views.set(p.byteData, (out = p.byteEnds.map((end, i) => p.byteData.subarray(i === 0 ? 0 : p.byteEnds[i - 1]!, end))));
  return out;
}

/**
 * An uncut keyframe with more text than this travels as UTF-8 bytes (one part at the root), for
 * the same reason `partsText` does: late in the scale run a chunk's keyframe is ~96 MB of text,
 * and receiving the chunk's message cost the page 85 ms of its thread in one task.
 */
export const WHOLE_TEXT_AS_BYTES = 1 << 20;

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
  pending: { o: Record<string, unknown>; k: string; id: number }[];
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
  const value = JSON.parse(json) as unknown;
  return p.tagged ? untag(value, d) : value;
}

/**
 * Replaces the tagged values of parsed text in place. Done after a plain JSON.parse rather than
 * with a reviver: the reviver calls back into JavaScript for every value of the state and made
 * the decode 3–4 times slower (a comparison's keyframe: 97 ms against 23 ms for the parse, Node,
 * loaded machine), one task of the page's thread on a seek (issue 18 §6).
 */
function untag(root: unknown, d: Decoding): unknown {
  // Held, so a tagged value at the root is replaced like any other.
  const holder: Record<string, unknown> = { v: root };
  const stack: object[] = [holder];
  while (stack.length > 0) {
    const o = stack.pop() as Record<string, unknown>;
    for (const k in o) {
      const v = o[k];
      if (v === null || typeof v !== 'object') continue;
      if (Array.isArray(v)) {
        stack.push(v);
        continue;
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
  }
  return holder.v;
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
