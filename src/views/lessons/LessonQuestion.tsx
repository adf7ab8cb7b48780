/**
 * A stop's question: the learner answers, the engine's answer (computed when the lesson was
 * resolved) decides, and the feedback explains why with the run's facts. "What happens next"
 * then offers to step to the event.
 */
import { useState } from 'react';
import type { Question } from '../../lessons/lessonSchema';
import { answerValue, feedback, type ResolvedQuestion, type Response } from '../../lessons/questions';
import { fill, formatValue, type FactValue, type Lang } from '../../lessons/template';
import { useAppStore } from '../../store/appStore';
import { answerKey } from '../../store/lessonSlice';
import { useT } from '../../i18n/useT';
import { recordLessonAnswer } from '../../app/lessons/lessonProgress';
import { goToLessonStep } from '../../app/lessons/lessonNavigation';

interface Props {
  lessonId: string;
  stop: number;
  question: Question;
  resolved: ResolvedQuestion;
  facts: Readonly<Record<string, FactValue>>;
  /** The facts at the question's `answerAt` event, which the explanation quotes (the stop's facts without one). */
  answerFacts: Readonly<Record<string, FactValue>>;
  lang: Lang;
  /** The lesson's number of stops, for the progress record. */
  stops: number;
}

function answerText(q: Question, lang: Lang) {
  return (r: ResolvedQuestion): string => (r.kind === 'choice' && q.kind === 'choice' ? q.choices[r.answer]!.text[lang] : formatValue(answerValue(r), lang));
}

export function LessonQuestion({ lessonId, stop, question, resolved, facts, answerFacts, lang, stops }: Props) {
  const t = useT();
  const key = answerKey(lessonId, stop);
  const given = useAppStore((s) => s.lessonAnswers[key]);
  const record = useAppStore((s) => s.recordLessonAnswer);
  const [files, setFiles] = useState<number[]>([]);
  const [value, setValue] = useState('');
  const [choice, setChoice] = useState<number | null>(null);
  const [event, setEvent] = useState<string | null>(null);

  const response = (): Response | null => {
    switch (resolved.kind) {
      case 'files':
        return { kind: 'files', files };
      case 'number':
        return value.trim() === '' || !Number.isFinite(Number(value)) ? null : { kind: 'number', value: Number(value) };
      case 'choice':
        return choice === null ? null : { kind: 'choice', index: choice };
      case 'next':
        return event === null ? null : { kind: 'next', event: event as never };
    }
  };
  const current = response();
  const check = () => {
    if (!current) return;
    const fb = feedback(question, resolved, current, answerFacts, lang, answerText(question, lang));
    record(lessonId, stop, { correct: fb.correct, response: current });
    void recordLessonAnswer(lessonId, stop, stops, fb.correct);
    // Asked before the view showed it: now step to the event the answer was evaluated at.
    if (atStep !== null) show(atStep);
  };
  // Where the run is still recording, the player steps there once it is recorded (the panel says so).
  const show = (step: number) => goToLessonStep({ id: lessonId, stop, step, target: 'answer' });
  const atStep = (resolved.kind === 'files' || resolved.kind === 'number') && resolved.atStep !== undefined ? resolved.atStep : null;
  const shown = given ? feedback(question, resolved, given.response as Response, answerFacts, lang, answerText(question, lang)) : null;
  const name = `lesson-q-${key}`;

  return (
    <div className="lesson-question" data-testid="lesson-question">
      <p className="lesson-prompt">
        <strong>{t('lessonQuestion')}: </strong>
        {fill(question.prompt[lang], facts, lang)}
      </p>
      <div className="lesson-options">
        {resolved.kind === 'files' &&
          resolved.options.map((n) => (
            <label key={n} className="lesson-option">
              <input type="checkbox" checked={files.includes(n)} onChange={(e) => setFiles((f) => (e.target.checked ? [...f, n] : f.filter((x) => x !== n)))} data-testid={`lesson-file-${n}`} />
              {t('lessonSst', { n })}
            </label>
          ))}
        {resolved.kind === 'number' && (
          <label className="lesson-option">
            {t('lessonYourNumber')}{' '}
            <input type="number" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && check()} data-testid="lesson-number" />
          </label>
        )}
        {question.kind === 'choice' &&
          question.choices.map((c, i) => (
            <label key={i} className="lesson-option">
              <input type="radio" name={name} checked={choice === i} onChange={() => setChoice(i)} data-testid={`lesson-choice-${i}`} />
              {c.text[lang]}
            </label>
          ))}
        {resolved.kind === 'next' &&
          resolved.options.map((ev) => (
            <label key={ev} className="lesson-option">
              <input type="radio" name={name} checked={event === ev} onChange={() => setEvent(ev)} data-testid={`lesson-next-${ev}`} />
              <code>{ev}</code>
            </label>
          ))}
      </div>
      <button type="button" onClick={check} disabled={!current} data-testid="lesson-check">
        {t('lessonCheck')}
      </button>
      {shown && (
        <p className={shown.correct ? 'lesson-feedback right' : 'lesson-feedback wrong'} role="status" data-testid="lesson-feedback" data-correct={shown.correct}>
          {shown.text}
          {atStep !== null && (
            <button type="button" className="lesson-inline" onClick={() => show(atStep)} data-testid="lesson-show-answer">
              {t('lessonShowAnswer', { n: atStep })}
            </button>
          )}
          {resolved.kind === 'next' && (
            <button type="button" className="lesson-inline" onClick={() => show(resolved.atStep)} data-testid="lesson-show-next">
              {t('lessonShowNext')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
