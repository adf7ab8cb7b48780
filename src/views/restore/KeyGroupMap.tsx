/**
 * The key-group axis of one keyed operator (0 … maxParallelism-1): the old subtasks' handles
 * above, the new subtasks below, and between them a band for every overlap, i.e. the key groups
 * a new subtask reads from that old handle (colored like the handle). Key groups never move
 * along the axis: a rescale only cuts it differently. A band fills in when its new subtask has
 * restored at the cursor, growing downwards in the step that restored it. React draws the old
 * row and the labels; d3 owns the bands and the new row (a ref island) and tweens them.
 */
import { useEffect, useMemo, useRef } from 'react';
import { axisBottom, easeCubicOut, scaleLinear, scaleOrdinal, schemeTableau10, select } from 'd3';
import { formatKeyGroupRange } from '../../engine';
import type { Translate } from '../../i18n/useT';
import { D3Axis } from '../charts/D3Axis';
import { formatBytes } from '../format';
import '../d3Transitions';
import type { KeyedPlan, OldKeyedHandle } from './restorePlan';
import type { RestoreProgress } from './restoreProgress';

const KIND_KEY = { full: 'rsKindFull', sst: 'rsKindSst', changelog: 'rsKindChangelog' } as const;

export function kindLabel(t: Translate, h: OldKeyedHandle): string {
  return h.kind ? t(KIND_KEY[h.kind]) : t('rsKindNone');
}

/** Old subtask colors (the bands take the color of the handle they read from). */
export const oldColor = scaleOrdinal<number, string>(schemeTableau10);

interface Band {
  id: string;
  task: string;
  from: number;
  x0: number;
  x1: number;
  restored: boolean;
  justNow: boolean;
}

interface NewBox {
  task: string;
  index: number;
  x0: number;
  x1: number;
  restored: boolean;
  justNow: boolean;
  title: string;
}

/** Tick key groups: every range start plus the last key group, thinned so labels keep apart. */
function tickGroups(plan: KeyedPlan, x: (k: number) => number): number[] {
  const all = new Set<number>([0, plan.maxParallelism - 1]);
  for (const o of plan.old) all.add(o.range.startKeyGroup);
  for (const s of plan.subtasks) all.add(s.range.startKeyGroup);
  const out: number[] = [];
  for (const k of [...all].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last === undefined || x(k) - x(last) >= 26) out.push(k);
    else if (k === plan.maxParallelism - 1) out[out.length - 1] = k;
  }
  return out;
}

export function KeyGroupMap({
  plan,
  progress,
  width,
  roomy,
  reduced,
  t,
}: {
  plan: KeyedPlan;
  progress: RestoreProgress;
  width: number;
  roomy: boolean;
  reduced: boolean;
  t: Translate;
}) {
  const layer = useRef<SVGGElement>(null);
  const rowH = roomy ? 28 : 19;
  const gap = roomy ? 28 : 15;
  const labelW = roomy ? 86 : 64;
  const top = 2;
  const oldY = top;
  const bandY = oldY + rowH;
  const newY = bandY + gap;
  const axisY = newY + rowH + 2;
  const height = axisY + (roomy ? 22 : 19);
  const x = useMemo(
    () =>
      scaleLinear()
        .domain([0, plan.maxParallelism])
        .range([labelW, Math.max(labelW + 40, width - 8)]),
    [plan.maxParallelism, labelW, width],
  );
  const centre = (k: number) => x(k + 0.5);

  const bands: Band[] = plan.subtasks.flatMap((s) => {
    const at = progress.tasks.get(s.task);
    return s.reads.map((r) => ({
      id: `${s.task}<${r.from}`,
      task: s.task,
      from: r.from,
      x0: x(r.range.startKeyGroup),
      x1: x(r.range.endKeyGroup + 1),
      restored: at?.pos !== null && at?.pos !== undefined,
      justNow: at?.justNow ?? false,
    }));
  });
  const boxes: NewBox[] = plan.subtasks.map((s) => {
    const at = progress.tasks.get(s.task);
    const reads =
      s.reads.map((r) => `#${r.from} ${formatKeyGroupRange(r.range)}`).join(', ') ||
      t('rsReadsNothing');
    return {
      task: s.task,
      index: s.index,
      x0: x(s.range.startKeyGroup),
      x1: x(s.range.endKeyGroup + 1),
      restored: at?.pos !== null && at?.pos !== undefined,
      justNow: at?.justNow ?? false,
      title: t('rsNewBandTitle', { task: s.task, range: formatKeyGroupRange(s.range), reads }),
    };
  });

  // Which bands were filled at the last draw: a band grows only when it turns restored.
  const wasRestored = useRef(new Map<string, boolean>());
  useEffect(() => {
    const g = layer.current;
    if (!g) return;
    const duration = reduced ? 0 : 450;
    const fullH = gap;
    const opacity = (d: Band) => (d.restored ? 0.6 : 0.14);
    const before = wasRestored.current;
    select(g)
      .selectAll<SVGRectElement, Band>('rect.rs-band')
      .data(bands, (d) => d.id)
      .join(
        (enter) =>
          enter
            .append('rect')
            .attr('class', 'rs-band')
            .attr('y', bandY)
            .attr('height', fullH)
            .attr('fill-opacity', opacity),
        (update) => update,
        (exit) => exit.remove(),
      )
      .attr('x', (d) => d.x0 + 0.5)
      .attr('width', (d) => Math.max(1, d.x1 - d.x0 - 1))
      .attr('fill', (d) => oldColor(d.from))
      .each(function (d) {
        const rect = select(this).interrupt();
        if (d.justNow && !reduced && before.get(d.id) !== true) {
          // The step that restored it: the band grows from the old handle down into the new subtask.
          rect
            .attr('height', 0)
            .attr('fill-opacity', opacity(d))
            .transition()
            .duration(duration)
            .ease(easeCubicOut)
            .attr('height', fullH);
        } else {
          rect
            .attr('height', fullH)
            .transition()
            .duration(duration)
            .attr('fill-opacity', opacity(d));
        }
      });
    wasRestored.current = new Map(bands.map((b) => [b.id, b.restored]));

    const nodes = select(g)
      .selectAll<SVGGElement, NewBox>('g.rs-new')
      .data(boxes, (d) => d.task)
      .join((enter) => {
        const n = enter.append('g').attr('class', 'rs-new');
        n.append('title');
        n.append('rect').attr('y', newY).attr('height', rowH).attr('rx', 3);
        n.append('text')
          .attr('y', newY + rowH / 2)
          .attr('dy', '0.35em')
          .attr('text-anchor', 'middle');
        return n;
      });
    nodes
      .attr('data-testid', (d) => `rs-new-${d.task}`)
      .attr('data-restored', (d) => String(d.restored));
    nodes.select('title').text((d) => d.title);
    nodes
      .select<SVGRectElement>('rect')
      .attr('x', (d) => d.x0 + 0.5)
      .attr('width', (d) => Math.max(2, d.x1 - d.x0 - 1))
      .classed('restored', (d) => d.restored)
      .classed('now', (d) => d.justNow)
      .transition()
      .duration(duration)
      .attr('fill', (d) => (d.justNow ? '#fef3c7' : d.restored ? '#dbeafe' : '#ffffff'));
    nodes
      .select('text')
      .attr('x', (d) => (d.x0 + d.x1) / 2)
      .text((d) => {
        const w = d.x1 - d.x0;
        const mark = d.restored ? ' ✓' : '';
        return w > 64 ? `${d.task}${mark}` : w > 26 ? `#${d.index}${mark}` : '';
      });
  });

  const ticks = tickGroups(plan, centre);
  const axis = axisBottom(scaleLinear().domain([0, plan.maxParallelism]).range(x.range()))
    .tickValues(ticks.map((k) => k + 0.5))
    .tickFormat((v) => String(Math.floor(Number(v))))
    .tickSizeOuter(0);

  return (
    <svg
      className="rs-map"
      width={width}
      height={height}
      role="img"
      aria-label={t('rsKgTitle', { op: plan.vertex })}
      data-testid="rs-keygroup-map"
    >
      <text className="rs-row-label" x={0} y={oldY + rowH / 2} dy="0.35em">
        {t('rsOldRow', { p: plan.oldParallelism })}
      </text>
      <text className="rs-row-label" x={0} y={newY + rowH / 2} dy="0.35em">
        {t('rsNewRow', { p: plan.newParallelism })}
      </text>
      {plan.old.map((o) => {
        const x0 = x(o.range.startKeyGroup);
        const x1 = x(o.range.endKeyGroup + 1);
        const w = x1 - x0;
        const label = `#${o.index} · ${kindLabel(t, o)}`;
        return (
          <g key={o.index} className="rs-old" data-testid={`rs-old-${o.index}`}>
            <title>
              {t('rsOldHandleTitle', {
                task: `${plan.vertex}#${o.index}`,
                kind: kindLabel(t, o),
                range: formatKeyGroupRange(o.range),
                files: o.files,
                bytes: formatBytes(o.bytes),
              })}
            </title>
            <rect
              x={x0 + 0.5}
              y={oldY}
              width={Math.max(2, w - 1)}
              height={rowH}
              rx={3}
              fill={oldColor(o.index)}
              fillOpacity={0.22}
              stroke={oldColor(o.index)}
            />
            <text x={(x0 + x1) / 2} y={oldY + rowH / 2} dy="0.35em" textAnchor="middle">
              {w > label.length * 7 ? label : w > 26 ? `#${o.index}` : ''}
            </text>
          </g>
        );
      })}
      <g ref={layer} />
      <D3Axis axis={axis} transform={`translate(0,${axisY})`} className="rs-axis" />
    </svg>
  );
}
