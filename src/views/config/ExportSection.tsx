/**
 * Export the running scenario (not unapplied edits): as a .json file, or as a share link that
 * carries it in the URL's fragment. The link is shown in a read-only field too, so it can be
 * copied by hand where the clipboard is not available.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { downloadBlob } from '../../app/downloadJson';
import { scenarioFileName, scenarioJsonText } from '../../app/scenarioIo/exportScenario';
import { MAX_SHARE_HASH_CHARS } from '../../app/scenarioIo/limits';
import { shareUrl } from '../../app/scenarioIo/shareLink';
import { isBuiltInLesson } from '../../app/lessons/lessonCatalog';
import { lessonShareUrl, withoutLessonParams } from '../../app/lessons/lessonShareLink';

type CopyState = 'idle' | 'copied' | 'failed';

export function ExportSection() {
  const t = useT();
  const id = useId();
  const scenario = useAppStore((s) => s.scenario);
  const cursor = useAppStore((s) => s.cursor);
  const timeline = useAppStore((s) => s.timeline);
  const revision = useAppStore((s) => s.revision);
  const lesson = useAppStore((s) => s.lesson);
  const lessonId = lesson && isBuiltInLesson(lesson.id) ? lesson.id : null;
  const lessonStop = lesson?.stop ?? 0;
  // The link opens the same step of the same branch: the cursor and the UI's actions go with it.
  // In a lesson of the app it opens the same stop of the lesson instead.
  const link = useMemo(
    () =>
      lessonId !== null
        ? lessonShareUrl(window.location.href, lessonId, lessonStop)
        : shareUrl(scenario, withoutLessonParams(window.location.href), { cursor, interventions: [...timeline.interventions] }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the timeline mutates in place; revision says when
    [scenario, cursor, timeline, revision, lessonId, lessonStop],
  );
  const hashLength = link.includes('#') ? link.length - link.indexOf('#') : 0;
  const tooLong = hashLength > MAX_SHARE_HASH_CHARS;
  const [copy, setCopy] = useState<{ state: CopyState; link: string }>({ state: 'idle', link: '' });
  const linkField = useRef<HTMLInputElement>(null);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy({ state: 'copied', link });
    } catch {
      linkField.current?.select();
      setCopy({ state: 'failed', link });
    }
  };
  const copyState = copy.link === link ? copy.state : 'idle';
  return (
    <section className="io-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('ioExportTitle')}</h3>
      <p className="muted small">{t('ioExportNote')}</p>
      {lessonId !== null && (
        <p className="small" data-testid="io-lesson-link-note">
          {t('lessonShareNote')}
        </p>
      )}
      <div className="io-buttons">
        <button
          type="button"
          data-testid="io-download"
          onClick={() =>
            downloadBlob(
              scenarioFileName(scenario),
              // The file, like the link, opens the same step of the same branch.
              new Blob([scenarioJsonText(scenario, { cursor, interventions: [...timeline.interventions] })], {
                type: 'application/json',
              }),
            )
          }
        >
          {t('ioDownload')}
        </button>
        <button
          type="button"
          data-testid="io-copy-link"
          disabled={tooLong}
          onClick={() => void copyLink()}
        >
          {t('ioCopyLink')}
        </button>
      </div>
      {tooLong ? (
        <p className="io-refused" data-testid="io-link-too-long">
          {t('ioLinkTooLong', {
            n: hashLength.toLocaleString('en'),
            max: MAX_SHARE_HASH_CHARS.toLocaleString('en'),
          })}
        </p>
      ) : (
        <>
          <label htmlFor={`${id}-link`} className="io-label">
            {t('ioShareLink')}{' '}
            <span className="muted small">{t('ioLinkLength', { n: link.length })}</span>
          </label>
          <input
            id={`${id}-link`}
            ref={linkField}
            className="io-link"
            data-testid="io-link"
            readOnly
            value={link}
            onFocus={(e) => e.target.select()}
          />
          <p className="small" role="status">
            {copyState === 'copied' && t('ioCopied')}
            {copyState === 'failed' && t('ioCopyFailed')}
          </p>
        </>
      )}
    </section>
  );
}
