/**
 * The header's way into the Examples gallery, beside the scenario button. Only the button is in
 * the first download; the gallery itself (ExamplesDialog) is fetched when the pointer or focus
 * reaches the button, so it is there by the time it opens. In presenter
 * mode it shows the icon alone (examples.css): the larger type leaves the header no room for the
 * label, so `aria-label` keeps the name.
 */
import { useT } from '../../i18n/useT';
import './examples.css';

/** Four tiles: a gallery. Inline SVG, like the presenter icons, so no icon font is needed. */
const TILES = 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z';

export function ExamplesButton({ onClick, onPrefetch }: { onClick: () => void; onPrefetch: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="examples-button"
      onClick={onClick}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      aria-haspopup="dialog"
      aria-label={t('exButton')}
      title={t('exButtonHint')}
      data-testid="examples-button"
    >
      <svg
        className="examples-icon"
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
      >
        <path d={TILES} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="examples-label">{t('exButton')}</span>
    </button>
  );
}
