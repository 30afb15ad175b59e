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
// Prints a summary and writes it as JSON to bench/results/<date>-load.json.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
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
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    entities: { type: 'string', default: '4' },
    families: { type: 'string', default: '5' },
    'term-after': { type: 'string', default: '5' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench/results') },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const termAfter = Number(args['term-after']);
const ADMIN = { email: 'admin@bench-load.local', password: 'Bench-Load-Admin-1' };

function log(...parts) {
  console.info(`[bench:load ${new Date().toISOString().slice(11, 19)}]`, ...parts);
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
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

async function api(url, method, route, { token, body } = {}) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Member chat tokens through the e-mailed-code flow: every code is asked for first, then read from the
 * outbox (the mail queue also carries the people's invitations, so the codes may take a while).
 */
async function memberTokens(url, dbUrl, emails) {
  const states = new Map();
  for (const email of emails) {
    states.set(email, (await api(url, 'POST', '/api/chat/sessions/code', { body: { email } })).state);
  }
  const tokens = new Map();
  const started = Date.now();
  while (tokens.size < emails.length && Date.now() - started < 300_000) {
    const { rows } = await withClient(dbUrl, (c) =>
      c.query(
        `select distinct on ("to") "to", text from mail_messages where "to" = any($1::text[])
           and subject ilike '%chat code%' order by "to", created_at desc`,
        [emails.filter((email) => !tokens.has(email))],
      ),
    );
    for (const { to, text } of rows) {
      const code = /^([A-Z2-9]{6})$/m.exec(text ?? '')?.[1];
      if (!code) continue;
      const session = await api(url, 'POST', '/api/chat/sessions', {
        body: { email: to, code, state: states.get(to) },
      });
      tokens.set(to, session.token);
    }
    if (tokens.size < emails.length) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (tokens.size < emails.length)
    throw new Error(`chat codes e-mailed to ${tokens.size} of ${emails.length} members`);
  return tokens;
}

/** Entities with families, people, channels, a few messages and member tokens. */
async function seed(url, dbUrl) {
  const entityCount = Number(args.entities);
  const familyCount = Number(args.families);
  const run = randomUUID().slice(0, 8);
  const entityIds = await withClient(dbUrl, async (c) => {
    const ids = [];
    for (let e = 0; e < entityCount; e++) {
      const email = `agency-${run}-${e}@bench-load.local`;
      const { rows } = await c.query(
        `insert into entities (name, email, subtype, status) values ($1, $2, 'agency', 'active') returning id`,
        [`Load Agency ${e}`, email],
      );
      await c.query(
        `insert into users (email, first_name, last_name, role, subtype, entity_id, password_hash, status)
         select $1, 'Erin', $2, 'entity', 'agency', $3, password_hash, 'active' from users where email = $4`,
        [email, `Agent ${e}`, rows[0].id, ADMIN.email],
      );
      ids.push({ id: rows[0].id, email });
    }
    return ids;
  });
  const families = [];
  for (const [e, entity] of entityIds.entries()) {
    const { accessToken: token } = await api(url, 'POST', '/api/auth/login', {
      body: { email: entity.email, password: ADMIN.password, role: 'entity' },
    });
    const { plans } = await api(url, 'GET', '/api/group/billing/plans/list', { token });
    for (let f = 0; f < familyCount; f++) {
      const card = await api(url, 'POST', '/api/payments/local/tokens', {
        token,
        body: {
          number: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
        },
      });
      const { _id: groupId } = await api(url, 'POST', '/api/group/billing/save', {
        token,
        body: {
          cardName: 'Pat Payer',
          address: '1 Main Street',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          country: 'US',
          email: `payer-${run}-${e}-${f}@bench-load.local`,
          phoneNumber: '(555) 010-2000',
          ...card,
        },
      });
      await api(url, 'POST', '/api/group/billing/assignSubscription', {
        token,
        body: { groupId, priceId: plans[0].id, coupons: [], name: `Robin Load${e}x${f}` },
      });
      const person = async (name, subtype, email) =>
        (await api(url, 'POST', '/api/group/user/create', { token, body: { groupId, name, email, subtype } }))
          ._id;
      const parentEmail = `parent-${run}-${e}-${f}@bench-load.local`;
      const child = await person(`Robin Load${e}x${f}`, 'child', null);
      const parent = await person('Pat Parent', 'adoptive_parent', parentEmail);
      const birth = await person('Bea Birth', 'birth_family', `birth-${run}-${e}-${f}@bench-load.local`);
      await api(url, 'POST', '/api/group/user/sync', {
        token,
        body: {
          groupId,
          results: [
            { userId: child, userType: 'child' },
            { userId: parent, userType: 'adoptive_parent' },
            { userId: birth, userType: 'birth_family' },
          ],
        },
      });
      const { channels } = await api(url, 'GET', `/api/group/channel/list/${groupId}`, { token });
      families.push({ token, groupId, channelId: channels[0].id, parentEmail, name: `Robin Load${e}x${f}` });
    }
  }
  const tokens = await memberTokens(
    url,
    dbUrl,
    families.map((f) => f.parentEmail),
  );
  for (const family of families) family.memberToken = tokens.get(family.parentEmail);
  for (const family of families) {
    for (let m = 0; m < 5; m++) {
      await api(url, 'POST', `/api/chat/channels/${family.channelId}/messages`, {
        token: family.memberToken,
        body: { html: `<p>Seed message ${m}</p>` },
      });
    }
  }
  return families;
}

/** The mixed workload: [weight, kind, request of a family]. */
const OPERATIONS = [
  [20, 'read', (f) => ({ method: 'GET', path: '/api/group/list?search=&page=1', token: f.token })],
  [15, 'read', (f) => ({ method: 'GET', path: `/api/group/list/${f.groupId}`, token: f.token })],
  [10, 'read', (f) => ({ method: 'GET', path: `/api/group/member/list/${f.groupId}`, token: f.token })],
  [
    15,
    'read',
    (f) => ({
      method: 'GET',
      path: `/api/group/channel/list/${f.groupId}?channelId=${f.channelId}&limit=20&refresh=true`,
      token: f.token,
    }),
  ],
  [10, 'read', (f) => ({ method: 'GET', path: '/api/auth/me', token: f.token })],
  [10, 'read', (f) => ({ method: 'GET', path: '/api/chat/channels', token: f.memberToken })],
  [
    10,
    'write',
    (f) => ({
      method: 'POST',
      path: `/api/chat/channels/${f.channelId}/messages`,
      token: f.memberToken,
      body: { html: `<p>Load ${randomUUID()}</p>` },
      message: true,
    }),
  ],
  [
    5,
    'write',
    (f) => ({ method: 'PUT', path: `/api/group/edit/${f.groupId}`, token: f.token, body: { name: f.name } }),
  ],
  [
    5,
    'write',
    (f) => ({
      method: 'POST',
      path: `/api/group/channel/manager/${f.groupId}/${f.channelId}`,
      token: f.token,
      body: { active: true },
    }),
  ],
];
const TOTAL_WEIGHT = OPERATIONS.reduce((sum, [weight]) => sum + weight, 0);

function pickOperation(families) {
  let roll = Math.random() * TOTAL_WEIGHT;
  const family = families[Math.floor(Math.random() * families.length)];
  for (const [weight, kind, make] of OPERATIONS) {
    roll -= weight;
    if (roll < 0) return { kind, ...make(family) };
  }
  return { kind: 'read', ...OPERATIONS[0][2](family) };
}

/** One of `connections` client addresses, so per-client rate limits see many clients, not one. */
function clientAddress() {
  const n = Math.floor(Math.random() * connections);
  return `10.77.${n >> 8}.${n & 255}`;
}

function headersOf(op) {
  return {
    authorization: `Bearer ${op.token}`,
    'x-forwarded-for': clientAddress(),
    ...(op.body ? { 'content-type': 'application/json' } : {}),
  };
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
            headers: headersOf(op),
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

function requestOnce(agent, port, op, id) {
  return new Promise((resolve) => {
    const body = op.body ? JSON.stringify(op.body) : undefined;
    let connected = false;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: op.method,
        path: op.path,
        agent,
        timeout: 30_000,
        headers: {
          ...headersOf(op),
          'x-request-id': id,
          ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ id, outcome: 'complete', status: response.statusCode, text, op }));
        response.on('aborted', () =>
          resolve({ id, outcome: 'error', error: 'aborted', connected: true, op }),
        );
        response.on('error', (error) =>
          resolve({ id, outcome: 'error', error: error.code ?? error.message, connected: true, op }),
        );
      },
    );
    request.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else
        socket.once('connect', () => {
          connected = true;
        });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      const code = error.code ?? error.message;
      resolve({ id, outcome: code === 'ECONNREFUSED' ? 'refused' : 'error', error: code, connected, op });
    });
    if (body) request.write(body);
    request.end();
  });
}

async function phaseTwo(dbUrl, families) {
  log(`phase 2: ${connections} clients, SIGTERM after ${termAfter} s of load…`);
  const server = await startServer({ DATABASE_URL: dbUrl, LOG_LEVEL: 'info' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const outcomes = [];
  let exited = null;
  let termSentAt = 0;
  server.exited.then((result) => {
    exited = { ...result, at: Date.now() };
  });
  const loops = Array.from({ length: connections }, async (_, loop) => {
    for (let seq = 0; ; seq++) {
      if (exited && Date.now() - exited.at > 1000) return;
      const answer = await requestOnce(agent, server.port, pickOperation(families), `load-p2-${loop}-${seq}`);
      outcomes.push({ ...answer, afterTerm: termSentAt > 0 });
      if (answer.outcome === 'refused') return;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, termAfter * 1000));
  termSentAt = Date.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  const shutdownMs = Date.now() - termSentAt;
  await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, 35_000))]);
  agent.destroy();

  // What the server read and what it finished, by request id, from its own log.
  const incoming = new Set();
  const finished = new Set();
  for (const line of server.lines) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry.reqId !== 'string' || !entry.reqId.startsWith('load-p2-')) continue;
    if (entry.msg === 'incoming request') incoming.add(entry.reqId);
    if (entry.msg === 'request completed') finished.add(entry.reqId);
  }
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  const dropped = [...incoming].filter((id) => byId.get(id)?.outcome !== 'complete');
  const unfinished = [...incoming].filter((id) => !finished.has(id));
  const unread = outcomes.filter((o) => o.outcome === 'error' && !incoming.has(o.id));
  const statuses = {};
  for (const o of outcomes) if (o.outcome === 'complete') statuses[o.status] = (statuses[o.status] ?? 0) + 1;

  // Every message the server acknowledged (201) is in the database after the shutdown.
  const acknowledged = outcomes
    .filter((o) => o.outcome === 'complete' && o.status === 201 && o.op.message)
    .map((o) => JSON.parse(o.text).id);
  const stored = await withClient(dbUrl, async (c) =>
    acknowledged.length
      ? Number(
          (await c.query('select count(*) from chat_messages where id = any($1::uuid[])', [acknowledged]))
            .rows[0].count,
        )
      : 0,
  );
  const summary = {
    connections,
    termAfterSeconds: termAfter,
    shutdownMs,
    exitCode: exit.code,
    exitSignal: exit.signal,
    requestsSent: outcomes.length,
    accepted: incoming.size,
    complete: outcomes.filter((o) => o.outcome === 'complete').length,
    completeAfterTerm: outcomes.filter((o) => o.outcome === 'complete' && o.afterTerm).length,
    statuses,
    dropped: dropped.length,
    droppedIds: dropped.slice(0, 20),
    acceptedButNotLoggedCompleted: unfinished.length,
    refusedNewConnections: outcomes.filter((o) => o.outcome === 'refused').length,
    unreadOnIdleKeepAlive: unread.length,
    unreadErrors: [...new Set(unread.map((o) => o.error))],
    messagesAcknowledged: acknowledged.length,
    messagesAcknowledgedAndStored: stored,
  };
  summary.pass =
    summary.dropped === 0 &&
    summary.acceptedButNotLoggedCompleted === 0 &&
    summary.exitCode === 0 &&
    stored === acknowledged.length;
  return summary;
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
    const families = await seed(server.url, dbUrl.toString());
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
    results.phase2 = await phaseTwo(dbUrl.toString(), families);
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
