/**
 * The channels of the job graph and their buffer lanes: a line per channel, the sender's output
 * lane and the receiver's input lane with one slot per credit (when the credit is small enough
 * to draw), the slots reserved by records on the wire, and a numeric credit gauge when the credit
 * is too large for slots (then a lane shows only while it holds something). A full output queue
 * turns its lane and channel red; a channel blocked by an aligned barrier is dashed in the barrier
 * color, with a bar at the sender's end: since Flink 1.11 the sender's subpartition holds what
 * follows the barrier until the receiver resumes consumption.
 */
import type { Translate } from '../../i18n/useT';
import type { ChannelView } from './channelBuffers';
import type { LaneOverflow } from './itemGeometry';
import { cellX, type JobLayout, type Lane } from './jobLayout';
import { splitIdleChannels } from './idleChannels';

function Slots({ lane, from, count, className }: { lane: Lane; from: number; count: number; className: string }) {
  return (
    <>
      {[...Array(Math.max(0, count)).keys()].map((i) => (
        <rect key={`${className}${from + i}`} className={className} x={cellX(lane, from + i) - lane.cellW / 2} y={lane.y - lane.cellH / 2} width={lane.cellW} height={lane.cellH} rx={1.5} />
      ))}
    </>
  );
}

function laneBox(lane: Lane, cells: number) {
  const xs = [cellX(lane, 0), cellX(lane, cells - 1)];
  const x0 = Math.min(...xs) - lane.cellW / 2 - 2;
  return { x: x0, y: lane.y - lane.cellH / 2 - 2, width: Math.abs(xs[1]! - xs[0]!) + lane.cellW + 4, height: lane.cellH + 4 };
}

/** `jobChannels`: the job's channels, `channels` those drawn (grouped columns draw a share). */
export function ChannelLanes({ layout, channels, jobChannels, overflow, t }: { layout: JobLayout; channels: ChannelView[]; jobChannels: number; overflow: LaneOverflow[]; t: Translate }) {
  const cells = layout.laneCells;
  // An input lane's "+n" would sit where its credit gauge is; the gauge says more.
  const gauged = new Set(channels.filter((c) => c.capacity > cells && c.creditUsed >= c.capacity).map((c) => c.key));
  const { full, idle } = splitIdleChannels(channels, jobChannels);
  // Idle channels of a big job: their wires as one path, one node for all of them.
  const idleWires = idle
    .map((ch) => {
      const out = layout.outLanes.get(ch.key);
      const inn = layout.inLanes.get(ch.key);
      return out && inn ? `M${out.boxX},${out.y}L${inn.boxX},${inn.y}` : '';
    })
    .join('');
  return (
    <g className="channels">
      {idle.length > 0 && (
        <path className="channel idle-channels" d={idleWires} data-testid="idle-channels" data-count={idle.length}>
          <title>{t('jgIdleChannels', { n: idle.length })}</title>
        </path>
      )}
      {full.map((ch) => {
        const out = layout.outLanes.get(ch.key);
        const inn = layout.inLanes.get(ch.key);
        const wire = layout.wires.get(ch.key);
        if (!out || !inn || !wire) return null;
        const slots = ch.capacity <= cells;
        const queuedShown = Math.min(cells, ch.inQueue.filter((e) => !(e.kind === 'barrier' && e.gate)).length);
        const blockedTitle = ch.blockedBy !== null ? `${t('jgBlockedTitle', { from: ch.from, to: ch.to, id: ch.blockedBy })}. ${t('jgSenderBlockNote')}` : null;
        const outTitle =
          blockedTitle ??
          (ch.outFull
            ? t('jgOutFullTitle', { from: ch.from, to: ch.to, n: ch.outQueue.length, cap: ch.capacity })
            : t('jgOutQueueTitle', { from: ch.from, to: ch.to, n: ch.outQueue.length, cap: ch.capacity }));
        const inTitle = t('jgInQueueTitle', { from: ch.from, to: ch.to, used: ch.creditUsed, cap: ch.capacity, queued: ch.creditUsed - ch.inTransit, transit: ch.inTransit });
        const cls = ['channel', ch.outFull ? 'backpressured' : '', ch.blockedBy !== null ? 'blocked' : ''].filter(Boolean).join(' ');
        return (
          <g key={ch.key} className="channel-group" data-channel={ch.key}>
            <line x1={out.boxX} y1={out.y} x2={inn.boxX} y2={inn.y} className={cls} data-testid={ch.blockedBy !== null ? 'blocked-channel' : ch.outFull ? 'backpressured-channel' : undefined}>
              <title>{outTitle}</title>
            </line>
            <g className={`lane out${ch.outFull ? ' full' : ''}${ch.blockedBy !== null ? ' blocked' : ''}`} data-testid={ch.outFull ? 'full-output-queue' : undefined}>
              <title>{outTitle}</title>
              {(slots || ch.outQueue.length > 0) && <rect className="lane-bg" {...laneBox(out, slots ? ch.capacity : cells)} rx={3} />}
              {slots && <Slots lane={out} from={0} count={ch.capacity} className="slot" />}
            </g>
            {ch.blockedBy !== null && (
              // The blocked subpartition: a bar across the channel at the sender's end.
              <rect className="sender-block" data-testid="sender-blocked" data-checkpoint={ch.blockedBy} x={wire.a[0] - 2.5} y={wire.a[1] - out.cellH / 2 - 5} width={5} height={out.cellH + 10} rx={1.5}>
                <title>{blockedTitle}</title>
              </rect>
            )}
            <g className="lane in">
              <title>{inTitle}</title>
              {(slots || ch.inQueue.length > 0) && <rect className="lane-bg" {...laneBox(inn, slots ? ch.capacity : cells)} rx={3} />}
              {slots && <Slots lane={inn} from={0} count={ch.capacity} className="slot" />}
              {slots && <Slots lane={inn} from={queuedShown} count={Math.min(ch.inTransit, ch.capacity - queuedShown)} className="slot reserved" />}
              {/* Without slots, the number shows the moment that matters: no credit left. */}
              {!slots && ch.creditUsed >= ch.capacity && (
                <text className="credit-gauge" x={wire.b[0] - 2} y={inn.y - inn.cellH / 2 - 2} textAnchor="end" data-testid="credit-gauge">
                  {t('jgCreditGauge', { used: ch.creditUsed, cap: ch.capacity })}
                </text>
              )}
            </g>
          </g>
        );
      })}
      {overflow.filter((o) => !(o.side === 'in' && gauged.has(o.channel))).map((o) => (
        <text key={`${o.channel}-${o.side}`} className="lane-overflow" x={o.x} y={o.y} dy="0.35em" textAnchor={o.anchor}>
          +{o.count}
        </text>
      ))}
    </g>
  );
}
