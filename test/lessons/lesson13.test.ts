/**
 * Lesson 13 against Flink's ownership rules (DOMAIN.md, Flink 1.15+ restore modes): savepoints
 * stay outside the checkpoint store and are never deleted by Flink; a native savepoint shares no
 * file with the job's checkpoints; a subsumed checkpoint loses exactly the files no retained
 * checkpoint references; NO_CLAIM's first checkpoint is full and deletes nothing of the restored
 * snapshot; CLAIM's first checkpoint reuses the snapshot's SSTs and deletes its private files.
 */
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { eventsOf, lesson, resolved } from './support/lessonRun';

type Uploaded = Extract<EngineEvent, { type: 'file.uploaded' }>;
type Discarded = Extract<EngineEvent, { type: 'file.discarded' }>;
const uploads = (events: EngineEvent[], cp: number) => events.filter((e): e is Uploaded => e.type === 'file.uploaded' && e.checkpointId === cp);
const discarded = (events: EngineEvent[]) => events.filter((e): e is Discarded => e.type === 'file.discarded');

describe('lesson 13 against the ownership rules', () => {
  const l = lesson('13-savepoints-and-restore-modes.json');
  const stops = resolved(l);
  const run = eventsOf(l.scenario);
  const claimRun = eventsOf(l.stops[7]!.scenario!);
  const submitted = (events: EngineEvent[]) => events.find((e) => e.type === 'job.submitted') as Extract<EngineEvent, { type: 'job.submitted' }>;

  it('savepoints are not retained checkpoints, write into their own directory and are never deleted', () => {
    expect(stops[1]!.facts.retained).toEqual([1]);
    for (const cp of [2, 3]) expect(uploads(run, cp).every((u) => u.path.startsWith('savepoints/'))).toBe(true);
    // Canonical: one self-contained full file; native: RocksDB's SSTs.
    expect(uploads(run, 2).filter((u) => u.task === 'count#0').map((u) => u.kind)).toEqual(['full']);
    expect(stops[2]!.facts.up).toEqual([1]);
    expect(discarded(run).filter((d) => d.path.startsWith('savepoints/'))).toEqual([]);
    expect(stops[4]!.anchor).toMatchObject({ kept: [4], savepoints: [2, 3], discarded: [] });
  });

  it("checkpoint 4 deletes exactly checkpoint 1's files it does not reference itself", () => {
    const cp1 = uploads(run, 1).map((u) => u.path);
    const withShared = resolved(lesson('13-savepoints-and-restore-modes.json', (raw) => (raw.stops[3]!.facts = { ...raw.stops[3]!.facts, s4: { fact: 'sharedSsts', checkpointId: 4 } })));
    const referencedByCp4 = withShared[3]!.answerFacts.s4 as number[];
    const reusedByCp4 = uploads(run, 1).filter((u) => u.sst !== null && referencedByCp4.includes(u.sst)).map((u) => u.path);
    expect(reusedByCp4).toHaveLength(1);
    const expected = cp1.filter((p) => !reusedByCp4.includes(p));
    expect(answerValue(stops[3]!.question!)).toBe(expected.length);
    expect(discarded(run).filter((d) => d.reason === 'checkpoint 1 subsumed by 4').map((d) => d.path).sort()).toEqual([...expected].sort());
    // Asked when checkpoint 4 is triggered, before any of those files is gone; answered at its completion.
    const done4 = run.find((e) => e.type === 'checkpoint.completed' && e.checkpointId === 4)!.step;
    expect(stops[3]!.anchor).toMatchObject({ type: 'checkpoint.triggered', checkpointId: 4 });
    expect(discarded(run).filter((d) => d.step <= stops[3]!.step && d.reason === 'checkpoint 1 subsumed by 4')).toEqual([]);
    expect(stops[3]!.question).toMatchObject({ atStep: done4 });
    expect(stops[3]!.answerFacts.retained).toEqual([4]);
  });

  it('NO_CLAIM: the first checkpoint is full and nothing of the old job is deleted', () => {
    const old = submitted(run).previousJobId;
    expect(stops[5]!.anchor).toMatchObject({ mode: 'NO_CLAIM', forceFullSnapshot: true });
    const cp5 = uploads(run, 5).filter((u) => u.sst !== null);
    expect(cp5.every((u) => !u.path.startsWith(old))).toBe(true);
    expect(answerValue(stops[6]!.question!)).toEqual(cp5.map((u) => u.sst).sort((a, b) => a! - b!));
    expect(discarded(run).filter((d) => d.path.startsWith(old) && d.step > submitted(run).step)).toEqual([]);
  });

  it("CLAIM: the first checkpoint reuses the old job's SSTs and deletes only checkpoint 4's own directory", () => {
    const old = submitted(claimRun).previousJobId;
    const shared = stops[7]!.answerFacts.shared as number[];
    const uploaded = stops[7]!.answerFacts.up as number[];
    const reused = shared.filter((s) => !uploaded.includes(s));
    expect(reused.length).toBeGreaterThan(0);
    // The reused SSTs were uploaded by the old job, under its JobID.
    const lastPath = (sst: number) => claimRun.filter((e): e is Uploaded => e.type === 'file.uploaded' && e.sst === sst && e.task === 'count#0' && !e.path.startsWith('savepoints/')).at(-1)!.path;
    for (const s of reused) expect(lastPath(s).startsWith(`${old}/shared/`)).toBe(true);
    const gone = discarded(claimRun).filter((d) => d.reason === 'checkpoint 4 subsumed by 5');
    expect(gone.every((d) => d.path.startsWith(`${old}/chk-4/`))).toBe(true);
    expect(answerValue(stops[7]!.question!)).toBe(gone.length);
    // Asked at checkpoint 5's trigger, before it deletes anything; answered at its completion.
    expect(stops[7]!.anchor).toMatchObject({ type: 'checkpoint.triggered', checkpointId: 5 });
    expect(gone.every((d) => d.step > stops[7]!.step)).toBe(true);
    expect(stops[7]!.question).toMatchObject({ atStep: claimRun.find((e) => e.type === 'checkpoint.completed' && e.checkpointId === 5)!.step });
  });
});
