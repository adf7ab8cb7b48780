/**
 * Real Flink checkpoint and savepoint directories, for tests that check Checkpoint Lab against
 * what Flink itself wrote. They live in `../shared/flink-metadata/` beside the repository (on the
 * project's machines and in CI) and must never be committed, so a fresh clone has none: a test
 * that needs them skips itself and says why, and runs wherever they are present.
 * `FLINK_METADATA_DIR` points elsewhere (a folder of the same layout: one directory per
 * checkpoint, each with its `_metadata`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

/** `../shared/flink-metadata/` seen from the repository root (this file is test/support/…). */
const BESIDE_THE_REPO = fileURLToPath(new URL('../../../shared/flink-metadata/', import.meta.url));

export interface FlinkMetadataLocation {
  dir: string;
  present: boolean;
  /** Why tests that need the folder skip, when it is absent. */
  skipReason: string;
}

/** Where the real Flink files are, and whether there are any (a folder holding at least one `_metadata`). */
export function locateFlinkMetadata(dir: string = process.env.FLINK_METADATA_DIR ?? BESIDE_THE_REPO): FlinkMetadataLocation {
  const abs = resolve(dir);
  const present = existsSync(abs) && flinkCheckpointDirs(abs).length > 0;
  return {
    dir: abs,
    present,
    skipReason: present
      ? ''
      : `no real Flink checkpoints at ${abs} (a fresh clone has none: they are test data kept beside the repository as ../shared/flink-metadata, never committed; set FLINK_METADATA_DIR to use another folder)`,
  };
}

/** The checkpoint directories under `dir` (those with a `_metadata`), by name. */
export function flinkCheckpointDirs(dir: string): { name: string; path: string }[] {
  return readdirSync(dir)
    .map((name) => ({ name, path: join(dir, name) }))
    .filter((d) => statSync(d.path).isDirectory() && existsSync(join(d.path, '_metadata')))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const flinkMetadata = locateFlinkMetadata();

/** Reads one file of a real Flink checkpoint directory. */
export function readFlinkFile(checkpointDir: string, file = '_metadata'): Uint8Array {
  return new Uint8Array(readFileSync(join(checkpointDir, file)));
}

/**
 * `describe` for tests that need the real Flink files: skipped, with the reason in its name and a
 * note on the console, when they are absent (vitest reports the suite as skipped, not passed).
 */
export function describeWithFlinkMetadata(name: string, body: (dir: string) => void): void {
  if (!flinkMetadata.present) console.info(`Skipping "${name}": ${flinkMetadata.skipReason}`);
  if (flinkMetadata.present) {
    describe(name, () => body(flinkMetadata.dir));
    return;
  }
  // The body is not even collected (it lists the folder); one skipped test carries the reason.
  describe.skip(`${name} (skipped: ${flinkMetadata.skipReason})`, () => {
    it('needs the real Flink checkpoint files', () => {});
  });
}
