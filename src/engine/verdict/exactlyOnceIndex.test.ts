/**
 * compareSinkOutcomes indexes the reference by stream and offset (once per reference) and walks
 * only the run's deliveries: it must judge exactly as the plain definition does, record by
 * record over the whole reference, for any pair of outcomes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSinkOutcomes, type ExactlyOnceVerdict } from './exactlyOnce';
import { parseOrigin, type SinkOutcome } from './sinkOutcome';

/** The definition, as written before the index (exactlyOnce.ts's header). */
function byDefinition(run: SinkOutcome, reference: SinkOutcome): ExactlyOnceVerdict {
  const inRange = (origin: string): boolean => {
    const m = /^(p\d+:[gl])(\d+)$/.exec(origin);
    return !!m && Number(m[2]) < Math.min(run.settled[m[1]!] ?? 0, reference.settled[m[1]!] ?? 0);
  };
  let compared = 0;
  let correct = 0;
  const lostOrigins: string[] = [];
  for (const origin of Object.keys(reference.committed)) {
    if (!inRange(origin)) continue;
    compared += 1;
    const n = run.committed[origin] ?? 0;
    if (n === 0) lostOrigins.push(origin);
    else if (n === 1) correct += 1;
  }
  let duplicated = 0;
  let notCompared = 0;
  const duplicatedOrigins: string[] = [];
  for (const [origin, n] of Object.entries(run.committed)) {
    const extra = n - Math.max(1, reference.committed[origin] ?? 0);
    if (extra > 0) {
      duplicated += extra;
      duplicatedOrigins.push(origin);
    }
    if (!inRange(origin)) notCompared += 1;
  }
  lostOrigins.sort();
  duplicatedOrigins.sort();
  return { exactlyOnce: lostOrigins.length === 0 && duplicated === 0, compared, correct, lost: lostOrigins.length, duplicated, notCompared, lostOrigins, duplicatedOrigins };
}

const STREAMS = ['p0:g', 'p1:g', 'p0:l', 'p12:l'];
const origin = fc.oneof(
  fc.tuple(fc.constantFrom(...STREAMS), fc.nat(40)).map(([s, o]) => `${s}${o}`),
  fc.constantFrom('nonsense', 'p:g1', 'p1:x2', 'p1:g', 'q1:g2', 'p1:g2x'),
);
const outcome: fc.Arbitrary<SinkOutcome> = fc.record({
  committed: fc.dictionary(origin, fc.integer({ min: 0, max: 3 }), { maxKeys: 60 }),
  settled: fc.dictionary(fc.constantFrom(...STREAMS), fc.nat(45)),
});

describe('compareSinkOutcomes with the reference index', () => {
  it('judges every pair of outcomes as the definition does', () => {
    fc.assert(
      fc.property(outcome, outcome, (run, reference) => {
        expect(compareSinkOutcomes(run, reference)).toEqual(byDefinition(run, reference));
      }),
      { numRuns: 400 },
    );
  });

  it('reuses one reference for many runs (the index is built once and stays right)', () => {
    fc.assert(
      fc.property(outcome, fc.array(outcome, { minLength: 2, maxLength: 5 }), (reference, runs) => {
        for (const run of runs) expect(compareSinkOutcomes(run, reference)).toEqual(byDefinition(run, reference));
      }),
      { numRuns: 100 },
    );
  });

  it('parses origins without a regular expression exactly as the pattern p<digits>:[gl]<digits>', () => {
    fc.assert(
      fc.property(fc.oneof(origin, fc.string({ maxLength: 8 }), fc.stringMatching(/^p\d{1,3}:[glx]\d{0,3}$/)), (o) => {
        const m = /^(p\d+:[gl])(\d+)$/.exec(o);
        expect(parseOrigin(o)).toEqual(m ? { stream: m[1], offset: Number(m[2]) } : null);
      }),
    );
  });
});
