/**
 * The page's copy of a recorded step's events shares its names. Events cross from the recording
 * worker structured-cloned, and a clone gives every string its own copy: each event's `type`, its
 * `flinkRef` (the Flink class or method, ~60–110 characters), its task and its peers, the same
 * few dozen names repeated in every step. In the worker they are shared constants, so the page
 * held the scale run's events in about twice the worker's heap (docs/architecture.md, "Memory at
 * scale"). Replacing each such field by the one copy of its value seen first halves the page's
 * events; the fields are named, so values with no small vocabulary (keys, paths) are left alone.
 */
import type { StepRecord } from '../engine';

/** Fields whose values repeat across the run (names of types, tasks, Flink code, states, reasons). */
export const NAME_FIELDS = ['type', 'flinkRef', 'task', 'of', 'peer', 'state', 'cf', 'to', 'from', 'kind', 'reason', 'outcome', 'notification'] as const;
/** A bound on the names kept: past it, unseen values stay as they came (a run is a few hundred). */
const MAX_NAMES = 4096;

const names = new Map<string, string>();

function shared(v: string): string {
  const known = names.get(v);
  if (known !== undefined) return known;
  if (names.size < MAX_NAMES) names.set(v, v);
  return v;
}

/** Replaces the name fields of `steps`' events (fresh copies, from a chunk) by shared strings, in place. */
export function shareEventStrings(steps: readonly StepRecord[]): void {
  for (const st of steps) {
    for (const e of st.events) {
      const o = e as unknown as Record<string, unknown>;
      for (const f of NAME_FIELDS) {
        const v = o[f];
        if (typeof v === 'string') o[f] = shared(v);
        else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) if (typeof v[i] === 'string') v[i] = shared(v[i] as string);
      }
    }
  }
}

/** How many names are shared (a test checks the vocabulary stays small). */
export const sharedNameCount = (): number => names.size;
