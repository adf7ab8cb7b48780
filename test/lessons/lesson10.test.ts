/**
 * Lesson 10 against seed 000 and FLINK-27155: without the file cache (Flink 1.15) every changelog
 * read of a restoring subtask downloads its DSTL file again; with the per-TaskManager cache each
 * file is downloaded once per TaskManager, however many of its subtasks read it.
 */
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { eventsOf, lesson, resolved } from './support/lessonRun';

type Read = Extract<EngineEvent, { type: 'changelog.restore.read' }>;
const reads = (events: EngineEvent[]) => events.filter((e): e is Read => e.type === 'changelog.restore.read');

describe('lesson 10 against seed 000', () => {
  const l = lesson('10-changelog-costs.json');
  const stops = resolved(l);
  const run = eventsOf(l.scenario);
  const cached = eventsOf(l.stops[4]!.scenario!);

  it('without the cache each subtask downloads every file it reads; both subtasks share one TaskManager, so files are fetched twice', () => {
    const perTask = new Map<string, Set<string>>();
    for (const r of reads(run)) perTask.set(r.task!, (perTask.get(r.task!) ?? new Set()).add(r.file));
    const expected = [...perTask.values()].reduce((n, files) => n + files.size, 0);
    expect(answerValue(stops[3]!.question!)).toBe(expected);
    const distinct = new Set(reads(run).map((r) => r.file)).size;
    expect(expected).toBeGreaterThan(distinct);
    expect(stops[3]!.facts.dl).toBe(perTask.get('count#0')!.size);
  });

  it('with the per-TaskManager cache each DSTL file is downloaded exactly once', () => {
    const downloads = reads(cached).filter((r) => r.downloaded);
    const distinct = new Set(reads(cached).map((r) => r.file));
    expect(downloads.map((r) => r.file).sort()).toEqual([...distinct].sort());
    expect(stops[4]!.facts.all).toBe(distinct.size);
    expect(stops[4]!.facts.dl as number).toBeLessThan(stops[3]!.facts.dl as number);
  });

  it('before any materialization the full size keeps growing while each checkpoint uploads little; checkpoint 4 holds materialization 1', () => {
    const completed = run.filter((e): e is Extract<EngineEvent, { type: 'checkpoint.completed' }> => e.type === 'checkpoint.completed' && e.checkpointId <= 3);
    for (let i = 1; i < completed.length; i++) {
      expect(completed[i]!.stateSize).toBeGreaterThan(completed[i - 1]!.stateSize);
      expect(completed[i]!.checkpointedSize).toBeLessThan(completed[i]!.stateSize);
    }
    expect(run.filter((e) => e.type === 'changelog.truncated' && e.step < stops[5]!.step)).toEqual([]);
    expect(stops[6]!.facts.mat).toBe(1);
  });
});
