// `npm run bench:live -- [--members 500] [--rate 20] [--seconds 60] [--grace 10] [--out DIR]
//                       [--pg-url URL] [--keep] [--no-build]`
//
// The families' app's live path: `--members` members connected to their event streams
// (GET /api/chat/events), half on each of two built server processes on one fresh PostgreSQL database
// (127.0.0.1:5432, user postgres, trust auth; bench_live_<timestamp>, dropped afterwards unless --keep),
// while members post `--rate` messages a second for `--seconds` seconds (POST
// /api/chat/channels/:channelId/messages), spread over the channels and over both processes.
//
// Data: the scale seed (scripts/seed-scale.mjs) with as many families as the members need: a child, two
// adoptive parents and a birth parent in one channel per family (the child, read-only, in every other
// family's). The first `--members` channel members with an e-mail each get a device session and a
// member token, signed with the processes' key (JWT_SECRET) by the server's own code
// (scripts/lib/live-members.mjs). Each member connects and posts from an address of its own
// (X-Forwarded-For, TRUST_PROXY=true): the per-address limits (events 60 a minute, messages 120) apply
// to each member as to a phone. The processes run as deployed (JOB_WORKERS=false, the Node flags of
// `npm start`), with the bench's event-loop probe preloaded; no job worker runs (a post in a family
// with a contact agreement queues a refresh). --no-build skips this script's build, not the seed's
// (scripts/seed-scale.mjs builds a server older than its sources).
//
// Sends are open-loop: message i starts at i / rate seconds whatever the answers before it. Each carries
// a clientId (a UUID) and its send time in its text. A delivery is a (message, receiver) pair, the
// receivers being the open streams of the message's channel when its send began, the sender's own
// included; its time runs from the start of the send call to the arrival of the event's chunk at that
// receiver. After the last send the bench waits for every answer (10 s at most each) and then up to
// `--grace` seconds for the deliveries still missing. Reported: messages sent and their answers,
// deliveries expected and received, lost, duplicated, delivered to a member outside the channel,
// p50/p95/p99/max delivery (all, and by whether the receiver's stream is on the process that took the
// post), each process's resident memory (VmRSS) before any stream, with half and with all of its
// streams open (and the difference per stream: over all of them, and over the second half alone, past
// the first requests' warm-up), its peak while messages flow, its event-loop delay and CPU time, the
// CPU time of PostgreSQL's backends for this database, and the warnings and errors of the servers' logs.
// Prints a table and writes the same as JSON to <out>/<date>-live.json (--out DIR, or BENCH_OUT;
// bench/.results by default).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { cpuSecondsOf, cpuSnapshot } from './lib/bench-cpu.mjs';
import { printRows, provenance, writeReport } from './lib/bench-report.mjs';
import { seedScale } from './lib/bench-seed.mjs';
import { eventLoopDelay, rssMb, sampleRss, startServer, stopServer } from './lib/bench-server.mjs';
import { buildServerIfStale, root } from './lib/build-state.mjs';
import { createLedger, openMemberStream } from './lib/live-deliveries.mjs';
import { familiesFor, membersWithTokens } from './lib/live-members.mjs';
import { withClient } from './lib/load-seed.mjs';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '500' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    grace: { type: 'string', default: '10' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string', default: process.env.BENCH_OUT || path.join(root, 'bench/.results') },
  },
});
const number = (name, min) => {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number of at least ${min}, not ${args[name]}`);
    process.exit(2);
  }
  return n;
};
const memberCount = Math.floor(number('members', 2));
const rate = number('rate', 0.1);
const seconds = number('seconds', 1);
const graceMs = number('grace', 0) * 1000;
const PROCESSES = 2;
/** How long a send's answer, or a stream's first event, may take. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Streams opened at once while connecting. */
const OPENING_AT_ONCE = 20;
/** The messages route's limit per client address and minute (chat.routes.ts). */
const MESSAGES_PER_MINUTE_LIMIT = 120;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 1) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

function log(...parts) {
  console.info(`[bench:live ${new Date().toISOString().slice(11, 19)}]`, ...parts);
}

const database = `bench_live_${Date.now()}`;
const adminUrl = args['pg-url'];
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${database}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
const servers = [];
const streams = [];
let databaseCreated = false;
let cleaning = null;
/** The built contract (its paths), imported once the build is known to be fresh. */
let contract = null;

/** Stops the processes, drops the database and the data folder: once, on the way out or on Ctrl-C. */
function cleanUp() {
  cleaning ??= (async () => {
    for (const stream of streams) stream.close();
    await Promise.all(servers.map((server) => stopServer(server, 10_000)));
    if (databaseCreated && !args.keep)
      await withClient(adminUrl, (c) => c.query(`drop database if exists ${database} with (force)`));
    if (args.keep) log(`kept database ${database}`);
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping the processes and dropping ${database}…`);
    cleanUp().finally(() => process.exit(130));
  });
}

/** Each process's resident memory now, in MB. */
const rssNow = () => servers.map((server) => round(rssMb(server.child.pid)));

/** Opens the streams of members `from` to `to` - 1, OPENING_AT_ONCE at a time. */
async function openStreams(members, from, to, ledger) {
  let next = from;
  const opener = async () => {
    while (next < to) {
      const n = next++;
      const member = members[n];
      streams[n] = await openMemberStream(
        `${servers[member.process].url}${contract.ROUTES.chat.events.path}`,
        member,
        (data, at) => {
          if (data.type === 'message') ledger.delivered(n, data.message, at);
        },
        ANSWER_TIMEOUT_MS,
      );
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener));
}

/** One post, as `member`, to process `via`; its answer goes to the ledger. */
async function send(member, channel, via, seq, ledger) {
  const clientId = randomUUID();
  const receivers = new Set(channel.members.filter((n) => !streams[n].ended));
  ledger.sending(clientId, { seq, channelId: channel.id, via, receivers });
  const html = `<p>bench-live message ${seq}, sent at ${new Date().toISOString()}</p>`;
  try {
    const response = await fetch(
      `${servers[via].url}${contract.apiPath(contract.ROUTES.chat.messages.path, { channelId: channel.id })}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${member.token}`,
          'content-type': 'application/json',
          'x-forwarded-for': member.address,
        },
        body: JSON.stringify({ html, clientId }),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      },
    );
    const body = await response.json().catch(() => ({}));
    ledger.answered(clientId, { status: response.status, id: body.id });
  } catch (error) {
    ledger.answered(clientId, { status: error.name === 'TimeoutError' ? 'timeout' : 'error' });
  }
}

/** The channels of the connected members, each with its members and those who may write. */
function channelsOf(members) {
  const byId = new Map();
  for (const [n, member] of members.entries()) {
    const channel = byId.get(member.channelId) ?? { id: member.channelId, members: [], writers: [] };
    channel.members.push(n);
    if (member.writer) channel.writers.push(n);
    byId.set(member.channelId, channel);
  }
  return [...byId.values()].filter((channel) => channel.writers.length > 0);
}

/** CPU seconds so far of each process, of this bench and of PostgreSQL's backends for the database. */
async function cpuNow() {
  const { rows } = await withClient(adminUrl, (c) =>
    c.query('select pid from pg_stat_activity where datname = $1', [database]),
  );
  const backends = new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid) ?? 0]));
  return { processes: servers.map((server) => cpuSnapshot(server.child.pid)), backends };
}

function cpuBetween(before, after) {
  let postgres = 0;
  for (const [pid, used] of after.backends) postgres += used - (before.backends.get(pid) ?? 0);
  return {
    processes: after.processes.map((snapshot, i) => round(snapshot.server - before.processes[i].server, 2)),
    bench: round(after.processes[0].client - before.processes[0].client, 2),
    postgres: round(postgres, 2),
  };
}

/** The warnings and errors in a process's log (pino JSON lines), counted by message. */
function logProblems(output) {
  const counts = {};
  const count = (key) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  for (const line of output.split('\n')) {
    if (!line.trim()) continue;
    let entry = null;
    try {
      entry = JSON.parse(line);
    } catch {
      count(`(not JSON) ${line.slice(0, 160)}`);
      continue;
    }
    if (entry.level < 40) continue;
    const cause = entry.err?.message ? ` (${entry.err.message})` : '';
    count(`${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg}${cause}`);
  }
  return counts;
}

async function main() {
  if (!args['no-build']) buildServerIfStale(log);
  contract = await import('@bridge-talk/contract');
  const secret = randomBytes(32).toString('hex');
  const env = {
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    TRUST_PROXY: 'true',
    JOB_WORKERS: 'false',
  };
  await withClient(adminUrl, (c) => c.query(`create database ${database}`));
  databaseCreated = true;
  const results = {
    ...provenance(),
    loadAverage: os.loadavg().map((n) => round(n)),
    options: { members: memberCount, rate, seconds, graceSeconds: graceMs / 1000, processes: PROCESSES },
    database,
  };

  const families = familiesFor(memberCount);
  log(`seeding ${families} families (the scale seed) into ${database}…`);
  const seeded = seedScale(env, undefined, { families, messages: 0, entities: 2 });
  results.seedSeconds = round(seeded.wallMs / 1000);

  log(`starting ${PROCESSES} server processes…`);
  const dist = path.join(root, 'apps/server/dist');
  const starts = await Promise.allSettled(Array.from({ length: PROCESSES }, () => startServer(dist, env)));
  for (const start of starts) if (start.status === 'fulfilled') servers.push(start.value);
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) throw failed.reason;
  const members = (await membersWithTokens(dbUrl.toString(), memberCount, secret)).map((member, n) => ({
    ...member,
    process: n % PROCESSES,
  }));
  const channels = channelsOf(members);
  const writers = channels.reduce((sum, channel) => sum + channel.writers.length, 0);
  const total = Math.round(rate * seconds);
  const perWriterPerMinute = (total / writers) * (60 / Math.max(60, seconds));
  if (perWriterPerMinute > MESSAGES_PER_MINUTE_LIMIT * 0.8)
    log(
      `warning: about ${Math.ceil(perWriterPerMinute)} posts a minute per member, near the route's limit of ${MESSAGES_PER_MINUTE_LIMIT}`,
    );
  results.members = {
    connected: memberCount,
    channels: channels.length,
    writers,
    perChannel: round(memberCount / channels.length, 2),
    perProcess: servers.map((_, p) => members.filter((m) => m.process === p).length),
  };

  await sleep(2000);
  const rss = { before: rssNow() };
  const ledger = createLedger((n) => members[n].process);
  log(`opening ${memberCount} event streams, half on each process…`);
  const openingStarted = performance.now();
  const half = Math.floor(memberCount / 2);
  await openStreams(members, 0, half, ledger);
  await sleep(2000);
  rss.half = rssNow();
  await openStreams(members, half, memberCount, ledger);
  results.openSeconds = round((performance.now() - openingStarted - 2000) / 1000);
  await sleep(2000);
  rss.open = rssNow();

  log(
    `${members.length} streams open; sending ${total} messages at ${rate}/s over ${channels.length} channels…`,
  );
  for (const server of servers) await eventLoopDelay(server);
  const peaks = servers.map((server) => sampleRss(server.child.pid));
  const benchLoop = monitorEventLoopDelay({ resolution: 5 });
  benchLoop.enable();
  const cpuBefore = await cpuNow();
  const started = performance.now();
  const sends = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const channel = channels[i % channels.length];
    // Each lap over the channels has the next writer of each post, through the other process.
    const lap = Math.floor(i / channels.length);
    const sender = members[channel.writers[lap % channel.writers.length]];
    sends.push(send(sender, channel, (i + lap) % PROCESSES, i, ledger));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(sends);
  const answeredAt = performance.now();
  while (ledger.outstanding() > 0 && performance.now() - answeredAt < graceMs) await sleep(50);
  const waitedSeconds = (performance.now() - answeredAt) / 1000;
  results.loadAverageAtEnd = os.loadavg().map((n) => round(n));
  const cpuAfter = await cpuNow();
  benchLoop.disable();
  const loops = [];
  for (const server of servers) loops.push(await eventLoopDelay(server));
  rss.peak = peaks.map((stop) => stop());
  rss.after = rssNow();
  const endedEarly = streams.filter((stream) => stream.ended && !stream.closedByUs).length;
  const extraReadies = streams.reduce((sum, stream) => sum + stream.readies - 1, 0);
  for (const stream of streams) stream.close();

  const deliveries = ledger.summary();
  const stored = await withClient(dbUrl.toString(), async (c) =>
    Number(
      (await c.query(`select count(*) from chat_messages where html like '<p>bench-live message %'`)).rows[0]
        .count,
    ),
  );
  const cpu = cpuBetween(cpuBefore, cpuAfter);
  results.run = {
    sendSeconds: round(sendSeconds),
    // The sends begin 1 / rate apart: n of them span n - 1 intervals.
    rateAchieved: total > 1 ? round((total - 1) / sendSeconds, 2) : null,
    waitedAfterAnswersSeconds: round(waitedSeconds),
    ...deliveries,
    storedInTheDatabase: stored,
    streamsEndedByTheServer: endedEarly,
    readyEventsAfterTheFirst: extraReadies,
    benchEventLoopMaxMs: round(benchLoop.max / 1e6),
    cpuSeconds: cpu,
  };
  results.processes = servers.map((server, p) => {
    const count = results.members.perProcess[p];
    const secondHalf = members.filter((m, n) => m.process === p && n >= half).length;
    return {
      streams: count,
      rssMb: {
        before: rss.before[p],
        half: rss.half[p],
        open: rss.open[p],
        peak: rss.peak[p],
        after: rss.after[p],
      },
      kbPerStream: round(((rss.open[p] - rss.before[p]) * 1024) / count, 0),
      kbPerStreamSecondHalf: round(((rss.open[p] - rss.half[p]) * 1024) / secondHalf, 0),
      eventLoop: loops[p],
      cpuSeconds: cpu.processes[p],
      logProblems: logProblems(server.output()),
    };
  });
  report(results);
  writeReport(args.out, 'live', results);
  const pass =
    deliveries.lost === 0 &&
    deliveries.duplicated === 0 &&
    deliveries.toAMemberOutsideTheChannel === 0 &&
    deliveries.sendStatuses[201] === total &&
    stored === total;
  console.info(
    pass ? 'PASS: every message answered 201, stored, and delivered once to every receiver' : 'FAIL',
  );
  return pass;
}

function report(results) {
  const r = results.run;
  const ms = (spread) => [spread.p50, spread.p95, spread.p99, spread.max].map((v) => String(v ?? '–'));
  console.info('');
  console.info(
    `${results.members.connected} members (${results.members.channels} channels, ${results.members.perChannel} a channel, ` +
      `${results.members.writers} who write), ${PROCESSES} processes, ${r.messagesSent} messages in ${r.sendSeconds} s ` +
      `(${r.rateAchieved}/s); load average ${results.loadAverage.join(' ')} at the start, ` +
      `${results.loadAverageAtEnd.join(' ')} at the end`,
  );
  console.info(
    `answers ${JSON.stringify(r.sendStatuses)}, ${r.storedInTheDatabase} stored; deliveries expected ${r.deliveriesExpected}, ` +
      `received ${r.deliveriesReceived}, lost ${r.lost} (in ${r.messagesWithALoss} messages), duplicated ${r.duplicated}, ` +
      `to a member outside the channel ${r.toAMemberOutsideTheChannel}, of unknown messages ${r.unknownMessages}`,
  );
  console.info(
    `streams ended by the server ${r.streamsEndedByTheServer}, 'ready' events after the first ${r.readyEventsAfterTheFirst}; ` +
      `waited ${r.waitedAfterAnswersSeconds} s after the last answer; the bench's event loop held up to ${r.benchEventLoopMaxMs} ms`,
  );
  console.info('');
  printRows([
    ['ms', 'count', 'p50', 'p95', 'p99', 'max'],
    ['post answered', String(r.post.count), ...ms(r.post)],
    ['delivery, every receiver', String(r.deliveryMs.count), ...ms(r.deliveryMs)],
    [
      '  stream on the posting process',
      String(r.deliveryMsSameProcess.count),
      ...ms(r.deliveryMsSameProcess),
    ],
    [
      '  stream on the other process',
      String(r.deliveryMsOtherProcess.count),
      ...ms(r.deliveryMsOtherProcess),
    ],
  ]);
  console.info('');
  printRows([
    [
      'process',
      'streams',
      'RSS MB before',
      'half open',
      'all open',
      'KB/stream',
      'KB/stream (2nd half)',
      'peak sending',
      'loop max ms',
      'loop p99 ms',
      'CPU s',
    ],
    ...results.processes.map((p, i) => [
      String(i + 1),
      String(p.streams),
      String(p.rssMb.before),
      String(p.rssMb.half),
      String(p.rssMb.open),
      String(p.kbPerStream),
      String(p.kbPerStreamSecondHalf),
      String(p.rssMb.peak),
      String(p.eventLoop.maxMs),
      String(p.eventLoop.p99Ms),
      String(p.cpuSeconds),
    ]),
  ]);
  console.info(
    `CPU seconds while sending: PostgreSQL's backends ${r.cpuSeconds.postgres}, this bench ${r.cpuSeconds.bench}`,
  );
  for (const [i, p] of results.processes.entries()) {
    const problems = Object.entries(p.logProblems);
    console.info(
      `process ${i + 1}'s log: ${problems.length === 0 ? 'no warning or error' : problems.map(([k, n]) => `${n} × ${k}`).join('; ')}`,
    );
  }
}

let pass = false;
try {
  pass = await main();
} catch (error) {
  console.error(error);
  for (const [i, server] of servers.entries())
    console.error(`── process ${i + 1} (last lines) ──\n${server.output().slice(-3000)}`);
} finally {
  await cleanUp();
}
process.exit(pass ? 0 : 1);
