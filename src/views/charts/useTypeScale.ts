/**
 * How much larger the charts and the checkpoint timeline draw their SVG text: 1 outside presenter
 * mode; in presenter mode the same step up as the tables' type (13px → 17 presenter pixels), times
 * the presenter pixel. Script multiplies its text-bound geometry (margins, row heights, tick
 * spacing) by it, and the CSS multiplies font sizes by the `--viz-k` property the view sets from
 * it (`typeScaleStyle`), so the text and the room kept for it grow together.
 */
import { useSyncExternalStore, type CSSProperties } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectPresenter } from '../../store/selectors';
import { presenterPixel } from '../presenter/presenterPixel';

/** Presenter mode's step up of the charts' type, before the screen's presenter pixel. */
export const PRESENTER_TYPE = 1.3;

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
// A number, so the snapshot is stable between resizes (useSyncExternalStore compares with Object.is).
const pixelNow = (): number => presenterPixel(window.innerWidth, window.innerHeight);

export function useTypeScale(): number {
  const presenter = useAppStore(selectPresenter);
  const pp = useSyncExternalStore(subscribeResize, pixelNow, () => 1);
  return presenter ? PRESENTER_TYPE * pp : 1;
}

/** The custom property the CSS of the charts and the timeline scales font sizes by. */
export function typeScaleStyle(k: number): CSSProperties {
  return { '--viz-k': String(k) } as CSSProperties;
}
