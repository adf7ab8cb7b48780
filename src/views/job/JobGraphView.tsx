/**
 * The job graph: subtasks in columns (source, keyed operators, sink), the network channels
 * between them with their buffers (the sender's output queue waiting for credit, records and
 * barriers on the wire, the receiver's input queue and credit), back-pressure, barrier alignment
 * and unaligned channel state, and the consistent cut of one checkpoint. Everything is derived
 * from the engine state at the cursor (channelBuffers, taskStatus, checkpointCut); React draws
 * the static parts and d3 owns the layer of moving records and barriers.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { scaleSequential } from 'd3';
import { rainbow } from '../colors';
import { useAppStore } from '../../store/appStore';
import { selectSelectedTask, selectStateAtCursor } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { selectFastPlayback, usePrefersReducedMotion } from '../usePrefersReducedMotion';
import { GROUP_ABOVE, SHOWN_WHEN_GROUPED, groupedWires, layoutGrouped, summarizeGroup } from './subtaskGroups';
import { GroupNode } from './GroupNode';
import { channelViewsFor } from './channelBuffers';
import { taskStatus } from './taskStatus';
import { chooseCut, checkpointCut } from './checkpointCut';
import { FAST_ITEMS_MAX, cutPolyline, placeItems } from './itemGeometry';
import { channelsOf } from './jobLayout';
import { useItemsLayer } from './useItemsLayer';
import { inBand, useVisibleBand } from './useVisibleBand';
import { useGrowItemsCap, useItemsCap } from './useItemsCap';
import { ChannelLanes } from './ChannelLanes';
import { SubtaskNode } from './SubtaskNode';
import { CutLine } from './CutLine';
import { JobLegend } from './JobLegend';
import { useFontsLoaded } from './measureText';
import './jobGraph.css';

/** Most moving items a jump of several steps still tweens (see `jumped`). */
const TWEEN_ITEMS_MAX = 300;
/** Graph height (of GRAPH_W = 900 units) above which it is zoomed to its width and scrolls: 5+ rows. */
const TALL_GRAPH = 380;

export function JobGraphView() {
  const t = useT();
  const state = useAppStore(selectStateAtCursor);
  const selected = useAppStore(selectSelectedTask);
  const selectTask = useAppStore((s) => s.selectTask);
  const reduced = usePrefersReducedMotion();
  // Labels and pills are sized by measureText: measure again once a font arrives.
  useFontsLoaded();
  const [cutSelection, setCutSelection] = useState<number | null>(null);
  // From 5 subtasks per column (parallelism 8 gives 584 of 900 units) the whole graph fitted into
  // the panel's height would shrink its text to 6 px at 1280×720: it is drawn at the panel's width
  // instead and scrolls, unless the user asks to see it all at once.
  const [fitAll, setFitAll] = useState(false);
  const layer = useRef<SVGGElement>(null);
  const { topology } = state.job;
  // Columns past GROUP_ABOVE subtasks are grouped (issue 17 §4) unless the user expands them.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const { layout, groups } = useMemo(() => layoutGrouped(topology, expanded), [topology, expanded]);
  const groupWires = useMemo(() => groupedWires(topology, layout, groups), [topology, layout, groups]);
  const groupable = topology.vertices.filter((v) => v.parallelism > GROUP_ABOVE).map((v) => v.name);
  const hiddenTasks = groups.flatMap((g) => g.members);
  const expand = (vertex: string) => setExpanded(new Set([...expanded, vertex]));
  const color = useMemo(
    () => scaleSequential(rainbow).domain([0, topology.maxParallelism]),
    [topology.maxParallelism],
  );
  // Playing fast, a big graph draws a share of the records on its wires (channelViewsFor thins
  // them as it makes the views), and all of them a few frames after it stops (useItemsCap).
  const fast = useAppStore(selectFastPlayback);
  const itemsCap = useItemsCap(fast);
  const { cap, growing } = itemsCap;
  const pillWidth = layout.nodeW + 2 * layout.laneLen - 8;
  const tall = layout.height > TALL_GRAPH;
  const zoomed = tall && !fitAll;
  // Zoomed, the frame shows a band of the graph's rows, and only the items in it are drawn; the cap
  // while playing fast is then spent on them (the channel views are thinned to the cap over the
  // band's share of the graph, and what the band holds beyond the cap is left out).
  const frame = useRef<HTMLDivElement>(null);
  const band = useVisibleBand(frame, layout.width, zoomed);
  const share = band ? Math.min(1, (band.y1 - band.y0) / layout.height) : 1;
  const { channels, total, omitted } = useMemo(
    () => channelViewsFor(state, { drawn: layout.wires, maxItems: cap === Infinity ? cap : Math.ceil(cap / share) }),
    [state, layout, cap, share],
  );
  useGrowItemsCap(itemsCap, total);
  const { items, overflow } = useMemo(() => placeItems(layout, channels), [layout, channels]);
  const banded = useMemo(() => (zoomed && !band ? [] : inBand(items, band)), [items, band, zoomed]);
  const shown = useMemo(() => (banded.length > cap ? banded.slice(0, cap) : banded), [banded, cap]);
  const jobChannels = useMemo(() => channelsOf(topology).length, [topology]);
  // Said from the first thinned frame until playing fast stops: a note that came and went with each frame would flicker.
  const [thinned, setThinned] = useState(false);
  if (fast && (omitted > 0 || shown.length < banded.length) && !thinned) setThinned(true);
  if (!fast && thinned) setThinned(false);
  const cut = useMemo(() => {
    const choice = chooseCut(state, cutSelection);
    return choice ? checkpointCut(state, channels, choice) : null;
  }, [state, channels, cutSelection]);
  const cutPoints = useMemo(
    () => (cut ? cutPolyline(layout, cut, items) : null),
    [layout, cut, items],
  );
  // A jump of more than one step in a big graph is drawn at once: its items are mostly others than
  // the ones shown (a far seek: ~1,800 new ones in the scale run), and creating each with a tween
  // was most of the landing frame's task. A single step still animates, and so does a small graph.
  const cursor = useAppStore((s) => s.cursor);
  const drawnAt = useRef(cursor);
  useEffect(() => void (drawnAt.current = cursor));
  const jumped = Math.abs(cursor - drawnAt.current) > 1 && items.length > TWEEN_ITEMS_MAX;
  // Items scrolled into the band appear where they are: tweened, they would fly in from their senders.
  const drawnBand = useRef(band);
  useEffect(() => void (drawnBand.current = band));
  const scrolled = band !== drawnBand.current;
  useItemsLayer(layer, shown, color, t, reduced || jumped || growing || scrolled, !fast);

  // One option per checkpoint (500 in the scale run): built when the checkpoints listed change, not
  // per frame (each step's state is a new copy, so the history array itself is new every time).
  const { history } = state.coordinator;
  const historyKey = `${history.length}:${history[0]?.id}:${history.at(-1)?.id}`;
  const cutOptions = useMemo(
    () =>
      [...new Set([...history.map((h) => h.id), ...(cutSelection !== null ? [cutSelection] : [])])]
        .sort((a, b) => a - b)
        .map((id) => (
          <option key={id} value={id}>
            {t('jgCutOption', { id })}
          </option>
        )),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `historyKey` says when the ids change
    [historyKey, cutSelection, t],
  );

  return (
    <section className="panel job-view" aria-labelledby="job-title">
      <div className="job-head">
        <h2 id="job-title" title={t('jobGraphNote')}>
          {t('jobGraph')}
        </h2>
        <div className="job-cut-control">
          <label>
            {t('jgCutSelect')}{' '}
            <select
              value={cutSelection ?? ''}
              onChange={(e) =>
                setCutSelection(e.target.value === '' ? null : Number(e.target.value))
              }
              data-testid="cut-select"
            >
              <option value="">{t('jgCutAuto')}</option>
              {cutOptions}
            </select>
          </label>
          <span className="job-cut-status" data-testid="cut-status">
            {cut
              ? `${t('jgCutOption', { id: cut.checkpointId })}: ${cut.status === 'completed' ? t('jgCutComplete') : t('jgCutStatus', { n: cut.snapshotted.length, of: topology.subtasks.length })}`
              : t('jgCutNone')}
          </span>
          {hiddenTasks.length > 0 && (
            <label>
              {t('jgGroupPick')}{' '}
              <select value="" onChange={(e) => e.target.value && selectTask(e.target.value)} data-testid="job-group-pick">
                <option value="">{t('jgGroupPickNone')}</option>
                {hiddenTasks.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {groupable.length > 0 && (
            <button
              type="button"
              className="job-zoom"
              data-testid="job-group-toggle"
              title={groups.length > 0 ? t('jgGroupShowAllHint') : t('jgGroupFoldHint', { n: SHOWN_WHEN_GROUPED })}
              onClick={() => setExpanded(groups.length > 0 ? new Set(groupable) : new Set())}
            >
              {groups.length > 0 ? t('jgGroupShowAll') : t('jgGroupFold')}
            </button>
          )}
          {tall && (
            <button
              type="button"
              className="job-zoom"
              data-testid="job-zoom"
              title={t(zoomed ? 'clsJobFitHint' : 'clsJobZoomHint')}
              onClick={() => setFitAll(!fitAll)}
            >
              {t(zoomed ? 'clsJobFit' : 'clsJobZoom')}
            </button>
          )}
        </div>
      </div>
      <div ref={frame} className={zoomed ? 'job-scroll' : 'job-fit'} data-testid="job-frame">
        <svg
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          className={zoomed ? 'job-svg zoomed' : 'job-svg'}
          data-testid="job-svg"
          role="group"
          aria-label={t('jobGraph')}
        >
          {layout.columns.map((c) => (
            <text key={c.vertex} x={c.x} y={14} textAnchor="middle" className="column-label">
              {c.label}
            </text>
          ))}
          {groupWires && <path className="channel grouped-channels" d={groupWires} data-testid="grouped-channels" />}
          <ChannelLanes layout={layout} channels={channels} jobChannels={jobChannels} overflow={overflow} t={t} />
          {/* Under the subtasks: where the cut passes a subtask, the box covers it. */}
          {cut && cutPoints && (
            <CutLine
              width={layout.width}
              checkpointId={cut.checkpointId}
              status={cut.status}
              points={cutPoints}
              reduced={reduced}
              t={t}
            />
          )}
          {[...layout.nodes.values()].map((n) => (
            <SubtaskNode
              key={n.name}
              box={n}
              state={state}
              status={taskStatus(state, n.name)}
              compact={layout.compact}
              selected={selected === n.name}
              pillWidth={pillWidth}
              statusY={layout.statusY(n)}
              bounds={[2, layout.width - 2]}
              snapshotOf={
                cut && cut.status === 'inProgress' && cut.snapshotted.includes(n.name)
                  ? cut.checkpointId
                  : null
              }
              onSelect={selectTask}
              t={t}
            />
          ))}
          {groups.map((g) => (
            <GroupNode key={g.name} group={g} summary={summarizeGroup(state, g)} selected={selected !== null && g.members.includes(selected)} onExpand={expand} t={t} />
          ))}
          <g ref={layer} className="items" data-testid="flow-items" />
        </svg>
      </div>
      {thinned && (
        <p className="job-thinned" data-testid="job-thinned" role="status" title={t('jgFastThinnedHint', { n: FAST_ITEMS_MAX })}>
          {t('jgFastThinned')}
        </p>
      )}
      <JobLegend scenario={state.scenario} laneCells={layout.laneCells} t={t} />
    </section>
  );
}
