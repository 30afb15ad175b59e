// The conversation view around one message, its newer pages, and search in a conversation — on both
// chat providers (Stream through its stand-in), with the audit log, tenant isolation, bad input, and
// (local provider) the GIN index the search must use.
import { type Endpoint, endpoints, MSG, SEARCH_TEXT_MAX } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Answer,
  type Auth,
  call,
  callLoose,
  type LooseOptions,
  withKey,
} from '../../../test/api-client.js';
import {
  type ChatKind,
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { openTestDatabase } from '../../../test/databases.js';
import { signIn, TEST_ADMIN } from '../../../test/test-app.js';
import { MESSAGE_SEARCH_VECTOR } from '../../db/schema-chat.js';
import { messageSearchStatement } from '../../providers/chat/local-chat-messages.js';
import { listAuditEvents } from './channels.repository.js';
import { EXCERPT_MAX } from './search-excerpt.js';

/** A request of one of the conversation endpoints, its query as sent (bad values included). */
interface ConversationRequest<E extends Endpoint> {
  endpoint: E;
  params: LooseOptions['params'];
  query?: LooseOptions['query'];
}
type Query = Readonly<Record<string, string>>;

const around = (groupId: string, channelId: string, messageId: string, query?: Query) => ({
  endpoint: endpoints.conversations.around,
  params: { groupId, channelId, messageId },
  query,
});
const search = (groupId: string, channelId: string, query: Query) => ({
  endpoint: endpoints.conversations.search,
  params: { groupId, channelId },
  query,
});
const first = (groupId: string, channelId: string, query?: Query) => ({
  endpoint: endpoints.conversations.firstMessage,
  params: { groupId, channelId },
  query,
});
const list = (groupId: string, query: Query) => ({
  endpoint: endpoints.conversations.list,
  params: { groupId },
  query,
});

type Family = Awaited<ReturnType<typeof familyWithChannel>>;
const idsOf = (body: { messages: { id: string }[] }) => body.messages.map((m) => m.id);

describe.each<ChatKind>(['local', 'stream'])(
  'conversation around a message and search (%s chat provider)',
  (kind) => {
    let c: ConversationApp;
    let owner: Awaited<ReturnType<typeof signedInEntity>>;
    let other: Awaited<ReturnType<typeof signedInEntity>>;
    let admin: string;
    beforeAll(async () => {
      c = await createConversationApp(kind);
      owner = await signedInEntity(c.t);
      other = await signedInEntity(c.t);
      admin = (await signIn(c.t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
    });
    afterAll(() => c.close());

    const get = <E extends Endpoint>(request: ConversationRequest<E>, auth: Auth = owner.authorization) =>
      callLoose(c.t.app, request.endpoint, { params: request.params, query: request.query, auth });

    /** `count` messages a minute apart, oldest first; `html(i)` says what message i holds. */
    async function conversation(f: Family, count: number, html = (i: number) => `<p>message ${i}</p>`) {
      const start = Date.parse('2026-03-07T15:00:00Z');
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        ids.push(
          await c.post({
            channelId: f.channelId,
            userId: i % 2 ? f.parent.memberId : f.birth.memberId,
            html: html(i),
            createdAt: new Date(start + i * 60_000),
          }),
        );
      }
      return ids;
    }

    describe('around a message', () => {
      it('answers about `limit` messages newest first with the one asked for in the middle, and cursors both ways', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const ids = await conversation(f, 30);
        const response = await get(around(f.groupId, f.channelId, ids[10]!, { limit: '7' }));
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(idsOf(body)).toEqual(ids.slice(7, 14).reverse());
        expect(body.messages[3]).toMatchObject({
          id: ids[10],
          html: '<p>message 10</p>',
          user: { id: f.birth.memberId, name: 'Bea Birth' },
        });
        expect(body.olderCursor).toEqual(expect.any(String));
        expect(body.newerCursor).toEqual(expect.any(String));

        // Older pages go on from the window with `before`, newer ones with `after`, each message once.
        const older: string[] = [];
        for (let cursor = body.olderCursor; cursor; ) {
          const page = withKey(
            (await get(list(f.groupId, { channelId: f.channelId, limit: '4', before: cursor }))).json(),
            'messages',
          );
          older.push(...idsOf(page));
          cursor = page.nextCursor;
        }
        expect(older).toEqual(ids.slice(0, 7).reverse());
        const newer: string[] = [];
        for (
          let cursor: string | null | undefined = body.newerCursor, guard = 0;
          cursor && guard < 10;
          guard++
        ) {
          const response: Answer<typeof endpoints.conversations.list> = await get(
            list(f.groupId, { channelId: f.channelId, limit: '5', after: cursor }),
          );
          expect(response.statusCode).toBe(200);
          const page = withKey(response.json(), 'messages');
          // Each newer page is itself newest first, and can page older from its oldest message.
          expect(page.nextCursor).toBe(page.messages.at(-1)?.id ?? cursor);
          newer.unshift(...idsOf(page));
          cursor = page.newerCursor;
        }
        expect(newer).toEqual(ids.slice(14).reverse());
      });

      it('has no older cursor at the start of the channel, and no newer one at its end', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const ids = await conversation(f, 6);
        const first = (await get(around(f.groupId, f.channelId, ids[0]!, { limit: '5' }))).json();
        expect(idsOf(first)).toEqual(ids.slice(0, 3).reverse());
        expect(first.olderCursor).toBeNull();
        expect(first.newerCursor).toBe(ids[2]);
        const last = (await get(around(f.groupId, f.channelId, ids[5]!, { limit: '5' }))).json();
        expect(idsOf(last)).toEqual(ids.slice(3).reverse());
        expect(last.olderCursor).toBe(ids[3]);
        expect(last.newerCursor).toBeNull();
        // After the newest message: nothing newer, and the page says so.
        const after = (await get(list(f.groupId, { channelId: f.channelId, after: ids[5]! }))).json();
        expect(after).toMatchObject({ messages: [], newerCursor: null });
      });

      it('records the opening in the audit log, once for several messages opened in a row', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const ids = await conversation(f, 4);
        await get(around(f.groupId, f.channelId, ids[1]!));
        await get(around(f.groupId, f.channelId, ids[2]!));
        await get(list(f.groupId, { channelId: f.channelId, after: ids[0]! }));
        const events = await listAuditEvents(c.t.db(), owner.entityId, f.groupId);
        expect(events).toEqual([
          {
            actorUserId: owner.userId,
            action: 'conversation.viewed',
            channelId: f.channelId,
            createdAt: expect.any(Date),
          },
        ]);
      });

      it("answers 404 for a message that is not in the channel, and for another entity's family (nothing revealed)", async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const sibling = await familyWithChannel(c, owner.entityId);
        const [id] = await conversation(f, 1, () => '<p>private words</p>');
        const [elsewhere] = await conversation(sibling, 1);

        const notHere = await get(around(f.groupId, f.channelId, elsewhere!));
        expect(notHere.statusCode).toBe(404);
        expect(notHere.error()).toEqual({ message: MSG.viewer.messageNotFound });
        expect((await get(around(f.groupId, sibling.channelId, id!))).statusCode).toBe(404);
        const unknown = kind === 'local' ? '00000000-0000-4000-8000-000000000000' : 'no-such-message';
        expect((await get(around(f.groupId, f.channelId, unknown))).statusCode).toBe(404);

        const foreign = await get(around(f.groupId, f.channelId, id!), other.authorization);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.error()).toEqual({ message: MSG.extra.notFound });
        expect(await listAuditEvents(c.t.db(), other.entityId, f.groupId)).toEqual([]);
      });

      it('refuses a malformed limit or cursor with 400 and the catalogue’s text, never a 5xx', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const [id] = await conversation(f, 2);
        expect((await get(around(f.groupId, f.channelId, id!, { limit: '0' }))).statusCode).toBe(400);
        expect((await get(around(f.groupId, f.channelId, id!, { limit: 'x' }))).statusCode).toBe(400);
        expect((await get(around(f.groupId, f.channelId, 'bad id'))).statusCode).toBe(400);
        for (const after of ['garbage!', 'x'.repeat(513)]) {
          const response = await get(list(f.groupId, { channelId: f.channelId, after }));
          expect(response.statusCode).toBe(400);
          expect(response.error().message).toBe(MSG.viewer.invalidCursor);
        }
      });
    });

    describe('first message, and the first on or after a date', () => {
      it('answers the very first message, the first at or after a time, or null when none is that recent', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const ids = await conversation(f, 5);
        const at = async (from?: string) => {
          const response = await get(first(f.groupId, f.channelId, from === undefined ? {} : { from }));
          expect(response.statusCode, from).toBe(200);
          return response.json().messageId;
        };
        expect(await at()).toBe(ids[0]);
        // Messages are a minute apart from 15:00: 15:02 is the third, 15:02:30 the fourth.
        expect(await at('2026-03-07T15:02:00.000Z')).toBe(ids[2]);
        expect(await at('2026-03-07T16:02:30+01:00')).toBe(ids[3]);
        expect(await at('2026-03-08T00:00:00.000Z')).toBeNull();
        const empty = await familyWithChannel(c, owner.entityId);
        expect((await get(first(empty.groupId, empty.channelId))).json()).toEqual({ messageId: null });
      });

      it('refuses a date that is not one with the catalogue’s text, and another entity’s family with 404', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        await conversation(f, 1, () => '<p>secret</p>');
        for (const from of ['yesterday', '2026-13-01T00:00:00Z', '2026-03-07']) {
          const response = await get(first(f.groupId, f.channelId, { from }));
          expect(response.statusCode, from).toBe(400);
          expect(response.error().message).toBe(MSG.conversationDates.invalidDate);
        }
        const foreign = await get(first(f.groupId, f.channelId), other.authorization);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.body).not.toContain(f.channelId);
        const sibling = await familyWithChannel(c, owner.entityId);
        expect((await get(first(sibling.groupId, f.channelId))).statusCode).toBe(404);
      });
    });

    describe('search', () => {
      it('finds the messages holding the words, newest first, with author, date and a plain-text excerpt', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const ids = await conversation(f, 8, (i) =>
          i % 3 === 0
            ? `<p>We had a <b>picnic</b> &amp; games by the lake (${i})</p>`
            : `<p>Rainy day ${i}</p>`,
        );
        const response = await get(search(f.groupId, f.channelId, { q: 'picnic' }));
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.hits.map((h) => h.id)).toEqual([ids[6], ids[3], ids[0]]);
        expect(body.hits[0]).toEqual({
          id: ids[6],
          user: { id: f.birth.memberId, name: 'Bea Birth' },
          created_at: '2026-03-07T15:06:00.000Z',
          excerpt: 'We had a picnic & games by the lake (6)',
        });
        expect(body.nextCursor).toBeNull();
        expect(body.total).toBe(kind === 'local' ? 3 : null);
        expect((await get(search(f.groupId, f.channelId, { q: 'zebra' }))).json()).toEqual({
          hits: [],
          nextCursor: null,
          total: kind === 'local' ? 0 : null,
        });
        // The hits show the messages' words: searching is reading, recorded once as an opening.
        expect(
          (await listAuditEvents(c.t.db(), owner.entityId, f.groupId)).map((e) => [e.action, e.channelId]),
        ).toEqual([['conversation.viewed', f.channelId]]);
      });

      it('pages the hits with `before` until there are no more', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const ids = await conversation(f, 7, (i) => `<p>holiday plans ${i}</p>`);
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let guard = 0; guard < 10; guard++) {
          const query: Record<string, string> = {
            q: 'holiday',
            limit: '3',
            ...(cursor ? { before: cursor } : {}),
          };
          const page = (await get(search(f.groupId, f.channelId, query))).json();
          // How many match is said with the first page (the local provider counts; Stream cannot).
          expect(page.total).toBe(cursor || kind === 'stream' ? null : 7);
          seen.push(...page.hits.map((h) => h.id));
          cursor = page.nextCursor;
          if (!cursor) break;
        }
        expect(seen).toEqual([...ids].reverse());
      });

      it('cuts a long message to an excerpt around the first word found', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const filler = 'and then we walked a little further along the path ';
        await conversation(
          f,
          1,
          () => `<p>${filler.repeat(6)}until we saw a heron by the water, ${filler.repeat(6)}</p>`,
        );
        const [hit] = (await get(search(f.groupId, f.channelId, { q: 'heron' }))).json().hits;
        expect(hit).toBeDefined();
        expect(hit!.excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX);
        expect(hit!.excerpt).toMatch(/^….*until we saw a heron by the water.*…$/);
        expect(hit!.excerpt).not.toContain('<');
      });

      it('refuses an empty search, one too long and a cursor it did not give, with 400 and the catalogue’s text', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const cases: [Record<string, string>, string][] = [
          [{ q: '' }, MSG.search.empty],
          [{ q: '   ' }, MSG.search.empty],
          [{}, MSG.search.empty],
          [
            { q: 'a'.repeat(SEARCH_TEXT_MAX + 1) },
            MSG.validation.tooLong(MSG.fields.search, SEARCH_TEXT_MAX),
          ],
          [{ q: 'walk', before: 'garbage!' }, MSG.search.invalidCursor],
          [{ q: 'walk', before: 'x'.repeat(513) }, MSG.search.invalidCursor],
        ];
        for (const [query, message] of cases) {
          const response = await get(search(f.groupId, f.channelId, query));
          expect(response.statusCode, JSON.stringify(query)).toBe(400);
          expect(response.error().message).toBe(message);
        }
        expect(
          (await get(search(f.groupId, f.channelId, { q: 'a'.repeat(SEARCH_TEXT_MAX) }))).statusCode,
        ).toBe(200);
        expect((await get(search(f.groupId, f.channelId, { q: 'walk', limit: '51' }))).statusCode).toBe(400);
      });

      it("answers 404 for another entity's family and for a channel of another family, nothing revealed", async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const sibling = await familyWithChannel(c, owner.entityId);
        await conversation(f, 1, () => '<p>secret birthday plans</p>');
        const foreign = await get(search(f.groupId, f.channelId, { q: 'birthday' }), other.authorization);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.body).not.toContain('secret');
        expect((await get(search(sibling.groupId, f.channelId, { q: 'birthday' }))).statusCode).toBe(404);
      });

      it('refuses anonymous callers (401) and admins (403)', async () => {
        const f = await familyWithChannel(c, owner.entityId);
        const [id] = await conversation(f, 1);
        const requests: ConversationRequest<Endpoint>[] = [
          search(f.groupId, f.channelId, { q: 'message' }),
          around(f.groupId, f.channelId, id!),
          first(f.groupId, f.channelId),
        ];
        for (const request of requests) {
          expect((await get(request, null)).statusCode).toBe(401);
          expect((await get(request, admin)).statusCode).toBe(403);
        }
      });
    });
  },
);

describe('search in the local provider’s tables', () => {
  const statements: string[] = [];
  let c: ConversationApp;
  let owner: Awaited<ReturnType<typeof signedInEntity>>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase(
      { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') },
      { onQuery: (statement) => statements.push(statement) },
    );
    drop = opened.drop;
    c = await createConversationApp('local', {}, { database: opened.database, startWorkers: false });
    owner = await signedInEntity(c.t);
  });
  afterAll(async () => {
    await c?.close();
    await drop?.();
  });

  it('finds words by their stem, in English, never inside a tag', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const swim = await c.post({
      channelId: f.channelId,
      userId: f.parent.memberId,
      html: '<p>Swimming lessons</p>',
    });
    await c.post({ channelId: f.channelId, userId: f.parent.memberId, html: '<p class="swim">Dinner</p>' });
    const get = (q: string) =>
      call(c.t.app, endpoints.conversations.search, {
        params: { groupId: f.groupId, channelId: f.channelId },
        query: { q },
        auth: owner.authorization,
      });
    expect((await get('swim')).json().hits.map((h) => h.id)).toEqual([swim]);
    expect((await get('"swimming lesson"')).json().hits).toHaveLength(1);
    expect((await get('swim -lessons')).json().hits).toEqual([]);
  });

  it('asks with the index’s own expression, so PostgreSQL answers from chat_messages_search_idx', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    // Enough messages in the channel that reading them all would cost more than the index.
    await c.t.db().execute(sql`
      insert into chat_messages (channel_id, user_id, html, created_at)
      select ${f.channelId}::uuid, ${f.parent.memberId}, '<p>Ordinary day number ' || n || '</p>',
             now() - n * interval '1 minute'
      from generate_series(1, 3000) n`);
    await c.post({ channelId: f.channelId, userId: f.parent.memberId, html: '<p>A kingfisher!</p>' });
    await c.t.db().execute(sql`analyze chat_messages`);
    statements.length = 0;
    const response = await call(c.t.app, endpoints.conversations.search, {
      params: { groupId: f.groupId, channelId: f.channelId },
      query: { q: 'kingfisher' },
      auth: owner.authorization,
    });
    expect(response.json().hits).toHaveLength(1);
    const searchStatement = statements.find((s) => s.includes('websearch_to_tsquery'));
    expect(searchStatement).toContain(`${MESSAGE_SEARCH_VECTOR} @@ websearch_to_tsquery('english', `);

    const plan = await c.t.db().execute(sql`explain select id from chat_messages
      where channel_id = ${f.channelId}::uuid
        and ${sql.raw(MESSAGE_SEARCH_VECTOR)} @@ websearch_to_tsquery('english', 'kingfisher')
      order by created_at desc, id desc limit 21`);
    const rows =
      (plan as { rows?: Record<string, string>[] }).rows ?? (plan as unknown as Record<string, string>[]);
    expect(rows.map((r) => Object.values(r)[0]).join('\n')).toContain('chat_messages_search_idx');
  });

  it('finds a rare word from the index in a channel of a few phrases said over and over, without reading the channel', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    // Every word but one is in a tenth of the messages or more: PostgreSQL takes an unknown word for as
    // common as the least common one it knows, and asked for the newest page it would read the whole
    // channel through the time index, working out each message's words.
    await c.t.db().execute(sql`
      insert into chat_messages (channel_id, user_id, html, created_at)
      select ${f.channelId}::uuid, ${f.parent.memberId},
             (array['<p>We planted the sunflower seeds</p>', '<p>Thank you for the pictures</p>',
                    '<p>School started today</p>'])[1 + n % 3], now() - n * interval '1 minute'
      from generate_series(1, 30000) n`);
    const kayak = await c.post({
      channelId: f.channelId,
      userId: f.parent.memberId,
      html: '<p>A kayak!</p>',
    });
    await c.t.db().execute(sql`analyze chat_messages`);
    const input = { groupId: f.groupId, channelId: f.channelId, limit: 21 };

    const plan = await c.t
      .db()
      .execute(sql`explain ${messageSearchStatement(c.t.db(), { ...input, q: 'kayak' })}`);
    const rows =
      (plan as { rows?: Record<string, string>[] }).rows ?? (plan as unknown as Record<string, string>[]);
    const text = rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toContain('Bitmap Index Scan on chat_messages_search_idx');
    expect(text).not.toContain('chat_messages_channel_time_idx');

    const hits = await call(c.t.app, endpoints.conversations.search, {
      params: { groupId: f.groupId, channelId: f.channelId },
      query: { q: 'kayak' },
      auth: owner.authorization,
    });
    expect(hits.json().hits.map((h) => h.id)).toEqual([kayak]);
    // A common word: the newest of its 10 000 messages, newest first, counted.
    const common = await call(c.t.app, endpoints.conversations.search, {
      params: { groupId: f.groupId, channelId: f.channelId },
      query: { q: 'sunflower' },
      auth: owner.authorization,
    });
    const page = common.json();
    expect(page.total).toBe(10_000);
    expect(page.hits).toHaveLength(20);
    const times = page.hits.map((h) => h.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
