/**
 * The job graph: subtasks in columns (source, keyed operators, sink) grouped by TaskManager,
 * the channels between them, and records in flight as dots colored by key group. React draws
 * nodes and channels; d3 owns the layer of moving records (a ref island) and tweens each dot
 * from the previous step's position to this step's.
 */
import { useEffect, useMemo, useRef } from 'react';
import { easeCubicOut, interpolateRainbow, scaleSequential, select } from 'd3';
import { barriersInFlight, blockedChannels, formatKeyGroupRange, recordsInFlight, type BarrierInFlight, type RecordInFlight } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectSelectedTask, selectStateAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { usePrefersReducedMotion } from '../usePrefersReducedMotion';
import '../d3Transitions';
import { channelsOf, layoutJob, NODE_H, NODE_W, type NodeBox } from './jobLayout';

function anchor(n: NodeBox, side: 'in' | 'out'): [number, number] {
  return [side === 'out' ? n.x + NODE_W : n.x, n.y + NODE_H / 2];
}

export function JobGraphView() {
  const t = useT();
  const state = useAppStore(selectStateAtCursor);
  const selected = useAppStore(selectSelectedTask);
  const selectTask = useAppStore((s) => s.selectTask);
  const reduced = usePrefersReducedMotion();
  const layer = useRef<SVGGElement>(null);
  const { topology } = state.job;
  const layout = useMemo(() => layoutJob(topology), [topology]);
  const channels = useMemo(() => channelsOf(topology), [topology]);
  const color = useMemo(() => scaleSequential(interpolateRainbow).domain([0, topology.maxParallelism]), [topology.maxParallelism]);
  const inFlight = useMemo(() => recordsInFlight(state), [state]);
  const barriers = useMemo(() => barriersInFlight(state), [state]);
  const blocked = useMemo(() => new Set(blockedChannels(state).map((b) => `${b.from}->${b.to}`)), [state]);
  const barrierLayer = useRef<SVGGElement>(null);

  useEffect(() => {
    if (!layer.current) return;
    const duration = reduced ? 0 : 200;
    const pos = (d: RecordInFlight): string => {
      const a = anchor(layout.nodes.get(d.from)!, 'out');
      const b = anchor(layout.nodes.get(d.to)!, 'in');
      return `translate(${a[0] + (b[0] - a[0]) * d.progress},${a[1] + (b[1] - a[1]) * d.progress})`;
    };
    select(layer.current)
      .selectAll<SVGCircleElement, RecordInFlight>('circle.record')
      .data(inFlight, (d) => String(d.id))
      .join(
        (enter) => {
          const c = enter.append('circle').attr('class', 'record').attr('r', 7).attr('fill', (d) => color(d.keyGroup)).attr('transform', pos);
          c.append('title').text((d) => `${d.key} = ${d.value} · key group ${d.keyGroup}`);
          return c;
        },
        (update) => update.call((u) => u.transition().duration(duration).ease(easeCubicOut).attr('transform', pos)),
        (exit) => exit.call((x) => x.transition().duration(duration).attr('opacity', 0).remove()),
      );
  }, [inFlight, layout, color, reduced]);

  useEffect(() => {
    if (!barrierLayer.current) return;
    const duration = reduced ? 0 : 200;
    const pos = (d: BarrierInFlight): string => {
      const a = anchor(layout.nodes.get(d.from)!, 'out');
      const b = anchor(layout.nodes.get(d.to)!, 'in');
      const angle = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
      return `translate(${a[0] + (b[0] - a[0]) * d.progress},${a[1] + (b[1] - a[1]) * d.progress}) rotate(${angle})`;
    };
    select(barrierLayer.current)
      .selectAll<SVGGElement, BarrierInFlight>('g.barrier')
      .data(barriers, (d) => String(d.id))
      .join(
        (enter) => {
          const g = enter.append('g').attr('class', (d) => `barrier${d.isSavepoint ? ' savepoint' : ''}`).attr('transform', pos);
          g.append('rect').attr('x', -3).attr('y', -13).attr('width', 6).attr('height', 26).attr('rx', 2);
          g.append('text').attr('y', -16).attr('text-anchor', 'middle').text((d) => `${d.checkpointId}`);
          return g;
        },
        (update) => update.call((u) => u.transition().duration(duration).ease(easeCubicOut).attr('transform', pos)),
        (exit) => exit.call((x) => x.transition().duration(duration).attr('opacity', 0).remove()),
      );
  }, [barriers, layout, reduced]);

  const counter = (name: string, kind: NodeBox['kind']): string => {
    if (kind === 'source') {
      const parts = state.job.sources[name]?.partitions ?? [];
      return parts.length === 0 ? t('idle') : parts.map((p) => `p${p.partition}@${p.offset + p.logOffset}`).join(' ');
    }
    if (kind === 'keyed') return `${t('processed')} ${state.job.keyed[name]?.processed ?? 0}`;
    return `${t('received')} ${state.job.sinks[name]?.received ?? 0}`;
  };

  return (
    <section className="panel job-view" aria-labelledby="job-title">
      <h2 id="job-title">{t('jobGraph')}</h2>
      <svg viewBox={`0 0 ${layout.width} ${layout.height}`} className="job-svg" data-testid="job-svg" role="group" aria-label={t('jobGraph')}>
        {layout.columns.map((c) => (
          <text key={c.vertex} x={c.x} y={18} textAnchor="middle" className="column-label">
            {c.label}
          </text>
        ))}
        <g className="channels">
          {channels.map(([a, b]) => {
            const [x1, y1] = anchor(layout.nodes.get(a)!, 'out');
            const [x2, y2] = anchor(layout.nodes.get(b)!, 'in');
            const isBlocked = blocked.has(`${a}->${b}`);
            return (
              <line key={`${a}-${b}`} x1={x1} y1={y1} x2={x2} y2={y2} className={isBlocked ? 'channel blocked' : 'channel'} data-testid={isBlocked ? 'blocked-channel' : undefined}>
                {isBlocked && <title>{t('blockedChannel')}</title>}
              </line>
            );
          })}
        </g>
        {[...layout.nodes.values()].map((n) => {
          const info = topology.subtasks.find((s) => s.name === n.name)!;
          return (
            <g
              key={n.name}
              transform={`translate(${n.x},${n.y})`}
              className={`node ${n.kind}${selected === n.name ? ' selected' : ''}`}
              role="button"
              tabIndex={0}
              aria-pressed={selected === n.name}
              aria-label={n.name}
              data-testid={`node-${n.name}`}
              onClick={() => selectTask(n.name)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') selectTask(n.name);
              }}
            >
              <rect width={NODE_W} height={NODE_H} rx={8} />
              <text x={8} y={19} className="node-title">
                {n.name}
              </text>
              <text x={NODE_W - 8} y={19} textAnchor="end" className="node-tm">
                TM{n.taskManager}
              </text>
              <text x={8} y={37} className="node-line">
                {counter(n.name, n.kind)}
              </text>
              {info.keyGroupRange && (
                <text x={8} y={52} className="node-sub">
                  {t('keyGroups')} {formatKeyGroupRange(info.keyGroupRange)}
                </text>
              )}
              <NodeStatus task={n.name} />
            </g>
          );
        })}
        <g ref={layer} className="records" />
        <g ref={barrierLayer} className="barriers" data-testid="barriers" />
      </svg>
      <p className="note">{t('jobGraphNote')}</p>
    </section>
  );
}

/** A badge under a node: aligning, records held, or a snapshot uploading. */
function NodeStatus({ task }: { task: string }) {
  const t = useT();
  const state = useAppStore(selectStateAtCursor);
  const cp = state.job.checkpointing[task];
  if (!cp) return null;
  const inputs = state.job.topology.inputs[task]?.length ?? 0;
  const parts: string[] = [];
  if (cp.aligning) parts.push(`${t('aligning')} ${cp.aligning.checkpointId}: ${cp.aligning.arrived.length}/${inputs}`);
  if (cp.held.length > 0) parts.push(`${cp.held.length} ${t('held')}`);
  for (const r of cp.running) parts.push(`${t('uploading')} ${r.checkpointId}`);
  if (parts.length === 0) return null;
  return (
    <text x={NODE_W / 2} y={NODE_H + 13} textAnchor="middle" className="node-status" data-testid={`status-${task}`}>
      {parts.join(' · ')}
    </text>
  );
}
