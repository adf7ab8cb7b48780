/**
 * `npm run lesson -- check`: every shipped lesson resolves against the engine; an ambiguous or
 * unresolvable anchor and a malformed file exit with code 2 and say which lesson, stop, selector
 * or field.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLessonFile, isClean } from '../../cli/lessonCheck';
import { LESSONS_DIR } from '../../cli/lessonFiles';

function lessonCli(...args: string[]) {
  const r = spawnSync('npx', ['tsx', 'cli/lesson.ts', ...args], { encoding: 'utf8', cwd: process.cwd() });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function tempLesson(content: unknown): string {
  const p = join(mkdtempSync(join(tmpdir(), 'cl-lesson-')), 'lesson.json');
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

const lessonFiles = readdirSync(LESSONS_DIR).filter((f) => f.endsWith('.json'));
const lesson5 = () => JSON.parse(readFileSync(join(LESSONS_DIR, '05-incremental-shared-files.json'), 'utf8'));

describe('the lesson checker', () => {
  it('finds the shipped lessons', () => {
    expect(lessonFiles.length).toBeGreaterThanOrEqual(4);
  });

  for (const f of lessonFiles) {
    it(`${f}: every stop resolves, every question has an engine answer, stops move forward in time per run`, () => {
      const r = checkLessonFile(join(LESSONS_DIR, f));
      expect(r.invalid).toEqual([]);
      expect(r.unresolved).toEqual([]);
      const lesson = JSON.parse(readFileSync(join(LESSONS_DIR, f), 'utf8'));
      expect(r.stops).toHaveLength(lesson.stops.length);
      expect(r.lesson).toBe(lesson.id);
      expect(f.startsWith(String(lesson.number).padStart(2, '0'))).toBe(true);
      for (const s of r.stops) if (lesson.stops[s.stop - 1].question) expect(s.question?.answer).toBeDefined();
      // A learner walks forward: on one run, a later stop is never at an earlier step.
      const byRun = new Map<string, number>();
      r.stops.forEach((s, i) => {
        const run = JSON.stringify(lesson.stops[i].scenario ?? lesson.scenario);
        expect(s.step).toBeGreaterThanOrEqual(byRun.get(run) ?? 0);
        byRun.set(run, s.step);
      });
    });
  }

  it('prints per stop its step and anchor and per question the answer, exit 0', () => {
    const r = lessonCli('check', 'lessons/05-incremental-shared-files.json');
    expect(r.code).toBe(0);
    expect(r.out).toContain('stop 3: step 52 (700 ms) at compaction.finished nth 1');
    // Stop 4 asks at CP3's trigger; the answer is read at CP3's completion, and the checker says where.
    expect(r.out).toContain('stop 4: step 58 (900 ms) at checkpoint.triggered where checkpointId=3');
    expect(r.out).toContain("number question: the engine's answer is 2 (answerAt step 68: checkpoint.completed where checkpointId=3)");
  });

  it('an unresolvable answerAt names lesson, stop and its selector and exits 2', () => {
    const l = lesson5();
    l.stops[3].question.answerAt = { event: 'checkpoint.completed', where: { checkpointId: 8 } };
    const r = lessonCli('check', tempLesson(l));
    expect(r.code).toBe(2);
    expect(r.err).toContain('ERROR lesson incremental-shared-files, stop 4, selector answerAt checkpoint.completed where checkpointId=8: no event matches');
  });

  it('--json gives the same as a document for tools', () => {
    const r = lessonCli('check', 'lessons/05-incremental-shared-files.json', '--json');
    expect(r.code).toBe(0);
    const [report] = JSON.parse(r.out);
    expect(report.stops[1]).toMatchObject({ stop: 2, step: 37, event: 'checkpoint.triggered', question: { kind: 'number', answer: 2, answerAt: 'checkpoint.completed where checkpointId=2', atStep: 47 } });
  });

  it('an ambiguous anchor names lesson, stop and selector and exits 2', () => {
    const l = lesson5();
    l.stops[2].anchor = { event: 'compaction.finished' };
    const r = lessonCli('check', tempLesson(l));
    expect(r.code).toBe(2);
    expect(r.err).toContain('ERROR lesson incremental-shared-files, stop 3, selector compaction.finished: ambiguous: 2 events match');
  });

  it('an unresolvable anchor exits 2 even beside a good file', () => {
    const l = lesson5();
    l.stops[0].anchor = { event: 'checkpoint.completed', where: { checkpointId: 9 } };
    const r = lessonCli('check', 'lessons/05-incremental-shared-files.json', tempLesson(l));
    expect(r.code).toBe(2);
    expect(r.err).toContain('stop 1, selector checkpoint.completed where checkpointId=9: no event matches');
  });

  it('a malformed file exits 2 with field paths', () => {
    const l = lesson5();
    delete l.stops[1].highlight;
    l.level = 'expert';
    const r = lessonCli('check', tempLesson(l));
    expect(r.code).toBe(2);
    expect(r.err).toContain('stops[1].highlight: expected an array, got nothing (the field is required)');
    expect(r.err).toContain('level: expected one of "beginner", "intermediate", "advanced", got "expert"');
    expect(isClean(checkLessonFile(tempLesson('{ not json')))).toBe(false);
  });

  it('refuses no command or an unknown option with exit 2', () => {
    const r = lessonCli('check', 'lessons/05-incremental-shared-files.json', '--yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown option --yaml');
  });
});
