/**
 * Importing a lesson file on the lesson picker: a file button, and drops anywhere on the picker
 * (the picker takes the drop before the page's scenario drop sees it). A refused file is listed
 * with its field paths and changes nothing; an accepted one joins the picker's list.
 */
import { useEffect, useRef, useState } from 'react';
import type { ScenarioProblem } from '../../engine';
import { importLessonFile, type LessonFile } from '../../app/lessons/importLesson';
import { useT } from '../../i18n/useT';
import { FilePickButton } from '../common/FilePickButton';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { ProblemList } from '../config/ProblemList';

type Status = { kind: 'reading'; name: string } | { kind: 'refused'; name: string; problems: ScenarioProblem[] } | { kind: 'imported'; title: { en: string; zh: string } } | null;

export interface LessonImporter {
  status: Status;
  importFile: (file: LessonFile) => void;
  refuseMany: (name: string, message: string) => void;
}

export function useLessonImport(): LessonImporter {
  const [status, setStatus] = useState<Status>(null);
  const ticket = useRef(0);
  useEffect(
    () => () => {
      ticket.current++;
    },
    [],
  );
  return {
    status,
    importFile: (file) => {
      const mine = ++ticket.current;
      setStatus({ kind: 'reading', name: file.name });
      void importLessonFile(file).then((r) => {
        // Only the newest of overlapping imports reports.
        if (mine !== ticket.current) return;
        setStatus(r.ok ? { kind: 'imported', title: r.lesson.title } : { kind: 'refused', name: file.name, problems: r.problems });
      });
    },
    refuseMany: (name, message) => {
      ticket.current++;
      setStatus({ kind: 'refused', name, problems: [{ path: '(document)', message }] });
    },
  };
}

export function LessonImport({ importer }: { importer: LessonImporter }) {
  const t = useT();
  const lang = useAppStore(selectLang);
  const { status } = importer;
  return (
    <div className="lesson-import" data-testid="lesson-import">
      <FilePickButton label={t('lessonImport')} hint={t('lessonImportDrop')} onFile={importer.importFile} buttonTestId="lesson-import-button" inputTestId="lesson-import-file" />
      <div role="status" className="lesson-import-status" data-testid="lesson-import-status">
        {status?.kind === 'reading' && <p>{t('lessonImportReading', { name: status.name })}</p>}
        {status?.kind === 'imported' && <p className="lesson-import-ok">{t('lessonImported', { title: status.title[lang] })}</p>}
        {status?.kind === 'refused' && (
          <div className="lesson-import-refused" data-testid="lesson-import-refused">
            <p>{t('lessonImportRefused', { name: status.name })}</p>
            <ProblemList problems={status.problems} testId="lesson-import-problems" />
          </div>
        )}
      </div>
    </div>
  );
}
