// `npm run bench -- [--duration 10] [--families 100000] [--messages 1000000] [--db pglite|postgres|all]`
// Starts the built server on a seeded database and drives it with autocannon, one route after the
// other: a bare route (the process ceiling), sign-in, /api/auth/me, the admin's entity search, the
// families list searched by child name and by e-mail, a family's details and a page of the channel of
// 10 000 messages. Prints requests/s, p50/p95/p99 latency, errors, each route's throughput as a share
// of the bare route's and the longest event-loop stall of the server while it was driven
// (bench/event-loop-probe.cjs); writes the same as JSON to bench/results/<date>-<db>.json.
//
// PGlite: the seeded data directory is kept in bench/.data (seeding 100 000 families takes minutes) and
// reused. PostgreSQL (when DATABASE_URL names a server): a fresh database bench_<timestamp> on that
// server, seeded, dropped afterwards (--keep leaves it).
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
    out: { type: 'string', default: path.join(root, 'bench/results') },
  },
});
const duration = Number(args.duration);
const families = Number(args.families);
const messages = Number(args.messages);

/** Runs `npm run seed:scale` against the database named by `env`; answers its JSON summary. */
function seed(env) {
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
async function startServer(env) {
  const port = await freePort();
  const started = performance.now();
  let output = '';
  const eventLoopFile = path.join(os.tmpdir(), `bench-event-loop-${port}.json`);
  const child = spawn(
    'node',
    ['--require', path.join(root, 'bench/event-loop-probe.cjs'), path.join(root, 'apps/server/dist/main.js')],
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

async function benchDatabase(kind, env, seeded) {
  // First start: opens (and on first use migrates) the database; the second start is the one measured.
  const warm = await startServer(env);
  await stopServer(warm);
  const server = await startServer(env);
  console.info(`\n${kind}: server started in ${server.startMs} ms (existing, seeded database)`);
  try {
    const [admin, entity] = seeded.logins;
    const adminAuth = await login(server.url, admin.email, admin.password, 'admin');
    const entityAuth = await login(server.url, entity.email, entity.password, 'entity');
    const { bench } = seeded;
    const childFirstName = bench.childName.split(' ')[0];
    const get = (name, label, pathAndQuery, auth) => ({
      name,
      label,
      url: `${server.url}${pathAndQuery}`,
      headers: auth ? { authorization: auth } : {},
    });
    const readConnections = Number(kind === 'postgres' ? args['pg-connections'] : args.connections);
    const routes = [
      [get('bare', 'GET /api/health', '/api/health'), readConnections],
      [
        {
          name: 'login',
          label: 'POST /api/auth/login',
          url: `${server.url}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: entity.email, password: entity.password, role: 'entity' }),
        },
        Number(args['login-connections']),
      ],
      [get('me', 'GET /api/auth/me', '/api/auth/me', entityAuth), readConnections],
      [
        get('entity search', 'GET /api/entity/list?search=smith', '/api/entity/list?search=smith', adminAuth),
        readConnections,
      ],
      [
        get(
          'family search: child name',
          `GET /api/group/list?search=${childFirstName}`,
          `/api/group/list?search=${encodeURIComponent(childFirstName)}`,
          entityAuth,
        ),
        readConnections,
      ],
      [
        get(
          'family search: e-mail',
          'GET /api/group/list?search=<member e-mail>',
          `/api/group/list?search=${encodeURIComponent(bench.memberEmail)}`,
          entityAuth,
        ),
        readConnections,
      ],
      [
        get('family details', 'GET /api/group/list/:id', `/api/group/list/${bench.groupId}`, entityAuth),
        readConnections,
      ],
      [
        get(
          'messages page',
          `GET /api/group/channel/list/:id?channelId= (${bench.channelMessages} messages)`,
          `/api/group/channel/list/${bench.groupId}?channelId=${bench.channelId}&refresh=true`,
          entityAuth,
        ),
        readConnections,
      ],
    ];
    const results = [];
    for (const [route, connections] of routes) {
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
    const bare = results[0].rps;
    for (const result of results) result.ofBare = Math.round((result.rps / bare) * 1000) / 10;
    return { startMs: server.startMs, results };
  } finally {
    await stopServer(server);
  }
}

function printTable(kind, outcome) {
  const rows = [
    ['route', 'conn', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', '% of bare', 'loop max ms'],
    ...outcome.results.map((r) => [
      r.route,
      String(r.connections),
      r.rps.toFixed(1),
      String(r.p50),
      String(r.p95),
      String(r.p99),
      String(r.errors),
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
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.info(`written: ${path.relative(root, file)}`);
}

function describeSeed(seeded) {
  if (seeded.alreadySeeded) return 'already seeded';
  return `seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (${seeded.counts.groups} families, ${seeded.counts.chat_messages} messages)`;
}

buildServerIfStale(console.info);
const wanted = args.db === 'all' ? ['pglite', 'postgres'] : [args.db];

if (wanted.includes('pglite')) {
  const dataDir = path.join(root, 'bench/.data', `pglite-f${families}-m${messages}`);
  console.info(`PGlite: ${path.relative(root, dataDir)}`);
  const seeded = seed({ DATA_DIR: dataDir, DATABASE_URL: '' });
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
    const name = `bench_${Date.now()}`;
    const serverUrl = new URL(process.env.DATABASE_URL);
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      console.info(`\nPostgreSQL: database ${name}`);
      const seeded = seed({ DATABASE_URL: url.toString() });
      console.info(`PostgreSQL: ${describeSeed(seeded)}`);
      const outcome = await benchDatabase('postgres', { DATABASE_URL: url.toString() }, seeded);
      printTable('PostgreSQL', outcome);
      writeResults('postgres', outcome, seeded);
    } finally {
      if (!args.keep) await admin.query(`drop database if exists ${name} with (force)`);
      else console.info(`kept database ${name}`);
      await admin.end();
    }
  }
}
