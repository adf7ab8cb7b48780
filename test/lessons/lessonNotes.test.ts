/**
 * The printable notes model (issue 15 §5): a lesson and its recorded run become numbered stops
 * with the texts filled from the run, each question's engine answer and explanation, and the
 * figures the texts quote. Expected values come from the seed articles, not from the checker:
 * seed 002's table (after CP2 both retained checkpoints reference SST 1: count 2) and seed 000's
 * timeline (CP2 completes before m1; CP3 = m1 + change sets 3 and 4).
 */
import { describe, expect, it } from 'vitest';
import { LESSONS_DIR, loadScenarioRef, readLessonFile } from '../../cli/lessonFiles';
import { lessonNotes, type LessonNotes } from '../../src/lessons/lessonNotes';
import type { Lesson } from '../../src/lessons/lessonSchema';
import { resolveLesson } from '../../src/lessons/resolveLesson';
import type { Lang } from '../../src/lessons/template';

function lesson(file: string): Lesson {
  const r = readLessonFile(LESSONS_DIR + file);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.lesson;
}

function notes(file: string, lang: Lang): LessonNotes {
  const l = lesson(file);
  const r = resolveLesson(l, loadScenarioRef);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return lessonNotes(l, r.stops, lang);
}

const everyText = (n: LessonNotes) => [n.title, n.summary, ...n.stops.flatMap((s) => [s.title, s.text, ...(s.question ? [s.question.prompt, s.question.answer, s.question.explain] : [])])];

describe('printable notes', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`lesson 5 (${lang}): every stop, numbered, filled from the run; CP2's question answers SST 1's reference count 2`, () => {
      const l = lesson('05-incremental-shared-files.json');
      const n = notes('05-incremental-shared-files.json', lang);
      expect(n.title).toBe(l.title[lang]);
      expect(n.stops.map((s) => s.number)).toEqual(l.stops.map((_, i) => i + 1));
      for (const t of everyText(n)) expect(t).not.toMatch(/\{[A-Za-z][\w.]*\}/);
      const cp2 = n.stops[1]!;
      // Seed 002: after CP2, retained CP1 and CP2 both reference SST 1.
      expect(cp2.question?.answer).toBe('2');
      expect(cp2.question?.explain.startsWith('2')).toBe(true);
      // CP2 references SSTs 1–4 and uploads only the new 3 and 4 (seed 002's table).
      const fig = Object.fromEntries(cp2.figures.map((f) => [f.name, f.value]));
      const sep = lang === 'zh' ? '、' : ', ';
      // The question is asked at CP2's trigger (answerAt its completion): the text quotes SST 1's
      // count then, 1 (only CP1 is retained); the explanation's figures are read at the completion.
      expect(fig).toMatchObject({ shared: [1, 2, 3, 4].join(sep), uploaded: [3, 4].join(sep), rc1: '1', rc3: '1' });
      expect(cp2.question?.explain).toContain(`${[3, 4].join(sep)}`);
      expect(cp2.figures.find((f) => f.name === 'rc1')?.source).toEqual({ kind: 'fact', fact: { fact: 'referenceCount', sst: 1 } });
    });

    it(`lesson 9 (${lang}): the materialization stops carry the engine's answers of seed 000's T3 and T4`, () => {
      const n = notes('09-changelog-backend.json', lang);
      for (const t of everyText(n)) expect(t).not.toMatch(/\{[A-Za-z][\w.]*\}/);
      // T2: m1 starts; its title quotes the anchor's materialization id, 1.
      const started = n.stops[1]!;
      expect(started.title).toContain('m1');
      expect(started.figures.find((f) => f.name === 'anchor.materializationId')).toMatchObject({ value: '1', source: { kind: 'anchor', event: 'changelog.materialization.started', field: 'materializationId' } });
      // Seed 000: checkpoint 2 completes before m1 does.
      expect(started.question?.answer).toBe('checkpoint.completed');
      // T4: checkpoint 3, asked at its trigger, builds on m1 plus change sets 3 and 4 (read at its completion).
      const cp3 = n.stops[4]!;
      expect(cp3.question?.answer).toBe('1');
      expect(cp3.question?.explain).toContain(`m1${lang === 'zh' ? '，再加上 change set 3、4' : ', plus change sets 3, 4'}`);
      const fig = Object.fromEntries(cp3.figures.map((f) => [f.name, f.value]));
      expect(fig.sets).toBe([3, 4].join(lang === 'zh' ? '、' : ', '));
    });
  }
});
