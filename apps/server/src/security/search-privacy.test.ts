// Searching a family's conversation: what a person searches for never reaches the log, and one person's
// searches cannot take the database from everybody else.
import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../test/conversations.js';

let c: ConversationApp;
beforeAll(async () => {
  c = await createConversationApp('local');
});
afterAll(() => c.close());

async function searchable() {
  const entity = await signedInEntity(c.t);
  const f = await familyWithChannel(c, entity.entityId, 'Zebediah Quarrington');
  await c.post({
    channelId: f.channelId,
    userId: f.parent.memberId,
    html: '<p>The quagmire by the mill</p>',
  });
  const search = (q: string, auth: string) =>
    call(c.t.app, endpoints.conversations.search, {
      params: { groupId: f.groupId, channelId: f.channelId },
      query: { q },
      auth,
    });
  return { entity, f, search };
}

describe('search words', () => {
  it('are not written to the log: the family list’s search and a conversation’s search', async () => {
    const { entity, search } = await searchable();
    const listed = await call(c.t.app, endpoints.families.list, {
      query: { search: 'Zebediah', page: 1 },
      auth: entity.authorization,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result.map((g) => g.name)).toContain('Zebediah Quarrington');
    const found = await search('quagmire', entity.authorization);
    expect(found.statusCode).toBe(200);
    expect(found.json().hits).toHaveLength(1);

    const log = c.t.logs.join('');
    expect(log).toContain('search=[redacted]&page=1');
    expect(log).toContain('q=[redacted]');
    expect(log).not.toMatch(/zebediah|quagmire/i);
  });
});

describe('one person’s searches', () => {
  it('are refused past 30 in a minute, with the message, and other people still search', async () => {
    const { entity, search } = await searchable();
    for (let i = 0; i < 30; i++) expect((await search('mill', entity.authorization)).statusCode).toBe(200);
    const refused = await search('mill', entity.authorization);
    expect(refused.statusCode).toBe(429);
    expect(refused.error().message).toBe(MSG.search.tooMany);

    const other = await searchable();
    expect((await other.search('mill', other.entity.authorization)).statusCode).toBe(200);
  });

  it('run two at a time: a third while two are running is refused, and taken once one ends', async () => {
    const { entity, search } = await searchable();
    const provider = c.t.app.ctx.chat;
    const original = provider.searchMessages;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let waiting = 0;
    provider.searchMessages = async (...args) => {
      waiting++;
      await held;
      return original.apply(provider, args);
    };
    try {
      const first = search('mill', entity.authorization);
      const second = search('mill', entity.authorization);
      await expect.poll(() => waiting).toBe(2);
      const third = await search('mill', entity.authorization);
      expect(third.statusCode).toBe(429);
      expect(third.error().message).toBe(MSG.search.tooMany);
      release();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      expect((await search('mill', entity.authorization)).statusCode).toBe(200);
    } finally {
      provider.searchMessages = original;
      release();
    }
  });

  it('give up a search at its time limit with the message, and nothing else fails', async () => {
    const { entity, search } = await searchable();
    const provider = c.t.app.ctx.chat;
    const original = provider.searchMessages;
    // As PostgreSQL cancels a statement past its statement_timeout (SQLSTATE 57014), wrapped by drizzle.
    provider.searchMessages = async () => {
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      });
    };
    try {
      const slow = await search('mill', entity.authorization);
      expect(slow.statusCode).toBe(422);
      expect(slow.error().message).toBe(MSG.search.tooSlow);
    } finally {
      provider.searchMessages = original;
    }
    expect((await search('mill', entity.authorization)).statusCode).toBe(200);
  });
});
