/**
 * The printable lesson notes (issue 15 §5): a teacher's handout of one lesson or all of them,
 * previewed on screen and printed with the browser's print dialog (lessonNotes.css: one page per
 * lesson, nothing of the simulator around it). Every text is the player's, filled from the
 * lesson's recorded run in the current language; the answers are the engine's.
 */
import { memo, useEffect } from 'react';
import { ALL_LESSONS, notesRequested, useLessonNotes, type NotesEntry } from '../../app/lessons/lessonNotesStore';
import { lessonNotes, type NoteFigure } from '../../lessons/lessonNotes';
import type { Fact } from '../../lessons/lessonSchema';
import type { Lang } from '../../lessons/template';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { useT, type Translate } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import './lessonNotes.css';

// Partial: a fact kind added later without a label shows its placeholder name instead.
const FACT_LABEL: Partial<Record<Fact['fact'], MessageKey>> = {
  anchor: 'notesFact_anchor',
  eventField: 'notesFact_eventField',
  count: 'notesFact_count',
  uploadedSsts: 'notesFact_uploadedSsts',
  sharedSsts: 'notesFact_sharedSsts',
  referenceCount: 'notesFact_referenceCount',
  lastUsedCheckpointId: 'notesFact_lastUsedCheckpointId',
  retainedCheckpoints: 'notesFact_retainedCheckpoints',
  deletedSsts: 'notesFact_deletedSsts',
  materializationOf: 'notesFact_materializationOf',
  changeSetsOf: 'notesFact_changeSetsOf',
  changelogLowestSqn: 'notesFact_changelogLowestSqn',
  sum: 'notesFact_sum',
  rewoundRecords: 'notesFact_rewoundRecords',
  keyGroupRange: 'notesFact_keyGroupRange',
  restoredEntries: 'notesFact_restoredEntries',
  restoredFileCount: 'notesFact_restoredFileCount',
  sinkDuplicates: 'notesFact_sinkDuplicates',
  reusedSsts: 'notesFact_reusedSsts',
  reusedBytes: 'notesFact_reusedBytes',
};

// The event fields lessons quote most, in words; any other shows as the field's name.
const FIELDS = ['checkpointId', 'checkpointedSize', 'stateSize', 'atMs', 'task', 'bytes', 'size', 'inputs', 'outputs', 'durationMs', 'bytesWritten', 'materializationId', 'uploadedBytes', 'upToSqn'] as const;
function fieldName(field: string, t: Translate): string {
  return (FIELDS as readonly string[]).includes(field) ? t(`notesField_${field}` as MessageKey) : field;
}

/** What a figure is, in words: the fact's kind with its checkpoint, SST, task or event. */
function figureLabel(f: NoteFigure, t: Translate): string {
  if (f.source.kind === 'anchor') return t('notesFact_anchor', { field: fieldName(f.source.field, t), event: f.source.event });
  const fact = f.source.fact as Record<string, unknown> & Fact;
  const key = FACT_LABEL[fact.fact];
  if (!key) return f.name;
  const select = fact.select as { event?: string } | undefined;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries({ cp: fact.checkpointId, sst: fact.sst, task: fact.task ?? 'count#0', event: fact.event ?? select?.event ?? f.anchorEvent, field: typeof fact.field === 'string' ? fieldName(fact.field, t) : undefined }))
    if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  return t(key, params);
}

// Memoized: while later lessons are prepared, the sections already shown are not rendered again.
const LessonSection = memo(function LessonSection({ entry, lang, t }: { entry: NotesEntry; lang: Lang; t: Translate }) {
  const { lesson } = entry;
  const head = (
    <header className="notes-lesson-head">
      <p className="notes-lesson-meta">
        {t('lessonNumber', { n: lesson.number })} · {t(`lessonLevel_${lesson.level}` as MessageKey)} · {t('lessonMinutes', { n: lesson.minutes })}
      </p>
      <h2 data-testid="notes-lesson-title">{lesson.title[lang]}</h2>
      <p className="notes-summary">{lesson.summary[lang]}</p>
    </header>
  );
  if ('error' in entry)
    return (
      <section className="notes-lesson" data-testid={`notes-lesson-${lesson.id}`}>
        {head}
        <p role="alert">{t('notesFailed', { n: lesson.number, why: entry.error })}</p>
      </section>
    );
  const notes = lessonNotes(lesson, entry.run.stops, lang);
  const figures = notes.stops.flatMap((s) => s.figures);
  return (
    <section className="notes-lesson" data-testid={`notes-lesson-${lesson.id}`}>
      {head}
      <ol className="notes-stops">
        {notes.stops.map((s) => (
          <li key={s.number} className="notes-stop" data-testid="notes-stop">
            <h3>
              <span className="notes-stop-n">{t('notesStop', { n: s.number })}</span> {s.title}
            </h3>
            <p>{s.text}</p>
            {s.question && (
              <div className="notes-question">
                <p>
                  <strong>{t('notesQuestion')}</strong>
                  {s.question.prompt}
                </p>
                <p data-testid="notes-answer">
                  <strong>{t('notesAnswer')}</strong>
                  <span className="notes-answer">{s.question.answer}</span>
                </p>
                <p>
                  <strong>{t('notesWhy')}</strong>
                  {s.question.explain}
                </p>
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className="notes-figures">
        <h3>{t('notesFigures')}</h3>
        {figures.length === 0 ? (
          <p>{t('notesNoFigures')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('notesFigureStop')}</th>
                <th scope="col">{t('notesFigureWhat')}</th>
                <th scope="col">{t('notesFigureValue')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.map((f) => (
                <tr key={`${f.stop}:${f.name}`}>
                  <td>{f.stop}</td>
                  <td>{figureLabel(f, t)}</td>
                  <td className="notes-figure-value">{f.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <p className="notes-footnote">{t('notesNote')}</p>
    </section>
  );
});

export function LessonNotes() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const setLang = useAppStore((s) => s.setLang);
  const { target, status, open, close } = useLessonNotes();
  // A bookmarked handout (`?notes=all`) opens on load.
  useEffect(() => {
    const asked = notesRequested(window.location.search);
    if (asked !== null) useLessonNotes.getState().open(asked);
  }, []);
  if (target === null || status === null) return null;
  const single = status.kind === 'ready' && target !== ALL_LESSONS ? status.entries[0]?.lesson : undefined;
  return (
    <div className="lesson-notes" role="dialog" aria-modal="true" aria-labelledby="notes-title" data-testid="lesson-notes" data-status={status.kind}>
      <div className="notes-toolbar">
        <h1 id="notes-title">{single ? t('notesTitleOne', { n: single.number }) : t('notesTitleAll')}</h1>
        <div className="notes-langs">
          <button type="button" aria-pressed={lang === 'en'} onClick={() => void setLang('en')} data-testid="notes-lang-en">
            English
          </button>
          <button type="button" aria-pressed={lang === 'zh'} onClick={() => void setLang('zh')} data-testid="notes-lang-zh">
            中文
          </button>
        </div>
        <button type="button" className="primary" onClick={() => window.print()} disabled={status.kind !== 'ready'} data-testid="notes-print">
          {t('notesPrint')}
        </button>
        <button type="button" onClick={close} data-testid="notes-close">
          {t('notesClose')}
        </button>
      </div>
      {status.kind === 'preparing' && (
        <p className="notes-progress" role="status" data-testid="notes-progress">
          {t('notesPreparing', { n: status.done + 1, m: status.total })}
          <progress max={status.total} value={status.done} />
        </p>
      )}
      {status.kind === 'unknown' && (
        <p role="alert">
          {t('lessonFailed', { why: status.target })}{' '}
          <button type="button" onClick={() => open(ALL_LESSONS)}>
            {t('notesPrintAll')}
          </button>
        </p>
      )}
      {status.kind === 'ready' && (
        <p className="notes-timing" data-testid="notes-timing" data-total-ms={Math.round(status.totalMs)} data-longest-ms={Math.round(status.longestMs)}>
          {t('notesPrepared', { m: status.entries.length, ms: Math.round(status.totalMs), longest: Math.round(status.longestMs) })}
        </p>
      )}
      {status.kind !== 'unknown' && (
        <div className="notes-pages">
          {status.entries.map((e) => (
            <LessonSection key={e.lesson.id} entry={e} lang={lang} t={t} />
          ))}
        </div>
      )}
    </div>
  );
}
