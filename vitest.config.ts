import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const testDataSource = fileURLToPath(new URL('./packages/contract/src/test-data.ts', import.meta.url));
const webRoot = fileURLToPath(new URL('./apps/web/', import.meta.url));

/**
 * The web tests that need a fresh module graph each: those that mock modules or globals, and those that
 * say so (`// Needs a fresh module graph`: their module's own state is what they test). The others
 * share a worker's modules from one file to the next, which takes two thirds off their run.
 */
const ISOLATED_MARK = /\bvi\.(mock|doMock|stubGlobal|hoisted)\(|Needs a fresh module graph/;
const webTests = readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`);
const isolatedWebTests = webTests.filter((file) =>
  ISOLATED_MARK.test(readFileSync(path.join(webRoot, file), 'utf8')),
);
const sharedWebTests = webTests.filter((file) => !isolatedWebTests.includes(file));

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle (available parallelism − 1): these machines have two.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Exact matches: a prefix alias of the package would swallow its test-data subpath.
        resolve: {
          alias: [
            { find: /^@bridge-talk\/contract$/, replacement: contractSource },
            { find: /^@bridge-talk\/contract\/test-data$/, replacement: testDataSource },
          ],
        },
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file owns its database and app. Three at a time on the 2-core machines: a file waits on
          // its database (PGlite's thread, or PostgreSQL's processes) often enough that two left the
          // cores 16 % (PGlite) and 27 % (PostgreSQL) idle; three took the stages from 212 s to 190 s
          // and from 190 s to 154 s.
          maxWorkers: 3,
          // Each file builds its own app on its own database, so the files need no fresh module graph
          // each: a worker keeps the server's modules loaded from one file to the next (a quarter of
          // the run was importing them again).
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', exclude: isolatedWebTests, isolate: false },
      },
      { extends: './apps/family/vite.config.ts', test: { name: 'family' } },
      {
        extends: './apps/web/vite.config.ts',
        // Each project extends the web app's config, whose include lists every test: each excludes
        // the other's files.
        test: { name: 'web-isolated', exclude: sharedWebTests },
      },
    ],
  },
});
