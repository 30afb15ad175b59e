import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompressFiles } from '../../scripts/lib/precompress.mjs';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const testDataSource = fileURLToPath(new URL('../../packages/contract/src/test-data.ts', import.meta.url));

/**
 * Every build writes brotli and gzip copies of its text files beside them, for the server to send as
 * they are (scripts/lib/precompress.mjs).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bridge-talk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once every file is written, the public folder's copied ones included.
    async closeBundle() {
      await precompressFiles(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  // Exact matches: a prefix alias of the package would swallow its test-data subpath, which only tests
  // import, so the product bundle never holds it.
  resolve: {
    alias: [
      { find: /^@bridge-talk\/contract$/, replacement: contractSource },
      { find: /^@bridge-talk\/contract\/test-data$/, replacement: testDataSource },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Typing into forms is slow on a loaded 2-core machine: give a test room before calling it stuck.
    testTimeout: 30_000,
  },
});
