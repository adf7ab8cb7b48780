/** The current scenario as a file: every default written out, so the file documents the whole run. */
import type { Scenario } from '../../engine';
import { fileView, type ShareView } from './shareView';

/**
 * Pretty JSON, the same document the share link carries; with `view` (the step at the cursor and
 * the UI's actions), also its `view` field, so the file opens where the sender was.
 */
export function scenarioJsonText(scenario: Scenario, view?: ShareView): string {
  const { view: _stale, ...run } = scenario;
  const shown = view ? fileView(view) : undefined;
  return `${JSON.stringify(shown ? { ...run, view: shown } : run, null, 2)}\n`;
}

/** `checkpoint-lab-<title in lowercase ASCII words>.json`; the title is user text, so only [a-z0-9-] survive. */
export function scenarioFileName(scenario: Scenario): string {
  const slug = scenario.title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `checkpoint-lab-${slug || 'scenario'}.json`;
}
