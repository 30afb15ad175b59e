// What a benchmark drives: the routes, in order, and one run of a route by the load generator: wrk
// (C, Debian's package `wrk`; the default where it is installed) or autocannon (JavaScript, from npm).
//
// The load generator shares the machine's cores with the server and PostgreSQL, and a route is set
// beside pgbench, whose client is C. autocannon parses every answer in JavaScript and spends two to
// four times wrk's CPU a request, taken from the server and PostgreSQL on a small machine; a route
// driven by a C client is compared fairly with its pgbench. So wrk is the default where it is
// installed; the results name the one used (`loadGenerator`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

export const LOAD_GENERATORS = ['wrk', 'autocannon'];
/**
 * A person may search 30 times a minute: each of the two searches is timed this many times, one after
 * the other, so that both stay within a minute's allowance.
 */
const SEARCHES_MEASURED = 14;

/** Whether wrk is on this machine (`apt-get install -y wrk`): the bench says so instead of measuring otherwise. */
export function wrkInstalled() {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function sessionPerConnection(route) {
  let next = 0;
  return (client) => {
    const headers = { ...route.headers, authorization: route.sessions[next % route.sessions.length] };
    // A route with several paths: each connection reads its own (a family of its own).
    if (route.paths)
      client.setRequest({ method: 'GET', path: route.paths[next % route.paths.length], headers });
    else client.setHeaders(headers);
    next += 1;
  };
}

/** One run of `route` by `generator` ('wrk' or 'autocannon'): requests, req/s, latency percentiles, errors. */
export function drive(route, connections, duration, generator) {
  if (route.sequential) return driveSequential(route);
  return generator === 'wrk'
    ? driveWrk(route, connections, duration)
    : driveAutocannon(route, connections, duration);
}

const lua = (value) => (value === undefined ? 'nil' : JSON.stringify(value));

/**
 * wrk's script for a route: the requests are formatted once (the i-th with the i-th session and path, as
 * autocannon's i-th connection had them) and each thread sends them in turn, from its own place in the
 * list; the closing line is the run's figures as JSON.
 */
function wrkScript(route) {
  const url = new URL(route.url);
  const paths = route.paths ?? [url.pathname + url.search];
  const { authorization: _first, ...headers } = route.headers ?? {};
  return `local method = ${lua(route.method ?? 'GET')}
local body = ${lua(route.body)}
local paths = { ${paths.map(lua).join(', ')} }
local sessions = { ${route.sessions.map(lua).join(', ')} }
local headers = { ${Object.entries(headers)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ')} }
local threads = 0
local formatted = {}
local sent = 0

function setup(thread)
  thread:set("first", threads * 7)
  threads = threads + 1
end

function init(args)
  local count = math.max(#paths, #sessions, 1)
  for i = 1, count do
    local h = {}
    for name, value in pairs(headers) do h[name] = value end
    if #sessions > 0 then h["Authorization"] = sessions[((i - 1) % #sessions) + 1] end
    formatted[i] = wrk.format(method, paths[((i - 1) % #paths) + 1], h, body)
  end
  sent = first or 0
end

function request()
  sent = sent + 1
  return formatted[(sent % #formatted) + 1]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nWRK-RESULT {"requests":%d,"microseconds":%d,"errors":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
}

/** One wrk run (two threads, as pgbench runs with -j 2); its latencies are wrk's own percentiles. */
function driveWrk(route, connections, duration) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'route.lua');
  writeFileSync(script, wrkScript(route));
  const threads = String(Math.min(2, connections));
  const args = ['-t', threads, '-c', String(connections), '-d', `${duration}s`, '--timeout', '10s'];
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn('wrk', [...args, '-s', script, route.url], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      rmSync(dir, { recursive: true, force: true });
      const line = output.split('\n').find((text) => text.startsWith('WRK-RESULT '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}):\n${output}`));
      const run = JSON.parse(line.slice('WRK-RESULT '.length));
      const ms = (microseconds) => Math.round(microseconds / 100) / 10;
      resolve({
        route: route.name,
        path: route.label,
        connections,
        requests: run.requests,
        rps: Math.round((run.requests / (run.microseconds / 1e6)) * 10) / 10,
        p50: ms(run.p50),
        p95: ms(run.p95),
        p99: ms(run.p99),
        errors: run.errors,
      });
    });
  });
}

/**
 * A route a person may only call so often (the conversation search: 30 a minute, 2 at once): its
 * requests one after the other, `route.sequential` of them, each timed. Driven at load it would
 * measure the refusals.
 */
async function driveSequential(route) {
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < route.sequential; i += 1) {
    const t = performance.now();
    const response = await fetch(route.url, { method: route.method ?? 'GET', headers: route.headers });
    await response.arrayBuffer();
    latencies.push(performance.now() - t);
    if (!response.ok) errors += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    route: route.name,
    path: route.label,
    connections: 1,
    requests: latencies.length,
    /** One request at a time: no database limit to set it beside. */
    sequential: true,
    rps: round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors,
  };
}

/** One autocannon run; latencies are collected per response so that p95 is exact. */
function driveAutocannon(route, connections, duration) {
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
        // Each connection is a person of their own: the i-th signs in with the i-th session.
        ...(route.sessions.length > 1 ? { setupClient: sessionPerConnection(route) } : {}),
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

/**
 * The routes driven, in order; `database: true` for the authenticated reads measured against their SQL.
 * `adminAuth` and `entityAuth` are sessions (authorization headers) of the two accounts: one for each
 * connection, so that the load is that many people at once, not one person's requests; `familyIds`: the
 * families whose details the connections read, one each.
 */
export function routesOf(url, seeded, adminAuth, entityAuth, entity, familyIds = [seeded.bench.groupId]) {
  const { bench } = seeded;
  const childFirstName = bench.childName.split(' ')[0];
  const get = (name, label, pathAndQuery, sessions) => ({
    name,
    label,
    url: `${url}${pathAndQuery}`,
    headers: sessions ? { authorization: sessions[0] } : {},
    sessions: sessions ?? [],
    database: Boolean(sessions),
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
      sessions: [],
    },
    get('me', 'GET /api/auth/me', '/api/auth/me', entityAuth),
    get('entity search', 'GET /api/entity/list?search=smith', '/api/entity/list?search=smith', adminAuth),
    get('families list', 'GET /api/group/list (first page, unsearched)', '/api/group/list', entityAuth),
    get('families list: deep page', 'GET /api/group/list?page=500', '/api/group/list?page=500', entityAuth),
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
    {
      ...get('family details', 'GET /api/group/list/:id', `/api/group/list/${bench.groupId}`, entityAuth),
      // Caseworkers at once open different families, not all the same one.
      paths: familyIds.map((id) => `/api/group/list/${id}`),
    },
    get(
      'messages page',
      `GET /api/group/channel/list/:id?channelId= (${bench.channelMessages} messages)`,
      `/api/group/channel/list/${bench.groupId}?channelId=${bench.channelId}&refresh=true`,
      entityAuth,
    ),
    // A word of one message in ten of the seeded lines: a thousand hits in the bench channel, among
    // the channels of all the other families in the same GIN index; the first page of 20, newest first.
    {
      ...get(
        'message search',
        `GET /api/groups/:groupId/channels/:channelId/search?q=sunflower (${bench.channelMessages} messages)`,
        `/api/groups/${bench.groupId}/channels/${bench.channelId}/search?q=sunflower`,
        entityAuth,
      ),
      sequential: SEARCHES_MEASURED,
    },
    // Data seeded before these routes were benched has no deep message or rare word: they are left out.
    ...(bench.deepMessageId
      ? [
          get(
            'messages page: deep',
            `GET …/messages/:id/around (nine tenths back in ${bench.channelMessages} messages)`,
            `/api/groups/${bench.groupId}/channels/${bench.channelId}/messages/${bench.deepMessageId}/around`,
            entityAuth,
          ),
          {
            ...get(
              'message search: rare word',
              `GET …/search?q=${bench.rareWord} (one message in 9 973)`,
              `/api/groups/${bench.groupId}/channels/${bench.channelId}/search?q=${bench.rareWord}`,
              entityAuth,
            ),
            sequential: SEARCHES_MEASURED,
          },
        ]
      : []),
    get('families list: by status', 'GET /api/group/list?sort=asc', '/api/group/list?sort=asc', entityAuth),
    get(
      'families list: agreement overdue',
      'GET /api/group/list?agreement=overdue',
      '/api/group/list?agreement=overdue',
      entityAuth,
    ),
    get(
      'families list: no agreement',
      'GET /api/group/list?agreement=none',
      '/api/group/list?agreement=none',
      entityAuth,
    ),
    get('agreements due', 'GET /api/agreements/due', '/api/agreements/due', entityAuth),
    get(
      'agreements by year',
      'GET /api/agreements/summary',
      `/api/agreements/summary?year=${new Date().getUTCFullYear()}`,
      entityAuth,
    ),
    get('reports queue', 'GET /api/reports', '/api/reports', entityAuth),
    get(
      'family activity',
      'GET /api/groups/:groupId/activity?page=20',
      `/api/groups/${bench.groupId}/activity?page=20`,
      entityAuth,
    ),
    get('entity list', 'GET /api/entity/list', '/api/entity/list', adminAuth),
    get('entity list: deep page', 'GET /api/entity/list?page=50', '/api/entity/list?page=50', adminAuth),
    get('platform activity', 'GET /api/admin/activity?page=20', '/api/admin/activity?page=20', adminAuth),
  ];
}
