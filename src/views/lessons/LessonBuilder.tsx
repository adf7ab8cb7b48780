/**
 * "Save as lesson" (for teachers): stops marked at chosen steps of the current run, each with a
 * highlighted region and a title and text in English and Chinese. Saving turns every stop into an
 * event anchor (src/lessons/buildLesson.ts), validates the lesson, adds it to this page's lessons
 * (in memory) and plays it at once; the file downloads for keeping.
 */
import { useState } from 'react';
import type { ScenarioProblem } from '../../engine';
import { buildLesson, type DraftStop } from '../../lessons/buildLesson';
import { HIGHLIGHT_TARGETS, type HighlightTarget, type Lesson } from '../../lessons/lessonSchema';
import { addUserLesson, isBuiltInLesson } from '../../app/lessons/lessonCatalog';
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
  const [title, setTitle] = useState({ en: '', zh: '' });
  const [stops, setStops] = useState<DraftStop[]>([]);
  const [problems, setProblems] = useState<ScenarioProblem[]>([]);
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
    const r = buildLesson({ id, number: 90, title, summary: title, stops: [...stops].sort((a, b) => a.step - b.step) }, s.scenario, events);
    setProblems(r.ok ? [] : r.problems);
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
      <button type="button" onClick={() => setStops([...stops, { step: cursor, highlight: 'narration', title: { en: '', zh: '' }, text: { en: '', zh: '' } }])} data-testid="lb-add-stop">
        {t('lbAddStop', { n: cursor })}
      </button>
      <ol className="lb-stops">
        {stops.map((s, i) => (
          <li key={i} data-testid={`lb-stop-${i}`}>
            <div className="lb-stop-head">
              <strong>{t('lbStop', { n: i + 1, step: s.step })}</strong>
              <label>
                {t('lbHighlight')}{' '}
                <select value={s.highlight} onChange={(e) => change(i, { highlight: e.target.value as HighlightTarget })} data-testid={`lb-highlight-${i}`}>
                  {HIGHLIGHT_TARGETS.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" onClick={() => setStops(stops.filter((_, k) => k !== i))}>
                {t('lbRemove')}
              </button>
            </div>
            <input placeholder={t('lbStopTitleEn')} aria-label={t('lbStopTitleEn')} value={s.title.en} onChange={(e) => change(i, { title: { ...s.title, en: e.target.value } })} data-testid={`lb-stop-title-en-${i}`} />
            <input placeholder={t('lbStopTitleZh')} aria-label={t('lbStopTitleZh')} value={s.title.zh} onChange={(e) => change(i, { title: { ...s.title, zh: e.target.value } })} data-testid={`lb-stop-title-zh-${i}`} />
            <textarea placeholder={t('lbStopTextEn')} aria-label={t('lbStopTextEn')} value={s.text.en} onChange={(e) => change(i, { text: { ...s.text, en: e.target.value } })} data-testid={`lb-stop-text-en-${i}`} />
            <textarea placeholder={t('lbStopTextZh')} aria-label={t('lbStopTextZh')} value={s.text.zh} onChange={(e) => change(i, { text: { ...s.text, zh: e.target.value } })} data-testid={`lb-stop-text-zh-${i}`} />
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
            addUserLesson(lesson);
            close(false);
            void openLessonStop(lesson.id, 0);
          }}
        >
          {t('lbSave')}
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
