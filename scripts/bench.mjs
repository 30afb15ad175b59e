// `npm run bench -- [--duration 10] [--families 100000] [--messages 1000000] [--db pglite|postgres|all]
//   [--only 'message search,…'] [--load-generator wrk|autocannon] [--pairs 3]`
// Starts the built server on a seeded database and drives it with wrk (or autocannon), one route after
// the other: a bare route (the process ceiling), sign-in, /api/auth/me, the admin's entity search, the
// families list (its first page, page 500, and searched by child name and by e-mail), a family's
// details, a page of the channel of 10 000 messages and a search in that channel. Prints requests/s,
// p50/p95/p99 latency, errors, each route's throughput as a share of the bare route's and the longest
// event-loop stall of the server while it was driven (bench/event-loop-probe.cjs); writes the same as
// JSON to <out>/<date>-<db>.json (--out DIR, or BENCH_OUT; bench/.results by default, which git ignores).
// Each authenticated read is also set beside its database's limit: the statements it sends (recorded by
// bench/statement-log.mjs) run by pgbench -M prepared with as many clients right after the route
// (PostgreSQL), or by PGlite in-process once the server has stopped (bench/pglite-direct.mjs); see
// docs/performance.md.
//
// PGlite: the seeded data directory is kept in bench/.data (seeding 100 000 families takes minutes) and
// reused. PostgreSQL (when DATABASE_URL names a server): a fresh database bench_<timestamp> on that
// server, seeded, dropped afterwards (--keep leaves it); --pg-database NAME names one to keep (created
// and seeded the first time, reused after).
// --server DIR measures another build's dist folder (a copy of an earlier build, for before/after).
// --sizes 100000:1000000,1000000:10000000 (PostgreSQL): the read routes at each size of data (families:
// messages; a hundredth as many entities; the bench channel of --channel-messages, 100 000 by default,
// at every size) in one run, each size in a kept database bench_f<families>_m<messages> (seeded the
// first time), and every route's p95 at the largest size over the smallest: the goal is 1.5× at most.
// The parts are in scripts/lib/bench-*.mjs: the server process, the routes, the database limits and
// the report.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuPerRequest, cpuSnapshot } from './lib/bench-cpu.mjs';
import { captureStatements, runPgbench, runPgliteDirect } from './lib/bench-database-limit.mjs';
import { describeSeed, printGrowth, printTable, writeResults, writeSizes } from './lib/bench-report.mjs';
import { drive, LOAD_GENERATORS, routesOf, wrkInstalled } from './lib/bench-routes.mjs';
import { pgliteDataDir, seedScale } from './lib/bench-seed.mjs';
import { drain, eventLoopDelay, login, startServer, stopServer } from './lib/bench-server.mjs';
import { buildServerIfStale } from './lib/build-state.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');
/** The most a read route's p95 may grow for ten times the data. */
const GROWTH_GOAL = 1.5;

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
    out: { type: 'string', default: process.env.BENCH_OUT || path.join(root, 'bench/.results') },
    /** The built server to measure (its dist folder): a copy of an earlier build, to compare before/after. */
    server: { type: 'string', default: path.join(root, 'apps/server/dist') },
    /** Only these routes (names, comma-separated), beside the bare route every share is taken of. */
    only: { type: 'string' },
    /** PostgreSQL: each read route and its pgbench this many times in turn; the median pair stands. */
    pairs: { type: 'string', default: '1' },
    /**
     * wrk (C, as pgbench's client is; `apt-get install -y wrk`) or autocannon (JavaScript, in this
     * process). Unnamed: wrk where it is installed, else autocannon.
     */
    'load-generator': { type: 'string' },
    /** families:messages pairs, comma-separated: the routes at each size of data, and how they grow. */
    sizes: { type: 'string' },
    'channel-messages': { type: 'string', default: '100000' },
  },
});
const hasWrk = wrkInstalled();
const loadGenerator = args['load-generator'] ?? (hasWrk ? 'wrk' : 'autocannon');
if (!args['load-generator'] && loadGenerator === 'autocannon')
  console.info(
    'wrk is not installed (`apt-get install -y wrk`): the routes are driven by autocannon, whose CPU takes more of the cores the server and the database share.',
  );
const pairs = Number(args.pairs);
if (!Number.isInteger(pairs) || pairs < 1 || pairs > 9) {
  console.error('--pairs is a whole number from 1 to 9');
  process.exit(2);
}
if (!LOAD_GENERATORS.includes(loadGenerator)) {
  console.error(`--load-generator is one of: ${LOAD_GENERATORS.join(', ')}`);
  process.exit(2);
}
if (loadGenerator === 'wrk' && !hasWrk) {
  console.error(
    'wrk is not installed: `apt-get install -y wrk` (Debian), or measure with `--load-generator autocannon`.',
  );
  process.exit(2);
}
const only = args.only ? new Set(['bare', ...args.only.split(',').map((name) => name.trim())]) : null;
const duration = Number(args.duration);
const serverDist = path.resolve(args.server);
const families = Number(args.families);
const messages = Number(args.messages);

/** `count` sessions of one account (four sign-ins at a time: argon2 runs on libuv's four threads). */
async function signIn(url, account, role, count) {
  const sessions = [];
  while (sessions.length < count) {
    const batch = Math.min(4, count - sessions.length);
    sessions.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => login(url, account.email, account.password, role)),
      )),
    );
  }
  return sessions;
}

/** The ids of `count` families of the signed-in entity (its newest). */
async function familiesOf(url, authorization, count) {
  const response = await fetch(`${url}/api/group/list?pageSize=${count}`, { headers: { authorization } });
  if (!response.ok) throw new Error(`the families list answered ${response.status}`);
  return (await response.json()).result.map((family) => family._id);
}

/** A route's throughput as a share of its database's limit, in % to one decimal. */
const shareOf = ({ rps, databaseTps }) => Math.round((rps / databaseTps) * 1000) / 10;

/** `limits: false` drives the routes only: no statements captured, no pgbench beside them. */
async function benchDatabase(kind, env, seeded, { limits = true } = {}) {
  // First start: opens (and on first use migrates) the database and learns each route's statements;
  // the second start is the one measured.
  const captured = limits ? await captureStatements(serverDist, env, seeded) : {};
  const server = await startServer(serverDist, env);
  console.info(`\n${kind}: server started in ${server.startMs} ms (existing, seeded database)`);
  const readConnections = Number(kind === 'postgres' ? args['pg-connections'] : args.connections);
  const results = [];
  try {
    const [admin, entity] = seeded.logins;
    const adminAuth = await signIn(server.url, admin, 'admin', readConnections);
    const entityAuth = await signIn(server.url, entity, 'entity', readConnections);
    const familyIds = await familiesOf(server.url, entityAuth[0], readConnections);
    for (const route of routesOf(server.url, seeded, adminAuth, entityAuth, entity, familyIds)) {
      if (only && !only.has(route.name)) continue;
      const connections = route.name === 'login' ? Number(args['login-connections']) : readConnections;
      // PostgreSQL's limit for the route is taken right after it, in the same minutes (the server
      // idles meanwhile): on a shared machine the other load moves both figures within minutes, so a
      // route and its limit are only comparable when measured side by side.
      // With --pairs N the route and its pgbench go N times in turn, and the pair with the median
      // share stands for the route (every pair is kept in the results).
      const statements = kind === 'postgres' && !route.sequential ? captured[route.name] : undefined;
      const runs = [];
      for (let pair = 0; pair < (statements ? pairs : 1); pair += 1) {
        process.stdout.write(`  ${route.name}…`);
        await eventLoopDelay(server);
        const cpuBefore = cpuSnapshot(server.child.pid, kind);
        const run = await drive(route, connections, duration, loadGenerator);
        run.cpuMicroseconds = cpuPerRequest(cpuBefore, cpuSnapshot(server.child.pid, kind), run.requests);
        const blocked = await eventLoopDelay(server);
        run.eventLoopMaxMs = blocked.maxMs;
        run.eventLoopP99Ms = blocked.p99Ms;
        run.loadAverage = Math.round(os.loadavg()[0] * 10) / 10;
        process.stdout.write(` ${run.rps} req/s (load average ${run.loadAverage})\n`);
        if (statements) {
          process.stdout.write(`  pgbench ${route.name}…`);
          run.databaseTps = runPgbench(env.DATABASE_URL, route.name, statements, readConnections, duration);
          run.ofDatabase = shareOf(run);
          process.stdout.write(` ${run.databaseTps} tps\n`);
        }
        runs.push(run);
        await drain(server.url);
      }
      const byShare = [...runs].sort((a, b) => (a.ofDatabase ?? 0) - (b.ofDatabase ?? 0));
      const result = { ...byShare[Math.floor((byShare.length - 1) / 2)] };
      if (runs.length > 1)
        result.pairs = runs.map(({ rps, databaseTps, ofDatabase, cpuMicroseconds }) => ({
          rps,
          databaseTps,
          ofDatabase,
          cpuMicroseconds,
        }));
      results.push(result);
    }
  } finally {
    await stopServer(server);
  }
  const bare = results[0].rps;
  for (const result of results) result.ofBare = Math.round((result.rps / bare) * 1000) / 10;
  // PGlite alone on each route's statements, after the server has stopped (its directory opens in one
  // process at a time).
  const direct =
    kind === 'pglite' && limits
      ? runPgliteDirect(env.DATA_DIR, captured, readConnections, { duration, serverDist })
      : null;
  for (const result of results) {
    const statements = captured[result.route];
    if (!statements || result.sequential) continue;
    result.statements = statements.length;
    if (direct) result.databaseTps = direct[result.route];
    result.ofDatabase = shareOf(result);
  }
  return { startMs: server.startMs, results, statements: captured };
}

if (!args.server || serverDist === path.join(root, 'apps/server/dist')) buildServerIfStale(console.info);
if (args.sizes) {
  await benchSizes(parseSizes(args.sizes));
  process.exit(0);
}
const wanted = args.db === 'all' ? ['pglite', 'postgres'] : [args.db];
const resultOptions = { out: args.out, duration, families, messages, loadGenerator };

if (wanted.includes('pglite')) {
  const dataDir = pgliteDataDir(families, messages);
  console.info(`PGlite: ${path.relative(root, dataDir)}`);
  const seeded = seedScale({ DATA_DIR: dataDir, DATABASE_URL: '' }, `${dataDir}.seed.json`, {
    families,
    messages,
  });
  console.info(`PGlite: ${describeSeed(seeded)}`);
  const outcome = await benchDatabase('pglite', { DATA_DIR: dataDir }, seeded);
  printTable('PGlite', outcome, duration, loadGenerator);
  writeResults('pglite', outcome, seeded, resultOptions);
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
    // A database named by --pg-database is created the first time (then seeded), and kept.
    const exists =
      reused && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      console.info(`\nPostgreSQL: database ${name}`);
      const seeded = seedScale(
        { DATABASE_URL: url.toString() },
        reused || args.keep ? path.join(root, 'bench/.data', `postgres-${name}.seed.json`) : undefined,
        { families, messages },
      );
      console.info(`PostgreSQL: ${describeSeed(seeded)}`);
      // The job workers (renewals, sweeps, mail) are left to a worker process, as a deployment may:
      // their statements would be counted as a route's when its statements are captured, and their
      // work would be measured as the route's.
      const outcome = await benchDatabase(
        'postgres',
        { DATABASE_URL: url.toString(), JOB_WORKERS: 'false' },
        seeded,
      );
      printTable('PostgreSQL', outcome, duration, loadGenerator);
      writeResults('postgres', outcome, seeded, resultOptions);
    } finally {
      if (!args.keep && !reused) await admin.query(`drop database if exists ${name} with (force)`);
      else console.info(`kept database ${name}`);
      await admin.end();
    }
  }
}

/** '100000:1000000,1000000:10000000' → [{ families, messages }, …], smallest first. */
function parseSizes(text) {
  const sizes = text.split(',').map((pair) => {
    const [f, m] = pair.split(':').map(Number);
    if (!Number.isInteger(f) || !Number.isInteger(m) || f < 100 || m < 0) {
      console.error(`--sizes: '${pair}' is not families:messages (whole numbers, at least 100 families)`);
      process.exit(2);
    }
    return { families: f, messages: m };
  });
  if (sizes.length < 2) {
    console.error('--sizes names two sizes at least, e.g. 100000:1000000,1000000:10000000');
    process.exit(2);
  }
  return sizes.sort((a, b) => a.families - b.families);
}

/**
 * The read routes at each size of data on PostgreSQL, one size after the other in one run, and how
 * each route's p95 grows from the smallest to the largest. Each size's database is kept (seeding ten
 * million messages takes a while) and reused by the next run.
 */
async function benchSizes(sizes) {
  if (!process.env.DATABASE_URL) {
    console.error(
      '--sizes measures PostgreSQL: set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
    process.exit(2);
  }
  const channelMessages = Number(args['channel-messages']);
  const serverUrl = new URL(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  const outcomes = [];
  try {
    for (const size of sizes) {
      const name = `bench_f${size.families}_m${size.messages}_c${channelMessages}`;
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
      if (!exists) await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      console.info(`\nPostgreSQL: database ${name}`);
      const seeded = seedScale(
        { DATABASE_URL: url.toString() },
        path.join(root, 'bench/.data', `postgres-${name}.seed.json`),
        { ...size, entities: Math.max(2, Math.floor(size.families / 100)), channelMessages },
      );
      console.info(`PostgreSQL: ${describeSeed(seeded)}`);
      const outcome = await benchDatabase(
        'postgres',
        { DATABASE_URL: url.toString(), JOB_WORKERS: 'false' },
        seeded,
        { limits: false },
      );
      const label = `${size.families.toLocaleString('en-US')} / ${size.messages.toLocaleString('en-US')}`;
      printTable(`PostgreSQL, ${label}`, outcome, duration, loadGenerator);
      outcomes.push({ ...size, seeded, outcome });
    }
  } finally {
    await admin.end();
  }
  printGrowth(outcomes, GROWTH_GOAL);
  writeSizes(outcomes, { out: args.out, duration, loadGenerator, channelMessages, goal: GROWTH_GOAL });
}
