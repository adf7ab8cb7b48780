import { describe, expect, it } from 'vitest';
import { scenarioOf } from '../defaultScenario';
import { SCENARIO_FORMAT } from '../scenario/scenarioSchema';
import { Simulation } from '../simulation';
import { compareSinkOutcomes } from './exactlyOnce';
import { failureFreeOutcome, failureFreeScenario } from './failureFreeRun';
import { seenOf } from '../job/sink/seenRuns';
import { parseOrigin, sinkOutcome, type SinkOutcome } from './sinkOutcome';

/** An outcome from per-origin counts (the verdict reads runs of offsets: seenRuns.ts). */
function outcome(counts: Record<string, number>, settled: Record<string, number>): SinkOutcome {
  return { committed: seenOf(counts), settled };
}

/** A stream's first n generator records, each delivered `times` times. */
function delivered(n: number, times = 1, stream = 'p0:g'): Record<string, number> {
  return Object.fromEntries([...Array(n).keys()].map((i) => [`${stream}${i}`, times]));
}

describe('compareSinkOutcomes', () => {
  const reference = outcome(delivered(10), { 'p0:g': 10 });

  it('judges only the range both runs have settled: a run behind in time has lost nothing', () => {
    const behind = outcome(delivered(4), { 'p0:g': 4 });
    expect(compareSinkOutcomes(behind, reference)).toEqual({ exactlyOnce: true, compared: 4, correct: 4, lost: 0, duplicated: 0, notCompared: 0, lostOrigins: [], duplicatedOrigins: [] });
  });

  it('counts a settled record that never arrived as lost, and every extra copy as a duplicate', () => {
    const c = delivered(8);
    delete c['p0:g2'];
    c['p0:g5'] = 3;
    const v = compareSinkOutcomes(outcome(c, { 'p0:g': 8 }), reference);
    expect(v).toMatchObject({ exactlyOnce: false, compared: 8, correct: 6, lost: 1, duplicated: 2, lostOrigins: ['p0:g2'], duplicatedOrigins: ['p0:g5'] });
  });

  it('counts what the run delivered beyond the reference as not compared (and its duplicates anyway)', () => {
    const ahead = outcome({ ...delivered(12), 'p0:g11': 2 }, { 'p0:g': 12 });
    expect(compareSinkOutcomes(ahead, reference)).toMatchObject({ compared: 10, correct: 10, notCompared: 2, duplicated: 1, exactlyOnce: false });
  });

  it('treats streams separately, each by its own settled offset', () => {
    const ref = outcome({ ...delivered(5), ...delivered(5, 1, 'p1:l') }, { 'p0:g': 5, 'p1:l': 5 });
    const run = outcome({ ...delivered(5), ...delivered(2, 1, 'p1:l') }, { 'p0:g': 5, 'p1:l': 3 });
    expect(compareSinkOutcomes(run, ref)).toMatchObject({ compared: 8, correct: 7, lost: 1, lostOrigins: ['p1:l2'] });
  });
});

describe('sinkOutcome', () => {
  it('parses origins into stream and offset', () => {
    expect(parseOrigin('p3:g17')).toEqual({ stream: 'p3:g', offset: 17 });
    expect(parseOrigin('p0:l0')).toEqual({ stream: 'p0:l', offset: 0 });
    expect(parseOrigin('nonsense')).toBeNull();
  });

  it('settles each stream below its read position and below every record still on its way', () => {
    const s = scenarioOf({ format: SCENARIO_FORMAT, seed: 2, job: { parallelism: 2, source: { kind: 'generator', keys: 5, ratePerSec: 100 } }, untilMs: 400 });
    const sim = Simulation.create(s);
    sim.runUntil(305);
    const out = sinkOutcome(sim.state);
    for (const src of Object.values(sim.state.job.sources)) {
      for (const p of src.partitions) expect(out.settled[`p${p.partition}:g`]).toBeLessThanOrEqual(p.offset);
    }
    // No checkpoint yet: every record read so far sits in an open transaction, so nothing has settled.
    expect(out.settled).toEqual({ 'p0:g': 0, 'p0:l': 0, 'p1:g': 0, 'p1:l': 0 });
    expect(out.committed).toEqual({});
  });
});

describe('the failure-free run', () => {
  it('is the scenario without fail, failUploads, decline and restore', () => {
    const s = scenarioOf({
      format: SCENARIO_FORMAT,
      script: [
        { atMs: 10, do: 'checkpoint' },
        { atMs: 20, do: 'fail', task: 'count#0' },
        { atMs: 30, do: 'failUploads', count: 2 },
        { atMs: 40, do: 'decline', task: 'sink#0' },
        { atMs: 50, do: 'restore', checkpoint: 'latest' },
        { atMs: 60, do: 'emit', records: [{ key: 'a', value: 1 }] },
      ],
    });
    expect(failureFreeScenario(s).script.map((a) => a.do)).toEqual(['checkpoint', 'emit']);
    expect(s.script).toHaveLength(6);
  });

  it('judges itself exactly once', () => {
    const s = scenarioOf({ format: SCENARIO_FORMAT, seed: 4, checkpointing: { intervalMs: 300 }, untilMs: 2000 });
    const ref = failureFreeOutcome(s);
    const sim = Simulation.create(s);
    sim.runUntil(1000);
    // At any earlier point of the same run, too: it is behind, not lossy.
    expect(compareSinkOutcomes(sinkOutcome(sim.state), ref)).toMatchObject({ exactlyOnce: true, lost: 0, duplicated: 0 });
    expect(compareSinkOutcomes(ref, ref).correct).toBeGreaterThan(20);
  });
});
