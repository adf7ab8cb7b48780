/**
 * The header's presenter-mode toggle (also `p`) and, in presenter mode, the fullscreen offer
 * (Fullscreen API on the whole page; Esc leaves it, as browsers do). When the browser refuses
 * fullscreen (a policy, an iframe without permission, no API) a notice says how to get it anyway.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectPresenter } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import './presenter.css';

function subscribeFullscreen(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}
const isFullscreen = (): boolean => document.fullscreenElement != null;

/** Inline SVG, not font glyphs (⛶ is missing on many projector PCs). */
const ICONS = {
  presenter: 'M3 4.5h18v11H3zM12 15.5v4M7.5 19.5h9',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
} as const;

function StrokeIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      className="presenter-icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function PresenterControls() {
  const t = useT();
  const presenter = useAppStore(selectPresenter);
  const togglePresenter = useAppStore((s) => s.togglePresenter);
  const fullscreen = useSyncExternalStore(subscribeFullscreen, isFullscreen, () => false);
  const [refused, setRefused] = useState(false);

  // Leaving presenter mode also leaves the fullscreen it offered.
  useEffect(() => {
    if (!presenter && document.fullscreenElement)
      void document.exitFullscreen().catch(() => undefined);
  }, [presenter]);

  const toggleFullscreen = async (): Promise<void> => {
    if (fullscreen) {
      await document.exitFullscreen().catch(() => undefined);
      return;
    }
    const root = document.documentElement;
    try {
      if (!document.fullscreenEnabled || typeof root.requestFullscreen !== 'function')
        throw new Error('Fullscreen API unavailable');
      await root.requestFullscreen();
      setRefused(false);
    } catch {
      setRefused(true);
    }
  };

  return (
    <>
      <button
        type="button"
        className="presenter-toggle"
        aria-pressed={presenter}
        aria-label={t('presenterToggleLabel')}
        title={t('presenterToggleHint')}
        data-testid="presenter-toggle"
        onClick={() => {
          setRefused(false);
          togglePresenter();
        }}
      >
        <StrokeIcon name="presenter" />
        {/* Icon only in the normal layout, where the header has no room to spare; named in presenter mode, where it is the way out. */}
        {presenter && <span>{t('presenterToggle')}</span>}
      </button>
      {presenter && (
        <button
          type="button"
          className="presenter-fullscreen"
          aria-pressed={fullscreen}
          title={t('presenterFullscreenHint')}
          data-testid="presenter-fullscreen"
          onClick={() => void toggleFullscreen()}
        >
          <StrokeIcon name="fullscreen" />{' '}
          {fullscreen ? t('presenterExitFullscreen') : t('presenterFullscreen')}
        </button>
      )}
      {presenter && refused && (
        <div
          className="notice presenter-notice"
          role="status"
          data-testid="presenter-fullscreen-refused"
        >
          <span>{t('presenterFullscreenRefused')}</span>
          <button type="button" className="link" onClick={() => setRefused(false)}>
            {t('dismiss')}
          </button>
        </div>
      )}
    </>
  );
}
