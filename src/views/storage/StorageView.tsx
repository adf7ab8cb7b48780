/**
 * Remote checkpoint storage at the cursor, grouped by directory as Flink lays it out
 * (chk-<id> exclusive files, shared/, taskowned/, savepoints). Files written or deleted by the step at the
 * cursor are marked, so an upload or a discard is visible when stepping.
 */
import { useMemo, useRef } from 'react';
import { explainPath, getEntry, registryKeyForPath, type EngineState, type StoredFile } from '../../engine';
import { whyAlive } from './whyAlive';
import { useExplainedFile } from './useExplainedFile';
import { useT, type Translate } from '../../i18n/useT';
import { formatBytes } from '../format';
import { storageKindLabel } from '../i18nLabels/storageKind';
import { useViewEvents, useViewState } from '../panelPace';
import { useWindowedRows } from '../virtual/useWindowedRows';
import { storageRows } from './storageRows';

function directoryOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function shortDir(dir: string, jobId: string): string {
  return dir.startsWith(jobId) ? `…${dir.slice(jobId.length)}` : dir;
}

/** The registry's figure for a shared file: its reference count or its last-used checkpoint. */
function registryBadge(state: EngineState, path: string, t: Translate): string | null {
  const e = getEntry(state.registry, registryKeyForPath(path));
  if (!e) return null;
  return state.registry.model === 'refcount' ? t('refCountBadge', { n: e.referenceCount ?? 0 }) : t('lastUsedBadge', { n: e.lastUsedCheckpointId });
}

export function StorageView() {
  const t = useT();
  const [explained, toggleExplained] = useExplainedFile();
  const state = useViewState();
  const events = useViewEvents();
  const jobId = state.coordinator.jobId;
  const uploaded = useMemo(() => new Set(events.flatMap((e) => (e.type === 'file.uploaded' ? [e.path] : []))), [events]);
  const deleted = useMemo(() => events.flatMap((e) => (e.type === 'file.discarded' ? [e] : [])), [events]);
  const groups = useMemo(() => {
    const m = new Map<string, typeof state.storage.files[string][]>();
    for (const f of Object.values(state.storage.files)) {
      const d = directoryOf(f.path);
      if (!m.has(d)) m.set(d, []);
      m.get(d)!.push(f);
    }
    // Shared files first (what incremental checkpoints reuse), then task-owned materializations,
    // then checkpoint directories newest first, savepoints last.
    const rank = (d: string) => (d.endsWith('/shared') ? 0 : d.endsWith('/taskowned') ? 1 : d.startsWith('savepoints') ? 3 : 2);
    return [...m.entries()].sort(([a], [b]) => rank(a) - rank(b) || b.localeCompare(a, 'en', { numeric: true }));
  }, [state]);
  const total = Object.values(state.storage.files).reduce((n, f) => n + f.bytes.length, 0);
  // A big run (tens of thousands of files) is one windowed list of directory and file rows.
  const rows = useMemo(() => storageRows(groups), [groups]);
  const listRef = useRef<HTMLUListElement>(null);
  const win = useWindowedRows(listRef, rows.length, 20);
  const fileItem = (f: StoredFile, dir: string, index?: number) => (
    <li key={f.path} data-index={index} ref={index === undefined ? undefined : win.measure} className={index === undefined ? undefined : 'file-row'}>
      <button type="button" className={`file${uploaded.has(f.path) ? ' new' : ''}${explained === f.path ? ' selected' : ''}`} data-testid="stored-file" onClick={() => toggleExplained(f.path)} title={t('whyAlive')}>
        <span className="mono name" title={f.path}>
          {f.path.slice(dir.length + 1).slice(0, 18)}
        </span>
        <span className={`kind ${f.meta.kind}`} data-kind={f.meta.kind}>{storageKindLabel(t, f.meta.kind, f.meta.sst)}</span>
        <span className="muted">{f.meta.task}</span>
        <span className="muted">{registryBadge(state, f.path, t) ?? `cp ${f.meta.checkpointId}`}</span>
        <span className="num">{formatBytes(f.bytes.length)}</span>
      </button>
      {explained === f.path && (
        <p className="why" data-testid="why-alive">
          {whyAlive(explainPath(state.registry, f.path), t, f.meta)}
        </p>
      )}
    </li>
  );
  return (
    <section className="panel storage" aria-labelledby="storage-title" data-testid="storage-view">
      <h2 id="storage-title">
        {t('remoteStorage')} <span className="muted">{Object.keys(state.storage.files).length} {t('files')} · {formatBytes(total)}</span>
      </h2>
      <p className="muted small mono">
        {jobId}/ · {state.scenario.checkpointing.flinkVersion === '<=1.14' ? t('flinkVersionLegacy') : t('flinkVersionCurrent')} · {t('registryModel')}:{' '}
        {state.registry.model === 'refcount' ? t('registryRefcount') : t('registryLastUsed')}
      </p>
      {groups.length === 0 && deleted.length === 0 && <p className="muted">{t('storageEmpty')}</p>}
      {win.windowed ? (
        <ul className="storage-rows" ref={listRef}>
          <li aria-hidden="true" style={{ height: win.padding.top }} />
          {win.indices.map((i) => {
            const row = rows[i]!;
            return row.file ? (
              fileItem(row.file, row.dir, i)
            ) : (
              <li key={`dir:${row.dir}`} data-index={i} ref={win.measure} className="dir-name mono">
                {shortDir(row.dir, jobId)}/ <span className="muted">{row.count}</span>
              </li>
            );
          })}
          <li aria-hidden="true" style={{ height: win.padding.bottom }} />
        </ul>
      ) : groups.map(([dir, files]) => (
        <div key={dir} className="dir">
          <div className="dir-name mono">{shortDir(dir, jobId)}/</div>
          <ul>
            {files.map((f) => fileItem(f, dir))}
          </ul>
        </div>
      ))}
      {deleted.map((e) => (
        <p key={e.path} className="file deleted mono" data-testid="deleted-file">
          ✕ {shortDir(e.path, jobId)} — {e.reason}
        </p>
      ))}
    </section>
  );
}
