import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { MAX_LESSON_BYTES, parseLesson, parseLessonText } from './parseLesson';

const valid = () => JSON.parse(readFileSync(new URL('../../lessons/05-incremental-shared-files.json', import.meta.url), 'utf8'));

function problems(value: unknown) {
  const r = parseLesson(value);
  if (r.ok) throw new Error('expected problems');
  return r.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('parseLesson', () => {
  it('accepts a shipped lesson', () => {
    const r = parseLesson(valid());
    expect(r.ok).toBe(true);
  });

  it('refuses a wrong format with the field path', () => {
    expect(problems({ ...valid(), format: 'checkpoint-lab/lesson@2' })).toEqual(['format: expected "checkpoint-lab/lesson@1", got "checkpoint-lab/lesson@2"']);
  });

  it('names every bad field with its path: unknown key, unknown event type, unknown highlight, a step number instead of an anchor', () => {
    const l = valid();
    l.stops[0].anchor = { event: 'checkpoint.finished', where: { checkpointId: 1 } };
    l.stops[1].highlight = ['job-graph', 'the-big-red-button'];
    l.stops[2].step = 52;
    const out = problems(l);
    expect(out.some((p) => p.startsWith('stops[0].anchor.event: expected one of'))).toBe(true);
    expect(out.some((p) => p.startsWith('stops[1].highlight[1]: expected one of "job-graph"'))).toBe(true);
    expect(out.some((p) => p.startsWith('stops[2]: unknown field "step" (allowed here: anchor, scenario'))).toBe(true);
  });

  it('refuses a placeholder that names no fact of its stop', () => {
    const l = valid();
    l.stops[1].text.zh = '引用计数是 {rc9}';
    expect(problems(l)).toEqual([expect.stringMatching(/^stops\[1\]\.text\.zh: \{rc9\} is not a fact of this stop/)]);
  });

  it('refuses {answer} outside a question explanation', () => {
    const l = valid();
    l.stops[0].text.en = 'The answer is {answer}';
    expect(problems(l)[0]).toMatch(/^stops\[0\]\.text\.en: \{answer\} is not a fact/);
  });

  it('validates an inline scenario and reports its problems under the stop', () => {
    const l = valid();
    l.stops[5].scenario.checkpointing.numRetained = 0;
    expect(problems(l)).toEqual([expect.stringMatching(/^stops\[5\]\.scenario\.checkpointing\.numRetained: must be at least 1/)]);
  });

  it('enforces size limits: stops, text length, document size', () => {
    const l = valid();
    l.stops = Array.from({ length: 41 }, () => l.stops[0]);
    expect(problems(l)).toEqual(['stops: must have at most 40 items, got 41']);
    const t = valid();
    t.stops[0].text.en = 'x'.repeat(1201);
    expect(problems(t)).toEqual(['stops[0].text.en: must have at most 1200 characters, got 1201']);
    const big = parseLessonText(' '.repeat(MAX_LESSON_BYTES + 1));
    expect(big.ok).toBe(false);
  });

  it('reports JSON syntax errors and non-objects on the document', () => {
    expect(parseLessonText('{"format":').ok).toBe(false);
    expect(problems([])).toEqual(['(document): a lesson is a JSON object']);
  });

  it('needs two choices at least and a known question kind', () => {
    const l = valid();
    const both = (x: string) => ({ en: x, zh: x });
    l.stops[4].question = { kind: 'choice', prompt: both('q'), choices: [{ text: both('a'), holds: { fact: { fact: 'deletedSsts' }, empty: true } }], explain: both('e') };
    l.stops[3].question.kind = 'essay';
    const out = problems(l);
    expect(out).toContain('stops[4].question.choices: must have at least 2 items, got 1');
    expect(out.some((p) => p.startsWith('stops[3].question.kind: expected one of "files", "number", "choice", "next"'))).toBe(true);
  });
});
