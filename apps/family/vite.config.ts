// The families' app: its own entry and bundle, served by the portal's server under /family.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressPlugin } from '../../scripts/lib/precompress.mjs';

const contractSource = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));

export default defineConfig({
  base: '/family/',
  // Every build writes brotli and gzip copies of its text files beside them, for the server to send as
  // they are (scripts/lib/precompress.mjs).
  plugins: [react(), precompressPlugin()],
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
