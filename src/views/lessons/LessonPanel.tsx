/**
 * The open lesson: stop N of M, the stop's text filled with the run's facts, its question,
 * previous/next, "back to the lesson's path" after free exploration, restart, all lessons, leave.
 */
import { knownLessonRun } from '../../app/lessons/lessonRuns';
import { backToLessonPath, exitLesson, moveLessonStop, onLessonPath, openLessonPicker, restartLesson } from '../../app/lessons/lessonNavigation';
import { lessonById } from '../../app/lessons/lessonCatalog';
import { fill } from '../../lessons/template';
import { downloadBlob } from '../../app/downloadJson';
import { lessonFileName, lessonFileText } from '../../app/lessons/importLesson';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { LessonQuestion } from './LessonQuestion';
import { useLessonNotes } from '../../app/lessons/lessonNotesStore';
import { useLessonHighlight } from './useLessonHighlight';
import { arrivingAt, useLessonStatus } from '../../app/lessons/lessonStatus';
import './lessons.css';

export function LessonPanel() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const active = useAppStore((s) => s.lesson);
  const onPath = useAppStore(onLessonPath);
  const arriving = useLessonStatus((s) => s.arriving);
  const lesson = active ? lessonById(active.id) : undefined;
  const run = active ? knownLessonRun(active.id) : undefined;
  const stop = active && lesson ? lesson.stops[active.stop] : undefined;
  // The run still recording up to this stop (or its answer): say so; the question waits for the stop.
  const waiting = active && arriving && arriving.id === active.id && arriving.stop === active.stop ? arriving : null;
  const waitingForStop = active !== null && arrivingAt({ preparing: null, arriving }, active.id, active.stop);
  // Scrolled to once more when the stop arrives: the views have grown around the marks meanwhile.
  useLessonHighlight(stop?.highlight ?? null, active ? `${active.id}#${active.stop}${waitingForStop ? '#waiting' : ''}` : '');
  if (!active || !lesson || !run || !stop) return null;
  const resolved = run.stops[active.stop]!;
  const n = active.stop + 1;
  const m = lesson.stops.length;
  return (
    <section className="panel lesson-panel" aria-labelledby="lesson-stop-title" data-testid="lesson-panel" data-lesson={lesson.id} data-stop={n} aria-busy={waiting ? true : undefined}>
      <header className="lesson-head">
        <span className="lesson-name">
          {t('lessonNumber', { n: lesson.number })} · {lesson.title[lang]}
        </span>
        <span className="lesson-count" data-testid="lesson-stop-count">
          {t('lessonStopOf', { n, m })}
        </span>
      </header>
      <h2 id="lesson-stop-title" className="lesson-stop-title" data-testid="lesson-stop-title">
        {fill(stop.title[lang], resolved.facts, lang)}
      </h2>
      <p className="lesson-text" data-testid="lesson-text">
        {fill(stop.text[lang], resolved.facts, lang)}
      </p>
      {waiting && (
        <p className="lesson-waiting" role="status" data-testid="lesson-waiting" data-target={waiting.target}>
          {t(waiting.target === 'stop' ? 'lessonWaitingStop' : 'lessonWaitingAnswer', { n: waiting.step })}
        </p>
      )}
      {!waitingForStop && stop.question && resolved.question && (
        <LessonQuestion key={`${lesson.id}#${active.stop}`} lessonId={lesson.id} stop={active.stop} question={stop.question} resolved={resolved.question} facts={resolved.facts} answerFacts={resolved.answerFacts} lang={lang} stops={m} />
      )}
      {!onPath && !waiting && (
        <button type="button" className="lesson-back" onClick={backToLessonPath} title={t('lessonBackHint')} data-testid="lesson-back">
          {t('lessonBack')}
        </button>
      )}
      {n === m && <p className="lesson-done">{t('lessonDone')}</p>}
      <nav className="lesson-nav">
        <button type="button" onClick={() => moveLessonStop(-1)} disabled={n === 1} title={t('lessonPrevHint')} data-testid="lesson-prev">
          ‹ {t('lessonPrev')}
        </button>
        <button type="button" onClick={() => moveLessonStop(1)} disabled={n === m} title={t('lessonNextHint')} data-testid="lesson-next" className="primary">
          {t('lessonNext')} ›
        </button>
        <button type="button" onClick={restartLesson} data-testid="lesson-restart">
          {t('lessonRestart')}
        </button>
        <button type="button" onClick={openLessonPicker} data-testid="lesson-all">
          {t('lessonAll')}
        </button>
        <button type="button" onClick={exitLesson} data-testid="lesson-exit">
          {t('lessonExit')}
        </button>
        {/* For teachers: the lesson as a file, to adapt, commit to lessons/ or import elsewhere. */}
        <button type="button" onClick={() => downloadBlob(lessonFileName(lesson), new Blob([lessonFileText(lesson)], { type: 'application/json' }))} data-testid="lesson-download">
          {t('lessonDownload')}
        </button>
        <button type="button" onClick={() => useLessonNotes.getState().open(lesson.id)} title={t('notesPrintHint')} data-testid="lesson-print-notes">
          {t('notesPrintOne')}
        </button>
      </nav>
      <p className="lesson-note">{t('lessonNote')}</p>
    </section>
  );
}
