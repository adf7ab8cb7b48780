/**
 * One subtask of the job graph: its box (name, TaskManager or key groups, what it has read,
 * processed or received, busy marker, a transactional sink's transactions) and the badges under
 * it (back-pressure, alignment, timeout, channel state, uploads). Clicking selects it for the
 * side panel.
 */
import type { EngineState } from '../../engine';
import { formatKeyGroupRange } from '../../engine';
import type { Translate } from '../../i18n/useT';
import type { NodeBox } from './jobLayout';
import type { TaskStatus } from './taskStatus';
import { statusPills } from './statusPills';
import { measureText } from './measureText';
import { BUSY_COLOR, checkpointColor } from './jobColors';
import { StatusPillsRow } from './StatusPillsRow';

function counterText(state: EngineState, box: NodeBox, t: Translate): string {
  if (box.kind === 'source') {
    const parts = state.job.sources[box.name]?.partitions ?? [];
    return parts.length === 0 ? t('idle') : parts.map((p) => `p${p.partition}@${p.offset + p.logOffset}`).join(' ');
  }
  if (box.kind === 'keyed') return `${t('processed')} ${state.job.keyed[box.name]?.processed ?? 0}`;
  return `${t('received')} ${state.job.sinks[box.name]?.received ?? 0}`;
}

/** A small label on the box's top border (busy at the right, the snapshot's checkpoint at the left). */
function CornerTag({ x, anchor, text, title, color, testId }: { x: number; anchor: 'start' | 'end'; text: string; title: string; color: string; testId: string }) {
  const w = measureText(text, 10.5) + 10;
  const x0 = anchor === 'end' ? x - w : x;
  return (
    <g className="corner-tag" data-testid={testId}>
      <title>{title}</title>
      <rect className="tag-bg" x={x0} y={-7} width={w} height={13} rx={6.5} style={{ fill: color }} />
      <text x={x0 + w / 2} y={3.2} textAnchor="middle">
        {text}
      </text>
    </g>
  );
}

/** A transactional sink's open and pre-committed transactions, squeezed a little if a wide font needs it. */
function TransactionsLine({ tx, width, task, t }: { tx: NonNullable<TaskStatus['transactions']>; width: number; task: string; t: Translate }) {
  const open = t('jgTxOpen', { n: tx.open });
  const pre = t('jgTxPre', { n: tx.preCommitted });
  const natural = measureText(`${open} · ${pre}`, 11);
  return (
    <text x={8} y={51} className="node-tx" data-testid={`transactions-${task}`} {...(natural > width ? { textLength: width, lengthAdjust: 'spacingAndGlyphs' } : {})}>
      <title>{t('jgTxTitle', { open: tx.open, pre: tx.preCommitted })}</title>
      <tspan className="tx-open">{open}</tspan>
      <tspan> · </tspan>
      <tspan className="tx-pre">{pre}</tspan>
    </text>
  );
}

interface Props {
  box: NodeBox;
  state: EngineState;
  status: TaskStatus;
  compact: boolean;
  selected: boolean;
  /** Width available for the badges under the box (the box and its lanes). */
  pillWidth: number;
  statusY: number;
  /** The badges stay inside the graph: [left, right]. */
  bounds: [number, number];
  /** The checkpoint of the drawn cut, when this subtask has snapshotted it. */
  snapshotOf: number | null;
  onSelect: (task: string) => void;
  t: Translate;
}

export function SubtaskNode({ box, state, status, compact, selected, pillWidth, statusY, bounds, snapshotOf, onSelect, t }: Props) {
  const info = state.job.topology.subtasks.find((s) => s.name === box.name);
  const kgRange = info?.keyGroupRange ? formatKeyGroupRange(info.keyGroupRange) : null;
  const processingMs = state.scenario.job.operators.find((o) => o.name === box.vertex)?.processingMs ?? 0;
  const pressured = status.backPressured || status.stoppedReading;
  const tx = status.transactions;
  const txInBox = !!tx && !compact;
  const pills = statusPills(status, { transactions: !!tx && compact, snapshotTagged: snapshotOf });
  const cls = ['node', box.kind, selected ? 'selected' : '', pressured ? 'backpressured' : '', status.busy ? 'busy' : ''].filter(Boolean).join(' ');
  return (
    <g>
      <g
        transform={`translate(${box.x},${box.y})`}
        className={cls}
        role="button"
        tabIndex={0}
        aria-pressed={selected}
        aria-label={box.name}
        data-testid={`node-${box.name}`}
        onClick={() => onSelect(box.name)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSelect(box.name);
        }}
      >
        <rect width={box.w} height={box.h} rx={8} />
        <text x={8} y={18} className="node-title">
          {box.name}
        </text>
        <text x={box.w - 8} y={18} textAnchor="end" className="node-tm">
          {compact && kgRange ? kgRange : `TM${box.taskManager}`}
        </text>
        <text x={8} y={36} className="node-line">
          {counterText(state, box, t)}
        </text>
        {status.busy && <CornerTag x={box.w - 10} anchor="end" text={t('jgBusy')} title={t('jgBusyTitle', { ms: processingMs })} color={BUSY_COLOR} testId="busy-marker" />}
        {snapshotOf !== null && (
          <CornerTag x={10} anchor="start" text={t('jgSnapshotted', { id: snapshotOf })} title={t('jgSnapshottedTitle', { id: snapshotOf })} color={checkpointColor(snapshotOf)} testId="snapshot-marker" />
        )}
        {!compact && kgRange && (
          <text x={8} y={51} className="node-sub">
            {t('keyGroups')} {kgRange}
          </text>
        )}
        {txInBox && <TransactionsLine tx={tx} width={box.w - 14} task={box.name} t={t} />}
      </g>
      <StatusPillsRow pills={pills} task={box.name} centerX={box.x + box.w / 2} y={statusY} width={pillWidth} bounds={bounds} t={t} />
    </g>
  );
}
