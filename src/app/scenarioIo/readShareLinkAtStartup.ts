/**
 * At startup, a `#scenario=…` link replaces the built-in scenario. The hash is removed from the
 * address at once (without a navigation), so a reload continues the session, which by then
 * holds the shared scenario, instead of opening the link again over the user's later work.
 */
import type { ScenarioProblem } from '../../engine';
import { applyScenario } from './applyScenario';
import { readShareHash } from './shareLink';

export type ShareLinkOutcome =
  { ok: true; title: string } | { ok: false; problems: ScenarioProblem[] };

/** Reads, clears and applies the share link in `location`; null when the address has none. */
export function readShareLinkAtStartup(
  location: Location,
  history: History,
): ShareLinkOutcome | null {
  const result = readShareHash(location.hash);
  if (!result) return null;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (!result.ok) return result;
  const applied = applyScenario(result.scenario);
  return applied.ok ? { ok: true, title: result.scenario.title } : applied;
}
