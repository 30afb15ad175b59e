// `npm run bench -- [--duration 10] [--families 100000] [--messages 1000000] [--db pglite|postgres|all]`
// Starts the built server on a seeded database and drives it with autocannon, one route after the
// other: a bare route (the process ceiling), sign-in, /api/auth/me, the admin's entity search, the
// families list searched by child name and by e-mail, a family's details and a page of the channel of
// 10 000 messages. Prints requests/s, p50/p95/p99 latency, errors, each route's throughput as a share
// of the bare route's and the longest event-loop stall of the server while it was driven
// (bench/event-loop-probe.cjs); writes the same as JSON to bench/results/<date>-<db>.json.
// Each authenticated read is also set beside its database's limit: the statements it sends (recorded by
// bench/statement-log.mjs) run by pgbench -M prepared with as many clients (PostgreSQL), or by PGlite
// in-process (bench/pglite-direct.mjs); see docs/performance.md.
//
// PGlite: the seeded data directory is kept in bench/.data (seeding 100 000 families takes minutes) and
// reused. PostgreSQL (when DATABASE_URL names a server): a fresh database bench_<timestamp> on that
// server, seeded, dropped afterwards (--keep leaves it); --pg-database NAME reuses a kept one.
// --server DIR measures another build's dist folder (a copy of an earlier build, for before/after).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServerIfStale, freePort } from './lib/build-state.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const pg = require('pg');

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    families: { type: 'string', default: '100000' },
    messages: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'all' },
    /** Concurrent connections of the read routes: PGlite is one thread in the server's process. */
    connections: { type: 'string', default: '10' },
    'pg-connections': { type: 'string', default: '50' },
    /** Sign-in is argon2 (19 MiB, t=2) on libuv's 4 threads: more connections only queue. */
    'login-connections': { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
    /** An existing database on DATABASE_URL's server to use (seeded if empty) and keep, instead of a fresh one. */
    'pg-database': { type: 'string' },
    out: { type: 'string', default: path.join(root, 'bench/results') },
    /** The built server to measure (its dist folder): a copy of an earlier build, to compare before/after. */
    server: { type: 'string', default: path.join(root, 'apps/server/dist') },
  },
});
const duration = Number(args.duration);
const serverDist = path.resolve(args.server);
const families = Number(args.families);
const messages = Number(args.messages);

/**
 * Runs `npm run seed:scale` against the database named by `env`; answers its JSON summary. A kept
 * database's summary (its logins and bench ids) is kept in `summaryFile` and read from there next time.
 */
function seed(env, summaryFile) {
  if (summaryFile && existsSync(summaryFile))
    return { ...JSON.parse(readFileSync(summaryFile, 'utf8')), alreadySeeded: true };
  const started = Date.now();
  const result = spawnSync(
    'node',
    [
      path.join(root, 'scripts/seed-scale.mjs'),
      '--families',
      String(families),
      '--messages',
      String(messages),
      '--json',
    ],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error('seeding failed');
  }
  const summary = JSON.parse(result.stdout.trim().split('\n').at(-1));
  if (summaryFile) writeFileSync(summaryFile, JSON.stringify(summary));
  return { ...summary, wallMs: Date.now() - started };
}

const serverEnv = (env, port) => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  // The sign-in route's limit would stop the login bench after 10 requests.
  RATE_LIMIT_AUTH_MAX: '100000000',
  WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
  ...env,
});

/** Starts the built server; answers the process and how long it took until /api/ready answered. */
async function startServer(env, preload = []) {
  const port = await freePort();
  const started = performance.now();
  let output = '';
  const eventLoopFile = path.join(os.tmpdir(), `bench-event-loop-${port}.json`);
  const child = spawn(
    'node',
    [
      '--require',
      path.join(root, 'bench/event-loop-probe.cjs'),
      ...preload,
      path.join(serverDist, 'main.js'),
    ],
    {
      env: { ...serverEnv(env, port), BENCH_EVENT_LOOP_FILE: eventLoopFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) {
        return {
          url,
          child,
          eventLoopFile,
          startMs: Math.round(performance.now() - started),
          output: () => output,
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

/**
 * The server's event-loop delay since the last call (bench/event-loop-probe.cjs): the longest time the
 * process could not answer anything — with PGlite, a query runs on that same thread.
 */
async function eventLoopDelay(server) {
  rmSync(server.eventLoopFile, { force: true });
  server.child.kill('SIGUSR2');
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    if (existsSync(server.eventLoopFile)) {
      try {
        return JSON.parse(readFileSync(server.eventLoopFile, 'utf8'));
      } catch {
        // still being written
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { maxMs: null, p99Ms: null, meanMs: null };
}

async function stopServer(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/**
 * Requests autocannon gave up on may still be queued in the server (PGlite answers one query at a
 * time): wait until the database answers promptly before the next route is measured.
 */
async function drain(url) {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const t = performance.now();
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - t < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function login(url, email, password, role) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return `Bearer ${(await response.json()).accessToken}`;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One autocannon run; latencies are collected per response so that p95 is exact. */
function drive(route, connections) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      {
        url: route.url,
        method: route.method ?? 'GET',
        headers: route.headers,
        body: route.body,
        connections,
        duration,
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const round = (n) => (n === null ? null : Math.round(n * 10) / 10);
        resolve({
          route: route.name,
          path: route.label,
          connections,
          requests: result.requests.total,
          rps: Math.round((result.requests.total / duration) * 10) / 10,
          p50: round(percentile(latencies, 50)),
          p95: round(percentile(latencies, 95)),
          p99: round(percentile(latencies, 99)),
          errors: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** The routes driven, in order; `database: true` for the authenticated reads measured against their SQL. */
function routesOf(url, seeded, adminAuth, entityAuth, entity) {
  const { bench } = seeded;
  const childFirstName = bench.childName.split(' ')[0];
  const get = (name, label, pathAndQuery, auth) => ({
    name,
    label,
    url: `${url}${pathAndQuery}`,
    headers: auth ? { authorization: auth } : {},
    database: Boolean(auth),
  });
  return [
    get('bare', 'GET /api/health', '/api/health'),
    {
      name: 'login',
      label: 'POST /api/auth/login',
      url: `${url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: entity.email, password: entity.password, role: 'entity' }),
    },
    get('me', 'GET /api/auth/me', '/api/auth/me', entityAuth),
    get('entity search', 'GET /api/entity/list?search=smith', '/api/entity/list?search=smith', adminAuth),
    get(
      'family search: child name',
      `GET /api/group/list?search=${childFirstName}`,
      `/api/group/list?search=${encodeURIComponent(childFirstName)}`,
      entityAuth,
    ),
    get(
      'family search: e-mail',
      'GET /api/group/list?search=<member e-mail>',
      `/api/group/list?search=${encodeURIComponent(bench.memberEmail)}`,
      entityAuth,
    ),
    get('family details', 'GET /api/group/list/:id', `/api/group/list/${bench.groupId}`, entityAuth),
    get(
      'messages page',
      `GET /api/group/channel/list/:id?channelId= (${bench.channelMessages} messages)`,
      `/api/group/channel/list/${bench.groupId}?channelId=${bench.channelId}&refresh=true`,
      entityAuth,
    ),
  ];
}

/** Statements of the job queue (pg-boss polls on its own) are not a route's. */
const isRouteStatement = (s) => !/pgboss/i.test(s.text);

/**
 * The SQL statements each authenticated read route sends, with their parameters: the server is started
 * once with bench/statement-log.mjs preloaded (it writes every statement given to `pg` or to the PGlite
 * thread) and each route is asked three times alone; the third request's statements are the route's
 * (the first ones may prepare or cache what later requests reuse).
 */
async function captureStatements(env, seeded) {
  const log = path.join(os.tmpdir(), `bench-statements-${process.pid}.jsonl`);
  writeFileSync(log, '');
  const server = await startServer({ ...env, BENCH_STATEMENT_LOG: log, BENCH_SERVER_DIST: serverDist }, [
    '--import',
    path.join(root, 'bench/statement-log.mjs'),
  ]);
  try {
    const [admin, entity] = seeded.logins;
    const adminAuth = await login(server.url, admin.email, admin.password, 'admin');
    const entityAuth = await login(server.url, entity.email, entity.password, 'entity');
    const captured = {};
    for (const route of routesOf(server.url, seeded, adminAuth, entityAuth, entity)) {
      if (!route.database) continue;
      for (let i = 0; i < 2; i += 1) await (await fetch(route.url, { headers: route.headers })).arrayBuffer();
      writeFileSync(log, '');
      const response = await fetch(route.url, { headers: route.headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${route.label} answered ${response.status}`);
      captured[route.name] = readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter(isRouteStatement);
    }
    return captured;
  } finally {
    await stopServer(server);
    rmSync(log, { force: true });
  }
}

/**
 * A pgbench script of one route's statements: one transaction is one request's statements. Parameters
 * become pgbench variables (`-D`), so that with `-M prepared` each statement is prepared once with
 * `$n` parameters as the server sends it; a null parameter is written as NULL.
 */
function pgbenchScript(statements) {
  const variables = [];
  const lines = statements.map((statement, i) => {
    const text = statement.text.replace(/\$(\d+)/g, (_, n) => {
      const value = statement.params[Number(n) - 1];
      if (value === null || value === undefined) return 'NULL';
      const name = `s${i}p${n}`;
      variables.push(`${name}=${value}`);
      return `:${name}`;
    });
    return `${text.replace(/\s+/g, ' ').trim()};`;
  });
  return { script: `${lines.join('\n')}\n`, variables };
}

/** pgbench on one route's statements, as many clients as the route had connections; answers tps. */
function runPgbench(url, name, statements, connections) {
  const { script, variables } = pgbenchScript(statements);
  const file = path.join(os.tmpdir(), `bench-${process.pid}-${name.replace(/\W+/g, '-')}.sql`);
  writeFileSync(file, script);
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(duration),
      ...variables.flatMap((v) => ['-D', v]),
      '-f',
      file,
      url,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  rmSync(file, { force: true });
  const tps = /tps = ([\d.]+)/.exec(result.stdout);
  if (result.status !== 0 || !tps)
    throw new Error(`pgbench failed on ${name}:\n${result.stdout}${result.stderr}`);
  return Number(tps[1]);
}

/**
 * PGlite executing each route's statements itself, opened as the server opens it (its thread, on the
 * same data directory, the server stopped), with as many concurrent callers as the route had
 * connections (bench/pglite-direct.mjs); answers statements' runs per second per route.
 */
function runPgliteDirect(dataDir, captured, connections) {
  const input = path.join(os.tmpdir(), `bench-pglite-direct-${process.pid}.json`);
  writeFileSync(input, JSON.stringify({ dataDir, duration, connections, routes: captured }));
  const result = spawnSync('node', [path.join(root, 'bench/pglite-direct.mjs'), input], {
    cwd: root,
    env: { ...process.env, BENCH_SERVER_DIST: serverDist },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  rmSync(input, { force: true });
  if (result.status !== 0) throw new Error(`the direct PGlite run failed:\n${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

async function benchDatabase(kind, env, seeded) {
  // First start: opens (and on first use migrates) the database and learns each route's statements;
  // the second start is the one measured.
  const captured = await captureStatements(env, seeded);
  const server = await startServer(env);
  console.info(`\n${kind}: server started in ${server.startMs} ms (existing, seeded database)`);
  const readConnections = Number(kind === 'postgres' ? args['pg-connections'] : args.connections);
  const results = [];
  try {
    const [admin, entity] = seeded.logins;
    const adminAuth = await login(server.url, admin.email, admin.password, 'admin');
    const entityAuth = await login(server.url, entity.email, entity.password, 'entity');
    for (const route of routesOf(server.url, seeded, adminAuth, entityAuth, entity)) {
      const connections = route.name === 'login' ? Number(args['login-connections']) : readConnections;
      process.stdout.write(`  ${route.name}…`);
      await eventLoopDelay(server);
      const result = await drive(route, connections);
      const blocked = await eventLoopDelay(server);
      result.eventLoopMaxMs = blocked.maxMs;
      result.eventLoopP99Ms = blocked.p99Ms;
      result.loadAverage = Math.round(os.loadavg()[0] * 10) / 10;
      process.stdout.write(` ${result.rps} req/s (load average ${result.loadAverage})\n`);
      results.push(result);
      await drain(server.url);
    }
  } finally {
    await stopServer(server);
  }
  const bare = results[0].rps;
  for (const result of results) result.ofBare = Math.round((result.rps / bare) * 1000) / 10;
  // The database alone on each route's statements, after the server has stopped (PGlite's directory
  // opens in one process at a time).
  const direct = kind === 'pglite' ? runPgliteDirect(env.DATA_DIR, captured, readConnections) : null;
  for (const result of results) {
    const statements = captured[result.route];
    if (!statements) continue;
    result.statements = statements.length;
    if (kind === 'postgres') {
      process.stdout.write(`  pgbench ${result.route}…`);
      result.databaseTps = runPgbench(env.DATABASE_URL, result.route, statements, readConnections);
      process.stdout.write(` ${result.databaseTps} tps\n`);
    } else {
      result.databaseTps = direct[result.route];
    }
    result.ofDatabase = Math.round((result.rps / result.databaseTps) * 1000) / 10;
  }
  return { startMs: server.startMs, results, statements: captured };
}

function printTable(kind, outcome) {
  const limit = kind === 'PGlite' ? 'direct/s' : 'pgbench tps';
  const rows = [
    [
      'route',
      'conn',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'errors',
      'stmts',
      limit,
      '% of db',
      '% of bare',
      'loop max ms',
    ],
    ...outcome.results.map((r) => [
      r.route,
      String(r.connections),
      r.rps.toFixed(1),
      String(r.p50),
      String(r.p95),
      String(r.p99),
      String(r.errors),
      r.statements === undefined ? '' : String(r.statements),
      r.databaseTps === undefined ? '' : r.databaseTps.toFixed(1),
      r.ofDatabase === undefined ? '' : `${r.ofDatabase.toFixed(1)} %`,
      `${r.ofBare.toFixed(1)} %`,
      String(r.eventLoopMaxMs),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.info(`\n${kind} — ${duration} s per route; server start ${outcome.startMs} ms`);
  for (const [i, row] of rows.entries()) {
    console.info(
      row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '),
    );
    if (i === 0) console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  if (kind === 'PGlite')
    console.info('% of db: the route ÷ PGlite running its statements in-process (target ≥ 50 %)');
  else console.info('% of db: the route ÷ pgbench -M prepared on its statements (target ≥ 50 %)');
}

function writeResults(kind, outcome, seeded) {
  mkdirSync(args.out, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(args.out, `${date}-${kind}.json`);
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  const report = {
    date: new Date().toISOString(),
    commit,
    database: kind,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', node: process.version },
    // Other work on the machine skews every figure: the 1-minute load average after each route is kept.
    durationSeconds: duration,
    data: {
      families,
      messages,
      rows: seeded.counts,
      seededInMs: seeded.alreadySeeded ? null : seeded.totalMs,
    },
    serverStartMs: outcome.startMs,
    routes: outcome.results,
    // What each route sent to the database: the statements pgbench (or PGlite in-process) ran.
    statements: outcome.statements,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.info(`written: ${path.relative(root, file)}`);
}

function describeSeed(seeded) {
  if (seeded.alreadySeeded) return 'already seeded';
  return `seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (${seeded.counts.groups} families, ${seeded.counts.chat_messages} messages)`;
}

if (!args.server || serverDist === path.join(root, 'apps/server/dist')) buildServerIfStale(console.info);
const wanted = args.db === 'all' ? ['pglite', 'postgres'] : [args.db];

if (wanted.includes('pglite')) {
  const dataDir = path.join(root, 'bench/.data', `pglite-f${families}-m${messages}`);
  console.info(`PGlite: ${path.relative(root, dataDir)}`);
  const seeded = seed({ DATA_DIR: dataDir, DATABASE_URL: '' }, `${dataDir}.seed.json`);
  console.info(`PGlite: ${describeSeed(seeded)}`);
  const outcome = await benchDatabase('pglite', { DATA_DIR: dataDir }, seeded);
  printTable('PGlite', outcome);
  writeResults('pglite', outcome, seeded);
}

if (wanted.includes('postgres')) {
  if (!process.env.DATABASE_URL) {
    console.info(
      '\nPostgreSQL: skipped (set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  } else {
    const reused = args['pg-database'];
    const name = reused ?? `bench_${Date.now()}`;
    const serverUrl = new URL(process.env.DATABASE_URL);
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    if (!reused) await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      console.info(`\nPostgreSQL: database ${name}`);
      const seeded = seed(
        { DATABASE_URL: url.toString() },
        reused || args.keep ? path.join(root, 'bench/.data', `postgres-${name}.seed.json`) : undefined,
      );
      console.info(`PostgreSQL: ${describeSeed(seeded)}`);
      const outcome = await benchDatabase('postgres', { DATABASE_URL: url.toString() }, seeded);
      printTable('PostgreSQL', outcome);
      writeResults('postgres', outcome, seeded);
    } finally {
      if (!args.keep && !reused) await admin.query(`drop database if exists ${name} with (force)`);
      else console.info(`kept database ${name}`);
      await admin.end();
    }
  }
}
