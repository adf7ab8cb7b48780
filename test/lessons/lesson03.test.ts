/**
 * Lesson 3 (checkpoints expiring under back-pressure) against Flink's rules: an aligned
 * checkpoint expires at trigger + execution.checkpointing.timeout while a barrier is still queued
 * behind records; an unaligned one completes within that time by persisting the overtaken
 * records as channel state; with aligned-checkpoint-timeout a subtask switches to unaligned at
 * trigger + that timeout. Expected times come from the scenarios' settings, not from the checker.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioRef } from '../../cli/lessonFiles';
import { Timeline, type EngineEvent } from '../../src/engine';
import { answerValue } from '../../src/lessons/questions';
import { lessonFile, resolvedStops } from './lessonFile';

const lesson = lessonFile('03-checkpoint-expires-under-backpressure.json');
const stops = resolvedStops(lesson);
const aligned = loadScenarioRef(lesson.scenario);
const withTimeout = loadScenarioRef('backpressure-aligned-timeout.json');
const events = Timeline.record(loadScenarioRef('backpressure-unaligned.json')).records().flatMap((r) => r.events);
const channelFiles = (step: number) => events.filter((e) => e.step <= step && e.type === 'file.uploaded' && e.checkpointId === 1 && e.kind === 'channel').length;

describe('lesson 3: checkpoints under back-pressure', () => {
  it('the aligned checkpoint expires at trigger + timeout, before count#1 has aligned', () => {
    const trigger = stops[0]!.anchor as Extract<EngineEvent, { type: 'checkpoint.triggered' }>;
    expect(stops[2]!.anchor).toMatchObject({ type: 'checkpoint.aborted', reason: 'CHECKPOINT_EXPIRED', atMs: trigger.atMs + aligned.checkpointing.timeoutMs });
    expect(stops[1]!.anchor).toMatchObject({ type: 'barrier.received', blocked: true });
    expect(answerValue(stops[2]!.question!)).toBe('barrier.aligned');
    expect(stops[3]!.facts.late as number).toBeGreaterThan(stops[3]!.facts.expired as number);
    expect(stops[3]!.anchor).toMatchObject({ reason: 'CHECKPOINT_EXPIRED', continuousFailures: 2 });
  });

  it('unaligned, the same load completes within the aligned run’s timeout and writes channel state for the overtaken records', () => {
    expect((stops[4]!.anchor as Extract<EngineEvent, { type: 'barrier.overtook' }>).inputRecords).toBeGreaterThan(0);
    const done = stops[5]!.anchor as Extract<EngineEvent, { type: 'checkpoint.completed' }>;
    expect(done.durationMs).toBeLessThan(aligned.checkpointing.timeoutMs);
    // Asked when count#1's barrier overtakes, before any channel-state file is on screen; answered at CP1's completion.
    const asked = stops[4]!;
    expect(asked.question).toMatchObject({ kind: 'number', atStep: done.step });
    expect(channelFiles(asked.step)).toBe(0);
    // One file per subtask that held in-flight buffers when its barrier overtook them (inputs or outputs).
    const withBuffers = new Set(events.filter((e) => e.type === 'barrier.overtook' && e.checkpointId === 1 && e.inputRecords + e.outputRecords > 0).map((e) => e.task));
    expect(answerValue(asked.question!)).toBe(withBuffers.size);
    expect(channelFiles(done.step)).toBe(withBuffers.size);
    expect(stops[5]!.question).toBeNull();
  });

  it('with the aligned-checkpoint timeout, count#1 switches to unaligned at trigger + that timeout; count#0 aligned in time', () => {
    const at = stops[6]!.anchor as Extract<EngineEvent, { type: 'barrier.overtook' }>;
    expect(at.atMs).toBe((stops[6]!.facts.trig as number) + withTimeout.checkpointing.alignedCheckpointTimeoutMs);
    expect(stops[6]!.facts.aligned0 as number).toBeLessThan(withTimeout.checkpointing.alignedCheckpointTimeoutMs);
  });
});
