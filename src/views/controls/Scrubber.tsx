/**
 * The scrubber over the whole timeline: a native range input (keyboard and screen readers)
 * above a strip that marks where events of each kind happen, so a user sees where to drag.
 */
import { useMemo } from 'react';
import { scaleLinear } from 'd3';
import { eventNamespace } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectCursor, selectLength, selectContentKey } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { namespaceColor } from '../colors';

const STRIP_WIDTH = 1000;
const BUCKETS = 200;

export function Scrubber() {
  const t = useT();
  const cursor = useAppStore(selectCursor);
  const length = useAppStore(selectLength);
  const revision = useAppStore(selectContentKey);
  const timeline = useAppStore((s) => s.timeline);
  const setCursor = useAppStore((s) => s.setCursor);
  const setPlaying = useAppStore((s) => s.setPlaying);

  // One mark per bucket of steps, colored by the bucket's most interesting event kind.
  const marks = useMemo(() => {
    void revision;
    const records = timeline.records();
    const x = scaleLinear().domain([0, Math.max(1, records.length)]).range([0, STRIP_WIDTH]);
    const perBucket = Math.max(1, Math.ceil(records.length / BUCKETS));
    const out: { x: number; w: number; ns: string }[] = [];
    for (let b = 0; b * perBucket < records.length; b++) {
      const seen = new Set<string>();
      for (let i = b * perBucket; i < Math.min(records.length, (b + 1) * perBucket); i++) {
        for (const e of records[i]!.events) seen.add(eventNamespace(e.type));
      }
      const ns = ['user', 'sim', ...seen].find((n) => seen.has(n)) ?? 'toy';
      out.push({ x: x(b * perBucket), w: Math.max(1, x(perBucket) - x(0) - 0.5), ns });
    }
    return out;
  }, [timeline, revision]);

  return (
    <div className="scrubber">
      <svg className="scrubber-strip" viewBox={`0 0 ${STRIP_WIDTH} 10`} preserveAspectRatio="none" aria-hidden="true">
        {marks.map((m, i) => (
          <rect key={i} x={m.x} y={0} width={m.w} height={10} fill={namespaceColor(m.ns)} opacity={0.55} />
        ))}
      </svg>
      <input
        type="range"
        min={0}
        max={length}
        step={1}
        value={cursor}
        aria-label={t('scrubber')}
        data-testid="scrubber"
        onChange={(e) => {
          setPlaying(false);
          setCursor(Number(e.target.value));
        }}
      />
    </div>
  );
}
