/**
 * The drill-down of one checkpoint: by subtask, the files it uploaded, reused and had deleted,
 * with sizes, plus its checkpointed and full size. Opened from the checkpoint table and the
 * timeline; Esc or Close shuts it and gives focus back to what opened it.
 */
import { useEffect, useRef } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { useViewState } from '../panelPace';
import { checkpointDetail, type DetailFile } from './checkpointDetail';
import { useCheckpointDetail } from './detailStore';
import './checkpoints.css';

/** `chk-3/8bfd238d-…` : the directory and the first block of the random name (the full path is the tooltip). */
function shortName(path: string): string {
  const [dir, name] = path.split('/').slice(-2);
  const head = (name ?? '').split('-')[0] ?? '';
  return `${dir}/${head}${head !== name ? '…' : ''}`;
}

function FileList({ files, testId }: { files: DetailFile[]; testId: string }) {
  const t = useT();
  if (files.length === 0) return <span className="muted">{t('cpDetailNone')}</span>;
  return (
    <ul className="cp-detail-files" data-testid={testId}>
      {files.map((f) => (
        <li key={f.path} data-path={f.path}>
          <code title={f.path}>{shortName(f.path)}</code> <span className="num">{formatBytes(f.size)}</span>
        </li>
      ))}
    </ul>
  );
}

export function CheckpointDetailPanel() {
  const t = useT();
  const openId = useCheckpointDetail((s) => s.openId);
  const close = useCheckpointDetail((s) => s.close);
  const timeline = useAppStore((s) => s.timeline);
  const cursor = useAppStore((s) => s.cursor);
  const state = useViewState();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (openId === null) return;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        e.preventDefault();
        close();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [openId, close]);
  if (openId === null) return null;
  const d = checkpointDetail(timeline.records(), cursor, state, openId);
  const what = d?.isSavepoint ? t('narSavepointCap') : t('narCheckpointCap');
  return (
    <div className="cp-detail" role="dialog" aria-modal="false" aria-labelledby="cp-detail-title" tabIndex={-1} ref={ref} data-testid="checkpoint-detail">
      <div className="cp-detail-head">
        <h2 id="cp-detail-title">{t('cpDetailTitle', { what, id: openId })}</h2>
        <button type="button" onClick={close} data-testid="checkpoint-detail-close">
          {t('cpDetailClose')} <kbd>Esc</kbd>
        </button>
      </div>
      {d && (
        <>
          <p className="cp-detail-sizes" data-testid="checkpoint-detail-sizes">
            {t('cpDetailSizes', { c: formatBytes(d.checkpointedSize), s: d.status === 'COMPLETED' ? formatBytes(d.stateSize) : '–' })}
          </p>
          {d.status === 'IN_PROGRESS' && <p className="note">{t('cpDetailPending')}</p>}
          <div className="cp-detail-scroll">
            <table className="data-table cp-detail-table">
              <thead>
                <tr>
                  <th>{t('task')}</th>
                  <th>{t('cpDetailUploaded')}</th>
                  <th>{t('cpDetailReused')}</th>
                  <th>{t('cpDetailDeleted')}</th>
                </tr>
              </thead>
              <tbody>
                {d.tasks.map((r) => (
                  <tr key={r.task} data-testid={`cp-detail-task-${r.task}`}>
                    <th scope="row">{r.task === 'jobmanager' ? t('cpDetailMetadata') : r.task}</th>
                    <td><FileList files={r.uploaded} testId="cp-detail-uploaded" /></td>
                    <td><FileList files={r.reused} testId="cp-detail-reused" /></td>
                    <td><FileList files={r.deleted} testId="cp-detail-deleted" /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p className="note">{t('cpDetailNote')}</p>
    </div>
  );
}
