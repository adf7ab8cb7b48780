/**
 * The embedded simulator's address: `?embed=1#scenario=…` — the app's own share-link hash
 * (shareLink.ts) carries the run, `embed=1` asks for the compact, read-only layout without
 * persistence (EmbedApp).
 */
import type { Scenario } from '../../engine';
import { encodeShareHash } from '../scenarioIo/shareLink';

export function isEmbedUrl(search: string): boolean {
  return new URLSearchParams(search).get('embed') === '1';
}

/** The iframe's `src` for a run, on the page's own path (so it stays same-origin). */
export function embedSrc(scenario: Scenario, pathname: string): string {
  return `${pathname}?embed=1${encodeShareHash(scenario)}`;
}
