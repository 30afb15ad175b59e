// The families' app: its own entry and bundle, served by the portal's server under /family.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompressFiles } from '../../scripts/lib/precompress.mjs';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

/** Brotli and gzip copies of the text files beside them, as the portal's build writes them. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bridge-talk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFiles(outDir);
    },
  };
}

export default defineConfig({
  base: '/family/',
  plugins: [react(), precompress()],
  resolve: { alias: [{ find: /^@bridge-talk\/contract$/, replacement: contractSource }] },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  test: {
    name: 'family',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
