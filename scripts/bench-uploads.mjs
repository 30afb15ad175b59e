// `npm run bench:uploads -- [--server DIR] [--label NAME] [--bodies 16] [--body-mb 99] [--bombs 9]
//                          [--keep] [--no-build]`
//
// What hostile uploads cost the others: the built server (this checkout's, or the checkout in
// `--server DIR`, to compare another commit) on a fresh PostgreSQL database (127.0.0.1:5432, user
// postgres, trust auth), one agency and eight families seeded through the API (scripts/lib/load-seed.mjs)
// with a member token for each family's parent.
//
// Phase 1 — `--bodies` uploads of `--body-mb` MB at once (a PNG's header, then filler: a 'picture'
// far over its 15 MB limit), two per member, each sent from a 1 MB buffer written again and again.
// Phase 2 — `--bombs` pixel bombs at once: a 15 000 × 15 000 PNG of one colour (657 KB that decodes to
// 675 MB; made once and kept in bench/.data/).
// Before and during each phase, the agency user asks GET /api/auth/me and signs in (POST
// /api/auth/login: a password hash) one request after the other. Reported per phase: the uploads'
// statuses, how many of their bytes the client had sent when the answer came, the server's resident
// memory (VmRSS, sampled every 50 ms: before and peak) and the agency's /api/auth/me and login p50/p95.
// Prints a summary and writes it as JSON to
// <out>/<date>-uploads-<label>.json (--out DIR, or BENCH_OUT; bench/.results by default).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { crc32, createDeflate } from 'node:zlib';
import { percentile, rssMb, sampleRss } from './lib/bench-server.mjs';
import { buildServerIfStale, freePort, root } from './lib/build-state.mjs';
import { seedThroughApi, withClient } from './lib/load-seed.mjs';

const { values: args } = parseArgs({
  options: {
    server: { type: 'string', default: root },
    label: { type: 'string', default: 'this' },
    bodies: { type: 'string', default: '16' },
    'body-mb': { type: 'string', default: '99' },
    bombs: { type: 'string', default: '9' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string', default: process.env.BENCH_OUT || path.join(root, 'bench/.results') },
  },
});
const ADMIN = { email: 'admin@bench-uploads.local', password: 'Bench-Uploads-Admin-1' };
const MB = 1024 * 1024;

function log(...parts) {
  console.info(`[bench:uploads ${new Date().toISOString().slice(11, 19)}]`, ...parts);
}

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
      // Each upload has an address of its own (X-Forwarded-For): the per-address limit stays out of the way.
      TRUST_PROXY: 'true',
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
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, port, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

/** The agency user's requests, one after the other, until stopped: their latencies in ms. */
function otherUser(url, entity) {
  const times = { me: [], login: [] };
  let running = true;
  const loop = (async () => {
    while (running) {
      let t = performance.now();
      const me = await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${entity.token}` } });
      await me.arrayBuffer();
      if (me.ok) times.me.push(performance.now() - t);
      t = performance.now();
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: entity.email, password: ADMIN.password, role: 'entity' }),
      });
      await login.arrayBuffer();
      if (login.ok) times.login.push(performance.now() - t);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return {
      requests: times.me.length + times.login.length,
      meP50: percentile(times.me, 50),
      meP95: percentile(times.me, 95),
      loginP50: percentile(times.login, 50),
      loginP95: percentile(times.login, 95),
    };
  };
}

/**
 * One upload over a connection of its own: the multipart head, then `size` bytes from `source` (the
 * first chunk's bytes first, then the filler repeated), then the closing boundary. Resolves with the
 * status (or the socket error) and how many of its bytes were written when the answer came.
 */
function sendUpload(url, { channelId, token, address, head, size, filler }) {
  return new Promise((resolve) => {
    const boundary = `----bench${Math.random().toString(16).slice(2)}`;
    const opening = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = opening.length + size + closing.length;
    let written = 0;
    let answered = null;
    const started = performance.now();
    const request = http.request(`${url}/api/chat/channels/${channelId}/files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(total),
        'x-forwarded-for': address,
      },
    });
    const finish = (outcome) => {
      if (answered) return;
      answered = {
        ...outcome,
        sentMb: Math.round(written / MB),
        ms: Math.round(performance.now() - started),
      };
      resolve(answered);
    };
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => finish({ status: response.statusCode, body: body.slice(0, 200) }));
      response.on('error', () => finish({ status: response.statusCode, body }));
    });
    request.on('error', (error) => finish({ status: error.code ?? 'error' }));
    const write = (chunk) =>
      new Promise((done) => {
        if (answered || request.destroyed) return done(false);
        written += chunk.length;
        if (request.write(chunk)) return done(true);
        const drained = () => {
          request.off('close', closed);
          done(true);
        };
        const closed = () => {
          request.off('drain', drained);
          done(false);
        };
        request.once('drain', drained);
        request.once('close', closed);
      });
    (async () => {
      if (!(await write(opening))) return;
      if (!(await write(head))) return;
      let left = size - head.length;
      while (left > 0) {
        const chunk = left >= filler.length ? filler : filler.subarray(0, left);
        if (!(await write(chunk))) return;
        left -= chunk.length;
      }
      if (!(await write(closing))) return;
      request.end();
    })();
  });
}

/** A PNG chunk with its length and CRC. */
function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG signature and a well-formed IHDR chunk (8-bit RGB): what a recogniser reads to call bytes a PNG. */
function pngHeader(width, height) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr)]);
}

/** A real 15 000 × 15 000 PNG of one colour, compressed row by row (kept in bench/.data/). */
async function pixelBomb() {
  const file = path.join(root, 'bench/.data/pixel-bomb-15000.png');
  if (existsSync(file)) return readFileSync(file);
  const side = 15_000;
  const row = Buffer.alloc(1 + side * 3);
  for (let x = 0; x < side; x++) row.writeUIntBE(0xcc0000, 1 + x * 3, 3);
  const deflate = createDeflate({ level: 9 });
  const compressed = [];
  deflate.on('data', (chunk) => compressed.push(chunk));
  for (let y = 0; y < side; y++) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  const png = Buffer.concat([
    pngHeader(side, side),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, png);
  return png;
}

async function phase(server, entity, name, uploads) {
  // Settle, then the other user's figures without uploads, then with them.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleStop = otherUser(server.url, entity);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idle = await idleStop();
  const rssBefore = Math.round(rssMb(server.child.pid));
  const stopRss = sampleRss(server.child.pid);
  const stopOther = otherUser(server.url, entity);
  const started = performance.now();
  const results = await Promise.all(uploads());
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const busy = await stopOther();
  const rssPeak = stopRss();
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const summary = {
    phase: name,
    seconds,
    statuses,
    sentMbMax: Math.max(...results.map((r) => r.sentMb ?? 0)),
    answerMsMax: Math.max(...results.map((r) => r.ms)),
    rssBeforeMb: rssBefore,
    rssPeakMb: rssPeak,
    otherUserIdle: idle,
    otherUserDuring: busy,
    firstAnswer: results[0]?.body ?? null,
  };
  log(JSON.stringify(summary));
  return summary;
}

async function main() {
  const serverRoot = path.resolve(args.server);
  if (!args['no-build'] && serverRoot === root) buildServerIfStale(log);
  const database = `bench_uploads_${Date.now()}`;
  const adminUrl = args['pg-url'];
  await withClient(adminUrl, (c) => c.query(`create database ${database}`));
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  const storageDir = path.join(os.tmpdir(), `${database}-files`);
  const results = {
    date: new Date().toISOString(),
    label: args.label,
    server: serverRoot,
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10) },
    node: process.version,
  };
  let server;
  try {
    server = await startServer(serverRoot, { DATABASE_URL: dbUrl.toString(), STORAGE_DIR: storageDir });
    log(`seeding one agency, 8 families and their parents' member tokens (${args.label})…`);
    const families = await seedThroughApi(server.url, dbUrl.toString(), {
      entities: 1,
      families: 8,
      admin: ADMIN,
    });
    const entityEmail = await withClient(dbUrl.toString(), async (c) => {
      const { rows } = await c.query(`select email from users where role = 'entity' limit 1`);
      return rows[0].email;
    });
    const entity = { token: families[0].token, email: entityEmail };
    let address = 0;
    const nextAddress = () => {
      address += 1;
      return `10.77.${Math.floor(address / 250)}.${address % 250}`;
    };
    const png = pngHeader(4000, 3000);
    const filler = Buffer.alloc(MB, 0x42);
    const bodies = Number(args.bodies);
    log(`phase 1: ${bodies} × ${args['body-mb']} MB…`);
    results.bodies = await phase(server, entity, `${bodies} × ${args['body-mb']} MB`, () =>
      Array.from({ length: bodies }, (_, i) => {
        const family = families[i % families.length];
        return sendUpload(server.url, {
          channelId: family.channelId,
          token: family.memberToken,
          address: nextAddress(),
          head: Buffer.concat([png, filler.subarray(0, MB - png.length)]),
          size: Number(args['body-mb']) * MB,
          filler,
        });
      }),
    );
    const bomb = await pixelBomb();
    const bombs = Number(args.bombs);
    log(`phase 2: ${bombs} pixel bombs (${Math.round(bomb.length / 1024)} KB each)…`);
    results.bombs = await phase(server, entity, `${bombs} pixel bombs`, () =>
      Array.from({ length: bombs }, (_, i) => {
        const family = families[i % families.length];
        return sendUpload(server.url, {
          channelId: family.channelId,
          token: family.memberToken,
          address: nextAddress(),
          head: bomb,
          size: bomb.length,
          filler,
        });
      }),
    );
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    if (!args.keep) {
      await withClient(adminUrl, (c) => c.query(`drop database if exists ${database} with (force)`));
      const { rmSync } = await import('node:fs');
      rmSync(storageDir, { recursive: true, force: true });
    }
  }
  mkdirSync(args.out, { recursive: true });
  const file = path.join(args.out, `${results.date.slice(0, 10)}-uploads-${args.label}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`written to ${path.relative(root, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
