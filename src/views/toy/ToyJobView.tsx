/**
 * The kernel demo job: a source, a channel with records in flight, and a summing task.
 * React draws the nodes; d3 owns the layer of moving records (a ref island) and tweens them
 * from the previous step's positions to this step's.
 */
import { useEffect, useRef } from 'react';
import { scaleLinear, select, easeCubicOut } from 'd3';
import { SOURCE_TASK, SUM_TASK, type ToyRecordInFlight } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectStateAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { usePrefersReducedMotion } from '../usePrefersReducedMotion';
import '../d3Transitions';

const W = 800;
const H = 240;
const NODE_W = 150;
const NODE_H = 96;
const CHANNEL_Y = H / 2;
const x = scaleLinear().domain([0, 1]).range([40 + NODE_W + 14, W - 40 - NODE_W - 14]).clamp(true);

function progress(r: ToyRecordInFlight, nowMs: number): number {
  const span = r.arriveAtMs - r.sentAtMs;
  return span <= 0 ? 1 : (nowMs - r.sentAtMs) / span;
}

export function ToyJobView() {
  const t = useT();
  const state = useAppStore(selectStateAtCursor);
  const reduced = usePrefersReducedMotion();
  const layer = useRef<SVGGElement>(null);
  const { toy, nowMs } = state;

  useEffect(() => {
    if (!layer.current) return;
    const duration = reduced ? 0 : 220;
    const dots = select(layer.current)
      .selectAll<SVGGElement, ToyRecordInFlight>('g.record')
      .data(toy.inFlight, (d) => String(d.value));
    dots.join(
      (enter) => {
        const g = enter.append('g').attr('class', 'record').attr('transform', `translate(${x(0)},${CHANNEL_Y})`).attr('opacity', 0);
        g.append('circle').attr('r', 11);
        g.append('text').attr('text-anchor', 'middle').attr('dy', '0.35em').text((d) => d.value);
        g.transition().duration(duration).attr('opacity', 1).attr('transform', (d) => `translate(${x(progress(d, nowMs))},${CHANNEL_Y})`);
        return g;
      },
      (update) => {
        update.transition().duration(duration).ease(easeCubicOut).attr('opacity', 1).attr('transform', (d) => `translate(${x(progress(d, nowMs))},${CHANNEL_Y})`);
        return update;
      },
      (exit) => {
        exit.transition().duration(duration).attr('transform', `translate(${x(1)},${CHANNEL_Y})`).attr('opacity', 0).remove();
        return exit;
      },
    );
  }, [toy.inFlight, nowMs, reduced]);

  return (
    <section className="panel job-view" aria-labelledby="job-title">
      <h2 id="job-title">{t('jobGraph')}</h2>
      <svg viewBox={`0 0 ${W} ${H}`} className="job-svg" role="img" aria-label={`${SOURCE_TASK} → ${SUM_TASK}`} data-testid="job-svg">
        <line x1={x(0)} x2={x(1)} y1={CHANNEL_Y} y2={CHANNEL_Y} className="channel" />
        <text x={(x(0) + x(1)) / 2} y={CHANNEL_Y - 28} className="channel-label" textAnchor="middle">
          {toy.inFlight.length} {t('inFlight')}
        </text>
        <g transform={`translate(40,${CHANNEL_Y - NODE_H / 2})`} className="node source">
          <rect width={NODE_W} height={NODE_H} rx={10} />
          <text x={NODE_W / 2} y={30} textAnchor="middle" className="node-title">
            {SOURCE_TASK}
          </text>
          <text x={NODE_W / 2} y={62} textAnchor="middle" data-testid="emitted">
            {t('emitted')}: {toy.emitted}
          </text>
        </g>
        <g transform={`translate(${W - 40 - NODE_W},${CHANNEL_Y - NODE_H / 2})`} className="node task">
          <rect width={NODE_W} height={NODE_H} rx={10} />
          <text x={NODE_W / 2} y={30} textAnchor="middle" className="node-title">
            {SUM_TASK}
          </text>
          <text x={NODE_W / 2} y={58} textAnchor="middle" data-testid="sum">
            {t('sum')}: {toy.sum}
          </text>
          <text x={NODE_W / 2} y={80} textAnchor="middle" className="muted-svg">
            {t('received')}: {toy.count}
          </text>
        </g>
        <g ref={layer} className="records" />
      </svg>
      <p className="note">{t('jobGraphNote')}</p>
    </section>
  );
}
