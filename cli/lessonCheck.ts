/**
 * The lesson checker: resolves every stop of every given lesson file against the engine and
 * reports, per stop, its step and anchor event, and per question the engine's answer. Exit code
 * 0 when every file is valid and resolves, 2 otherwise.
 */
import { describeSelector } from '../src/lessons/anchor';
import type { Lesson, Question } from '../src/lessons/lessonSchema';
import { answerValue, type ResolvedQuestion } from '../src/lessons/questions';
import { resolveLesson, type LessonProblem, type ResolvedStop } from '../src/lessons/resolveLesson';
import { formatValue } from '../src/lessons/template';
import { loadScenarioRef, readLessonFile } from './lessonFiles';

export interface StopReport {
  stop: number;
  selector: string;
  step: number;
  atMs: number;
  event: string;
  /** The stop's named facts as the engine computed them. */
  facts: Record<string, unknown>;
  /** The engine's answer; `answerAt`/`atStep`: the later event (and its step) it is evaluated at. */
  question: { kind: ResolvedQuestion['kind']; answer: unknown; answerAt?: string; atStep?: number } | null;
}

export interface FileReport {
  file: string;
  lesson: string | null;
  /** Field-path problems of a malformed file. */
  invalid: { path: string; message: string }[];
  /** Anchors or facts the run cannot resolve. */
  unresolved: LessonProblem[];
  stops: StopReport[];
}

export function checkLessonFile(file: string): FileReport {
  const parsed = readLessonFile(file);
  if (!parsed.ok) return { file, lesson: null, invalid: parsed.problems, unresolved: [], stops: [] };
  const lesson: Lesson = parsed.lesson;
  let resolved;
  try {
    resolved = resolveLesson(lesson, loadScenarioRef);
  } catch (e) {
    return { file, lesson: lesson.id, invalid: [], unresolved: [{ stop: 0, message: e instanceof Error ? e.message : String(e) }], stops: [] };
  }
  const stops = resolved.stops.map((s: ResolvedStop) => ({
    stop: s.index + 1,
    selector: describeSelector(lesson.stops[s.index]!.anchor),
    step: s.step,
    atMs: s.atMs,
    event: s.anchor.type,
    facts: Object.fromEntries(Object.entries(s.facts).filter(([k]) => !k.startsWith('anchor.'))),
    question: s.question ? questionReport(lesson.stops[s.index]!.question!, s.question) : null,
  }));
  return { file, lesson: lesson.id, invalid: [], unresolved: resolved.ok ? [] : resolved.problems, stops };
}

function questionReport(q: Question, r: ResolvedQuestion): NonNullable<StopReport['question']> {
  const base = { kind: r.kind, answer: answerValue(r) };
  return 'answerAt' in q && q.answerAt && 'atStep' in r && r.atStep !== undefined ? { ...base, answerAt: describeSelector(q.answerAt), atStep: r.atStep } : base;
}

export function isClean(r: FileReport): boolean {
  return r.invalid.length === 0 && r.unresolved.length === 0;
}

export function formatReport(r: FileReport): string {
  const lines: string[] = [];
  if (r.invalid.length) {
    lines.push(`${r.file}: invalid lesson`);
    for (const p of r.invalid) lines.push(`  ${p.path}: ${p.message}`);
    return lines.join('\n');
  }
  lines.push(`${r.file}: lesson ${r.lesson}`);
  for (const s of r.stops) {
    lines.push(`  stop ${s.stop}: step ${s.step} (${s.atMs} ms) at ${s.selector}`);
    if (s.question) {
      const at = s.question.answerAt ? ` (answerAt step ${s.question.atStep}: ${s.question.answerAt})` : '';
      lines.push(`    ${s.question.kind} question: the engine's answer is ${formatValue(s.question.answer as never, 'en')}${at}`);
    }
  }
  for (const p of r.unresolved) lines.push(`  ERROR lesson ${r.lesson}, stop ${p.stop}${p.selector ? `, selector ${p.selector}` : ''}: ${p.message}`);
  return lines.join('\n');
}
