/**
 * The lesson picker: where a first visit lands. Each lesson with its level, length and the
 * learner's progress (IndexedDB); the free simulator is one click away.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  allLessons,
  isBuiltInLesson,
  lessonById,
  onLessonCatalog,
  unreadableLessons,
} from '../../app/lessons/lessonCatalog';
import { deleteUserLesson } from '../../app/lessons/userLessonStore';
import type { Lesson } from '../../lessons/lessonSchema';
import { chooseFreeSimulator, openLessonStop } from '../../app/lessons/lessonNavigation';
import { onLessonProgress, readLessonProgress } from '../../app/lessons/lessonProgress';
import type { LessonProgressRecord } from '../../persistence';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { useFileDrop } from '../config/useFileDrop';
import { LessonImport, useLessonImport } from './LessonImport';
import { ALL_LESSONS, useLessonNotes } from '../../app/lessons/lessonNotesStore';
import { useLessonStatus } from '../../app/lessons/lessonStatus';
import './lessons.css';

/** The learner's progress per lesson, read while the picker is open. */
function useProgress(): ReadonlyMap<string, LessonProgressRecord> {
  const [progress, setProgress] = useState<ReadonlyMap<string, LessonProgressRecord>>(new Map());
  useEffect(() => {
    let live = true;
    const read = () => void readLessonProgress().then((p) => live && setProgress(p));
    read();
    const off = onLessonProgress(read);
    return () => {
      live = false;
      off();
    };
  }, []);
  return progress;
}

export function LessonPicker() {
  const open = useAppStore((s) => s.lessonPickerOpen);
  return open ? <OpenLessonPicker /> : <LessonPreparing />;
}

/**
 * A lesson opened without the picker (a deep link, the lesson panel) says it is being prepared.
 * The catalog is read only then: reading it validates every built-in lesson, ~10–20 ms of the
 * page's load when the closed picker read it at its first render (issue 17, a load task over 50 ms).
 */
function LessonPreparing() {
  const t = useT();
  const preparing = useLessonStatus((s) => s.preparing);
  const number = preparing ? lessonById(preparing.id)?.number : undefined;
  return number ? (
    <p className="lesson-preparing" role="status" data-testid="lesson-preparing">
      {t('lessonPreparing', { n: number })}
    </p>
  ) : null;
}

function OpenLessonPicker() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const setLang = useAppStore((s) => s.setLang);
  const progress = useProgress();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const lessons = useSyncExternalStore(onLessonCatalog, allLessons);
  const unreadable = useSyncExternalStore(onLessonCatalog, unreadableLessons);
  const importer = useLessonImport();
  const drop = useFileDrop((files) => {
    const [file] = files;
    if (files.length === 1 && file) importer.importFile(file);
    else importer.refuseMany(t('hlpDroppedOnPage'), t('lessonDropOne', { n: files.length }));
  });
  const start = (id: string, stop: number) => {
    setBusy(id);
    setFailed(null);
    openLessonStop(id, stop).then(
      () => setBusy(null),
      (e: unknown) => {
        setBusy(null);
        setFailed(e instanceof Error ? e.message : String(e));
      },
    );
  };
  const card = (l: Lesson) => {
    const p = progress.get(l.id);
    const asked = l.stops.filter((s) => s.question).length;
    return (
      <li key={l.id} className="lesson-card" data-testid={`lesson-card-${l.id}`}>
        <div className="lesson-card-head">
          <span className="lesson-card-number">{t('lessonNumber', { n: l.number })}</span>
          <span className={`lesson-level ${l.level}`}>
            {t(`lessonLevel_${l.level}` as MessageKey)}
          </span>
          <span className="lesson-minutes">{t('lessonMinutes', { n: l.minutes })}</span>
          {!isBuiltInLesson(l.id) && <span className="lesson-user">{t('lessonUserBadge')}</span>}
        </div>
        <h2>{l.title[lang]}</h2>
        <p>{l.summary[lang]}</p>
        <p className="lesson-card-progress" data-testid={`lesson-progress-${l.id}`}>
          {p && p.seen.length > 0
            ? t('lessonProgress', {
                seen: p.seen.filter((s) => s < l.stops.length).length,
                total: l.stops.length,
                right: p.right.length,
                asked,
              })
            : t('lessonProgressNone')}
        </p>
        <div className="lesson-card-actions">
          <button
            type="button"
            className="primary"
            onClick={() => start(l.id, 0)}
            disabled={busy !== null}
            data-testid={`lesson-start-${l.id}`}
          >
            {busy === l.id ? t('lessonLoading') : t('lessonStart')}
          </button>
          {!isBuiltInLesson(l.id) && (
            <button
              type="button"
              onClick={() => void deleteUserLesson(l.id)}
              title={t('lessonDeleteHint')}
              data-testid={`lesson-delete-${l.id}`}
            >
              {t('lessonDelete')}
            </button>
          )}
          {p && p.lastStop > 0 && p.lastStop < l.stops.length && (
            <button
              type="button"
              onClick={() => start(l.id, p.lastStop)}
              disabled={busy !== null}
              data-testid={`lesson-continue-${l.id}`}
            >
              {t('lessonContinue', { n: p.lastStop + 1 })}
            </button>
          )}
          <button type="button" onClick={() => useLessonNotes.getState().open(l.id)} title={t('notesPrintHint')} data-testid={`lesson-notes-${l.id}`}>
            {t('notesPrintOne')}
          </button>
        </div>
      </li>
    );
  };
  const yours = lessons.filter((l) => !isBuiltInLesson(l.id));
  return (
    <div
      className={drop.dragging ? 'lesson-picker dragging' : 'lesson-picker'}
      role="dialog"
      aria-modal="true"
      aria-labelledby="lesson-picker-title"
      data-testid="lesson-picker"
      {...drop.handlers}
    >
      <div className="lesson-picker-inner">
        <header className="lesson-picker-head">
          <h1 id="lesson-picker-title">Checkpoint Lab · {t('lessonPickerTitle')}</h1>
          <div className="lesson-picker-langs">
            <button
              type="button"
              aria-pressed={lang === 'en'}
              onClick={() => void setLang('en')}
              data-testid="picker-lang-en"
            >
              English
            </button>
            <button
              type="button"
              aria-pressed={lang === 'zh'}
              onClick={() => void setLang('zh')}
              data-testid="picker-lang-zh"
            >
              中文
            </button>
          </div>
        </header>
        <p className="lesson-picker-intro">{t('lessonPickerIntro')}</p>
        <button
          type="button"
          className="lesson-picker-sim"
          onClick={chooseFreeSimulator}
          data-testid="picker-simulator"
        >
          {t('lessonPickerSimulator')} →
        </button>
        <LessonImport importer={importer} />
        <button
          type="button"
          className="lesson-picker-write"
          onClick={() => {
            chooseFreeSimulator();
            useAppStore.getState().setLessonBuilderOpen(true);
          }}
          data-testid="picker-write-lesson"
        >
          {t('lbOpen')}
        </button>
        <button type="button" className="lesson-picker-notes" onClick={() => useLessonNotes.getState().open(ALL_LESSONS)} title={t('notesPrintHint')} data-testid="picker-print-notes">
          {t('notesPrintAll')}
        </button>
        {failed && (
          <p className="lesson-picker-failed" role="alert">
            {t('lessonFailed', { why: failed })}
          </p>
        )}
        <ol className="lesson-cards">{lessons.filter((l) => isBuiltInLesson(l.id)).map(card)}</ol>
        {(yours.length > 0 || unreadable.length > 0) && (
          <section
            className="lesson-yours"
            aria-labelledby="lesson-yours-title"
            data-testid="lesson-yours"
          >
            <h2 id="lesson-yours-title">{t('lessonYours')}</h2>
            {unreadable.map((u) => (
              <div
                key={u.key}
                className="lesson-picker-failed"
                role="alert"
                data-testid="lesson-unreadable"
              >
                {t('lessonUnreadable', { key: u.key })}
                <ul>
                  {u.problems.map((p) => (
                    <li key={p}>
                      <code>{p}</code>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <ol className="lesson-cards">{yours.map(card)}</ol>
          </section>
        )}
      </div>
    </div>
  );
}
