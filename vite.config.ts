/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // Relative base so the built app also works from a sub-path or a file server.
  base: './',
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: false },
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'cli/**/*.test.ts'],
    environment: 'node',
    // Property tests replay many simulations; give them room on a 2-core machine.
    testTimeout: 60_000,
    pool: 'forks',
  },
});
