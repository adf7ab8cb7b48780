/**
 * The button that opens or closes a side panel: a chevron (inline SVG, as font glyphs for arrows
 * are missing on some projector PCs), pointing down when open, and the label or heading text.
 */
import type { ReactNode } from 'react';
import './side.css';

export function SideToggle(props: {
  open: boolean;
  onToggle: () => void;
  /** The id of the region it shows or hides. */
  controls: string;
  /** Accessible name when the button has no text of its own. */
  label?: string;
  testId: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`side-toggle${props.className ? ` ${props.className}` : ''}`}
      aria-expanded={props.open}
      aria-controls={props.controls}
      aria-label={props.label}
      title={props.label}
      data-testid={props.testId}
      onClick={props.onToggle}
    >
      <svg
        className={`side-chevron${props.open ? ' open' : ''}`}
        viewBox="0 0 12 12"
        width="12"
        height="12"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M4 2.5 7.5 6 4 9.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {props.children}
    </button>
  );
}
