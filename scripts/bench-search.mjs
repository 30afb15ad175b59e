// `npm run bench:search -- [--server DIR] [--label NAME] [--searchers 8] [--seconds 20] [--word Noah]
//                         [--keep] [--no-build]`
//
// What one agency's conversation searches cost another agency: the built server (this checkout's, or
// the checkout in `--server DIR`, to compare another commit) on a fresh PGlite DATA_DIR in a temporary
// folder, seeded with that checkout's own demo seed (its scripts/seed-demo.mjs).
// Entity A is the demo agency (demo.agency@bridgetalk.local), whose family's channel holds the 10 000
// messages; entity B is the demo law firm (demo.lawyer@bridgetalk.local), another entity with a family.
// A's family and channel are found through the API: the channel of A's families whose search for
// `--word` (a word of the long conversation) counts the most hits.
// Phase 1 (baseline) — B asks GET /api/group/list?page=1 one request after the other for `--seconds`.
// Phase 2 — A runs `--searchers` loops, each searching the long channel one request after the other
// (GET /api/groups/:groupId/channels/:channelId/search?q=WORD), while B does as in phase 1.
// Reported: B's family-list p50/p95 per phase and their ratio (phase 2 / phase 1: compare these, not
// absolute times across runs), A's searches per status (200, 429, other) and the server's peak resident
// memory (VmRSS, sampled every 50 ms). Prints a summary and writes it as JSON to
// <out>/<date>-search-<label>.json (--out DIR, or BENCH_OUT; bench/.results by default).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, rssMb, sampleRss } from './lib/bench-server.mjs';
import { buildServerIfStale, freePort, root } from './lib/build-state.mjs';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string', default: root },
    label: { type: 'string', default: 'this' },
    searchers: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '20' },
    word: { type: 'string', default: 'Noah' },
    keep: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string', default: process.env.BENCH_OUT || path.join(root, 'bench/.results') },
  },
});
const ADMIN = { email: 'admin@bench-search.local', password: 'Bench-Search-Admin-1' };
const ENTITY_A = { email: 'demo.agency@bridgetalk.local', password: 'Demo-Pass-1' };
const ENTITY_B = { email: 'demo.lawyer@bridgetalk.local', password: 'Demo-Pass-1' };

function log(...parts) {
  console.info(`[bench:search ${new Date().toISOString().slice(11, 19)}]`, ...parts);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(serverRoot, env) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(serverRoot, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_AUTH_MAX: '100000000',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      OUTBOX_LOG_TEXT: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.stderr.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, port, child, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

async function signIn(url, { email, password }) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role: 'entity' }),
  });
  const body = await response.json();
  if (!response.ok || !body.accessToken)
    throw new Error(`sign-in of ${email}: ${response.status} ${JSON.stringify(body)}`);
  return body.accessToken;
}

async function getJson(url, token) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** The rows of a list answer, whatever it names them. */
const rowsOf = (body) =>
  Array.isArray(body) ? body : (Object.values(body).find((v) => Array.isArray(v)) ?? []);

const searchUrl = (url, target, word) =>
  `${url}/api/groups/${target.groupId}/channels/${target.channelId}/search?q=${encodeURIComponent(word)}`;

/** A's channel whose search for `word` counts the most hits. */
async function longChannel(url, token, word) {
  const groups = rowsOf(await getJson(`${url}/api/group/list?page=1`, token));
  let best = null;
  for (const group of groups) {
    const groupId = group.id ?? group._id ?? group.groupId;
    const channels = rowsOf(await getJson(`${url}/api/group/channel/list/${groupId}`, token));
    for (const channel of channels) {
      const channelId = channel.id ?? channel._id ?? channel.channelId;
      const found = await fetch(searchUrl(url, { groupId, channelId }, word), {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await found.json();
      if (found.ok && (best === null || (body.total ?? 0) > best.total))
        best = { groupId, channelId, family: group.name ?? null, total: body.total ?? 0 };
    }
  }
  if (!best || best.total === 0) throw new Error(`no channel of entity A holds "${word}"`);
  return best;
}

/** B's family list, one request after the other, until stopped: its latencies in ms. */
function familyLists(url, token) {
  const times = [];
  const startedAt = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      const response = await fetch(`${url}/api/group/list?page=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (response.ok) {
        times.push(performance.now() - t);
        startedAt.push(t);
      } else failed += 1;
    }
  })();
  /** The figures of the requests started after `from` (performance.now()). */
  const after = (from) => {
    const later = times.filter((_, i) => startedAt[i] > from);
    return { requests: later.length, p50: percentile(later, 50), p95: percentile(later, 95) };
  };
  return async () => {
    running = false;
    await loop;
    return { requests: times.length, failed, p50: percentile(times, 50), p95: percentile(times, 95), after };
  };
}

/** `n` loops of A's searches, one after the other in each, until stopped: statuses and latencies. */
function searchers(url, token, target, word, n) {
  const statuses = { 200: 0, 429: 0, other: 0 };
  const otherStatuses = {};
  const okTimes = [];
  const refusedTimes = [];
  let firstRefusal = null;
  let lastOkAt = null;
  let running = true;
  const loops = Array.from({ length: n }, async () => {
    while (running) {
      const t = performance.now();
      let status;
      let body = '';
      try {
        const response = await fetch(searchUrl(url, target, word), {
          headers: { authorization: `Bearer ${token}` },
        });
        status = response.status;
        body = await response.text();
      } catch (error) {
        status = error.cause?.code ?? 'error';
      }
      const ms = performance.now() - t;
      if (status === 200) {
        statuses[200] += 1;
        okTimes.push(ms);
        lastOkAt = performance.now();
      } else if (status === 429) {
        statuses[429] += 1;
        refusedTimes.push(ms);
        firstRefusal ??= body.slice(0, 200);
      } else {
        statuses.other += 1;
        otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
      }
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return {
      statuses,
      otherStatuses,
      okP50: percentile(okTimes, 50),
      okP95: percentile(okTimes, 95),
      refusedP50: percentile(refusedTimes, 50),
      firstRefusal,
      lastOkAt,
    };
  };
}

async function main() {
  const serverRoot = path.resolve(args.server);
  if (!args['no-build'] && serverRoot === root) buildServerIfStale(log);
  const seconds = Number(args.seconds);
  const count = Number(args.searchers);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const results = {
    date: new Date().toISOString(),
    label: args.label,
    server: serverRoot,
    database: 'pglite',
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10) },
    node: process.version,
    searchers: count,
    seconds,
    word: args.word,
  };
  let server;
  try {
    log(`seeding the demo data with ${path.relative(root, serverRoot) || '.'}'s seed (${args.label})…`);
    const seedStarted = performance.now();
    const seed = spawnSync(process.execPath, [path.join(serverRoot, 'scripts/seed-demo.mjs')], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
    });
    if (seed.status !== 0) throw new Error(`seed failed: ${seed.stdout}\n${seed.stderr}`);
    results.seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    server = await startServer(serverRoot, { DATA_DIR: dataDir });
    const tokenA = await signIn(server.url, ENTITY_A);
    const tokenB = await signIn(server.url, ENTITY_B);
    const target = await longChannel(server.url, tokenA, args.word);
    results.target = target;
    log(`entity A searches "${args.word}" in ${target.family}'s channel (${target.total} hits)`);
    // The searches that found the channel count against A's minute: let that minute pass.
    await sleep(61_000);
    const stopRss = sampleRss(server.child.pid);
    results.rssStartMb = Math.round(rssMb(server.child.pid));

    log(`phase 1: entity B's family list for ${seconds} s…`);
    let stopB = familyLists(server.url, tokenB);
    await sleep(seconds * 1000);
    const { after: _baselineAfter, ...baseline } = await stopB();
    results.baseline = { familyList: baseline };
    log(JSON.stringify(results.baseline));
    await sleep(1000);

    log(`phase 2: ${count} searchers of entity A and entity B's family list for ${seconds} s…`);
    const phaseStarted = performance.now();
    const stopA = searchers(server.url, tokenA, target, args.word, count);
    stopB = familyLists(server.url, tokenB);
    await sleep(seconds * 1000);
    const { after, ...familyList } = await stopB();
    const { lastOkAt, ...search } = await stopA();
    // Once A's last answered search is over, only A's refusals (429) remain: B's figures from then on.
    if (lastOkAt !== null && search.statuses[429] > 0) {
      search.lastAnsweredAfterSeconds = Math.round((lastOkAt - phaseStarted) / 100) / 10;
      familyList.whileOnlyRefused = after(lastOkAt);
    }
    results.underSearch = { familyList, search };
    results.rssPeakMb = stopRss();
    log(JSON.stringify(results.underSearch));
    results.ratio = {
      p50: Math.round((familyList.p50 / results.baseline.familyList.p50) * 10) / 10,
      p95: Math.round((familyList.p95 / results.baseline.familyList.p95) * 10) / 10,
    };
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
    else log(`data kept in ${dataDir}`);
  }
  const base = results.baseline.familyList;
  const busy = results.underSearch.familyList;
  const s = results.underSearch.search.statuses;
  log(
    `${args.label}: B's family list p50/p95 ${base.p50}/${base.p95} ms alone, ${busy.p50}/${busy.p95} ms under ` +
      `A's ${count} searchers (× ${results.ratio.p50} / × ${results.ratio.p95}); A's searches 200: ${s[200]}, ` +
      `429: ${s[429]}, other: ${s.other}; peak RSS ${results.rssPeakMb} MB`,
  );
  mkdirSync(args.out, { recursive: true });
  const file = path.join(args.out, `${results.date.slice(0, 10)}-search-${args.label}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`written to ${path.relative(root, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
