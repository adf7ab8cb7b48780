/**
 * Moving through a lesson: open a stop (loading its run into the app when the app shows another
 * run or the learner branched it), go back to the lesson's path after free exploration, restart,
 * leave. The address follows the stop (`?lesson=<id>&stop=<n>`), so it is the deep link.
 */
import { scenarioKey } from '../../lessons/resolveLesson';
import type { AppStore } from '../../store/appStore';
import { useAppStore } from '../../store/appStore';
import { HIGHLIGHT_TABS } from '../../views/lessons/highlightTargets';
import { lessonById } from './lessonCatalog';
import { knownLessonRun, lessonRunSettled } from './lessonRuns';
import { rememberStartChoice } from './startChoice';
import { recordLessonVisit } from './lessonProgress';

function writeAddress(id: string | null, stop: number): void {
  const params = new URLSearchParams(window.location.search);
  if (id === null) {
    params.delete('lesson');
    params.delete('stop');
  } else {
    params.set('lesson', id);
    params.set('stop', String(stop + 1));
  }
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
}

/** Opens stop `index` (0-based, clamped) of lesson `id`; rejects when the lesson is unknown or does not resolve. */
export async function openLessonStop(id: string, index: number): Promise<void> {
  const lesson = lessonById(id);
  if (!lesson) throw new Error(`no lesson "${id}" in this build`);
  const run = await lessonRunSettled(lesson);
  const i = Math.max(0, Math.min(run.stops.length - 1, Math.round(index)));
  const stop = run.stops[i]!;
  const key = scenarioKey(stop.scenario);
  const scenario = run.scenarios.get(key)!;
  const s = useAppStore.getState();
  const sameRun = s.lesson?.id === id && s.lesson.runKey === key && s.scenario === scenario && s.revision === s.lesson.revision;
  if (!sameRun && !(s.scenario === scenario && s.lesson === null)) s.loadScenario(scenario, undefined, { inThread: true });
  const after = useAppStore.getState();
  after.setPlaying(false);
  after.setCursor(stop.step);
  after.setLesson({ id, stop: i, revision: after.revision, runKey: key });
  after.setLessonPickerOpen(false);
  const tab = lesson.stops[i]!.highlight.find((h) => HIGHLIGHT_TABS.has(h));
  if (tab) after.requestLessonTab(tab);
  rememberStartChoice();
  writeAddress(id, i);
  void recordLessonVisit(id, i, run.stops.length);
}

/**
 * True when the app shows the lesson's run at the current stop (no stepping, no branch since), or
 * at the event its question's answer is evaluated at (where the player steps once answered).
 */
export function onLessonPath(s: Pick<AppStore, 'lesson' | 'revision' | 'cursor'>): boolean {
  if (!s.lesson) return false;
  const run = knownLessonRun(s.lesson.id);
  const stop = run?.stops[s.lesson.stop];
  if (stop === undefined || s.revision !== s.lesson.revision) return false;
  const q = stop.question;
  const answerStep = q && (q.kind === 'files' || q.kind === 'number') ? q.atStep : undefined;
  return s.cursor === stop.step || s.cursor === answerStep;
}

export function moveLessonStop(delta: number): void {
  const { lesson } = useAppStore.getState();
  if (!lesson) return;
  const run = knownLessonRun(lesson.id);
  const next = lesson.stop + delta;
  if (!run || next < 0 || next >= run.stops.length) return;
  void openLessonStop(lesson.id, next);
}

export function backToLessonPath(): void {
  const { lesson } = useAppStore.getState();
  if (lesson) void openLessonStop(lesson.id, lesson.stop);
}

export function restartLesson(): void {
  const s = useAppStore.getState();
  if (!s.lesson) return;
  s.clearLessonAnswers(s.lesson.id);
  void openLessonStop(s.lesson.id, 0);
}

/** Leaves the lesson; the run stays in the free simulator. */
export function exitLesson(): void {
  useAppStore.getState().setLesson(null);
  writeAddress(null, 0);
}

export function openLessonPicker(): void {
  useAppStore.getState().setLessonPickerOpen(true);
}

/** "Free simulator" from the picker: remembered, so the next visit opens the simulator. */
export function chooseFreeSimulator(): void {
  rememberStartChoice();
  useAppStore.getState().setLessonPickerOpen(false);
}
