/**
 * A lesson file a teacher brings in (file picker or drop on the lesson picker): the size is
 * checked before a byte is read, the bytes are decoded strictly as UTF-8, the text is validated
 * with field paths (src/lessons/parseLesson.ts), and every stop is resolved against the engine.
 * Only a lesson that passes all of it joins the catalog; nothing else changes (not the open
 * lesson, not the run), so a refused file costs nothing.
 */
import type { ScenarioProblem } from '../../engine';
import type { Lesson } from '../../lessons/lessonSchema';
import { MAX_LESSON_BYTES, parseLessonText } from '../../lessons/parseLesson';
import { decodeUtf8 } from '../scenarioIo/decodeUtf8';
import { formatSize } from '../scenarioIo/limits';
import { isBuiltInLesson } from './lessonCatalog';
import { keepUserLesson } from './userLessonStore';
import { LessonResolveError, lessonRun } from './lessonRuns';

export type LessonImportResult = { ok: true; lesson: Lesson } | { ok: false; problems: ScenarioProblem[] };

const DOCUMENT = '(document)';
const refuse = (path: string, message: string): LessonImportResult => ({ ok: false, problems: [{ path, message }] });

/** Validates, resolves and adds a lesson given as JSON text; never throws. */
export async function importLessonText(text: string): Promise<LessonImportResult> {
  const parsed = parseLessonText(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (!parsed.ok) return parsed;
  const lesson = parsed.lesson;
  if (isBuiltInLesson(lesson.id)) return refuse('id', `"${lesson.id}" is the id of a lesson built into the app; give the imported lesson another id`);
  try {
    await lessonRun(lesson);
  } catch (e) {
    if (!(e instanceof LessonResolveError)) return refuse(DOCUMENT, e instanceof Error ? e.message : String(e));
    // A stop's anchor that finds no event (or more than one) is a problem of that stop's selector.
    return { ok: false, problems: e.problems.map((p) => ({ path: p.stop > 0 ? `stops[${p.stop - 1}].anchor` : 'scenario', message: p.selector ? `${p.selector}: ${p.message}` : p.message })) };
  }
  await keepUserLesson(lesson);
  return { ok: true, lesson };
}

export type LessonFile = Pick<File, 'name' | 'size' | 'arrayBuffer'>;

export async function importLessonFile(file: LessonFile): Promise<LessonImportResult> {
  if (file.size > MAX_LESSON_BYTES) return refuse(DOCUMENT, `the file is ${formatSize(file.size)}; a lesson file may be at most ${MAX_LESSON_BYTES / 1024} KB`);
  if (file.size === 0) return refuse(DOCUMENT, 'the file is empty');
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    return refuse(DOCUMENT, `the file could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  const decoded = decodeUtf8(bytes, DOCUMENT);
  if (!decoded.ok) return { ok: false, problems: [decoded.problem] };
  return importLessonText(decoded.text);
}

/** The lesson as a file: the same JSON the lessons/ folder holds, so it can be imported again or committed. */
export function lessonFileText(lesson: Lesson): string {
  return `${JSON.stringify(lesson, null, 2)}\n`;
}

export function lessonFileName(lesson: Lesson): string {
  return `${String(lesson.number).padStart(2, '0')}-${lesson.id}.json`;
}
