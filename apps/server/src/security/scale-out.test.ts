// Scale-out as production runs it (docs/deployment.md): two built API processes and one job worker on
// one fresh PostgreSQL database, behind nginx running the repo's own deploy/nginx.conf (on plain http
// and the test's loopback ports). Shows that sessions, refresh rotation and the attempt limits hold
// across processes, that forged X-Forwarded-For hops change nothing, that an export is built and
// mailed once with two processes running jobs, and that stopping a process under load loses no
// request. Runs on PostgreSQL (TEST_DATABASE_URL) with nginx installed, against apps/server/dist:
// `npm test` builds it (`tsc -b`, its typecheck stage) before the server tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, apiPath } from '@bridge-talk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { createLocalChatProvider } from '../providers/chat/local-chat-provider.js';
import type { ConversationApp } from '../test-support/conversations.js';
import { familyWithChannel } from '../test-support/conversations.js';
import { createPersistentTestDatabase } from '../test-support/databases.js';
import { createAdminUser, createEntityUser } from '../test-support/factories.js';
import { eventually, TEST_ADMIN } from '../test-support/test-app.js';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const repoRoot = path.resolve(serverRoot, '../..');
const postgres = inject('postgresTemplate');
const nginxBinary = findNginx();

/** nginx on PATH, or where Debian's package puts it (/usr/sbin is not on every user's PATH). */
function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin']) {
    const candidate = path.join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

/**
 * Sources changed since their project was last compiled (`tsc -b` writes dist/.tsbuildinfo on every
 * build, and leaves a file's output alone when only its time changed): a stale build tests old code.
 */
function staleSources(): string[] {
  const stale: string[] = [];
  const check = (project: string) => {
    const buildInfo = path.join(project, 'dist/.tsbuildinfo');
    const builtAt = existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0;
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) {
          if (name !== 'test-support') walk(file);
        } else if (
          /\.(ts|mjs)$/.test(name) &&
          !name.endsWith('.test.ts') &&
          statSync(file).mtimeMs > builtAt
        ) {
          stale.push(path.relative(repoRoot, file));
        }
      }
    };
    walk(path.join(project, 'src'));
  };
  check(serverRoot);
  check(path.join(repoRoot, 'packages/contract'));
  return stale;
}

/** A port nothing listens on at 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  done: boolean;
}

function startProcess(name: string, command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = {
    name,
    child,
    output: [],
    done: false,
    exited: Promise.resolve({ code: null, signal: null }),
  };
  child.stdout!.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  proc.exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      proc.done = true;
      resolve({ code, signal });
    }),
  );
  return proc;
}

/** The process's JSON log lines (pino), parsed. */
function logLines(proc: Proc): Record<string, unknown>[] {
  return proc.output
    .join('')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** `promise`, or a failure naming what did not happen within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for `check`, failing at once with the process's output when the process has died. */
async function waitFor<T>(proc: Proc, check: () => Promise<T | null | undefined | false>, timeoutMs: number) {
  return eventually(async () => {
    if (proc.done) throw new Error(`${proc.name} exited:\n${proc.output.join('').slice(-4000)}`);
    return check();
  }, timeoutMs);
}

/**
 * deploy/nginx.conf made to run here: the upstream servers on the test's ports (their parameters as
 * deployed), plain http on a loopback port instead of the redirect and TLS, and a header naming the
 * process(es) that answered. Every edit must find its target: a changed file fails here, not silently.
 */
function siteForTest(deployed: string, listenPort: number, upstreamPorts: number[], logDir: string): string {
  const edit = (text: string, pattern: RegExp, replace: (match: string, ...groups: string[]) => string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf: nothing matches ${pattern}`);
    return text.replace(pattern, replace as (substring: string, ...args: unknown[]) => string);
  };
  const ports = [...upstreamPorts];
  let site = edit(deployed, /^([ \t]*server )127\.0\.0\.1:\d+(.*;)$/gm, (_line, start, rest) => {
    const port = ports.shift();
    return port === undefined ? '' : `${start}127.0.0.1:${port}${rest}`;
  });
  if (ports.length > 0) throw new Error('deploy/nginx.conf: fewer upstream servers than processes');
  site = edit(site, /^server \{\n\s*listen 80;[\s\S]*?^\}\n/m, () => '');
  site = edit(site, /^[ \t]*listen 443 ssl http2;$/m, () => `    listen 127.0.0.1:${listenPort};`);
  site = edit(site, /^[ \t]*listen \[::\]:443 ssl http2;\n/m, () => '');
  site = edit(site, /^[ \t]*ssl_\w+ [^\n]*\n/gm, () => '');
  // The site's own log, in its own format, beside the test's log of upstreams (read by the checks).
  site = edit(
    site,
    /^([ \t]*)access_log \S+ bridge_talk;$/m,
    (_line, indent) =>
      `${indent}access_log ${logDir}/site-access.log bridge_talk;\n${indent}access_log ${logDir}/access.log upstreams;`,
  );
  return edit(
    site,
    /^([ \t]*server_name [^\n]*\n)/m,
    (line) => `${line}    add_header X-Upstream-Addr $upstream_addr always;\n`,
  );
}

function nginxMainConf(dir: string, site: string): string {
  return `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$request_method $request_uri $status upstream=$upstream_addr:$upstream_status';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${site};
}
`;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string | null;
  upstream: string;
}

/** The refresh cookie's value in an answer (null: none set). */
function refreshCookieOf(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const match = /^bt_refresh=([^;]*)/.exec(line);
    if (match) return match[1] || null;
  }
  return null;
}

async function call(
  base: string,
  url: string,
  options: {
    method?: string;
    body?: unknown;
    authorization?: string;
    refresh?: string;
    forwardedFor?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.authorization) headers.authorization = options.authorization;
  if (options.refresh) headers.cookie = `bt_refresh=${options.refresh}`;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const response = await fetch(`${base}${url}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return {
    status: response.status,
    body,
    cookie: refreshCookieOf(response),
    upstream: response.headers.get('x-upstream-addr') ?? '',
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const runId = Math.random().toString(36).slice(2, 8);

describe.skipIf(!postgres || !nginxBinary)('scale-out: two API processes and a worker behind nginx', () => {
  let store: Awaited<ReturnType<typeof createPersistentTestDatabase>>;
  let database: Database;
  let dataDir: string;
  let nginxDir: string;
  const procs: Proc[] = [];
  let a: Proc;
  let b: Proc;
  let worker: Proc;
  let nginx: Proc;
  let viaNginx: string;
  let directA: string;
  let directB: string;
  let portA = 0;
  let portB = 0;

  async function rows<T>(query: SQL): Promise<T[]> {
    const result = (await database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  beforeAll(async () => {
    const stale = staleSources();
    if (stale.length > 0)
      throw new Error(
        `apps/server/dist is older than its sources (${stale.slice(0, 5).join(', ')}…): run \`npx tsc -b\` (npm test's typecheck stage does)`,
      );
    store = await createPersistentTestDatabase({ pglite: inject('pgliteTemplate'), postgres });
    database = await openDatabase({ url: store.url!, poolMax: 3 });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-scale-data-'));
    nginxDir = mkdtempSync(path.join(os.tmpdir(), 'bt-scale-nginx-'));
    [portA, portB] = [await freePort(), await freePort()];
    const nginxPort = await freePort();
    // One DATA_DIR for all (the outbox and stored files, as a shared folder would be); JWT_SECRET unset,
    // so each process loads the key the first one generated into the database.
    const env = (port: number, workers: boolean) => ({
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: store.url!,
      DATABASE_POOL_MAX: '5',
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      JOB_WORKERS: String(workers),
      JOB_POLL_SECONDS: '0.5',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      WEB_DIST_DIR: '/nonexistent',
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    });
    const node = (entry: string) => ['--enable-source-maps', path.join(serverRoot, 'dist', entry)];
    // A runs the jobs as `npm start` does; B only serves (JOB_WORKERS=false); the worker only runs jobs.
    a = startProcess('A', process.execPath, node('main.js'), env(portA, true));
    b = startProcess('B', process.execPath, node('main.js'), env(portB, false));
    worker = startProcess('worker', process.execPath, node('worker.js'), env(0, true));
    procs.push(a, b, worker);
    directA = `http://127.0.0.1:${portA}`;
    directB = `http://127.0.0.1:${portB}`;
    viaNginx = `http://127.0.0.1:${nginxPort}`;

    const site = path.join(nginxDir, 'bridge-talk.conf');
    writeFileSync(
      site,
      siteForTest(
        readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8'),
        nginxPort,
        [portA, portB],
        nginxDir,
      ),
    );
    writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxMainConf(nginxDir, site));
    nginx = startProcess(
      'nginx',
      nginxBinary!,
      ['-p', `${nginxDir}/`, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')],
      { PATH: process.env.PATH ?? '' },
    );
    procs.push(nginx);

    const ready = (base: string) => async () =>
      (await call(base, API.system.ready).catch(() => null))?.status === 200;
    await Promise.all([
      waitFor(a, ready(directA), 45_000),
      waitFor(b, ready(directB), 45_000),
      waitFor(worker, async () => worker.output.join('').includes('job worker running'), 45_000),
    ]);
    await waitFor(nginx, ready(viaNginx), 10_000);
  }, 60_000);

  beforeEach((context) => {
    // A failure shows what the processes and nginx said last.
    context.onTestFailed(() => {
      for (const proc of procs)
        console.error(`── ${proc.name} (last lines) ──\n${proc.output.join('').slice(-3000)}`);
      const errorLog = path.join(nginxDir, 'error.log');
      if (existsSync(errorLog))
        console.error(`── nginx error.log ──\n${readFileSync(errorLog, 'utf8').slice(-3000)}`);
    });
  });

  afterAll(async () => {
    for (const proc of procs.filter((p) => !p.done)) proc.child.kill(proc === nginx ? 'SIGQUIT' : 'SIGTERM');
    await Promise.all(
      procs.map(async (proc) => {
        const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
        await proc.exited;
        clearTimeout(timer);
      }),
    );
    await database?.close();
    await store?.drop();
    for (const dir of [dataDir, nginxDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  const upstreamA = () => `127.0.0.1:${portA}`;
  const upstreamB = () => `127.0.0.1:${portB}`;

  async function login(
    base: string,
    credentials: { email: string; password: string; role: 'admin' | 'entity' },
    forwardedFor?: string,
  ) {
    return call(base, API.auth.login, { method: 'POST', body: credentials, forwardedFor });
  }

  async function signedIn(base: string, credentials: Parameters<typeof login>[1], forwardedFor?: string) {
    const answer = await login(base, credentials, forwardedFor);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { authorization: `Bearer ${answer.body.accessToken}`, refresh: answer.cookie! };
  }

  const admin = { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: 'admin' } as const;

  it('(a) a session made on one process is good on the other', async () => {
    const session = await signedIn(viaNginx, admin);
    const answeredBy = new Set<string>();
    let calls = 0;
    // nginx takes turns: within a few calls both processes have answered with the same token.
    while (answeredBy.size < 2 && calls < 20) {
      const me = await call(viaNginx, API.auth.me, { authorization: session.authorization });
      calls += 1;
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(TEST_ADMIN.email);
      answeredBy.add(me.upstream);
    }
    expect([...answeredBy].sort()).toEqual([upstreamA(), upstreamB()].sort());
    for (const base of [directA, directB])
      expect((await call(base, API.auth.me, { authorization: session.authorization })).status).toBe(200);
  });

  it('(b) refresh rotation on one and reuse detection on the other, the lost-answer grace and two tabs', async () => {
    const sessionOf = async (token: string) =>
      (
        await rows<{ session_id: string }>(
          sql`select session_id from refresh_tokens where token_hash = ${sha256(token)}`,
        )
      )[0]!.session_id;
    const age = (sessionId: string, interval: string) =>
      database.db.execute(
        sql`update refresh_tokens set rotated_at = rotated_at - ${interval}::interval where session_id = ${sessionId} and rotated_at is not null`,
      );
    const refresh = (base: string, token: string) =>
      call(base, API.auth.refresh, { method: 'POST', refresh: token, forwardedFor: '198.51.100.11' });

    // Rotation across processes, then the first token presented again to the other one: revoked.
    const first = await signedIn(directA, admin, '198.51.100.11');
    const second = await refresh(directA, first.refresh);
    expect(second.status).toBe(200);
    const third = await refresh(directB, second.cookie!);
    expect(third.status).toBe(200);
    expect(new Set([first.refresh, second.cookie, third.cookie]).size).toBe(3);
    // Out of the 10-second window that lets two tabs present the same token.
    await age(await sessionOf(first.refresh), '1 minute');
    const reuse = await refresh(directB, first.refresh);
    expect(reuse.status).toBe(401);
    expect((await refresh(directA, third.cookie!)).status).toBe(401);
    for (const base of [directA, directB])
      expect(
        (await call(base, API.auth.me, { authorization: `Bearer ${third.body.accessToken}` })).status,
      ).toBe(401);
    expect(logLines(b).some((line) => line.msg === 'refresh token reused: session revoked')).toBe(true);

    // A lost answer: A rotated, the browser never got the new token and comes back, to B, an hour later.
    const browser = await signedIn(directA, admin, '198.51.100.11');
    const lost = await refresh(directA, browser.refresh);
    expect(lost.status).toBe(200);
    await age(await sessionOf(browser.refresh), '1 hour');
    const back = await refresh(directB, browser.refresh);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(
      (await call(directA, API.auth.me, { authorization: `Bearer ${back.body.accessToken}` })).status,
    ).toBe(200);
    expect((await refresh(directA, lost.cookie!)).status).toBe(401);
    expect((await refresh(directA, browser.refresh)).status).toBe(401);
    expect((await refresh(directB, back.cookie!)).status).toBe(200);

    // Two tabs refreshing with the same cookie at the same moment, one on each process.
    const tabs = await signedIn(directA, admin, '198.51.100.11');
    const [one, two] = await Promise.all([refresh(directA, tabs.refresh), refresh(directB, tabs.refresh)]);
    expect([one.status, two.status]).toEqual([200, 200]);
  });

  it('(c) counts failed sign-ins once across both processes: alternating does not double the allowance', async () => {
    const pairHits = async (email: string, address: string) =>
      (
        await rows<{ hits: number }>(
          sql`select hits from rate_limit_counters where key = ${`sign-in:pair:${email}|${address}`}`,
        )
      )[0]?.hits ?? 0;
    const wrong = (email: string) => ({ email, password: 'Wrong-Pass-9', role: 'admin' as const });
    const processes = [directA, directB];

    // Four failures, alternating, from one address: below the block (5 with the default limits).
    const control = await createAdminUser(database.db);
    for (let i = 0; i < 4; i++)
      expect((await login(processes[i % 2]!, wrong(control.email), '198.51.100.30')).status).toBe(401);
    expect(await pairHits(control.email, '198.51.100.30')).toBe(4);
    const controlIn = await login(
      directB,
      { ...wrong(control.email), password: control.password! },
      '198.51.100.30',
    );
    expect(controlIn.status).toBe(200);

    // Five, alternating (3 on A, 2 on B): blocked on both, though B alone saw only two.
    const target = await createAdminUser(database.db);
    for (let i = 0; i < 5; i++)
      expect((await login(processes[i % 2]!, wrong(target.email), '198.51.100.31')).status).toBe(401);
    expect(await pairHits(target.email, '198.51.100.31')).toBe(5);
    for (const base of [directB, directA]) {
      const right = await login(
        base,
        { ...wrong(target.email), password: target.password! },
        '198.51.100.31',
      );
      expect(right.status).toBe(429);
    }
    // The sign-in route's per-address limit, too, is one count for both processes: 7 attempts.
    const [route] = await rows<{ hits: number }>(
      sql`select hits from rate_limit_counters where key like ${'route:%/api/auth/login%198.51.100.31'}`,
    );
    expect(route?.hits).toBe(7);
  });

  it('(d) forged X-Forwarded-For hops sent through nginx do not change the limiting key', async () => {
    const target = await createAdminUser(database.db);
    const attempt = (password: string, forged: string) =>
      call(viaNginx, API.auth.login, {
        method: 'POST',
        body: { email: target.email, password, role: 'admin' },
        forwardedFor: forged,
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await attempt('Wrong-Pass-9', `203.0.113.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The right password, from yet another forged address: still the pair (account, 127.0.0.1), blocked.
    expect((await attempt(target.password!, '203.0.113.99')).status).toBe(429);
    const keys = await rows<{ key: string; hits: number }>(
      sql`select key, hits from rate_limit_counters where key like ${`sign-in:%${target.email}%`} order by key`,
    );
    expect(keys).toEqual([
      { key: `sign-in:account:${target.email}`, hits: 5 },
      { key: `sign-in:pair:${target.email}|127.0.0.1`, hits: 5 },
    ]);
    const forged = await rows<{ key: string }>(
      sql`select key from rate_limit_counters where key like '%203.0.113.%'`,
    );
    expect(forged).toEqual([]);
    // The owner, from an address of their own, is not held up by the block (nor by the account's delay).
    expect(
      (
        await login(
          directA,
          { email: target.email, password: target.password!, role: 'admin' },
          '198.51.100.40',
        )
      ).status,
    ).toBe(200);
  });

  it('(e) an export queued through one process is built and e-mailed exactly once, with two processes running jobs', async () => {
    const entity = await createEntityUser(database.db);
    const chat = createLocalChatProvider(database.db);
    const family = await familyWithChannel(
      { t: { db: () => database.db }, chat } as unknown as ConversationApp,
      entity.entityId,
      'Robin Scale',
    );
    for (let i = 0; i < 20; i++)
      await chat.postMessage({
        channelId: family.channelId,
        userId: family.parent.memberId,
        html: `<p>Message ${i}</p>`,
      });
    const session = await signedIn(
      directB,
      { email: entity.email, password: entity.password!, role: 'entity' },
      '198.51.100.50',
    );
    const emails = [1, 2, 3, 4].map((i) => `records-${i}-${runId}@records.test`);
    const exportIds: string[] = [];
    for (const email of emails) {
      // B serves with JOB_WORKERS=false: it only queues; A and the worker process compete for the jobs.
      const queued = await call(
        directB,
        apiPath(API.channels.exportRequest, { channelId: family.channelId }),
        {
          method: 'POST',
          body: { email },
          authorization: session.authorization,
          forwardedFor: '198.51.100.50',
        },
      );
      expect(queued.status, JSON.stringify(queued.body)).toBe(200);
      exportIds.push(queued.body.exportId as string);
    }
    await eventually(async () => {
      const statuses = await rows<{ status: string }>(
        sql`select status from conversation_exports where id in ${exportIds}`,
      );
      return statuses.length === 4 && statuses.every((s) => s.status === 'sent');
    }, 30_000);

    const outbox = path.join(dataDir, 'outbox');
    const emlTo = (email: string) =>
      readdirSync(outbox).filter((file) =>
        readFileSync(path.join(outbox, file), 'utf8').includes(`To: ${email}`),
      );
    const builtBy = (proc: Proc, exportId: string) =>
      logLines(proc).filter((line) => line.msg === 'export sent' && line.exportId === exportId).length;
    for (const [i, email] of emails.entries()) {
      expect(emlTo(email)).toHaveLength(1);
      const mails = await rows<{ n: number }>(
        sql`select count(*)::int as n from mail_messages where "to" = ${email}`,
      );
      expect(mails[0]!.n).toBe(1);
      const exportId = exportIds[i]!;
      expect(builtBy(a, exportId) + builtBy(worker, exportId)).toBe(1);
      expect(builtBy(b, exportId)).toBe(0);
    }
    console.info(
      `(e) exports built: A ${exportIds.filter((id) => builtBy(a, id)).length}, worker ${exportIds.filter((id) => builtBy(worker, id)).length}`,
    );
  });

  it('(g) nginx logs a request’s path without its query (media tokens, search words)', async () => {
    const secret = 'media-token-Zx81Qv';
    const answer = await call(
      viaNginx,
      `/api/groups/nothing/channels/none/search?q=Quagmire&access=${secret}`,
    );
    expect(answer.status).toBe(401);
    const logged = await eventually(async () => {
      const text = readFileSync(path.join(nginxDir, 'site-access.log'), 'utf8');
      return text.includes('/api/groups/nothing/channels/none/search') ? text : null;
    });
    expect(logged).toContain('"GET /api/groups/nothing/channels/none/search HTTP/1.1" 401');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('Quagmire');
  });

  it('(f) SIGTERM of one process under load loses no request: reads are retried on the other, writes are done once or not at all', async () => {
    const session = await signedIn(directB, admin, '198.51.100.60');
    const emails = Array.from({ length: 50 }, (_, i) => `load-${i}-${runId}@test.local`);
    type Outcome = { kind: 'get' | 'post'; index: number; status: number; upstream: string; error?: string };
    const tasks: (() => Promise<Outcome>)[] = [];
    for (let i = 0; i < 250; i++) {
      // One write in every five requests, spread through the run.
      const index = Math.floor(i / 5);
      tasks.push(
        i % 5 === 4
          ? () =>
              call(viaNginx, API.admin.create, {
                method: 'POST',
                body: { name: 'Load Tester', email: emails[index] },
                authorization: session.authorization,
              }).then(
                (r) => ({ kind: 'post' as const, index, status: r.status, upstream: r.upstream }),
                (e: Error) => ({ kind: 'post' as const, index, status: 0, upstream: '', error: e.message }),
              )
          : () =>
              call(viaNginx, API.auth.me, { authorization: session.authorization }).then(
                (r) => ({ kind: 'get' as const, index: i, status: r.status, upstream: r.upstream }),
                (e: Error) => ({ kind: 'get' as const, index: i, status: 0, upstream: '', error: e.message }),
              ),
      );
    }
    // 16 at a time; A is asked to stop once 40 have answered, with the rest in flight or still to go.
    const outcomes: Outcome[] = [];
    let next = 0;
    let stopSent = false;
    const lane = async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        outcomes.push(await task());
        if (!stopSent && outcomes.length >= 40) {
          stopSent = true;
          a.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, lane));
    const exit = await within(a.exited, 25_000, 'A to stop');
    const gets = outcomes.filter((o) => o.kind === 'get');
    const posts = outcomes.filter((o) => o.kind === 'post');
    const retried = outcomes.filter((o) => o.upstream.includes(','));
    const summary = {
      gets200: gets.filter((o) => o.status === 200).length,
      posts2xx: posts.filter((o) => o.status >= 200 && o.status < 300).length,
      postsFailed: posts.filter((o) => o.status < 200 || o.status >= 300).map((o) => o.status || o.error),
      answeredByA: outcomes.filter((o) => o.upstream.split(', ').at(-1) === upstreamA()).length,
      answeredByB: outcomes.filter((o) => o.upstream.split(', ').at(-1) === upstreamB()).length,
      retriedOnTheOther: retried.length,
      answered503ByStoppingA: logLines(a).filter(
        (line) => (line.res as { statusCode?: number })?.statusCode === 503,
      ).length,
    };
    console.info(`(f) ${JSON.stringify(summary)}`);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(gets).toHaveLength(200);
    expect(posts).toHaveLength(50);
    expect(gets.filter((o) => o.status !== 200)).toEqual([]);
    const created = await rows<{ email: string; n: number }>(
      sql`select email, count(*)::int as n from users where email like ${`load-%-${runId}@test.local`} group by email`,
    );
    const rowsOf = new Map(created.map((r) => [r.email, r.n]));
    for (const post of posts) {
      const n = rowsOf.get(emails[post.index]!) ?? 0;
      const ok = post.status >= 200 && post.status < 300;
      expect({ email: emails[post.index], status: post.status, rows: n }).toEqual({
        email: emails[post.index],
        status: post.status,
        rows: ok ? 1 : 0,
      });
    }
    // Each created admin's invitation is queued once (it is sent once: see (e)); a failed POST queued none.
    const invited = posts.filter((p) => p.status === 201).map((p) => emails[p.index]!);
    const queued = await rows<{ to: string; n: number }>(
      sql`select data->>'to' as "to", count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' like ${`load-%-${runId}@test.local`} group by 1`,
    );
    expect(queued.map((q) => q.to).sort()).toEqual(invited.sort());
    expect(queued.every((q) => q.n === 1)).toBe(true);
  }, 60_000);
});
