/**
 * compareSinkOutcomes walks the run's and the reference's runs of offsets side by side (never a
 * record at a time): it must judge exactly as the plain definition does over per-origin counts,
 * record by record over the whole reference, for any pair of outcomes the sink can produce
 * (source origins only, counts ≥ 1: seenRuns.ts keeps nothing else).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verdictByDefinition, type CountsOutcome } from '../../../test/support/verdictByDefinition';
import { seenOf } from '../job/sink/seenRuns';
import { compareSinkOutcomes } from './exactlyOnce';
import { parseOrigin, type SinkOutcome } from './sinkOutcome';

const STREAMS = ['p0:g', 'p1:g', 'p0:l', 'p12:l'];
const scattered = fc.dictionary(
  fc.tuple(fc.constantFrom(...STREAMS), fc.nat(40)).map(([s, o]) => `${s}${o}`),
  fc.integer({ min: 1, max: 3 }),
  { maxKeys: 60 },
);
/** As a sink delivers: a stream read from 0 in order, then replays of ranges (duplicates) and holes (losses). */
const delivered = fc
  .array(
    fc.record({
      stream: fc.constantFrom(...STREAMS),
      upTo: fc.nat(400),
      replays: fc.array(fc.tuple(fc.nat(400), fc.nat(60)), { maxLength: 3 }),
      holes: fc.array(fc.nat(400), { maxLength: 4 }),
    }),
    { maxLength: 3 },
  )
  .map((streams) => {
    const counts: Record<string, number> = {};
    for (const { stream, upTo, replays, holes } of streams) {
      for (let o = 0; o < upTo; o++) counts[`${stream}${o}`] = 1;
      for (const [from, n] of replays) for (let o = from; o < Math.min(upTo, from + n); o++) counts[`${stream}${o}`]! += 1;
      for (const h of holes) delete counts[`${stream}${h}`];
    }
    return counts;
  });
const counted: fc.Arbitrary<CountsOutcome> = fc.record({
  committed: fc.oneof(scattered, delivered),
  settled: fc.dictionary(fc.constantFrom(...STREAMS), fc.oneof(fc.nat(45), fc.nat(420))),
});
const asRuns = (c: CountsOutcome): SinkOutcome => ({ committed: seenOf(c.committed), settled: c.settled });

describe('compareSinkOutcomes over runs of offsets', () => {
  it('judges every pair of outcomes as the definition does over per-origin counts', () => {
    fc.assert(
      fc.property(counted, counted, (run, reference) => {
        expect(compareSinkOutcomes(asRuns(run), asRuns(reference))).toEqual(verdictByDefinition(run, reference));
      }),
      { numRuns: 400 },
    );
  });

  it('judges a run against itself and against a behind run of the same input', () => {
    fc.assert(
      fc.property(counted, (reference) => {
        expect(compareSinkOutcomes(asRuns(reference), asRuns(reference))).toEqual(verdictByDefinition(reference, reference));
        const behind: CountsOutcome = { committed: {}, settled: {} };
        expect(compareSinkOutcomes(asRuns(behind), asRuns(reference))).toEqual(verdictByDefinition(behind, reference));
      }),
      { numRuns: 100 },
    );
  });

  it('parses origins without a regular expression exactly as the pattern p<digits>:[gl]<digits>', () => {
    const origin = fc.oneof(
      fc.tuple(fc.constantFrom(...STREAMS), fc.nat(40)).map(([s, o]) => `${s}${o}`),
      fc.constantFrom('nonsense', 'p:g1', 'p1:x2', 'p1:g', 'q1:g2', 'p1:g2x'),
    );
    fc.assert(
      fc.property(fc.oneof(origin, fc.string({ maxLength: 8 }), fc.stringMatching(/^p\d{1,3}:[glx]\d{0,3}$/)), (o) => {
        const m = /^(p\d+:[gl])(\d+)$/.exec(o);
        expect(parseOrigin(o)).toEqual(m ? { stream: m[1], offset: Number(m[2]) } : null);
      }),
    );
  });
});
