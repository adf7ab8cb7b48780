/**
 * The page's handle on the lesson worker (lessonResolver.worker.ts), started on first use. Where
 * there is no Worker (unit tests under Node) the same functions run in the calling thread; if the
 * worker cannot start (a script error, a blocked load), the call falls back to this thread too,
 * so a lesson still opens, at the old cost.
 */
import * as Comlink from 'comlink';
import type { Lesson } from '../../lessons/lessonSchema';
import type { Scenario } from '../../engine';
import type { AnswerPreview } from '../../lessons/buildLesson';
import type { ResolveResult } from '../../lessons/resolveLesson';
import { lessonResolverApi, type LessonResolverApi, type ScenarioEntries } from '../../lessons/lessonResolverApi';

interface Handle {
  api: Comlink.Remote<LessonResolverApi>;
  /** Rejects when the worker reports an error (it then stays unused). */
  failed: Promise<never>;
  dead: boolean;
}

let handle: Handle | null | undefined;

function worker(): Handle | null {
  if (handle !== undefined) return handle;
  if (typeof Worker === 'undefined') return (handle = null);
  const w = new Worker(new URL('./lessonResolver.worker.ts', import.meta.url), { type: 'module', name: 'lessons' });
  const h: Handle = { api: Comlink.wrap<LessonResolverApi>(w), failed: new Promise<never>(() => undefined), dead: false };
  h.failed = new Promise<never>((_, reject) =>
    w.addEventListener(
      'error',
      (e) => {
        h.dead = true;
        reject(new Error(e.message || 'the lesson worker failed to start'));
      },
      { once: true },
    ),
  );
  h.failed.catch(() => undefined);
  return (handle = h);
}

async function call<T>(remote: (api: Comlink.Remote<LessonResolverApi>) => Promise<T>, local: () => T): Promise<T> {
  const h = worker();
  if (!h) return local();
  try {
    return await Promise.race([remote(h.api), h.failed]);
  } catch (e) {
    // An error the resolver itself threw travels back as is; only a dead worker falls back.
    if (!h.dead) throw e;
    if (handle === h) handle = null;
    return local();
  }
}

/** Resolves `lesson` against its scenarios (by scenarioKey) in the worker. */
export function resolveOffThread(lesson: Lesson, scenarios: ScenarioEntries): Promise<ResolveResult> {
  return call((api) => api.resolve(lesson, scenarios), () => lessonResolverApi.resolve(lesson, scenarios));
}

/** The builder's answer preview of a built lesson, in the worker. */
export function previewOffThread(lesson: Lesson, scenario: Scenario): Promise<AnswerPreview[]> {
  return call((api) => api.preview(lesson, scenario), () => lessonResolverApi.preview(lesson, scenario));
}
