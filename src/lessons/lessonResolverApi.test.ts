/**
 * The lesson worker's message handler (src/lessons/lessonResolverApi.ts), called directly: under
 * Node there is no Worker, and the worker file only exposes this object. What it answers must be
 * what resolveLesson answers on the page, survive a structured clone unchanged (it crosses a
 * postMessage) and stay small (no timeline goes back, only the stops).
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioRef } from '../../cli/lessonFiles';
import { lessonFile } from '../../test/lessons/lessonFile';
import { buildLesson, previewAnswers } from './buildLesson';
import { lessonResolverApi } from './lessonResolverApi';
import type { Lesson } from './lessonSchema';
import { resolveLesson, scenarioKey } from './resolveLesson';
import { Timeline } from '../engine';

/** The lesson's scenarios as the page sends them: [scenarioKey, scenario] pairs. */
function entries(lesson: Lesson) {
  const refs = [lesson.scenario, ...lesson.stops.flatMap((s) => (s.scenario ? [s.scenario] : []))];
  return [...new Map(refs.map((r) => [scenarioKey(r), loadScenarioRef(r)] as const))];
}

describe('the lesson worker’s handler', () => {
  for (const file of ['05-incremental-shared-files.json', '12-rescaling.json']) {
    it(`resolves ${file} as resolveLesson does, as plain data that clones unchanged and stays small`, () => {
      const lesson = lessonFile(file);
      const reply = lessonResolverApi.resolve(lesson, entries(lesson));
      expect(reply.ok).toBe(true);
      expect(reply).toEqual(resolveLesson(lesson, loadScenarioRef));
      expect(reply.stops).toHaveLength(lesson.stops.length);
      // What postMessage does to it: a Map, a class instance or a function would not survive.
      expect(structuredClone(reply)).toStrictEqual(reply);
      // The stops only: a few KB per stop, never a recorded run (hundreds of KB as JSON).
      expect(JSON.stringify(reply).length).toBeLessThan(4_000 * lesson.stops.length);
    });
  }

  it('a scenario the page did not send is a problem of the stops that use it, not a crash', () => {
    const lesson = lessonFile('05-incremental-shared-files.json');
    const reply = lessonResolverApi.resolve(lesson, []);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.problems).toHaveLength(lesson.stops.length);
    expect(reply.problems[0]!.message).toContain('the page did not send this scenario');
  });

  it('previews a built lesson’s answers as previewAnswers does', () => {
    const lesson = lessonFile('05-incremental-shared-files.json');
    const scenario = loadScenarioRef(lesson.scenario);
    const events = Timeline.record(scenario)
      .records()
      .flatMap((r) => r.events);
    const step = events.find((e) => e.type === 'checkpoint.completed')!.step;
    const built = buildLesson(
      {
        id: 'probe-mine',
        number: 90,
        title: { en: 'Probe', zh: '探针' },
        summary: { en: 'A probe.', zh: '探针。' },
        stops: [{ step, highlight: ['narration'], title: { en: 'T', zh: 'T' }, text: { en: 'Text.', zh: '文字。' }, question: { kind: 'number', prompt: { en: 'SST 1?', zh: 'SST 1？' }, answer: { fact: 'referenceCount', sst: 1 }, explain: { en: '{answer}.', zh: '{answer}。' } } }],
      },
      scenario,
      events,
    );
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    const reply = lessonResolverApi.preview(built.lesson, scenario);
    expect(reply).toEqual(previewAnswers(built.lesson, scenario));
    // Seed 002's first checkpoint: SST 1 is referenced once.
    expect(reply).toEqual([{ stop: 0, answer: 1 }]);
    expect(structuredClone(reply)).toStrictEqual(reply);
  });
});
