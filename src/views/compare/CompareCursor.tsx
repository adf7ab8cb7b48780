/** The shared cursor: one simulated time for every run; ← → step all runs to the previous or next checkpoint completion of any run. */
import { useEffect } from 'react';
import { useT } from '../../i18n/useT';
import { formatTime } from './OverlayChart';
import { stepFrom } from './runAtTime';

export function CompareCursor({ atMs, maxMs, steps, onChange }: { atMs: number; maxMs: number; steps: number[]; onChange: (ms: number) => void }) {
  const t = useT();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) && target.getAttribute('type') !== 'range') return;
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        onChange(stepFrom(steps, atMs, e.key === 'ArrowRight' ? 1 : -1));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [atMs, steps, onChange]);
  return (
    <div className="cmp-cursor" data-testid="cmp-cursor">
      <button type="button" onClick={() => onChange(stepFrom(steps, atMs, -1))} data-testid="cmp-prev" aria-label={t('cmpPrev')} title={t('cmpPrev')}>
        ◀
      </button>
      <label>
        <span>{t('cmpCursorLabel')}</span>
        <input type="range" min={0} max={maxMs} step={10} value={atMs} onChange={(e) => onChange(Number(e.target.value))} data-testid="cmp-slider" />
      </label>
      <output data-testid="cmp-time" data-ms={atMs}>{formatTime(atMs)}</output>
      <button type="button" onClick={() => onChange(stepFrom(steps, atMs, 1))} data-testid="cmp-next" aria-label={t('cmpNext')} title={t('cmpNext')}>
        ▶
      </button>
      <span className="cmp-hint">{t('cmpCursorHint')}</span>
    </div>
  );
}
