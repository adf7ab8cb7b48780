/**
 * A changelog scenario for the specs that need one (the same run as seed 000 in changelog.spec.ts:
 * log-based incremental checkpoints, one materialization, truncations), and its share link. It is
 * the gallery's example file, read from disk so that the specs and the Examples gallery cannot
 * drift apart.
 */
import { readFileSync } from 'node:fs';

export const SEED_000_CHANGELOG = JSON.parse(
  readFileSync(new URL('../scenarios/changelog-seed000.json', import.meta.url), 'utf8'),
) as { title: string } & Record<string, unknown>;

/** The path that opens the scenario as a share link. */
export function changelogShareLink(): string {
  return `/#scenario=${Buffer.from(JSON.stringify(SEED_000_CHANGELOG)).toString('base64url')}`;
}
