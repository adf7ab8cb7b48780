/**
 * Moving through a lesson: open a stop (loading its run into the app when the app shows another
 * run or the learner branched it), go back to the lesson's path after free exploration, restart,
 * leave. The address follows the stop (`?lesson=<id>&stop=<n>`), so it is the deep link.
 * Nothing here blocks the page: the lesson resolves in the lesson worker, its run loads through
 * the store's normal path (streamed from the recording worker when it records there), and the
 * player moves to a stop's step once the run holds it (lessonStatus.ts says so meanwhile).
 */
import type { Lesson } from '../../lessons/lessonSchema';
import { scenarioKey } from '../../lessons/resolveLesson';
import type { AppStore } from '../../store/appStore';
import { useAppStore } from '../../store/appStore';
import { HIGHLIGHT_TABS } from '../../views/lessons/highlightTargets';
import { lessonById } from './lessonCatalog';
import { knownLessonRun, lessonRunSettled } from './lessonRuns';
import { rememberStartChoice } from './startChoice';
import { recordLessonVisit } from './lessonProgress';
import { useLessonStatus, type LessonArrival } from './lessonStatus';
import { holds, whenRecorded, type Waiting } from './whenRecorded';

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

let pendingMove: Waiting | null = null;

/**
 * Moves the player to `step` of the run on screen: at once when the run holds it, else once it
 * does, meanwhile saying so (`arriving`). The learner's own move while waiting (a step, a
 * scrub, another stop) wins: the wait is dropped, and so is one whose run is replaced.
 */
export function goToLessonStep(arrival: LessonArrival): void {
  pendingMove?.cancel();
  pendingMove = null;
  const s = useAppStore.getState();
  if (holds(s, arrival.step)) {
    useLessonStatus.setState({ arriving: arrival });
    arriveAt(arrival);
    return;
  }
  const from = s.cursor;
  const wait = whenRecorded(useAppStore, arrival.step);
  const offCursor = useAppStore.subscribe((st) => st.cursor !== from && wait.cancel());
  pendingMove = wait;
  useLessonStatus.setState({ arriving: arrival });
  void wait.done.then((why) => {
    offCursor();
    if (pendingMove !== wait) return; // superseded by a later move, which owns `arriving`
    pendingMove = null;
    if (why === 'recorded') arriveAt(arrival);
    else useLessonStatus.setState({ arriving: null });
  });
}

/**
 * Moves to a recorded position. A seek far into a streamed run first fetches the worker's
 * keyframe (timelineSlice's setCursor), so the cursor may move a moment later: `arriving` stays
 * until it has (or until anything else moves it, or the run changes), so the stop's question and
 * the scroll to its highlights wait for the view at the stop.
 */
function arriveAt(arrival: LessonArrival): void {
  const s = useAppStore.getState();
  s.setCursor(arrival.step);
  const done = () => useLessonStatus.getState().arriving === arrival && useLessonStatus.setState({ arriving: null });
  if (useAppStore.getState().cursor === arrival.step) return void done();
  const off = useAppStore.subscribe((st) => {
    if (st.cursor === s.cursor && st.timeline === s.timeline) return;
    off();
    done();
  });
}

let opening = 0;

/** Resolves the lesson in the worker, saying "Preparing lesson…" unless it is resolved already. */
async function prepared(lesson: Lesson) {
  if (knownLessonRun(lesson.id)?.lesson === lesson) return lessonRunSettled(lesson);
  useLessonStatus.setState({ preparing: { id: lesson.id } });
  try {
    return await lessonRunSettled(lesson);
  } finally {
    if (useLessonStatus.getState().preparing?.id === lesson.id) useLessonStatus.setState({ preparing: null });
  }
}

/** Opens stop `index` (0-based, clamped) of lesson `id`; rejects when the lesson is unknown or does not resolve. */
export async function openLessonStop(id: string, index: number): Promise<void> {
  const lesson = lessonById(id);
  if (!lesson) throw new Error(`no lesson "${id}" in this build`);
  const seq = ++opening;
  const run = await prepared(lesson);
  // A later open (another stop, another lesson) asked meanwhile: it decides what shows.
  if (seq !== opening) return;
  const i = Math.max(0, Math.min(run.stops.length - 1, Math.round(index)));
  const stop = run.stops[i]!;
  const key = scenarioKey(stop.scenario);
  const scenario = run.scenarios.get(key)!;
  const s = useAppStore.getState();
  // A run stopped short of the stop (its recording cancelled, keeping what it had) is loaded again.
  const reaches = s.recording !== null || holds(s, stop.step);
  const sameRun = s.lesson?.id === id && s.lesson.runKey === key && s.scenario === scenario && s.revision === s.lesson.revision && reaches;
  if (!sameRun && !(s.scenario === scenario && s.lesson === null && reaches)) s.loadScenario(scenario);
  const after = useAppStore.getState();
  after.setPlaying(false);
  goToLessonStep({ id, stop: i, step: stop.step, target: 'stop' });
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
  // On its way there (the run still recording up to the stop or its answer): still the path.
  const arriving = useLessonStatus.getState().arriving;
  if (arriving && arriving.id === s.lesson.id && arriving.stop === s.lesson.stop && s.revision === s.lesson.revision) return true;
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
  pendingMove?.cancel();
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
