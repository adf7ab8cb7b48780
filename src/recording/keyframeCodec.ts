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
import type { Keyframe } from '../engine/timeline';
import { isSealed } from '../engine/core/plainData';
import type { SealedRefs, SealedTable } from './sealedTable';

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

export const BYTES_TAG = '\u0000u8';
export const NUMBER_TAG = '\u0000num';
/** A sealed value sent for the first time (`{ tag: id, v: value }`), and one sent before (`{ tag: id }`). */
export const DEF_TAG = '\u0000def';
export const REF_TAG = '\u0000ref';
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

/**
 * An uncut keyframe with more text than this travels as UTF-8 bytes (one part at the root), for
 * the same reason `partsText` does: late in the scale run a chunk's keyframe is ~96 MB of text,
 * and receiving the chunk's message cost the page 85 ms of its thread in one task.
 */
export const WHOLE_TEXT_AS_BYTES = 1 << 20;
