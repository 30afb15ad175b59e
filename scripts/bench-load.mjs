// `npm run bench:load -- [--duration 60] [--connections 200] [--entities 4] [--families 5]
//                         [--term-after 5] [--keep] [--no-build]`
//
// Load and shutdown proof, on the built server and a fresh PostgreSQL database (127.0.0.1:5432, user
// postgres, trust auth; database bench_load_<timestamp>, dropped afterwards unless --keep).
//
// Seeding, through the API as the portal does it: entities (rows with the first admin's password
// hash, so they sign in with its password), each with families made by the add-family calls (card
// token, payment details, subscription, three people, final list and chat channels) and a member chat
// token for each family's adoptive parent, taken through the e-mailed-code flow (the outbox).
//
// Phase 1 — sustained load: `--connections` concurrent clients for `--duration` seconds (autocannon)
// on a mixed workload: the families list, a family, its people, a page of a channel's messages, the
// signed-in user, the member's channels (reads) and a member posting a message, a family renamed, a
// channel enabled (writes). Required: zero errors — no socket error, no timeout, no answer other than
// 2xx. Reported: requests/s and latency percentiles (p50, p90, p97.5, p99, max).
//
// Phase 2 — SIGTERM under load: a new server process on the same database, the same number of clients
// (plain node:http, keep-alive, each request tagged with its own x-request-id), SIGTERM after
// `--term-after` seconds; the clients go on until the server has exited. Definitions:
//   - accepted: the server logged 'incoming request' for the request's id (it read the request);
//   - complete: the client received the status line, headers and the whole body;
//   - dropped: accepted and not complete. Required: none, every accepted request was also logged
//     'request completed', the server exits with 0, and every message answered 201 is in the database;
//   - refused: a new connection after the listener closed (ECONNREFUSED) — expected, not a drop;
//   - unread: a request written on a kept-alive connection that the server closed as idle before
//     reading it (never accepted, never processed) — the keep-alive race every HTTP client retries;
//     reported, not a drop.
// Prints a summary and writes it as JSON to <out>/<date>-load.json
// (--out DIR, or BENCH_OUT; bench/.results by default). The seeding, the workload
// and phase 2 are in scripts/lib/load-*.mjs.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServerIfStale, freePort } from './lib/build-state.mjs';
import { seedThroughApi, withClient } from './lib/load-seed.mjs';
import { phaseTwo } from './lib/load-shutdown.mjs';
import { headersOf, pickOperation } from './lib/load-workload.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    entities: { type: 'string', default: '4' },
    families: { type: 'string', default: '5' },
    'term-after': { type: 'string', default: '5' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string', default: process.env.BENCH_OUT || path.join(root, 'bench/.results') },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const termAfter = Number(args['term-after']);
const ADMIN = { email: 'admin@bench-load.local', password: 'Bench-Load-Admin-1' };

function log(...parts) {
  console.info(`[bench:load ${new Date().toISOString().slice(11, 19)}]`, ...parts);
}

/** Starts the built server; resolves once /api/ready answers. */
async function startServer(env) {
  const port = await freePort();
  let output = '';
  const lines = [];
  const child = spawn('node', [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Sign-in and code routes are not what is measured: their per-client limits stay out of the way.
      RATE_LIMIT_AUTH_MAX: '1000000',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      // Each simulated client has its own address (X-Forwarded-For), as 200 browsers would.
      TRUST_PROXY: 'true',
      OUTBOX_LOG_TEXT: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  child.stdout.on('data', (chunk) => {
    partial += chunk;
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}${lines.join('\n')}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok)
        return { url, port, child, exited, lines, stderr: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

async function phaseOne(url, families) {
  log(`phase 1: ${connections} clients for ${duration} s on the mixed workload…`);
  const kinds = { read: 0, write: 0 };
  const result = await autocannon({
    url,
    connections,
    duration,
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => {
          const op = pickOperation(families);
          kinds[op.kind] += 1;
          return {
            ...request,
            method: op.method,
            path: op.path,
            headers: headersOf(op, connections),
            body: op.body ? JSON.stringify(op.body) : undefined,
          };
        },
      },
    ],
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  return {
    connections,
    durationSeconds: duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    sentByKind: kinds,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: Math.round(result.latency.mean * 10) / 10,
    },
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    pass: result.errors === 0 && result.timeouts === 0 && result.non2xx === 0,
  };
}

async function main() {
  if (!args['no-build']) buildServerIfStale(log);
  const database = `bench_load_${Date.now()}`;
  const adminUrl = args['pg-url'];
  await withClient(adminUrl, (c) => c.query(`create database ${database}`));
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
      node: process.version,
    },
    database: `postgresql (${database}, pool ${process.env.DATABASE_POOL_MAX ?? 10})`,
  };
  let server;
  try {
    server = await startServer({ DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'warn' });
    log(`seeding ${args.entities} entities × ${args.families} families through the API…`);
    const seedStarted = Date.now();
    const families = await seedThroughApi(server.url, dbUrl.toString(), {
      entities: Number(args.entities),
      families: Number(args.families),
      admin: ADMIN,
    });
    results.seed = {
      entities: Number(args.entities),
      families: families.length,
      seconds: (Date.now() - seedStarted) / 1000,
    };
    results.phase1 = await phaseOne(server.url, families);
    results.phase1.readyAfter = (await fetch(`${server.url}/api/ready`)).status;
    server.child.kill('SIGTERM');
    results.phase1.exit = await server.exited;
    server = null;
    results.phase2 = await phaseTwo(dbUrl.toString(), families, { connections, termAfter, startServer, log });
  } finally {
    if (server) server.child.kill('SIGKILL');
    if (!args.keep)
      await withClient(adminUrl, (c) => c.query(`drop database if exists ${database} with (force)`));
  }
  results.pass = Boolean(results.phase1?.pass && results.phase2?.pass);
  results.machine.loadAverageAtEnd = os.loadavg().map((n) => Math.round(n * 10) / 10);

  const p1 = results.phase1;
  const p2 = results.phase2;
  console.info('');
  console.info(
    `Phase 1 — ${p1.connections} clients × ${p1.durationSeconds} s, mixed reads and writes (${p1.sentByKind.read} reads / ${p1.sentByKind.write} writes sent)`,
  );
  console.info(
    `  ${p1.requests} requests, ${p1.requestsPerSecond} req/s; latency ms p50 ${p1.latencyMs.p50}, p90 ${p1.latencyMs.p90}, p97.5 ${p1.latencyMs.p97_5}, p99 ${p1.latencyMs.p99}, max ${p1.latencyMs.max}`,
  );
  console.info(
    `  statuses ${JSON.stringify(p1.statuses)}; errors ${p1.errors}, timeouts ${p1.timeouts}, non-2xx ${p1.non2xx} → ${p1.pass ? 'PASS' : 'FAIL'}`,
  );
  console.info(
    `Phase 2 — SIGTERM after ${p2.termAfterSeconds} s under ${p2.connections} clients: exit ${p2.exitCode} in ${p2.shutdownMs} ms`,
  );
  console.info(
    `  ${p2.requestsSent} requests sent, ${p2.accepted} accepted by the server, ${p2.complete} complete (${p2.completeAfterTerm} after SIGTERM), statuses ${JSON.stringify(p2.statuses)}`,
  );
  console.info(
    `  dropped (accepted, no complete answer): ${p2.dropped}; accepted but not logged completed: ${p2.acceptedButNotLoggedCompleted}`,
  );
  console.info(
    `  refused new connections after close: ${p2.refusedNewConnections}; unread on an idle kept-alive connection: ${p2.unreadOnIdleKeepAlive} ${p2.unreadErrors.join(',')}`,
  );
  console.info(
    `  messages answered 201: ${p2.messagesAcknowledged}, of them in the database: ${p2.messagesAcknowledgedAndStored} → ${p2.pass ? 'PASS' : 'FAIL'}`,
  );

  mkdirSync(args.out, { recursive: true });
  const file = path.join(args.out, `${results.date.slice(0, 10)}-load.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.info(`\n${results.pass ? 'PASS' : 'FAIL'} — written to ${path.relative(root, file)}`);
  process.exit(results.pass ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
