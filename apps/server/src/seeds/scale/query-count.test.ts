// No N+1: the list and details routes send the same number of SQL statements whether the page holds 3
// rows or 30 (every statement the query builder sends is counted, the sign-in check included), and /me
// sends the sign-in check only. Also: the trigram indexes the searches rely on exist, and PostgreSQL can
// answer a LIKE '%…%' with them.
import { type Endpoint, endpoints } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CallOptions, call } from '../../../test/api-client.js';
import { openTestDatabase } from '../../../test/databases.js';
import { addFamilyMember, createEntityUser, createFamily } from '../../../test/factories.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { localActionsOf } from '../../providers/chat/index.js';

let t: TestApp;
let drop: () => Promise<void>;
const statements: string[] = [];
let entity: Awaited<ReturnType<typeof createEntityUser>>;
let entityAuth: string;
let adminAuth: string;
let firstFamily: { groupId: string; channelId: string };

/** A family with a child, two adoptive parents and a birth parent, their channel and `messages` messages. */
async function addFamily(i: number, messages: number) {
  const db = t.db();
  const { groupId } = await createFamily(db, { entityId: entity.entityId, name: `Robin Family${i}` });
  const people = await Promise.all(
    (['child', 'adoptive_parent', 'adoptive_parent', 'birth_family'] as const).map((role, k) =>
      addFamilyMember(db, {
        groupId,
        role,
        position: k === 2 ? 2 : 1,
        firstName: `P${k}`,
        lastName: `F${i}`,
      }),
    ),
  );
  const chat = t.app.ctx.chat;
  await chat.upsertUsers(people.map((p, k) => ({ id: p.memberId, name: `P${k} F${i}` })));
  const [child, parent, parent2, birth] = people.map((p) => p.memberId) as [string, string, string, string];
  const { id: channelId } = await chat.ensureChannel({
    groupId,
    key: birth,
    members: [
      { userId: parent, role: 'adoptive_parent', permission: 'write' },
      { userId: parent2, role: 'adoptive_parent', permission: 'write' },
      { userId: birth, role: 'birth_family', permission: 'write' },
      { userId: child, role: 'child', permission: 'read' },
    ],
  });
  const local = localActionsOf(chat)!;
  for (let m = 0; m < messages; m += 1) {
    const posted = await local.postMessage({
      channelId,
      userId: m % 2 ? parent : birth,
      html: `<p>message ${m}</p>`,
    });
    // Every message is reported, by both others: the flags of a page are read at once, not per message.
    if ('id' in posted) {
      await local.flagMessage({ messageId: posted.id, userId: m % 2 ? birth : parent });
      await local.flagMessage({ messageId: posted.id, userId: parent2 });
    }
  }
  return { groupId, channelId };
}

async function addEntities(count: number, from: number) {
  await t.sql(`
    insert into entities (name, email, subtype, status)
    select 'Count Agency ' || n, 'count' || n || '@agency.test', 'agency', 'active'
    from generate_series(${from}, ${from + count - 1}) as n`);
}

/** The statements one request sends; the request must succeed. */
async function statementsOf<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<number> {
  statements.length = 0;
  const response = await call(t.app, endpoint, options);
  expect(response.statusCode, response.body).toBe(200);
  return statements.length;
}

const routes = (): Record<string, () => Promise<number>> => {
  const { groupId, channelId } = firstFamily;
  const entity = { auth: entityAuth };
  return {
    'families list': () => statementsOf(endpoints.families.list, { ...entity, query: { pageSize: 100 } }),
    'families search': () =>
      statementsOf(endpoints.families.list, { ...entity, query: { search: 'family', pageSize: 100 } }),
    'family details': () => statementsOf(endpoints.families.byId, { ...entity, params: { id: groupId } }),
    'family members': () => statementsOf(endpoints.families.members, { ...entity, params: { id: groupId } }),
    'channels list': () => statementsOf(endpoints.conversations.list, { ...entity, params: { groupId } }),
    'messages page': () =>
      statementsOf(endpoints.conversations.list, {
        ...entity,
        params: { groupId },
        query: { channelId, limit: 100 },
      }),
    // Right after the opening above: the open view's refresh, which this process knows is recorded.
    'messages refresh': () =>
      statementsOf(endpoints.conversations.list, {
        ...entity,
        params: { groupId },
        query: { channelId, limit: 100, refresh: 'true' },
      }),
    'families search by e-mail': () =>
      statementsOf(endpoints.families.list, { ...entity, query: { search: 'family.test', pageSize: 100 } }),
    'entities list': () =>
      statementsOf(endpoints.entities.list, { auth: adminAuth, query: { pageSize: 100 } }),
    'entities search': () =>
      statementsOf(endpoints.entities.list, { auth: adminAuth, query: { search: 'agency', pageSize: 100 } }),
  };
};

async function countAll(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, count] of Object.entries(routes())) counts[name] = await count();
  return counts;
}

beforeAll(async () => {
  const opened = await openTestDatabase(
    { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') },
    { onQuery: (statement) => statements.push(statement) },
  );
  drop = opened.drop;
  t = await createTestApp({}, { database: opened.database, startWorkers: false });
  entity = await createEntityUser(t.db());
  entityAuth = (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
    .authorization;
  adminAuth = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
});

afterAll(async () => {
  await t?.close();
  await drop?.();
});

describe('SQL statements per request', () => {
  it('stay the same from 3 rows to 30', async () => {
    firstFamily = await addFamily(0, 3);
    for (let i = 1; i < 3; i += 1) await addFamily(i, 1);
    await addEntities(3, 1);
    const few = await countAll();

    // Ten times the families, entities and messages (the first channel's page now holds 30).
    for (let i = 3; i < 30; i += 1) await addFamily(i, 0);
    const local = localActionsOf(t.app.ctx.chat)!;
    const [, writer] = (await t.app.ctx.chat.listChannels(firstFamily.groupId))[0]!.members.filter(
      (m) => m.permission === 'write',
    );
    for (let m = 0; m < 27; m += 1) {
      const posted = await local.postMessage({
        channelId: firstFamily.channelId,
        userId: writer!.userId,
        html: `<p>more ${m}</p>`,
      });
      if ('id' in posted) await local.flagMessage({ messageId: posted.id, userId: writer!.userId });
    }
    await addEntities(27, 4);
    const many = await countAll();

    expect(many).toEqual(few);
    // A small constant: the sign-in check plus a handful of queries.
    for (const [route, n] of Object.entries(many)) expect(n, route).toBeLessThanOrEqual(6);
    // Each statement is a round trip the server pays for (a write, a wake-up, a read): the details
    // read the family with its plan at once, and a page of messages comes with its reports and its
    // channel's check — sign-in check, family, page beside the family's names of its people, audit
    // event.
    expect(many['family details']).toBe(2);
    expect(many['messages page']).toBe(5);
    // Its refreshes do not ask the audit log again while the opening is recent: sign-in check,
    // family, page beside the names.
    expect(many['messages refresh']).toBe(4);
  });

  it('answer /api/auth/me with the sign-in check alone', async () => {
    // The check reads the account with its session; /me answers what it read.
    expect(await statementsOf(endpoints.auth.me, { auth: entityAuth })).toBe(1);
    expect(await statementsOf(endpoints.auth.me, { auth: adminAuth })).toBe(1);
  });

  it('share the sign-in check among requests that arrive together', async () => {
    statements.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(t.app, endpoints.auth.me, { auth: i % 2 ? entityAuth : adminAuth }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.map((answer) => answer.json().role)).toEqual(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? 'entity' : 'admin')),
    );
    // The checks asked in one turn of the event loop go together at its end (30 one at a time; sent
    // at once, the first two went alone and the rest after them: 3 or more).
    expect(statements.length).toBeGreaterThanOrEqual(1);
    expect(statements.length).toBeLessThanOrEqual(2);
  });

  it('share the family look-up too, each family answering its own entity only', async () => {
    const other = await createEntityUser(t.db());
    const otherAuth = (await signIn(t.app, { email: other.email, password: other.password!, role: 'entity' }))
      .authorization;
    const { groupId: otherFamily } = await createFamily(t.db(), {
      entityId: other.entityId,
      name: 'Other Family',
    });
    // The owner and the other entity read their own families and each other's, in upper case too.
    const asks = Array.from({ length: 24 }, (_, i) => {
      const own = i % 2 === 0;
      const id = (i % 4 < 2 ? firstFamily.groupId : otherFamily) as string;
      const authorization = own === (id === firstFamily.groupId) ? entityAuth : otherAuth;
      return { id: i % 3 === 0 ? id.toUpperCase() : id, authorization, mine: own };
    });
    statements.length = 0;
    const answers = await Promise.all(
      asks.map(({ id, authorization }) =>
        call(t.app, endpoints.families.byId, { params: { id }, auth: authorization }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(asks.map((ask) => (ask.mine ? 200 : 404)));
    for (const [i, answer] of answers.entries())
      if (asks[i]!.mine) expect(answer.json()._id).toBe(asks[i]!.id.toLowerCase());
    // Sign-in checks and family look-ups: a few statements of each, not 24 of each.
    expect(statements.length).toBeLessThanOrEqual(12);
  });
});

describe('search indexes', () => {
  it('exist, with pg_trgm and btree_gin installed', async () => {
    const rows = (await t
      .db()
      .execute(
        sql`select indexname from pg_indexes where indexname like '%trgm%' order by indexname`,
      )) as unknown as { rows: { indexname: string }[] };
    expect(rows.rows.map((r) => r.indexname)).toEqual([
      'entities_search_trgm_idx',
      'groups_entity_search_trgm_idx',
    ]);
    const extensions = (await t
      .db()
      .execute(sql`select extname from pg_extension order by extname`)) as unknown as {
      rows: { extname: string }[];
    };
    expect(extensions.rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['btree_gin', 'pg_trgm']));
  });

  it('answer a LIKE search of families and of entities when the table is too big to scan', async () => {
    const plan = async (statement: ReturnType<typeof sql>) =>
      t.db().transaction(async (tx) => {
        // Only bitmap scans are left, and only an index whose condition the query names can do one.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const result = (await tx.execute(sql`explain ${statement}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await plan(sql`select id from groups where search_text like '%family1%'`)).toContain(
      'groups_entity_search_trgm_idx',
    );
    expect(await plan(sql`select id from entities where search_text like '%agency%'`)).toContain(
      'entities_search_trgm_idx',
    );
  });
});
