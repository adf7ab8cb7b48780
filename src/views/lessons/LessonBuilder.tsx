/**
 * "Save as lesson" (for teachers): stops marked at chosen steps of the current run, each with the
 * regions to highlight, a title and text in English and Chinese and optionally a question whose
 * answer the engine computes (previewed here). Saving turns every stop into an event anchor
 * (src/lessons/buildLesson.ts), validates the lesson, keeps it in IndexedDB ("Your lessons" in the
 * picker) and plays it at once; the file downloads too.
 */
import { useRef, useState } from 'react';
import type { ScenarioProblem } from '../../engine';
import { buildLesson, type AnswerPreview, type DraftStop } from '../../lessons/buildLesson';
import { previewOffThread } from '../../app/lessons/lessonResolverClient';
import { HIGHLIGHT_TARGETS, type Lesson } from '../../lessons/lessonSchema';
import { formatValue } from '../../lessons/template';
import { selectLang } from '../../store/selectors';
import type { MessageKey } from '../../i18n/messages';
import { LessonQuestionDraft } from './LessonQuestionDraft';
import { isBuiltInLesson } from '../../app/lessons/lessonCatalog';
import { keepUserLesson } from '../../app/lessons/userLessonStore';
import { openLessonStop } from '../../app/lessons/lessonNavigation';
import { lessonFileName, lessonFileText } from '../../app/lessons/importLesson';
import { downloadBlob } from '../../app/downloadJson';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { ProblemList } from '../config/ProblemList';
import './lessons.css';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'my-lesson';

export function LessonBuilder() {
  const t = useT();
  const open = useAppStore((s) => s.lessonBuilderOpen);
  const close = useAppStore((s) => s.setLessonBuilderOpen);
  const cursor = useAppStore((s) => s.cursor);
  const lang = useAppStore(selectLang);
  const [title, setTitle] = useState({ en: '', zh: '' });
  const [summary, setSummary] = useState({ en: '', zh: '' });
  const [level, setLevel] = useState<Lesson['level']>('beginner');
  const [minutes, setMinutes] = useState('');
  const [stops, setStops] = useState<DraftStop[]>([]);
  const [problems, setProblems] = useState<ScenarioProblem[]>([]);
  const [preview, setPreview] = useState<AnswerPreview[]>([]);
  const previews = useRef(0);
  if (!open) return null;
  const change = (i: number, patch: Partial<DraftStop>) => setStops(stops.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const build = (): Lesson | null => {
    const s = useAppStore.getState();
    if (s.timeline.interventions.length > 0) {
      setProblems([{ path: 'scenario', message: t('lbActions') }]);
      return null;
    }
    let id = `${slug(title.en)}-mine`;
    if (isBuiltInLesson(id)) id = `${id}-2`;
    const events = s.timeline.records().flatMap((r) => r.events);
    const m = Number(minutes);
    const sorted = [...stops].sort((a, b) => a.step - b.step);
    const r = buildLesson({ id, number: 90, title, summary, level, ...(minutes.trim() && Number.isFinite(m) ? { minutes: m } : {}), stops: sorted }, s.scenario, events);
    setProblems(r.ok ? [] : r.problems);
    // The engine's answers, shown under each question (indices of the sorted stops, mapped back),
    // computed in the lesson worker: it records the run again. A later check supersedes this one.
    const seq = ++previews.current;
    setPreview([]);
    if (r.ok)
      void previewOffThread(r.lesson, s.scenario).then(
        (answers) => seq === previews.current && setPreview(answers.map((p) => ({ ...p, stop: stops.indexOf(sorted[p.stop]!) }))),
        (e: unknown) => seq === previews.current && setPreview([{ stop: 0, problem: e instanceof Error ? e.message : String(e) }]),
      );
    return r.ok ? r.lesson : null;
  };
  return (
    <section className="panel lesson-builder" aria-labelledby="lesson-builder-title" data-testid="lesson-builder">
      <h2 id="lesson-builder-title">{t('lbTitle')}</h2>
      <p className="small muted">{t('lbNote')}</p>
      <label>
        {t('lbLessonTitleEn')}
        <input value={title.en} onChange={(e) => setTitle({ ...title, en: e.target.value })} data-testid="lb-title-en" />
      </label>
      <label>
        {t('lbLessonTitleZh')}
        <input value={title.zh} onChange={(e) => setTitle({ ...title, zh: e.target.value })} data-testid="lb-title-zh" />
      </label>
      <label>
        {t('lbSummaryEn')}
        <textarea value={summary.en} onChange={(e) => setSummary({ ...summary, en: e.target.value })} data-testid="lb-summary-en" />
      </label>
      <label>
        {t('lbSummaryZh')}
        <textarea value={summary.zh} onChange={(e) => setSummary({ ...summary, zh: e.target.value })} data-testid="lb-summary-zh" />
      </label>
      <div className="lb-stop-head">
        <label>
          {t('lbLevel')}{' '}
          <select value={level} onChange={(e) => setLevel(e.target.value as Lesson['level'])} data-testid="lb-level">
            {(['beginner', 'intermediate', 'advanced'] as const).map((l) => (
              <option key={l} value={l}>
                {t(`lessonLevel_${l}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lbMinutes')}{' '}
          <input type="number" min={1} max={120} value={minutes} placeholder={String(Math.max(1, stops.length * 2))} onChange={(e) => setMinutes(e.target.value)} data-testid="lb-minutes" />
        </label>
      </div>
      <button type="button" onClick={() => setStops([...stops, { step: cursor, highlight: ['narration'], title: { en: '', zh: '' }, text: { en: '', zh: '' } }])} data-testid="lb-add-stop">
        {t('lbAddStop', { n: cursor })}
      </button>
      <ol className="lb-stops">
        {stops.map((s, i) => (
          <li key={i} data-testid={`lb-stop-${i}`}>
            <div className="lb-stop-head">
              <strong>{t('lbStop', { n: i + 1, step: s.step })}</strong>
              <button type="button" onClick={() => setStops(stops.filter((_, k) => k !== i))}>
                {t('lbRemove')}
              </button>
            </div>
            <input placeholder={t('lbStopTitleEn')} aria-label={t('lbStopTitleEn')} value={s.title.en} onChange={(e) => change(i, { title: { ...s.title, en: e.target.value } })} data-testid={`lb-stop-title-en-${i}`} />
            <input placeholder={t('lbStopTitleZh')} aria-label={t('lbStopTitleZh')} value={s.title.zh} onChange={(e) => change(i, { title: { ...s.title, zh: e.target.value } })} data-testid={`lb-stop-title-zh-${i}`} />
            <textarea placeholder={t('lbStopTextEn')} aria-label={t('lbStopTextEn')} value={s.text.en} onChange={(e) => change(i, { text: { ...s.text, en: e.target.value } })} data-testid={`lb-stop-text-en-${i}`} />
            <textarea placeholder={t('lbStopTextZh')} aria-label={t('lbStopTextZh')} value={s.text.zh} onChange={(e) => change(i, { text: { ...s.text, zh: e.target.value } })} data-testid={`lb-stop-text-zh-${i}`} />
            <fieldset className="lb-highlights">
              <legend>{t('lbHighlight')}</legend>
              {HIGHLIGHT_TARGETS.map((h) => (
                <label key={h}>
                  <input
                    type="checkbox"
                    checked={s.highlight.includes(h)}
                    onChange={(e) => change(i, { highlight: e.target.checked ? [...s.highlight, h] : s.highlight.filter((x) => x !== h) })}
                    data-testid={`lb-highlight-${i}-${h}`}
                  />
                  {h}
                </label>
              ))}
            </fieldset>
            <LessonQuestionDraft index={i} question={s.question} onChange={(question) => change(i, { question })} />
            {preview
              .filter((p) => p.stop === i)
              .map((p) => (
                <p key={i} className={'problem' in p ? 'lb-answer wrong' : 'lb-answer'} data-testid={`lb-answer-${i}`}>
                  {'problem' in p ? t('lbPreviewProblem', { why: p.problem }) : p.atStep !== undefined ? t('lbPreviewAt', { answer: formatValue(p.answer, lang), n: p.atStep }) : t('lbPreview', { answer: formatValue(p.answer, lang) })}
                </p>
              ))}
          </li>
        ))}
      </ol>
      {problems.length > 0 && (
        <div className="lesson-import-refused" data-testid="lb-refused">
          <p>{t('lbRefused')}</p>
          <ProblemList problems={problems} testId="lb-problems" />
        </div>
      )}
      <div className="lesson-nav">
        <button
          type="button"
          className="primary"
          data-testid="lb-save"
          onClick={() => {
            const lesson = build();
            if (!lesson) return;
            void keepUserLesson(lesson);
            close(false);
            void openLessonStop(lesson.id, 0);
          }}
        >
          {t('lbSave')}
        </button>
        <button type="button" onClick={() => void build()} data-testid="lb-check-answers">
          {t('lbCheckAnswers')}
        </button>
        <button
          type="button"
          data-testid="lb-download"
          onClick={() => {
            const lesson = build();
            if (lesson) downloadBlob(lessonFileName(lesson), new Blob([lessonFileText(lesson)], { type: 'application/json' }));
          }}
        >
          {t('lbDownload')}
        </button>
        <button type="button" onClick={() => close(false)}>
          {t('lbClose')}
        </button>
      </div>
    </section>
  );
}
