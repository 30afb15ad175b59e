// `npm test`: lint, import boundaries, unused code, typecheck, unit and component tests (the catalogue
// check among them), server integration tests (PGlite, and PostgreSQL when one answers on
// 127.0.0.1:5432 or TEST_DATABASE_URL names one), then the end-to-end journeys against the built portal.
// Every stage runs; the summary line counts every test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTally, filesCutShort } from './lib/test-reports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = path.join(root, 'e2e/.artifacts/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
const reportsRead = createTally(root);

function stage(name, cmd, args, env = {}) {
  console.info(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
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

const vitest = (project, report, env) => {
  const name = `${project} tests${env?.TEST_DATABASE_URL ? ' on PostgreSQL' : ''}`;
  const unhandled = report.replace(/\.json$/, '.unhandled.json');
  const failuresBefore = reportsRead.tally.failures.length;
  // `vitest run` of the stage's projects, its JSON report to `file`.
  const vitestRun = (file, ...more) => [
    'vitest',
    'run',
    ...project.split('+').flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
    ...more,
  ];
  const stageOk = stage(
    name,
    'npx',
    vitestRun(report, '--reporter=./scripts/lib/unhandled-errors-reporter.mjs'),
    { ...env, UNHANDLED_ERRORS_FILE: unhandled },
  );
  // A test worker process that ended in the middle of a file (seen rarely, on PGlite, with every test
  // that ran passing; the cause is not yet known) leaves that file's other tests unrun. Those files run
  // once more, alone: passing, the stage is green and the summary lists it as flaky; failing, it fails.
  const cutShort = stageOk ? null : filesCutShort(report, unhandled);
  if (cutShort) {
    const again = report.replace(/\.json$/, '.again.json');
    const againOk = stage(
      `${name}: the files a worker's exit cut short, again`,
      'npx',
      vitestRun(again, ...cutShort.map((file) => path.relative(root, file))),
      env,
    );
    if (againOk) results.find((r) => r.name === name).ok = true;
    reportsRead.vitest(report);
    reportsRead.rerun(name, report, again, unhandled, againOk);
    return;
  }
  reportsRead.vitest(report);
  reportsRead.unhandled(name, unhandled, { stageOk, failuresBefore });
};

stage('lint (biome)', 'npx', ['biome', 'check', '.']);
// House rules a tool checks: imports across layers and features (.dependency-cruiser.cjs), and unused
// files, exports and dependencies (knip.jsonc).
stage('import boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'check:boundaries']);
stage('unused code (knip)', 'npm', ['run', '--silent', 'check:unused']);
// Its `tsc -b` also compiles apps/server/dist, which the scale-out server test starts behind nginx.
stage('typecheck', 'npm', ['run', 'typecheck', '--silent']);

vitest('contract+web+web-isolated+family', path.join(reports, 'unit.json'));
vitest('server', path.join(reports, 'server-pglite.json'), { TEST_DATABASE_URL: '' });

const pgUrl =
  process.env.TEST_DATABASE_URL ||
  ((await postgresAnswers()) ? 'postgres://postgres@127.0.0.1:5432/postgres' : '');
if (pgUrl) {
  vitest('server', path.join(reports, 'server-postgres.json'), { TEST_DATABASE_URL: pgUrl });
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
  reportsRead.playwright(path.join(reports, 'e2e.json'));
}

const { passed, failed, skipped, failures, flaky } = reportsRead.tally;
if (flaky.length > 0) {
  // A journey that failed once and passed on its retry: not a red run, but never silent either.
  console.info(`\n━━ flaky: failed, then passed on the retry (${flaky.length}) ━━`);
  for (const test of flaky) console.info(`! ${test}\n`);
}
if (failures.length > 0) {
  console.info(`\n━━ failed (${failures.length}) ━━`);
  for (const failure of failures.slice(0, 20)) console.info(`✗ ${failure}\n`);
}
console.info('\n━━ summary ━━');
for (const r of results) console.info(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const ok = results.every((r) => r.ok);
console.info(
  `\ntests: ${passed} passed (${flaky.length} of them on a retry), ${failed} failed, ${skipped} skipped`,
);
process.exit(ok ? 0 : 1);
