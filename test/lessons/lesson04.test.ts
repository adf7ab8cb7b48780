/**
 * Lesson 4 (the RocksDB write path) against RocksDB's and Flink's rules: a full memtable is
 * sealed and flushed to L0; at level0_file_num_compaction_trigger (4) L0 files are merged into L1;
 * an incremental checkpoint uploads only SSTs no confirmed checkpoint uploaded, so the checkpoint
 * right after a compaction uploads the new output whole. Expected values are derived from the
 * run's flush and compaction events and the lesson scenario's settings, not from the checker.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioRef } from '../../cli/lessonFiles';
import { Timeline, type EngineEvent } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { lessonFile, resolvedStops } from './lessonFile';

const lesson = lessonFile('04-rocksdb-write-path.json');
const stops = resolvedStops(lesson);
const scenario = loadScenarioRef(lesson.scenario);
const events: EngineEvent[] = Timeline.record(scenario)
  .records()
  .flatMap((r) => r.events);
type Completed = Extract<EngineEvent, { type: 'checkpoint.completed' }>;
const completed = (id: number) => events.find((e): e is Completed => e.type === 'checkpoint.completed' && e.checkpointId === id)!;

/** The SSTs alive in count#0's RocksDB at a step: flushed or compaction output, minus compaction inputs. */
function liveAt(step: number): number[] {
  const live = new Set<number>();
  for (const e of events) {
    if (e.step > step || e.task !== 'count#0') continue;
    if (e.type === 'sst.flushed') live.add(e.sst);
    if (e.type === 'compaction.finished') {
      e.inputs.forEach((i) => live.delete(i));
      e.outputs.forEach((o) => live.add(o));
    }
  }
  return [...live].sort((a, b) => a - b);
}

describe('lesson 4: the RocksDB write path', () => {
  it('a memtable is sealed at the write-buffer size and flushed to L0 next', () => {
    const sealed = stops[1]!.anchor as Extract<EngineEvent, { type: 'memtable.sealed' }>;
    expect(sealed.bytes).toBeGreaterThanOrEqual(scenario.stateBackend.rocksdb!.writeBufferBytes);
    expect(answerValue(stops[1]!.question!)).toBe('sst.flushed');
  });

  it('the first compaction merges level0CompactionTrigger L0 files into one new L1 file', () => {
    const c = stops[3]!.anchor as Extract<EngineEvent, { type: 'compaction.finished' }>;
    expect(c.inputs).toHaveLength(scenario.stateBackend.rocksdb!.level0CompactionTrigger);
    expect(c.outputLevel).toBe(1);
    expect(c.trivialMove).toBe(false);
    expect(answerValue(stops[3]!.question!)).toBe(2);
  });

  it('CP2 uploads only what CP1 did not; CP3, after the compaction, reuses nothing (checkpointed = full); CP4 is small again', () => {
    const uploadedBefore = (id: number) => new Set(events.flatMap((e) => (e.type === 'file.uploaded' && e.checkpointId < id && e.sst !== null ? [e.sst] : [])));
    for (const [i, id] of [[2, 2], [4, 3], [5, 4]] as const) {
      const sync = events.find((e) => e.type === 'checkpoint.syncSnapshot' && e.checkpointId === id && e.task === 'count#0')!;
      const live = liveAt(sync.step);
      expect(stops[i]!.facts.reused).toEqual(live.filter((s) => uploadedBefore(id).has(s)));
      expect(stops[i]!.facts.up).toEqual(live.filter((s) => !uploadedBefore(id).has(s)));
    }
    expect(completed(3).checkpointedSize).toBe(completed(3).stateSize);
    expect(stops[4]!.facts.reusedBytes).toBe(0);
    expect(completed(3).checkpointedSize).toBeGreaterThan(completed(2).checkpointedSize);
    expect(completed(4).checkpointedSize).toBeLessThan(completed(3).checkpointedSize);
  });

  it('the sawtooth: every checkpoint right after a compaction uploads its full size, the others less', () => {
    const compactions = events.filter((e) => e.type === 'compaction.finished');
    const cps = events.filter((e): e is Completed => e.type === 'checkpoint.completed');
    for (const c of cps.slice(1)) {
      const prev = cps.find((p) => p.checkpointId === c.checkpointId - 1)!;
      const compactedBetween = compactions.some((k) => k.step > prev.step && k.step < c.step);
      expect(c.checkpointedSize === c.stateSize).toBe(compactedBetween);
    }
  });
});
