/**
 * At startup, a `#scenario=…` link replaces the built-in scenario. The hash is removed from the
 * address at once (without a navigation), so a reload continues the session, which by then
 * holds the shared scenario, instead of opening the link again over the user's later work.
 */
import type { ScenarioProblem } from '../../engine';
import { applyScenario } from './applyScenario';
import { readShareHash, SHARE_LINK } from './shareLink';
import { applyShareView, readShareView, ViewSuperseded, type ShareView } from './shareView';

export type ShareLinkOutcome =
  { ok: true; title: string } | { ok: false; problems: ScenarioProblem[] };

/**
 * Reads, clears and applies the share link in `location`; null when the address has none. The
 * run streams in from the recording worker: a link with the sender's step and actions resolves
 * once they are replayed on it (null if another run replaced it first).
 */
export function readShareLinkAtStartup(
  location: Location,
  history: History,
): ShareLinkOutcome | Promise<ShareLinkOutcome | null> | null {
  // The scenario, then (since issue 14) `&at=…&branch=…`: the sender's step and UI actions.
  const hash = location.hash; // read once: replaceState below clears it
  const amp = hash.indexOf('&');
  const result = readShareHash(amp < 0 ? hash : hash.slice(0, amp));
  if (!result) return null;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (!result.ok) return result;
  let view: ShareView | null;
  try {
    view = readShareView(amp < 0 ? '' : hash.slice(amp + 1));
  } catch (e) {
    return { ok: false, problems: [{ path: SHARE_LINK, message: e instanceof Error ? e.message : String(e) }] };
  }
  // A link never carries a file's `view` (its own tail does that); drop one a hand-edited link might hold.
  const { view: _fileView, ...scenario } = result.scenario;
  const applied = applyScenario(scenario);
  if (!applied.ok) return applied;
  const opened: ShareLinkOutcome = { ok: true, title: result.scenario.title };
  if (!view) return opened;
  return applyShareView(view).then(
    () => opened,
    (e: unknown): ShareLinkOutcome | null => {
      if (e instanceof ViewSuperseded) return null;
      const why = e instanceof Error ? e.message : String(e);
      return { ok: false, problems: [{ path: SHARE_LINK, message: `the sender's actions could not be replayed: ${why}` }] };
    },
  );
}
