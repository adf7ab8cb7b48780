/**
 * A real job's checkpoints on the timeline's own overview (GanttOverview), on a wall-clock axis
 * (UTC, from trigger_timestamp) without a cursor: REST statistics have no recorded steps.
 */
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { ChartTooltip, type TooltipContent } from '../charts/ChartTooltip';
import { useElementSize } from '../charts/useElementSize';
import { barAtCursor } from '../timeline/barAtCursor';
import { barTooltip } from '../timeline/barTooltip';
import { GanttOverview, type OverviewHover } from '../timeline/GanttOverview';
import { useStatusLabel } from '../timeline/useStatusLabel';
import { REST_CURSOR, wallClock, type RestView } from './restAdapter';
import '../timeline/timeline.css';

export function RestTimeline({ view, selected, onSelect }: { view: RestView; selected: number | null; onSelect: (id: number) => void }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const [boxRef, size] = useElementSize<HTMLDivElement>();
  const [hover, setHover] = useState<OverviewHover | null>(null);
  const data = view.timeline;
  let tip: TooltipContent | null = null;
  if (hover?.what === 'bar') {
    const bar = data.bars.find((b) => b.id === hover.id);
    const v = bar ? barAtCursor(bar, REST_CURSOR, data.endMs) : null;
    if (v) {
      const c = barTooltip(v, t, statusLabel);
      tip = { x: hover.x, y: hover.y + 14, ...c, lines: [wallClock(view.originMs, v.bar.triggerMs), ...c.lines] };
    }
  }
  return (
    <div className="checkpoint-timeline rest-timeline" data-testid="checkpoint-timeline">
      <div className="gantt-box" ref={boxRef}>
        {size.width > 0 && (
          <GanttOverview
            data={data}
            cursor={REST_CURSOR}
            cursorMs={data.endMs}
            width={size.width}
            roomy={false}
            k={1}
            focusId={selected}
            onFocusBar={(v) => onSelect(v.bar.id)}
            onHover={setHover}
            onActivate={(v) => onSelect(v.bar.id)}
            onActivateMarker={() => undefined}
            axis={{ unit: t('restAxis'), tickFormat: (ms) => wallClock(view.originMs, ms), cursor: false, padLeft: 30 }}
          />
        )}
        <ChartTooltip tip={tip} width={size.width} />
      </div>
    </div>
  );
}
