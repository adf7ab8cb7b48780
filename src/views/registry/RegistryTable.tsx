/**
 * The shared state registry as a table in the style of seed 002 (file, storage path, count or
 * last-used id, retained range), at the step the stage shows. Rows the step registered, changed
 * or deleted are marked, so stepping through a checkpoint's completion shows references being
 * added and dropped and files leaving storage. Clicking a row says why the file is still alive.
 */
import { selectStepBeforeShown } from '../usePrefersReducedMotion';
import { useMemo, useRef } from 'react';
import { explainPath } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectContentKey } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { storageKindLabel } from '../i18nLabels/storageKind';
import { useViewCursor, useViewEvents, useViewState } from '../panelPace';
import { whyAlive } from '../storage/whyAlive';
import { useExplainedFile } from '../storage/useExplainedFile';
import { formatRetained, lineageByPath, registryRows, type RegistryRow } from './registryRows';
import './registry.css';
import { TermText } from '../glossary/Term';
import { useWindowedRows } from '../virtual/useWindowedRows';
import { SpacerRow } from '../virtual/SpacerRow';

function FileCell({ r }: { r: RegistryRow }) {
  const t = useT();
  if (r.file.kind === 'sst' && r.file.sst !== null) {
    const lineage = r.file.inputs.length > 0 ? ` (${r.file.inputs.join(',')})` : '';
    return (
      <span className="mono" title={r.file.localName}>
        {t('rgSst', { n: r.file.sst })}
        {lineage}
      </span>
    );
  }
  return <span className="mono">{storageKindLabel(t, r.file.kind, null)}</span>;
}

export function RegistryTable() {
  const t = useT();
  const state = useViewState();
  const cursor = useViewCursor();
  const events = useViewEvents();
  const timeline = useAppStore((s) => s.timeline);
  const revision = useAppStore(selectContentKey);
  const [chosen, toggleExplained] = useExplainedFile();
  // Uploads (with their compaction inputs) of the whole recording. A branch changes the Timeline
  // in place, so `revision` (bumped by every re-recording or branch) is what says to recompute.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const lineage = useMemo(() => lineageByPath(timeline.records().map((r) => r.events)), [timeline, revision]);
  // The step before says what this step changed: no change marks while playing fast or catching up after it (selectStepBeforeShown).
  const marked = useAppStore(selectStepBeforeShown);
  const before = cursor > 0 && marked ? timeline.stateAt(cursor - 1) : null;
  const rows = useMemo(() => registryRows(state, before, events, lineage), [state, before, events, lineage]);
  // Explained only while the file is in the table or in storage at this step.
  const explained = chosen !== null && (rows.some((r) => r.path === chosen) || chosen in state.storage.files) ? chosen : null;
  // Tens of thousands of shared files in a big run: only the rows near the visible part render.
  const tableRef = useRef<HTMLTableElement>(null);
  const win = useWindowedRows(tableRef, rows.length, 21);
  const refcount = state.registry.model === 'refcount';
  const retained = state.coordinator.completed.map((c) => c.id);
  // `shared/8f9ec6f5…`: enough to tell files apart on a projector; the full path is the tooltip.
  const shortPath = (p: string) => {
    const rel = p.slice(state.coordinator.jobId.length + 1);
    const slash = rel.lastIndexOf('/');
    return rel.length - slash > 10 ? `${rel.slice(0, slash + 9)}…` : rel;
  };

  return (
    <div className="registry-table" data-testid="registry-table">
      <p className="muted small">
        <TermText text={refcount ? t('rgModelRefcount') : t('rgModelLastUsed')} /> ·{' '}
        <TermText text={t('rgRetained', { ids: retained.length ? retained.join(', ') : '–', n: state.scenario.checkpointing.numRetained })} />
      </p>
      {rows.length === 0 ? (
        <p className="muted">{t('rgEmpty')}</p>
      ) : (
        <table className="state-table" ref={tableRef}>
          <thead>
            <tr>
              <th>{t('rgFile')}</th>
              <th>{t('rgPath')}</th>
              <th className="num">{refcount ? t('rgCount') : t('rgLastUsed')}</th>
              <th className="rg-range">{t('rgRetainedBy')}</th>
            </tr>
          </thead>
          <tbody>
            <SpacerRow height={win.padding.top} cols={4} />
            {win.indices.map((i) => rows[i]!).map((r, n) => (
              <tr
                key={r.key}
                data-index={win.windowed ? win.indices[n] : undefined}
                ref={win.windowed ? win.measure : undefined}
                className={`rg-row${r.change ? ` rg-${r.change}` : ''}${explained === r.path ? ' selected' : ''}`}
                data-testid="registry-row"
                data-change={r.change ?? ''}
                tabIndex={0}
                aria-expanded={explained === r.path}
                title={r.change === 'deleted' ? (r.reason ?? '') : t('whyAlive')}
                onClick={() => toggleExplained(r.path)}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.stopPropagation();
                  toggleExplained(r.path);
                }}
              >
                <td>
                  <FileCell r={r} /> <span className="muted small">{r.task}</span>
                </td>
                <td className="rg-path mono small" title={r.path}>
                  <span className="rg-path-text">{shortPath(r.path)}</span>{' '}
                  <span className="muted">{formatBytes(r.sizeBytes)}</span>
                </td>
                <td className="num">{refcount ? (r.referenceCount ?? 0) : r.lastUsed}</td>
                <td>{r.change === 'deleted' ? t('rgDeleted') : formatRetained(r.retainedBy)}</td>
              </tr>
            ))}
            <SpacerRow height={win.padding.bottom} cols={4} />
          </tbody>
        </table>
      )}
      {explained && (
        <p className="why" data-testid="registry-why">
          {whyAlive(explainPath(state.registry, explained), t)}
        </p>
      )}
      <p className="muted small">{t('rgLegend')}</p>
    </div>
  );
}
