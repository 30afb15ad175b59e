import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressPlugin } from '../../scripts/lib/precompress.mjs';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
const testDataSource = fileURLToPath(new URL('../../packages/contract/src/test-data.ts', import.meta.url));

export default defineConfig({
  // Every build writes brotli and gzip copies of its text files beside them, for the server to send as
  // they are (scripts/lib/precompress.mjs).
  plugins: [react(), precompressPlugin()],
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
