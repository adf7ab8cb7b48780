/**
 * A chart a user can inspect by pointer or keyboard: the focusable box (arrow keys move through
 * its items, useInspector), the frame with title, legend and plot, and the tooltip of the item
 * being inspected. Every chart of the Charts tab is one of these.
 */
import type { ComponentProps } from 'react';
import { useT } from '../../i18n/useT';
import { ChartFrame } from './ChartFrame';
import { ChartTooltip, type TooltipContent } from './ChartTooltip';
import type { Inspector } from './useInspector';

type FrameProps = Omit<ComponentProps<typeof ChartFrame>, 'label'>;

export function InspectableChart({ inspector, tip, ...frame }: FrameProps & { inspector: Inspector; tip: TooltipContent | null }) {
  const t = useT();
  return (
    <div
      className="chart-box"
      data-testid={`${frame.testId}-box`}
      {...inspector.focusProps}
      aria-label={`${frame.title}. ${t('chartKeysHint')}`}
      role="group"
    >
      <ChartFrame {...frame} label={frame.title} />
      <ChartTooltip tip={tip} width={frame.width} />
    </div>
  );
}
