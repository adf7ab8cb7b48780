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

/** A keyframe as it travels: its state as JSON text plus the byte arrays the text refers to. */
export interface PackedKeyframe {
  position: number;
  json: string;
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
  return { position: k.position, json, bytes, tagged };
}

export function unpackState(p: PackedKeyframe): EngineState {
  if (!p.tagged) return JSON.parse(p.json) as EngineState;
  return JSON.parse(p.json, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (BYTES_TAG in o) return p.bytes[o[BYTES_TAG] as number];
      if (NUMBER_TAG in o) return Number(o[NUMBER_TAG]);
    }
    return v;
  }) as EngineState;
}

/**
 * A keyframe whose state is decoded on first read and kept: the page holds the text until a seek
 * lands after it, so a chunk costs the page a string copy, not a megabytes deep clone.
 */
export function lazyKeyframe(p: PackedKeyframe): Keyframe {
  let state: EngineState | null = null;
  return {
    position: p.position,
    get state(): EngineState {
      state ??= unpackState(p);
      return state;
    },
  };
}
