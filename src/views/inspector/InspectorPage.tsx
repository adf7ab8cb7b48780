/**
 * The inspector mode (`?inspect`): open a real Flink `_metadata`, a checkpoint folder or a job's
 * checkpoint folder (folder picker, file picker, or a drop of files and folders anywhere on the
 * page) and see what the CLI's table shows: per checkpoint its properties, operators and files;
 * across checkpoints the shared files, the missing and the unreferenced ones. Read in the browser.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useT } from '../../i18n/useT';
import { LanguageSwitch } from '../header/LanguageSwitch';
import { useInspector } from '../../app/inspector/inspectorStore';
import { fromDataTransfer, fromFileList } from '../../app/inspector/pickedFiles';
import type { FolderReport } from '../../inspector/folder';
import { formatBytes } from '../format';
import { CheckpointDetail } from './CheckpointDetail';
import { AcrossCheckpoints } from './AcrossCheckpoints';
import { SimulateLikeThis } from './SimulateLikeThis';
import { typeLabel } from './labels';
import './inspector.css';


const carriesFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

function CheckpointList({ report, selected, onSelect }: { report: FolderReport; selected: number; onSelect: (i: number) => void }) {
  const t = useT();
  return (
    <table className="state-table ins-checkpoints" data-testid="ins-checkpoints">
      <thead>
        <tr>
          <th>{t('insColDir')}</th>
          <th className="num">{t('insColId')}</th>
          <th className="num">{t('insColVersion')}</th>
          <th>{t('insColType')}</th>
          <th>{t('insColMode')}</th>
          <th className="num">{t('insColFiles')}</th>
          <th className="num">{t('insColTotal')}</th>
        </tr>
      </thead>
      <tbody>
        {report.checkpoints.map((c, i) => (
          <tr
            key={`${c.dir}/${c.checkpointId}`}
            className={i === selected ? 'selected' : undefined}
            aria-selected={i === selected}
            tabIndex={0}
            onClick={() => onSelect(i)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onSelect(i))}
            data-testid={`ins-checkpoint-${c.checkpointId}`}
          >
            <td>{c.dir || '.'}</td>
            <td className="num">{c.checkpointId}</td>
            <td className="num">v{c.metadataVersion}</td>
            <td>{typeLabel(t, c)}</td>
            <td>{c.incremental ? t('insIncremental') : t('insFull')}</td>
            <td className="num">{c.files.length}</td>
            <td className="num">{formatBytes(c.totalBytes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Report({ name, report }: { name: string; report: FolderReport }) {
  const t = useT();
  const [selected, setSelected] = useState(report.checkpoints.length - 1);
  const c = report.checkpoints[Math.min(selected, report.checkpoints.length - 1)];
  const layout = report.layout === 'metadata file' ? t('insLayoutFile') : report.layout === 'job folder' ? t('insLayoutJob') : t('insLayoutCheckpoint');
  return (
    <div className="ins-report" data-testid="ins-report">
      <p className="ins-summary" data-testid="ins-summary">
        {t('insSummary', { layout, name, n: report.checkpoints.length })}
      </p>
      {report.unreadable.length > 0 && (
        <div className="ins-errors" role="alert" data-testid="ins-unreadable">
          {report.unreadable.map((u) => (
            <p key={u.path}>{t('insUnreadable', { path: u.path, offset: u.offset, message: u.message })}</p>
          ))}
          {report.checkpoints.length > 0 && <p className="small">{t('insUnreadableNote')}</p>}
        </div>
      )}
      {c && (
        <>
          <section className="ins-card" aria-label={t('insCheckpoints')}>
            <h3>{t('insCheckpoints')}</h3>
            <CheckpointList report={report} selected={selected} onSelect={setSelected} />
          </section>
          <div className="ins-two">
            <CheckpointDetail key={`${c.dir}/${c.checkpointId}`} c={c} />
            <SimulateLikeThis c={c} />
          </div>
        </>
      )}
      {report.checkpoints.length > 0 && <AcrossCheckpoints report={report} />}
    </div>
  );
}

export function InspectorPage() {
  const t = useT();
  const { status, hide, openPicked } = useInspector();
  const folderInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  useEffect(() => {
    // React has no prop for it: the folder picker.
    folderInput.current?.setAttribute('webkitdirectory', '');
  }, []);
  const onPicked = (files: FileList | null, input: HTMLInputElement) => {
    if (!files || files.length === 0) return;
    const picked = fromFileList(files);
    input.value = '';
    void openPicked(picked, picked[0]?.path.split('/')[0]);
  };
  return (
    <div
      className="inspector-page"
      data-testid="inspector"
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current++;
        setDragging(true);
      }}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setDragging(false);
        const first = e.dataTransfer.files[0]?.name;
        void openPicked(fromDataTransfer(e.dataTransfer), first);
      }}
    >
      <header className="app-header">
        <div className="brand">
          <h1>{t('insTitle')}</h1>
          <p className="tagline" title={t('insTagline')}>
            {t('insTagline')}
          </p>
        </div>
        <div className="header-tools">
          <button type="button" onClick={() => folderInput.current?.click()} data-testid="ins-open-folder">
            {t('insOpenFolder')}
          </button>
          <button type="button" onClick={() => filesInput.current?.click()} data-testid="ins-open-files">
            {t('insOpenFiles')}
          </button>
          <input ref={folderInput} type="file" multiple hidden data-testid="ins-folder-input" onChange={(e) => onPicked(e.target.files, e.target)} />
          <input ref={filesInput} type="file" multiple hidden data-testid="ins-files-input" onChange={(e) => onPicked(e.target.files, e.target)} />
          <LanguageSwitch />
          <button type="button" onClick={hide} data-testid="ins-back">
            {t('insBack')}
          </button>
        </div>
      </header>
      <main className="ins-body">
        <p className={dragging ? 'ins-drop dragging' : 'ins-drop'} data-testid="ins-drop">
          {t('insDropHint')}
        </p>
        {status.kind === 'idle' && <p className="muted">{t('insEmpty')}</p>}
        {status.kind === 'reading' && <p className="muted">{t('insReading', { name: status.name })}</p>}
        {status.kind === 'failed' && (
          <p className="ins-errors" role="alert" data-testid="ins-failed">
            {t(status.key, status.params)}
          </p>
        )}
        {status.kind === 'ready' && <Report key={status.id} name={status.name} report={status.report} />}
      </main>
    </div>
  );
}
