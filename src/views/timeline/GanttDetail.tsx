/**
 * One checkpoint up close: a row per subtask, split into its phases (start delay, alignment,
 * sync, async upload, ack), on an axis of milliseconds after the trigger. The axis spans the
 * checkpoint's whole recorded life, so bars grow into it as the cursor moves instead of the
 * axis rescaling under them.
 */
import { axisBottom, scaleLinear } from 'd3';
import { useT } from '../../i18n/useT';
import { D3Axis } from '../charts/D3Axis';
import type { BarAtCursor, PhaseAtCursor, RowAtCursor } from './barAtCursor';
import { PHASE_COLORS, STATUS_COLORS } from './ganttColors';
import { detailHeight } from './detailLayout';
import { PHASE_KEYS } from './useStatusLabel';

/** Sizes at the normal type size; each is multiplied by the type scale `k`, as they hold text. */
const LABEL_W = 74;
const PAD_RIGHT = 26;

export function GanttDetail(props: {
  view: BarAtCursor;
  cursorMs: number;
  width: number;
  available: number;
  /** Type scale (useTypeScale). */
  k: number;
  /** The tab's larger text on a big screen (CheckpointTimeline). */
  roomy: boolean;
  onHover: (text: string | null, x: number, y: number) => void;
}) {
  const t = useT();
  const { view, cursorMs, width, k } = props;
  const { bar } = view;
  const { height, rowH } = detailHeight(view.rows.length, props.available, k, props.roomy);
  const labelW = LABEL_W * k;
  const padRight = PAD_RIGHT * k;
  const last = Math.max(bar.end?.atMs ?? bar.lastMs, bar.lastMs, bar.triggerMs + 1);
  // Milliseconds after the trigger, so ticks fall on +0, +10, +20 … rather than on odd offsets.
  const rel = scaleLinear()
    .domain([0, last - bar.triggerMs])
    .range([labelW, Math.max(labelW + 10, width - padRight)]);
  const x = (ms: number) => rel(ms - bar.triggerMs);
  const barH = Math.max(8 * k, Math.round(rowH * 0.62));
  const phaseText = (row: RowAtCursor, p: PhaseAtCursor) =>
    `${row.task} · ${t(PHASE_KEYS[p.kind])} · ${t('tlMs', { n: p.endMs - p.startMs })} (${p.startMs}–${p.endMs} ms)${p.open ? ` · ${t('tlRunning')}` : ''}${p.cutShort ? ` · ${t('tlCutShort')}` : ''}`;
  const rowText = (row: RowAtCursor) =>
    [
      row.task,
      ...row.phases.map(
        (p) =>
          `${t(PHASE_KEYS[p.kind])} ${t('tlMs', { n: p.endMs - p.startMs })}${p.open ? ` (${t('tlRunning')})` : ''}`,
      ),
      row.declined ? t('tlDeclined', { reason: row.declined.reason }) : '',
    ]
      .filter(Boolean)
      .join(', ');
  const bottom = view.rows.length * rowH;
  return (
    <svg
      className="gantt-detail"
      width={width}
      height={height}
      data-testid="gantt-detail"
      role="list"
      aria-label={t('tlDetailOf', {
        name: `${bar.isSavepoint ? t('tlSavepoint') : t('tlCheckpoint')} ${bar.id}`,
      })}
    >
      {view.rows.map((row, i) => {
        const y = i * rowH;
        const mid = y + rowH / 2;
        return (
          <g
            key={row.task}
            className="gantt-row"
            role="listitem"
            aria-label={rowText(row)}
            data-testid={`gantt-row-${row.task}`}
          >
            {i % 2 === 1 && (
              <rect className="row-stripe" x={0} y={y} width={width - padRight} height={rowH} />
            )}
            {/* Centred on the row by the font's own line box (detailLayout.ts), not a fixed em offset. */}
            <text className="row-label" x={labelW - 8 * k} y={mid} dominantBaseline="central" textAnchor="end">
              {row.task}
            </text>
            {/* The sync slice last: it is thin and the phase after it starts at the same time. */}
            {[...row.phases]
              .sort((a, b) => Number(a.kind === 'sync') - Number(b.kind === 'sync'))
              .map((p) => {
                const x1 = x(p.startMs);
                const raw = x(p.endMs) - x1;
                // The engine's sync part takes no simulated time; keep it visible as a thin slice.
                const w = p.kind === 'sync' ? Math.max(3, raw) : raw;
                if (w <= 0) return null;
                return (
                  <rect
                    key={p.kind}
                    className={`phase ${p.kind}${p.open ? ' open' : ''}`}
                    x={x1}
                    y={mid - barH / 2}
                    width={w}
                    height={barH}
                    fill={PHASE_COLORS[p.kind]}
                    data-phase={p.kind}
                    onMouseEnter={() => props.onHover(phaseText(row, p), x1 + w / 2, y)}
                    onMouseLeave={() => props.onHover(null, 0, 0)}
                  />
                );
              })}
            {row.phases
              .filter((p) => p.cutShort)
              .map((p) => (
                <line
                  key={`cut-${p.kind}`}
                  className="cut-short"
                  x1={x(p.endMs)}
                  x2={x(p.endMs)}
                  y1={mid - barH / 2 - 2}
                  y2={mid + barH / 2 + 2}
                  stroke={STATUS_COLORS.aborted}
                />
              ))}
            {row.declined && (
              <path
                className="declined"
                d={`M${x(row.declined.atMs) - 4},${mid - 4} l8,8 m0,-8 l-8,8`}
                stroke={STATUS_COLORS.aborted}
              >
                <title>{t('tlDeclined', { reason: row.declined.reason })}</title>
              </path>
            )}
          </g>
        );
      })}
      {cursorMs >= bar.triggerMs && cursorMs <= last && (
        <g className="gantt-cursor" transform={`translate(${x(cursorMs)},0)`}>
          <line y1={0} y2={bottom} />
        </g>
      )}
      <D3Axis
        axis={axisBottom(rel)
          .ticks(Math.max(2, Math.floor((width - labelW) / (80 * k))))
          .tickFormat((d) => `+${Number(d)} ms`)
          .tickSizeOuter(0)}
        transform={`translate(0,${bottom})`}
      />
    </svg>
  );
}
