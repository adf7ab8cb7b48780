import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScenarioText, Timeline } from '../engine';
import { findAnchor } from './anchor';
import { anchorForStep, buildLesson, previewAnswers, type DraftStop } from './buildLesson';
import { resolveLesson } from './resolveLesson';

const parsed = parseScenarioText(readFileSync(new URL('../../scenarios/seed002-refcount.json', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('seed002 does not parse');
const scenario = parsed.scenario;
const events = Timeline.record(scenario).records().flatMap((r) => r.events);
const stepOf = (type: string, nth = 1) => events.filter((e) => e.type === type)[nth - 1]!.step;
const stop = (step: number): DraftStop => ({ step, highlight: ['narration'], title: { en: `Step ${step}`, zh: `第 ${step} 步` }, text: { en: 'What happens here, in the teacher’s words.', zh: '这里发生了什么，用老师自己的话说。' } });

describe('save as lesson', () => {
  it('turns each marked step into an event selector that resolves to exactly that step, and the lesson validates and resolves', () => {
    const steps = [stepOf('checkpoint.completed', 2), stepOf('file.uploaded', 3), stepOf('checkpoint.triggered', 4)];
    const r = buildLesson({ id: 'my-run', number: 50, title: { en: 'My run', zh: '我的运行' }, summary: { en: 'Stops I chose.', zh: '我选的几站。' }, stops: steps.map(stop) }, scenario, events);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    // Each anchor names the first event of its step, by type (and checkpoint id), never by step number.
    r.lesson.stops.forEach((st, i) => {
      const first = events.find((e) => e.step === steps[i])!;
      expect(st.anchor.event).toBe(first.type);
      expect(findAnchor(events, st.anchor)).toMatchObject({ ok: true, event: first });
      expect(JSON.stringify(st.anchor)).not.toContain('step');
    });
    const resolved = resolveLesson(r.lesson, () => scenario);
    expect(resolved.ok).toBe(true);
    expect(resolved.stops.map((s) => s.step)).toEqual(steps);
  });

  it('uses nth only where the type (and checkpoint id) matches several events', () => {
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    const firsts = [...new Set(events.map((e) => e.step))].map((st) => events.find((e) => e.step === st)!);
    const repeated = firsts.find((e) => counts.get(e.type)! > 1 && !('checkpointId' in e))!;
    const sel = anchorForStep(events, repeated.step)!;
    expect(sel.nth).toBe(events.filter((e) => e.type === repeated.type).indexOf(repeated) + 1);
    expect(findAnchor(events, sel)).toMatchObject({ ok: true, event: repeated });
  });

  it('refuses a stop at a step where nothing happened, and bad texts, with field paths', () => {
    const quiet = events.at(-1)!.step + 10;
    const none = buildLesson({ id: 'x', number: 50, title: { en: 'T', zh: 'T' }, summary: { en: 'S', zh: 'S' }, stops: [stop(quiet)] }, scenario, events);
    expect(!none.ok && none.problems.map((p) => p.path)).toEqual(['stops[0].anchor']);
    const r = buildLesson({ id: 'Bad Id', number: 50, title: { en: '', zh: 'T' }, summary: { en: 'S', zh: 'S' }, stops: [{ ...stop(stepOf('checkpoint.completed')), text: { en: 'x', zh: '' } }] }, scenario, events);
    expect(!r.ok && r.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['id', 'title.en', 'stops[0].text.zh']));
  });

  it('carries several highlights per stop, a question whose answer the engine computes (shown as a preview), summary, level and minutes', () => {
    const both = (x: string) => ({ en: x, zh: `${x}（中文）` });
    const cp = (n: number) => events.find((e) => e.type === 'checkpoint.completed' && (e as { checkpointId?: number }).checkpointId === n)!.step;
    const trig2 = events.find((e) => e.type === 'checkpoint.triggered' && (e as { checkpointId?: number }).checkpointId === 2)!.step;
    const r = buildLesson(
      {
        id: 'teacher-two-stops',
        number: 91,
        title: both('Two stops'),
        summary: both('What CP2 shares with CP1.'),
        level: 'intermediate',
        minutes: 7,
        stops: [
          { ...stop(trig2), highlight: ['registry', 'storage'], question: { kind: 'number', prompt: both('SST 1 after CP2?'), answer: { fact: 'referenceCount', sst: 1 }, answerAt: { event: 'checkpoint.completed', where: { checkpointId: 2 } }, explain: both('{answer}') } },
          { ...stop(cp(2)), highlight: ['checkpoints', 'job-graph', 'checkpoints'], question: { kind: 'files', prompt: both('CP2 uploads?'), answer: { fact: 'uploadedSsts', checkpointId: 2 }, explain: both('{answer}') } },
        ],
      },
      scenario,
      events,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.lesson).toMatchObject({ level: 'intermediate', minutes: 7, summary: { en: 'What CP2 shares with CP1.' } });
    expect(r.lesson.stops.map((s) => s.highlight)).toEqual([['registry', 'storage'], ['checkpoints', 'job-graph']]);
    // Seed 002: after CP2 both retained checkpoints reference SST 1 (count 2); CP2 uploads only the new SSTs 3 and 4.
    expect(previewAnswers(r.lesson, scenario)).toEqual([
      { stop: 0, answer: 2, atStep: cp(2) },
      { stop: 1, answer: [3, 4] },
    ]);
  });

  it('the preview names a question the run cannot answer instead of failing', () => {
    const r = buildLesson({ id: 'teacher-bad-q', number: 91, title: { en: 'T', zh: 'T' }, summary: { en: 'S', zh: 'S' }, stops: [{ ...stop(stepOf('checkpoint.completed')), question: { kind: 'files', prompt: { en: 'q', zh: 'q' }, answer: { fact: 'sharedSsts', checkpointId: 9 }, explain: { en: 'e', zh: 'e' } } }] }, scenario, events);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(previewAnswers(r.lesson, scenario)).toEqual([{ stop: 0, problem: expect.stringContaining('checkpoint 9 has no handle') }]);
  });
});
