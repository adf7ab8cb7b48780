/**
 * The scrubber over the whole timeline: a native range input (keyboard and screen readers)
 * above a strip that marks where events of each kind happen, so a user sees where to drag.
 */
import { useMemo, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectCursor, selectLength, selectContentKey } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { namespaceColor } from '../colors';
import { scrubberPaths, STRIP_WIDTH } from './scrubberMarks';

export function Scrubber() {
  const t = useT();
  const cursor = useAppStore(selectCursor);
  const length = useAppStore(selectLength);
  const revision = useAppStore(selectContentKey);
  const timeline = useAppStore((s) => s.timeline);
  const setCursor = useAppStore((s) => s.setCursor);
  const setPlaying = useAppStore((s) => s.setPlaying);

  // A far seek in a big run waits for the recording worker: meanwhile the thumb stays where the
  // user put it (not back at the cursor), until the cursor moves (there, or anywhere else).
  const [asked, setAsked] = useState<{ value: number; from: number; timeline: typeof timeline } | null>(null);
  const value = asked && asked.from === cursor && asked.timeline === timeline ? asked.value : cursor;

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the timeline grows in place; `revision` says when.
  const paths = useMemo(() => scrubberPaths(timeline), [timeline, revision]);

  return (
    <div className="scrubber">
      <svg className="scrubber-strip" viewBox={`0 0 ${STRIP_WIDTH} 10`} preserveAspectRatio="none" aria-hidden="true">
        {paths.map((p) => (
          <path key={p.ns} d={p.d} fill={namespaceColor(p.ns)} opacity={0.55} />
        ))}
      </svg>
      <input
        type="range"
        min={0}
        max={length}
        step={1}
        value={value}
        aria-label={t('scrubber')}
        data-testid="scrubber"
        onChange={(e) => {
          const v = Number(e.target.value);
          setPlaying(false);
          setAsked({ value: v, from: cursor, timeline });
          setCursor(v);
        }}
      />
    </div>
  );
}
