/** The current scenario as a file: every default written out, so the file documents the whole run. */
import type { Scenario } from '../../engine';

/** Pretty JSON, the same document the share link carries. */
export function scenarioJsonText(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
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
