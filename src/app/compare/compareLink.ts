/**
 * The comparison's address: `?compare=<ready-made id>&at=<simulated ms>` opens the same comparison
 * at the same time (a share link); `?compare` alone opens the picker's first comparison.
 */
import { COMPARISON_IDS, type ComparisonId } from '../../engine/compare/comparisonPresets';

export interface CompareLink {
  preset: ComparisonId;
  atMs: number | null;
}

export function isCompareUrl(search: string): boolean {
  return new URLSearchParams(search).has('compare');
}

export function parseCompareLink(search: string): CompareLink {
  const p = new URLSearchParams(search);
  const id = p.get('compare');
  const preset = (COMPARISON_IDS as readonly string[]).includes(id ?? '') ? (id as ComparisonId) : COMPARISON_IDS[0];
  const at = Number(p.get('at'));
  return { preset, atMs: p.has('at') && Number.isFinite(at) && at >= 0 ? Math.round(at) : null };
}

export function compareLinkSearch(link: CompareLink): string {
  const p = new URLSearchParams({ compare: link.preset });
  if (link.atMs !== null) p.set('at', String(link.atMs));
  return `?${p.toString()}`;
}
