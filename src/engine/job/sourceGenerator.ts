/**
 * The generator source is replayable: the record at offset n of source subtask i is a pure
 * function of (seed, i, n), like a Kafka partition read at an offset. Rewinding a source to a
 * checkpointed offset therefore re-emits exactly the same records.
 */
import type { Scenario } from '../scenario/scenarioSchema';

export interface SourceRecord {
  key: string | number;
  value: number;
}

/** A 32-bit mix of three integers (murmur3 finalizer over a simple combination). */
function mix(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c + 0x27d4eb2f, 0x165667b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const zipfCdfCache = new Map<string, Float64Array>();

/** Cumulative weights of Zipf(s) over n keys (memoized: a pure function of its arguments). */
function zipfCdf(n: number, s: number): Float64Array {
  const id = `${n}:${s}`;
  let cdf = zipfCdfCache.get(id);
  if (!cdf) {
    cdf = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) total += 1 / Math.pow(i + 1, s);
    let acc = 0;
    for (let i = 0; i < n; i++) {
      acc += 1 / Math.pow(i + 1, s) / total;
      cdf[i] = acc;
    }
    zipfCdfCache.set(id, cdf);
  }
  return cdf;
}

/** The name of generator key number i: k0, k1, … */
export function generatorKey(i: number): string {
  return `k${i}`;
}

/** The record at `offset` of generator source subtask `subtask`. */
export function generatedRecord(s: Scenario, subtask: number, offset: number): SourceRecord {
  const src = s.job.source;
  if (src.kind !== 'generator') throw new Error('generatedRecord: the scenario source is not a generator');
  const h1 = mix(s.seed, subtask, offset * 2);
  const h2 = mix(s.seed, subtask, offset * 2 + 1);
  const u = h1 / 4294967296;
  let keyIndex: number;
  if (src.skew > 0) {
    const cdf = zipfCdf(src.keys, src.skew);
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    keyIndex = lo;
  } else {
    keyIndex = Math.floor(u * src.keys);
  }
  return { key: generatorKey(keyIndex), value: 1 + (h2 % 9) };
}

/** Milliseconds between two records of one generator source subtask. */
export function generatorPeriodMs(s: Scenario): number {
  const src = s.job.source;
  if (src.kind !== 'generator') return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.round(1000 / src.ratePerSec));
}
