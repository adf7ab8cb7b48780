/**
 * What the lesson worker (src/app/lessons/lessonResolver.worker.ts) answers: a lesson resolved
 * against the scenarios the page sends, or a built lesson's answer preview. Recording each run
 * takes 0.2–2 s, too long for the page's thread (issue 17: no task over 50 ms), so the page asks
 * the worker; without a Worker (unit tests under Node) the client calls this object in-thread.
 * Only plain data crosses: the resolved stops (anchor event, facts, answers), never a timeline.
 */
import type { Scenario } from '../engine';
import { previewAnswers, type AnswerPreview } from './buildLesson';
import type { Lesson } from './lessonSchema';
import { resolveLesson, scenarioKey, type ResolveResult } from './resolveLesson';

/** The lesson's scenarios by scenarioKey, as the page loaded them (examples' files, inline ones). */
export type ScenarioEntries = readonly (readonly [string, Scenario])[];

export const lessonResolverApi = {
  resolve(lesson: Lesson, scenarios: ScenarioEntries): ResolveResult {
    const byKey = new Map(scenarios);
    return resolveLesson(lesson, (ref) => {
      const s = byKey.get(scenarioKey(ref));
      if (!s) throw new Error('the page did not send this scenario');
      return s;
    });
  },
  preview(lesson: Lesson, scenario: Scenario): AnswerPreview[] {
    return previewAnswers(lesson, scenario);
  },
};

export type LessonResolverApi = typeof lessonResolverApi;
