/**
 * Keyframes cross from the recording worker to the page as JSON text, decoded only when a seek
 * first needs them (docs/architecture.md, "The engine in a Web Worker"). Measured: a keyframe of a
 * large run is a deep object graph of megabytes; structured-cloning it into the page cost 20–60 ms
 * of the page's thread per chunk, whether or not anyone ever seeks there. JSON.parse of the same
 * state, when it is needed, is several times cheaper than the clone was. The text is UTF-8 bytes
 * whose buffer the worker transfers (recorder.worker.ts): a string of the scale run's state (tens
 * of MB) was still copied into the page's heap in the chunk's task, ~30 ms of its thread under
 * load (docs/long-tasks.md); a transferred buffer is moved, not copied, and decoded on first read.
 *
 * Engine state is plain data (core/plainData.ts) with two things JSON cannot say: Uint8Arrays
 * (SST and file bytes), sent beside the text as a list the text refers to by index, and numbers
 * JSON has no word for (±Infinity, NaN, -0), written as tagged objects.
 */
import type { EngineState } from '../engine';
import type { Keyframe } from '../engine/timeline';

/** A keyframe as it travels: its state as JSON text plus the byte arrays the text refers to. */
export interface PackedKeyframe {
  position: number;
  /** The state as JSON text, UTF-8 encoded (its buffer is transferable). */
  text: Uint8Array;
  bytes: Uint8Array[];
  /** False when the text has no tagged value, so it parses without a reviver (faster). */
  tagged: boolean;
}

const BYTES_TAG = '\u0000u8';
const NUMBER_TAG = '\u0000num';

export function packKeyframe(k: Keyframe): PackedKeyframe {
  const bytes: Uint8Array[] = [];
  const seen = new Map<Uint8Array, number>();
  let tagged = false;
  const json = JSON.stringify(k.state, (_key, v: unknown) => {
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
  return { position: k.position, text: new TextEncoder().encode(json), bytes, tagged };
}

export function unpackState(p: PackedKeyframe): EngineState {
  const state = JSON.parse(new TextDecoder().decode(p.text)) as unknown;
  return (p.tagged ? untag(state, p.bytes) : state) as EngineState;
}

const NOT_A_TAG = Symbol('not a tag');

function tagValue(v: object, bytes: readonly Uint8Array[]): unknown {
  if (Array.isArray(v)) return NOT_A_TAG;
  const o = v as Record<string, unknown>;
  if (BYTES_TAG in o) return bytes[o[BYTES_TAG] as number];
  if (NUMBER_TAG in o) return Number(o[NUMBER_TAG]);
  return NOT_A_TAG;
}

/**
 * Replaces the tagged values of parsed text in place. Done after a plain JSON.parse rather than
 * with a reviver: the reviver calls back into JavaScript for every value of the state and made
 * the decode 3–4 times slower (a comparison's keyframe: 97 ms against 23 ms for the parse, Node,
 * loaded machine), one task of the page's thread on a seek (issue 18 §6).
 */
function untag(root: unknown, bytes: readonly Uint8Array[]): unknown {
  if (root === null || typeof root !== 'object') return root;
  const whole = tagValue(root, bytes);
  if (whole !== NOT_A_TAG) return whole;
  const stack: object[] = [root];
  while (stack.length > 0) {
    const o = stack.pop() as Record<string, unknown>;
    for (const k in o) {
      const v = o[k];
      if (v === null || typeof v !== 'object') continue;
      const t = tagValue(v, bytes);
      if (t === NOT_A_TAG) stack.push(v);
      else o[k] = t;
    }
  }
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

/**
 * A least-recently-used map: `get` refreshes an entry, `set` drops the oldest past `capacity`
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

const decoded = new Lru<PackedKeyframe, EngineState>(DECODED_KEYFRAMES, DECODED_TEXT_BUDGET);

/**
 * A keyframe whose state is decoded when read: the page holds the text until a seek lands after
 * it, so a chunk costs the page a string copy, not a megabytes deep clone. The decoded state is
 * kept in a small LRU shared by all keyframes (DECODED_KEYFRAMES, DECODED_TEXT_BUDGET) and decoded again if it was
 * dropped; readers only copy from it (Simulation.fromSnapshot), so a fresh decode is equivalent.
 */
export function lazyKeyframe(p: PackedKeyframe): Keyframe {
  return {
    position: p.position,
    get state(): EngineState {
      let state = decoded.get(p);
      if (!state) {
        const text = p.text;
        state = unpackState({ position: p.position, text, bytes: p.bytes, tagged: p.tagged });
        decoded.set(p, state, text.byteLength);
      }
      return state;
    },
  };
}
