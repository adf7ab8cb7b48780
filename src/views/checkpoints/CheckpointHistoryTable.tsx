/**
 * The checkpoint history table, named as Flink's REST API names the figures (checkpointed_size,
 * state_size, end-to-end duration). It draws rows only (historyRows.ts), so the simulator's
 * history and a JobManager's REST statistics share it; a source adds columns of its own with
 * `extra`. Clicking a row calls `onJump` (from the keyboard: the button in the row's first cell);
 * the ⋯ button calls `onDetail`.
 */
import { useRef, type ReactNode } from 'react';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { selectLang } from '../../store/selectors';
import { formatBytes } from '../format';
import { statusGloss, type FlinkStatusName } from '../i18nLabels/storageKind';
import type { HistoryRow } from './historyRows';
import { useWindowedRows } from '../virtual/useWindowedRows';
import { SpacerRow } from '../virtual/SpacerRow';

const BADGE: Record<FlinkStatusName, string> = {
  COMPLETED: 'completed',
  SUBSUMED: 'subsumed',
  FAILED: 'failed',
  IN_PROGRESS: 'progress',
};

export interface ExtraColumn {
  key: string;
  head: ReactNode;
  /** Right-aligned figures. */
  num?: boolean;
  cell: (row: HistoryRow) => ReactNode;
}

export function CheckpointHistoryTable(props: {
  rows: readonly HistoryRow[];
  extra?: readonly ExtraColumn[];
  /** Label of the row's jump button (what clicking the row does). */
  jumpLabel: (id: number) => string;
  detailLabel: (id: number) => string;
  onJump: (id: number) => void;
  onDetail: (id: number, from: HTMLElement) => void;
  selected?: number | null;
}) {
  const t = useT();
  const lang = useAppStore(selectLang);
  const extra = props.extra ?? [];
  // Hundreds of checkpoints in a big run: only the rows near the visible part render.
  const tableRef = useRef<HTMLTableElement>(null);
  const win = useWindowedRows(tableRef, props.rows.length, 25);
  const cols = 6 + extra.length;
  return (
    <table className="data-table" ref={tableRef}>
      <thead>
        <tr>
          <th>ID</th>
          <th>{t('status')}</th>
          <th className="num">{t('duration')}</th>
          <th className="num" title="checkpointed_size">{t('checkpointedSize')}</th>
          <th className="num" title="state_size">{t('stateSize')}</th>
          <th className="num">{t('acks')}</th>
          {extra.map((c) => (
            <th key={c.key} className={c.num ? 'num' : undefined}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <SpacerRow height={win.padding.top} cols={cols} />
        {win.indices.map((i) => {
          const h = props.rows[i]!;
          const gloss = statusGloss(t, lang, h.status);
          return (
            <tr
              key={h.id}
              data-index={win.windowed ? i : undefined}
              ref={win.windowed ? win.measure : undefined}
              className={`clickable${props.selected === h.id ? ' selected' : ''}`}
              onClick={() => props.onJump(h.id)}
              data-testid={`cp-row-${h.id}`}
              title={h.failure ?? ''}
            >
              <td>
                <button
                  type="button"
                  className="row-jump"
                  aria-label={props.jumpLabel(h.id)}
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onJump(h.id);
                  }}
                >
                  {h.id}
                  {h.isSavepoint ? ' SP' : ''}
                  {h.retained ? ' ★' : ''}
                </button>
                <button
                  type="button"
                  className="row-detail"
                  aria-label={props.detailLabel(h.id)}
                  title={props.detailLabel(h.id)}
                  data-testid={`cp-detail-open-${h.id}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onDetail(h.id, e.currentTarget);
                  }}
                >
                  ⋯
                </button>
              </td>
              <td>
                <span className={`badge ${BADGE[h.status]}`}>
                  {h.status}
                  {gloss && <span className="badge-gloss"> {gloss}</span>}
                </span>
              </td>
              <td className="num">{h.durationMs !== null ? `${h.durationMs} ms` : '…'}</td>
              <td className="num">{h.checkpointedSize !== null ? formatBytes(h.checkpointedSize) : '–'}</td>
              <td className="num">{h.stateSize !== null ? formatBytes(h.stateSize) : '–'}</td>
              <td className="num">
                {h.acknowledged}/{h.subtasks}
              </td>
              {extra.map((c) => (
                <td key={c.key} className={c.num ? 'num' : undefined}>
                  {c.cell(h)}
                </td>
              ))}
            </tr>
          );
        })}
        <SpacerRow height={win.padding.bottom} cols={cols} />
      </tbody>
    </table>
  );
}
