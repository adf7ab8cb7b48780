/**
 * Size limits for everything a user brings in. They are checked before anything is read or
 * decoded: a scenario is a few KB, so a 10 MB file or a megabyte-long link is a mistake or an
 * attack, and either must be refused without the tab stalling on it.
 */
import { MAX_SCENARIO_BYTES } from '../../engine/scenario/parseScenario';

/** A scenario file (or pasted text) may be at most this many bytes, the engine parser's own limit. */
export const MAX_IMPORT_BYTES = MAX_SCENARIO_BYTES;

/**
 * A share link's hash may be at most this many characters (64 KiB). Links are for lessons of a
 * few KB; longer scenarios travel as files. Browsers accept far longer URLs, chat tools do not.
 */
export const MAX_SHARE_HASH_CHARS = 64 * 1024;

/**
 * Nesting deeper than this is refused before JSON.parse. It is parseScenario's own depth limit
 * (its MAX_DEPTH; a test keeps the two equal); checking it on the text first gives the position.
 */
export const MAX_NESTING = 32;

/** "2 MB", "64 KB": a limit as the messages show it. */
export function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`;
}

/** "10.0 MB", "512 B": a size as the messages show it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
