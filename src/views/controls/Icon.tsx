/** Transport icons as inline SVG: font glyphs for ⏮/⏭ are missing on many projector PCs. */
const PATHS = {
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M6.5 4.5h4v15h-4zM13.5 4.5h4v15h-4z',
  stepForward: 'M5 4.5v15l10-7.5zM16.5 4.5h3v15h-3z',
  stepBack: 'M19 4.5v15l-10-7.5zM4.5 4.5h3v15h-3z',
  jumpStart: 'M20 4.5v15l-8-7.5zM12 4.5v15l-8-7.5zM2.5 4.5h2v15h-2z',
  jumpEnd: 'M4 4.5v15l8-7.5zM12 4.5v15l8-7.5zM19.5 4.5h2v15h-2z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
