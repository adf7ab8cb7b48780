/**
 * Reads a lesson from JSON text or a parsed value, like the scenario parser: never throws, and
 * reports every problem with its field path. Beyond the schema it checks what the schema cannot:
 * that every placeholder names a fact of its stop, and that inline scenarios are valid.
 */
import * as v from 'valibot';
import { formatPath, issueKeys, parseScenario, VALIDATION_CONFIG, type ScenarioProblem } from '../engine';
import { LESSON_FORMAT, lessonSchema, type Lesson, type ScenarioRef, type Stop } from './lessonSchema';
import { placeholders } from './template';

/** A lesson is a few KB; larger documents are refused before parsing. */
export const MAX_LESSON_BYTES = 512 * 1024;
const MAX_DEPTH = 40;

export type LessonParseResult = { ok: true; lesson: Lesson } | { ok: false; problems: ScenarioProblem[] };

const fail = (path: string, message: string): LessonParseResult => ({ ok: false, problems: [{ path, message }] });

function depthOf(x: unknown, limit: number): number {
  if (x === null || typeof x !== 'object') return 0;
  if (limit <= 0) return 1;
  let max = 0;
  for (const y of Object.values(x as object)) max = Math.max(max, depthOf(y, limit - 1));
  return 1 + max;
}

const validate = v.safeParser(lessonSchema, VALIDATION_CONFIG);

export function parseLessonText(text: string): LessonParseResult {
  if (text.length > MAX_LESSON_BYTES) return fail('(document)', `the file is ${Math.ceil(text.length / 1024)} KB; a lesson may be at most ${MAX_LESSON_BYTES / 1024} KB`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return fail('(document)', `not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return parseLesson(value);
}

export function parseLesson(value: unknown): LessonParseResult {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('(document)', 'a lesson is a JSON object');
  if (depthOf(value, MAX_DEPTH + 1) > MAX_DEPTH) return fail('(document)', `nesting deeper than ${MAX_DEPTH} levels`);
  const format = (value as { format?: unknown }).format;
  if (format !== LESSON_FORMAT) return fail('format', `expected "${LESSON_FORMAT}", got ${format === undefined ? 'nothing' : JSON.stringify(format)}`);
  const parsed = validate(value);
  if (!parsed.success) return { ok: false, problems: parsed.issues.map((i) => ({ path: formatPath(issueKeys(i)), message: i.message })) };
  const lesson = parsed.output;
  const problems = [...scenarioProblems(lesson.scenario, 'scenario'), ...lesson.stops.flatMap((s, i) => stopProblems(s, `stops[${i}]`))];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lesson };
}

function scenarioProblems(ref: ScenarioRef | undefined, path: string): ScenarioProblem[] {
  if (ref === undefined || typeof ref === 'string') return [];
  const r = parseScenario(ref);
  return r.ok ? [] : r.problems.map((p) => ({ path: p.path === '(document)' ? path : `${path}.${p.path}`, message: p.message }));
}

/** Every placeholder must name a fact of the stop, `anchor.<field>`, or (in explanations) `answer`. */
function stopProblems(stop: Stop, path: string): ScenarioProblem[] {
  const problems = scenarioProblems(stop.scenario, `${path}.scenario`);
  const known = new Set(Object.keys(stop.facts ?? {}));
  const check = (text: string, at: string, extra: readonly string[]) => {
    for (const name of placeholders(text)) {
      if (known.has(name) || extra.includes(name) || /^anchor\.[A-Za-z]/.test(name)) continue;
      problems.push({ path: at, message: `{${name}} is not a fact of this stop (facts: ${[...known].join(', ') || 'none'}; also {anchor.<field>}${extra.length ? ', {answer}' : ''})` });
    }
  };
  for (const lang of ['en', 'zh'] as const) {
    check(stop.title[lang], `${path}.title.${lang}`, []);
    check(stop.text[lang], `${path}.text.${lang}`, []);
    if (stop.question) {
      check(stop.question.prompt[lang], `${path}.question.prompt.${lang}`, []);
      check(stop.question.explain[lang], `${path}.question.explain.${lang}`, ['answer']);
    }
  }
  return problems;
}
