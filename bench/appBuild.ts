/**
 * The production build the browser-facing benchmarks look at: `vite build` of the app into a
 * temporary directory (never dist/, which others may be serving), made once per `npm run bench`
 * and removed when the process exits. Sourcemaps are on, as in the real build, so the bundle
 * bench can say which packages the bytes come from.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let built: Promise<string> | null = null;

/** The directory holding the built app (index.html, assets/); built on the first call. */
export function buildApp(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'checkpoint-lab-bench-build-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    // Imported here so the Node-only benchmarks never load vite.
    const { build } = await import('vite');
    await build({
      root: ROOT,
      logLevel: 'silent',
      // The manifest says which chunk each source module landed in (the bundle bench finds the
      // language chunks with it).
      build: { outDir, emptyOutDir: true, sourcemap: true, manifest: true },
    });
    return outDir;
  })();
  return built;
}
