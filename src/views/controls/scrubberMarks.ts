/**
 * The scrubber strip's marks: the run cut into BUCKETS equal spans of steps, each colored by its
 * most interesting event kind (a user action, then an injected fault, else the first kind seen).
 * Per-step summaries are kept in a run index (src/store/runIndex.ts) that grows with a streaming
 * run, so a redraw costs a pass over small integers, not over every event of the run.
 */
import { eventNamespace, type Timeline } from '../../engine';
import { runIndex } from '../../store/runIndex';

export const STRIP_WIDTH = 1000;
export const BUCKETS = 200;

interface StepKinds {
  /** Namespaces by bit, in the order first seen in the run. */
  names: string[];
  bits: Map<string, number>;
  /** Per step: the bits of the namespaces of its events. */
  masks: number[];
  /** Per step: the bit of its first event's namespace, -1 without events. */
  first: number[];
}

function stepKinds(timeline: Timeline): StepKinds {
  return runIndex<StepKinds>(
    timeline,
    'scrubber-kinds',
    () => ({ names: [], bits: new Map(), masks: [], first: [] }),
    (acc, r) => {
      let mask = 0;
      let first = -1;
      for (const e of r.events) {
        const ns = eventNamespace(e.type);
        let bit = acc.bits.get(ns);
        if (bit === undefined) {
          bit = acc.names.push(ns) - 1;
          acc.bits.set(ns, bit);
        }
        mask |= 1 << bit;
        if (first < 0) first = bit;
      }
      acc.masks.push(mask);
      acc.first.push(first);
    },
  );
}

/** The strip as one SVG path per namespace (a few elements to update, not one per bucket). */
export function scrubberPaths(timeline: Timeline): { ns: string; d: string }[] {
  const k = stepKinds(timeline);
  const n = timeline.length;
  const perBucket = Math.max(1, Math.ceil(n / BUCKETS));
  const scale = STRIP_WIDTH / Math.max(1, n);
  const w = Math.max(1, perBucket * scale - 0.5);
  const user = k.bits.get('user');
  const sim = k.bits.get('sim');
  const d = new Map<string, string[]>();
  for (let b = 0; b * perBucket < n; b++) {
    const end = Math.min(n, (b + 1) * perBucket);
    let mask = 0;
    let first = -1;
    for (let i = b * perBucket; i < end; i++) {
      mask |= k.masks[i]!;
      if (first < 0) first = k.first[i]!;
    }
    const ns =
      user !== undefined && mask & (1 << user) ? 'user' : sim !== undefined && mask & (1 << sim) ? 'sim' : first >= 0 ? k.names[first]! : 'toy';
    const x = b * perBucket * scale;
    let parts = d.get(ns);
    if (!parts) d.set(ns, (parts = []));
    parts.push(`M${+x.toFixed(2)} 0h${+w.toFixed(2)}v10h${-w.toFixed(2)}z`);
  }
  return [...d].map(([ns, parts]) => ({ ns, d: parts.join('') }));
}
