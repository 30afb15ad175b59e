// What a benchmark drives: the routes, in order, and one autocannon run of a route with exact
// latency percentiles.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

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

/** One autocannon run; latencies are collected per response so that p95 is exact. */
export function drive(route, connections, duration) {
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
    get(
      'message search',
      `GET /api/groups/:groupId/channels/:channelId/search?q=sunflower (${bench.channelMessages} messages)`,
      `/api/groups/${bench.groupId}/channels/${bench.channelId}/search?q=sunflower`,
      entityAuth,
    ),
  ];
}
