// Scale-out as production runs it (docs/deployment.md): two built API processes and one job worker on
// one fresh PostgreSQL database, behind nginx running the repo's own deploy/nginx.conf (on plain http
// and the test's loopback ports). Shows that sessions, refresh rotation and the attempt limits hold
// across processes, that forged X-Forwarded-For hops change nothing, that an export is built and
// mailed once with two processes running jobs, that compressed answers pass nginx as the portal sent
// them, and that stopping a process under load loses no request. Runs on PostgreSQL (TEST_DATABASE_URL) with nginx installed, against apps/server/dist:
// `npm test` builds it (`tsc -b`, its typecheck stage) before the server tests.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, endpoints } from '@bridge-talk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { OPENAPI_DOCUMENT_PATH, urlOf } from '../../test/api-client.js';
import type { ConversationApp } from '../../test/conversations.js';
import { familyWithChannel } from '../../test/conversations.js';
import { createPersistentTestDatabase } from '../../test/databases.js';
import { readEvents } from '../../test/event-stream.js';
import { createAdminUser, createEntityUser } from '../../test/factories.js';
import {
  assertBuildIsFresh,
  call,
  freePort,
  logLines,
  nginxBinary,
  nodeArgs,
  type Proc,
  printLastOutput,
  queryRows,
  ready,
  serverEnv,
  serverRoot,
  startNginx,
  startProcess,
  stopAll,
  waitFor,
  within,
} from '../../test/processes.js';
import { eventually, TEST_ADMIN } from '../../test/test-app.js';
import { type Database, openDatabase } from '../db/client.js';
import { importTokenKey } from '../modules/auth/token-key.js';
import { createMemberSession } from '../modules/chat/member-sessions.repository.js';
import { signMemberToken } from '../modules/chat/member-tokens.js';
import { TOKEN_KEY_FILE } from '../modules/system/bootstrap-admin.js';
import { createLocalChatProvider } from '../providers/chat/local-chat-provider.js';

const postgres = inject('postgresTemplate');

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

  const rows = <T>(query: SQL) => queryRows<T>(database, query);

  beforeAll(async () => {
    assertBuildIsFresh();
    store = await createPersistentTestDatabase({ pglite: inject('pgliteTemplate'), postgres });
    database = await openDatabase({ url: store.url!, poolMax: 3 });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-scale-data-'));
    nginxDir = mkdtempSync(path.join(os.tmpdir(), 'bt-scale-nginx-'));
    [portA, portB] = [await freePort(), await freePort()];
    const nginxPort = await freePort();
    const env = (port: number, workers: boolean) =>
      serverEnv({
        port,
        workers,
        databaseUrl: store.url!,
        dataDir,
        publicUrl: `http://127.0.0.1:${nginxPort}`,
      });
    const node = (entry: string) => nodeArgs(path.join(serverRoot, 'dist'), entry);
    // A runs the jobs as `npm start` does; B only serves (JOB_WORKERS=false); the worker only runs jobs.
    a = startProcess('A', process.execPath, node('main.js'), env(portA, true));
    b = startProcess('B', process.execPath, node('main.js'), env(portB, false));
    worker = startProcess('worker', process.execPath, node('worker.js'), env(0, true));
    procs.push(a, b, worker);
    directA = `http://127.0.0.1:${portA}`;
    directB = `http://127.0.0.1:${portB}`;
    viaNginx = `http://127.0.0.1:${nginxPort}`;

    nginx = startNginx(nginxDir, nginxPort, [portA, portB]);
    procs.push(nginx);

    await Promise.all([
      waitFor(a, ready(directA), 45_000),
      waitFor(b, ready(directB), 45_000),
      waitFor(worker, async () => worker.output.join('').includes('job worker running'), 45_000),
    ]);
    await waitFor(nginx, ready(viaNginx), 10_000);
  }, 60_000);

  beforeEach((context) => {
    // A failure shows what the processes and nginx said last.
    context.onTestFailed(() => printLastOutput(procs, nginxDir));
  });

  afterAll(async () => {
    await stopAll(procs);
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
      sql`select hits from rate_limit_counters where key like ${`route:%${API.auth.login}%198.51.100.31`}`,
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
        urlOf(endpoints.conversations.exportRequest, { channelId: family.channelId }),
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
    // A search in a channel of a family that does not exist: refused before the search is run.
    const searched = { groupId: 'nothing', channelId: 'none' };
    const searchPath = urlOf(endpoints.conversations.search, searched);
    const answer = await call(
      viaNginx,
      urlOf(endpoints.conversations.search, searched, { q: 'Quagmire', access: secret }),
    );
    expect(answer.status).toBe(401);
    const logged = await eventually(async () => {
      const text = readFileSync(path.join(nginxDir, 'site-access.log'), 'utf8');
      return text.includes(searchPath) ? text : null;
    });
    expect(logged).toContain(`"GET ${searchPath} HTTP/1.1" 401`);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('Quagmire');
  });

  it('(h) nginx passes the portal’s compressed answers on as they are, never compressing one twice', async () => {
    const plain = await (await fetch(`${directA}${OPENAPI_DOCUMENT_PATH}`)).json();
    for (const encoding of ['br', 'gzip']) {
      // fetch decompresses what it is sent: the headers say how it came.
      const answer = await fetch(`${viaNginx}${OPENAPI_DOCUMENT_PATH}`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await answer.json()).toEqual(plain);
    }
  });

  it('(i) a message posted through one process reaches open event streams on the other and through nginx', async () => {
    const entity = await createEntityUser(database.db);
    const chat = createLocalChatProvider(database.db);
    const family = await familyWithChannel(
      { t: { db: () => database.db }, chat } as unknown as ConversationApp,
      entity.entityId,
      'Robin Live',
    );
    // Member tokens as the code exchange issues them, signed with the processes' shared key.
    const key = await importTokenKey(readFileSync(path.join(dataDir, TOKEN_KEY_FILE), 'utf8'));
    const memberAuth = async (member: { memberId: string; email: string | null }) => {
      const sessionId = await createMemberSession(database.db, {
        memberId: member.memberId,
        email: member.email!,
        tokenHash: sha256(`${member.memberId}-${runId}`),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return `Bearer ${await signMemberToken(key, { id: member.memberId, email: member.email! }, sessionId)}`;
    };
    const parent = await memberAuth(family.parent);
    const birth = await memberAuth(family.birth);
    const caseworker = await signedIn(directA, {
      email: entity.email,
      password: entity.password!,
      role: 'entity',
    });
    type Event = { type: string; message?: { id: string }; messageId?: string };
    const onB = await readEvents<Event>(`${directB}${API.chat.events}`, parent);
    const viaProxy = await readEvents<Event>(`${viaNginx}${API.chat.events}`, parent);
    const deskOnB = await readEvents<Event>(
      `${directB}/api/groups/${family.groupId}/channels/${family.channelId}/events`,
      caseworker.authorization,
    );
    try {
      for (const stream of [onB, viaProxy, deskOnB]) expect(await stream.next()).toEqual({ type: 'ready' });
      const posted = await fetch(`${directA}/api/chat/channels/${family.channelId}/messages`, {
        method: 'POST',
        headers: { authorization: birth, 'content-type': 'application/json' },
        body: JSON.stringify({ html: '<p>Across processes</p>' }),
      });
      expect(posted.status).toBe(201);
      const { id } = (await posted.json()) as { id: string };
      expect((await onB.next((e) => e.type === 'message')).message?.id).toBe(id);
      expect((await viaProxy.next((e) => e.type === 'message')).message?.id).toBe(id);
      expect(await deskOnB.next((e) => e.type === 'message')).toEqual({ type: 'message', messageId: id });
    } finally {
      for (const stream of [onB, viaProxy, deskOnB]) stream.close();
    }
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
              call(viaNginx, API.admins.create, {
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
