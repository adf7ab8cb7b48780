/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The built app's Content-Security-Policy: only its own scripts, styles and assets, no inline
 * script, no eval (valibot validates without generating code), no network but its own origin.
 * React's `style={…}` and d3's `.style()` set properties through the CSSOM, which style-src does
 * not govern, so no 'unsafe-inline' is needed (e2e/security.spec.ts checks both in Chromium).
 * `data:` images are for the e2e screenshot check, which decodes a PNG in the page; `blob:` images
 * are for the chart PNG export, which draws the chart's SVG (a blob: URL) onto a canvas (downloads
 * themselves are blob: links, which img-src does not govern). Fonts come from default-src
 * 'self': the app ships its own (src/app/fonts/), same-origin files, never data: URLs
 * (`assetsInlineLimit` below). `frame-ancestors` is ignored in a <meta>, with a console error, so
 * `vite preview` sends it as a header instead: 'self', because the comparison page frames the app
 * itself (`?embed=1`, one per column); no other origin may frame it.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // The engine records in a module Web Worker (src/recording/recorder.worker.ts), a file of the app.
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Adds the CSP <meta> at build time only: the dev server's HMR needs inline scripts and a websocket. */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'checkpoint-lab-csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * @fontsource's CSS offers every face as woff2 and, as a fallback, woff; every browser the build
 * targets (es2022) reads woff2, so the woff copies are dropped from the CSS and never emitted
 * (they would double the hundreds of font files the build ships).
 */
function woff2Only(): Plugin {
  return {
    name: 'checkpoint-lab-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@fontsource[\\/][^?]*\.css(\?|$)/.test(id)) return null;
      return { code: code.replace(/,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g, ''), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), woff2Only()],
  // Relative base so the built app also works from a sub-path or a file server.
  base: './',
  server: { port: 5173, strictPort: false },
  preview: {
    port: 4173,
    strictPort: false,
    headers: { 'Content-Security-Policy': "frame-ancestors 'self'" },
  },
  // The recording worker is an ES module (it imports the engine's chunks like the page).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Font files stay files: a data: URL would need font-src data: in the CSP, and a subset a
    // page never shows would weigh on the CSS every page loads.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'cli/**/*.test.ts'],
    environment: 'node',
    // Both languages' strings, loaded before each test file (the app loads them lazily).
    setupFiles: ['test/setupLanguages.ts'],
    // Property tests replay many simulations; give them room on a 2-core machine.
    testTimeout: 60_000,
    pool: 'forks',
  },
});
