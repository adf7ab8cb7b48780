/**
 * The "presenter pixel" of presenter.css (`--pp`) computed in script: 1px at 1280×720, growing
 * with the screen (1.5px at 1920×1080). The charts and the timeline lay their SVG text out in
 * script (margins, row heights, tick counts), so they need the same number the CSS uses; keep
 * this formula and `--pp` in presenter.css in step.
 */
export function presenterPixel(width: number, height: number): number {
  return Math.max(1, Math.min(height / 720, width / 1280));
}
