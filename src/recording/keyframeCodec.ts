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
  const json = new TextDecoder().decode(p.text);
  if (!p.tagged) return JSON.parse(json) as EngineState;
  return JSON.parse(json, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (BYTES_TAG in o) return p.bytes[o[BYTES_TAG] as number];
      if (NUMBER_TAG in o) return Number(o[NUMBER_TAG]);
    }
    return v;
  }) as EngineState;
}

/**
 * How many decoded keyframe states the page keeps at once. A decoded state of a big run is a deep
 * object graph many times the size of its text (the scale run's grow with every record read), and
 * keeping each one decoded after its first seek made the page's heap grow with every place a
 * learner had scrubbed to. Reads start from a keyframe only when a seek or a backwards step lands
 * after it; the few most recent cover stepping and scrubbing around one place.
 */
export const DECODED_KEYFRAMES = 3;

/** A least-recently-used map: `get` refreshes an entry, `set` drops the oldest past `capacity`. */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const v = this.entries.get(key);
    if (v === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, v);
    return v;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }
}

const decoded = new Lru<PackedKeyframe, EngineState>(DECODED_KEYFRAMES);

/**
 * A keyframe whose state is decoded when read: the page holds the text until a seek lands after
 * it, so a chunk costs the page a string copy, not a megabytes deep clone. The decoded state is
 * kept in a small LRU shared by all keyframes (DECODED_KEYFRAMES) and decoded again if it was
 * dropped; readers only copy from it (Simulation.fromSnapshot), so a fresh decode is equivalent.
 */
export function lazyKeyframe(p: PackedKeyframe): Keyframe {
  return {
    position: p.position,
    get state(): EngineState {
      let state = decoded.get(p);
      if (!state) {
        state = unpackState(p);
        decoded.set(p, state);
      }
      return state;
    },
  };
}
