/**
 * The legend of the job graph: one small swatch per kind of thing the scenario can show, drawn
 * with the same shapes and colors as the graph. Details are in each entry's tooltip.
 */
import { HOP_LATENCY_MS, type Scenario } from '../../engine';
import type { Translate } from '../../i18n/useT';
import { legendEntries } from './legendEntries';
import { BACK_PRESSURE_COLOR, BARRIER_COLOR, PRIORITY_BARRIER_COLOR, checkpointColor } from './jobColors';

function Swatch({ kind }: { kind: string }) {
  const cp = checkpointColor(1);
  return (
    <svg width={22} height={16} viewBox="-11 -8 22 16" aria-hidden="true" className="legend-swatch">
      {kind === 'record' && <circle r={5.5} fill="#0ea5e9" stroke="#fff" />}
      {kind === 'buffer' && <rect x={-4} y={-6} width={8} height={12} rx={1.5} fill="#f59e0b" />}
      {kind === 'credit' && <rect x={-4} y={-6} width={8} height={12} rx={1.5} className="slot" />}
      {kind === 'barrier' && <rect x={-2.5} y={-8} width={5} height={16} rx={1} fill={BARRIER_COLOR} />}
      {kind === 'priority' && (
        <>
          <rect x={-4.5} y={-8} width={5} height={16} rx={1} fill={PRIORITY_BARRIER_COLOR} />
          <path d="M1,-5 L6,0 L1,5 Z" fill={PRIORITY_BARRIER_COLOR} />
        </>
      )}
      {kind === 'persisted' && <rect x={-4} y={-6} width={8} height={12} rx={1.5} fill="#22c55e" stroke={cp} strokeWidth={2.4} />}
      {kind === 'held' && <rect x={-4} y={-6} width={8} height={12} rx={1.5} fill="#22c55e" fillOpacity={0.45} stroke={BARRIER_COLOR} strokeWidth={1.6} strokeDasharray="2.5 1.5" />}
      {kind === 'backpressure' && <rect x={-9} y={-6} width={18} height={12} rx={3} fill="#fef2f2" stroke={BACK_PRESSURE_COLOR} strokeWidth={2} />}
      {kind === 'cut' && <line x1={-3} y1={-8} x2={3} y2={8} stroke={cp} strokeWidth={2.5} strokeDasharray="4 2.5" />}
    </svg>
  );
}

export function JobLegend({ scenario, laneCells, t }: { scenario: Scenario; laneCells: number; t: Translate }) {
  return (
    <ul className="job-legend" aria-label={t('jgLegendLabel')} data-testid="job-legend">
      {legendEntries(scenario, laneCells).map((e) => (
        <li key={e.kind} title={e.title ? t(e.title, { ms: HOP_LATENCY_MS }) : undefined}>
          <Swatch kind={e.kind} />
          {t(e.label)}
        </li>
      ))}
    </ul>
  );
}
