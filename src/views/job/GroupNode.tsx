/**
 * A group node of the job graph (subtaskGroups.ts): the subtasks of a column past its first few,
 * drawn as one box with what they do together: how many are back-pressured or aligning, how
 * many acknowledged the newest pending checkpoint, and their records counted together. Clicking
 * it shows the column's subtasks one by one.
 */
import type { Translate } from '../../i18n/useT';
import type { GroupSummary, SubtaskGroup } from './subtaskGroups';
import { measureText } from './measureText';

interface Props {
  group: SubtaskGroup;
  summary: GroupSummary;
  /** The selected subtask is one of the members. */
  selected: boolean;
  onExpand: (vertex: string) => void;
  t: Translate;
}

export function GroupNode({ group, summary, selected, onExpand, t }: Props) {
  const { box } = group;
  const cls = ['node', 'group', box.kind, selected ? 'selected' : '', summary.backPressured > 0 ? 'backpressured' : ''].filter(Boolean).join(' ');
  const status = summary.acks
    ? `${t('jgGroupStatus', { bp: summary.backPressured, al: summary.aligning })} · ${t('jgGroupAcks', { id: summary.acks.checkpointId, n: summary.acks.acked, of: summary.members })}`
    : t('jgGroupStatus', { bp: summary.backPressured, al: summary.aligning });
  return (
    <g
      transform={`translate(${box.x},${box.y})`}
      className={cls}
      role="button"
      tabIndex={0}
      aria-label={t('jgGroupTitle', { name: group.name, n: summary.members, bp: summary.backPressured, al: summary.aligning, busy: summary.busy })}
      data-testid={`group-${group.vertex}`}
      data-members={summary.members}
      data-backpressured={summary.backPressured}
      data-aligning={summary.aligning}
      data-acked={summary.acks?.acked ?? ''}
      onClick={() => onExpand(group.vertex)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onExpand(group.vertex);
      }}
    >
      <title>{t('jgGroupTitle', { name: group.name, n: summary.members, bp: summary.backPressured, al: summary.aligning, busy: summary.busy })}</title>
      {/* A second box peeking out behind: this node stands for several. */}
      <rect className="group-back" x={4} y={-4} width={box.w} height={box.h} rx={8} />
      <rect width={box.w} height={box.h} rx={8} />
      <text x={8} y={18} className="node-title">
        {group.name}
      </text>
      <text x={box.w - 8} y={18} textAnchor="end" className="node-tm">
        {t('jgGroupMore', { n: summary.members })}
      </text>
      <text x={8} y={36} className="node-line group-status" {...(measureText(status, 13.5) > box.w - 14 ? { textLength: box.w - 14, lengthAdjust: 'spacingAndGlyphs' } : {})}>
        {status}
      </text>
    </g>
  );
}
