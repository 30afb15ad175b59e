// `npm test`: lint, typecheck, unit and component tests, server integration tests (PGlite, and
// PostgreSQL when one answers on 127.0.0.1:5432 or TEST_DATABASE_URL names one), then the end-to-end
// journeys against the built portal. Every stage runs; the summary line counts every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = path.join(root, 'e2e/.artifacts/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function stage(name, cmd, args, env = {}) {
  console.info(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}

function postgresAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432 });
    socket.setTimeout(1000);
    socket.on('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

const vitest = (project, report, env) =>
  stage(
    `${project} tests${env?.TEST_DATABASE_URL ? ' on PostgreSQL' : ''}`,
    'npx',
    [
      'vitest',
      'run',
      ...project.split('+').flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );

stage('lint (biome)', 'npx', ['biome', 'check', '.']);
stage('typecheck', 'npm', ['run', 'typecheck', '--silent']);

vitest('contract+web', path.join(reports, 'unit.json'));
countVitest(path.join(reports, 'unit.json'));

vitest('server', path.join(reports, 'server-pglite.json'), { TEST_DATABASE_URL: '' });
countVitest(path.join(reports, 'server-pglite.json'));

const pgUrl =
  process.env.TEST_DATABASE_URL ||
  ((await postgresAnswers()) ? 'postgres://postgres@127.0.0.1:5432/postgres' : '');
if (pgUrl) {
  vitest('server', path.join(reports, 'server-postgres.json'), { TEST_DATABASE_URL: pgUrl });
  countVitest(path.join(reports, 'server-postgres.json'));
} else {
  console.info('\nPostgreSQL does not answer on 127.0.0.1:5432: server tests ran on PGlite only.');
}

if (stage('build', 'node', ['scripts/build.mjs'])) {
  stage(
    'end-to-end (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json'),
    },
  );
  countPlaywright(path.join(reports, 'e2e.json'));
}

console.info('\n━━ summary ━━');
for (const r of results) console.info(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const ok = results.every((r) => r.ok);
console.info(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
