/**
 * The row of badges under a subtask: as many as fit (measured in the page's font), a "+n" badge
 * with the rest in its tooltip, centered under the subtask but kept inside the graph.
 */
import type { Translate } from '../../i18n/useT';
import { fitPills, PILL_FONT, PILL_GAP, type Pill } from './statusPills';
import { measureText } from './measureText';
import { BACK_PRESSURE_COLOR, BARRIER_COLOR, checkpointColor } from './jobColors';

const TONE_COLORS: Record<Pill['tone'], string> = {
  danger: BACK_PRESSURE_COLOR,
  barrier: BARRIER_COLOR,
  persist: '#6d28d9',
  info: '#475569',
  sink: '#15803d',
};

const H = PILL_FONT + 5;

interface Props {
  pills: Pill[];
  task: string;
  centerX: number;
  y: number;
  width: number;
  bounds: [number, number];
  t: Translate;
}

export function StatusPillsRow({ pills, task, centerX, y, width, bounds, t }: Props) {
  const texts = pills.map((p) => t(p.key, p.params));
  const fit = fitPills(texts, width, (n) => t('jgMoreStatus', { n }), measureText);
  const offsets = fit.widths.map((_, i) => fit.widths.slice(0, i).reduce((a, b) => a + b + PILL_GAP, 0));
  const moreX = fit.widths.reduce((a, b) => a + b + PILL_GAP, 0);
  const total = moreX + (fit.more ? fit.moreWidth : -PILL_GAP);
  const left = Math.max(bounds[0], Math.min(bounds[1] - total, centerX - total / 2));
  return (
    <g className="status-pills" transform={`translate(${left},${y})`} data-testid={`status-${task}`}>
      {pills.slice(0, fit.shown).map((p, i) => {
        const w = fit.widths[i]!;
        const color = p.checkpointId !== undefined ? checkpointColor(p.checkpointId) : TONE_COLORS[p.tone];
        const waiting = p.waitingFor?.length ? t('jgChannelStateWaiting', { channels: p.waitingFor.join(', ') }) : '';
        return (
          <g key={`${p.key}${i}`} transform={`translate(${offsets[i]},0)`} className={`pill ${p.tone}`} data-testid={p.testId}>
            <title>{p.title ? t(p.title.key, { ...p.title.params, waiting }) : texts[i]}</title>
            <rect width={w} height={H} rx={H / 2} fill={color} fillOpacity={0.12} stroke={color} />
            <text x={w / 2} y={PILL_FONT} textAnchor="middle" fill={color}>
              {texts[i]}
            </text>
          </g>
        );
      })}
      {fit.more && (
        <g transform={`translate(${moreX},0)`} className="pill more">
          <title>{texts.slice(fit.shown).join(' · ')}</title>
          <rect width={fit.moreWidth} height={H} rx={H / 2} />
          <text x={fit.moreWidth / 2} y={PILL_FONT} textAnchor="middle">
            {fit.more}
          </text>
        </g>
      )}
    </g>
  );
}
