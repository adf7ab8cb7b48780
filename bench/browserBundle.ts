/**
 * What the browser-side benchmarks share: Chromium's flags for a quiet headless run, and the
 * esbuild bundle of a browser-side bench script injected into the page.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Bundles `bench/browser/<file>` for the browser, as an IIFE (injected) or an ES module (served). */
export async function bundleBrowserScript(file: string, format: 'iife' | 'esm'): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`./browser/${file}`, import.meta.url))],
    bundle: true,
    format,
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
