/**
 * Lesson 14 against seed 003 and DOMAIN.md §9: an incremental checkpoint's full size is the
 * reused files plus what it uploads (S_n = S_(n-1) + ΔS_n); RocksDB compresses only the levels
 * compression.per.level names (here L1+, so compaction outputs, not L0 flushes); snapshot
 * compression applies to full snapshots and leaves incremental SST uploads byte for byte alone.
 */
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { eventsOf, lesson, resolved } from './support/lessonRun';

type Uploaded = Extract<EngineEvent, { type: 'file.uploaded' }>;
const uploads = (events: EngineEvent[]) => events.filter((e): e is Uploaded => e.type === 'file.uploaded' && e.task === 'count#0');

describe('lesson 14 against seed 003', () => {
  const l = lesson('14-making-state-smaller.json');
  const stops = resolved(l);
  const run = eventsOf(l.scenario);
  const sizeOfSst = (sst: number) => uploads(run).find((e) => e.sst === sst)!.size;
  const completed = (cp: number) => run.find((e) => e.type === 'checkpoint.completed' && e.checkpointId === cp) as Extract<EngineEvent, { type: 'checkpoint.completed' }>;

  it('S_n = reused files of S_(n-1) + ΔS_n: full size minus checkpointed size is the size of the SSTs uploaded before', () => {
    for (const [cp, stop] of [[2, stops[1]!], [4, stops[4]!]] as const) {
      const shared = stop.answerFacts.shared as number[];
      const uploadedNow = new Set(uploads(run).filter((e) => e.checkpointId === cp && e.sst !== null).map((e) => e.sst));
      const reused = shared.filter((s) => !uploadedNow.has(s));
      expect(reused.length).toBeGreaterThan(0);
      const c = completed(cp);
      expect(c.stateSize - c.checkpointedSize).toBe(reused.reduce((n, s) => n + sizeOfSst(s), 0));
    }
    expect(answerValue(stops[4]!.question!)).toBe(completed(4).checkpointedSize);
    // Asked at the trigger, before the checkpoints table and the charts show the size.
    for (const [cp, stop] of [[3, stops[3]!], [4, stops[4]!]] as const) {
      expect(stop.anchor).toMatchObject({ type: 'checkpoint.triggered', checkpointId: cp });
      expect(stop.step).toBeLessThan(completed(cp).step);
      expect(stop.question).toMatchObject({ atStep: completed(cp).step });
    }
  });

  it('checkpoint 3 uploads exactly the SSTs checkpoint 2 did not reference (the compaction output among them)', () => {
    const shared2 = new Set(stops[1]!.facts.shared as number[]);
    const shared3 = (resolved(lesson('14-making-state-smaller.json', (raw) => (raw.stops[3]!.facts = { ...raw.stops[3]!.facts, s3: { fact: 'sharedSsts', checkpointId: 3 } })))[3]!.answerFacts.s3 as number[]);
    expect(answerValue(stops[3]!.question!)).toEqual(shared3.filter((s) => !shared2.has(s)));
    const outputs = (stops[2]!.anchor as Extract<EngineEvent, { type: 'compaction.finished' }>).outputs;
    expect(answerValue(stops[3]!.question!)).toEqual(expect.arrayContaining(outputs));
  });

  it('RocksDB compresses the L1 compaction outputs (S_c < S_o) and stores L0 flushes raw', () => {
    const l1 = new Set(run.flatMap((e) => (e.type === 'compaction.finished' && e.outputLevel >= 1 ? e.outputs : [])));
    const l0 = new Set(run.flatMap((e) => (e.type === 'sst.flushed' && e.level === 0 ? [e.sst] : [])));
    for (const u of uploads(run).filter((e) => e.sst !== null)) {
      if (l1.has(u.sst!)) expect(u.rawSize!).toBeGreaterThan(u.size);
      if (l0.has(u.sst!)) expect(u.rawSize).toBeUndefined();
    }
    expect(stops[3]!.answerFacts.sc).toBeLessThan(stops[3]!.answerFacts.so as number);
  });

  it('snapshot compression of full snapshots: C > 1 while key groups hold a few bytes, C < 1 later; incremental SSTs unchanged by it', () => {
    expect(stops[5]!.facts.sc as number).toBeGreaterThan(stops[5]!.facts.so as number);
    expect(answerValue(stops[6]!.question!) as number).toBeLessThan(stops[6]!.answerFacts.so as number);
    // Asked at checkpoint 5's trigger, answered at its synchronous snapshot, where the sizes are recorded.
    const hashRun = eventsOf(l.stops[6]!.scenario!);
    const snap5 = hashRun.find((e) => e.type === 'checkpoint.syncSnapshot' && e.checkpointId === 5 && e.task === 'count#0')!;
    expect(stops[6]!.step).toBeLessThan(snap5.step);
    expect(stops[6]!.question).toMatchObject({ atStep: snap5.step });
    expect(answerValue(stops[6]!.question!)).toBe((snap5 as Extract<EngineEvent, { type: 'checkpoint.syncSnapshot' }>).compression!.compressedBytes);
    // The same RocksDB job with snapshot compression on uploads the same SSTs with the same sizes.
    const withOption = uploads(eventsOf(l.stops[7]!.scenario!)).filter((e) => e.sst !== null).map((e) => [e.checkpointId, e.sst, e.size]);
    const without = uploads(run).filter((e) => e.sst !== null).map((e) => [e.checkpointId, e.sst, e.size]);
    expect(withOption).toEqual(without);
    expect(stops[7]!.facts.c).toBeNull();
    expect(answerValue(stops[7]!.question!)).toBe(2);
  });
});
