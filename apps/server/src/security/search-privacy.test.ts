// Searching a family's conversation: what a person searches for never reaches the log, and one person's
// searches cannot take the database from everybody else.
import { API, apiPath, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../test-support/conversations.js';

let c: ConversationApp;
beforeAll(async () => {
  c = await createConversationApp('local');
});
afterAll(() => c.close());

const get = (url: string, authorization: string) =>
  c.t.app.inject({ method: 'GET', url, headers: { authorization } });

async function searchable() {
  const entity = await signedInEntity(c.t);
  const f = await familyWithChannel(c, entity.entityId, 'Zebediah Quarrington');
  await c.post({
    channelId: f.channelId,
    userId: f.parent.memberId,
    html: '<p>The quagmire by the mill</p>',
  });
  const url = (q: string) =>
    `${apiPath(API.channels.search, { groupId: f.groupId, channelId: f.channelId })}?q=${q}`;
  return { entity, f, url };
}

describe('search words', () => {
  it('are not written to the log: the family list’s search and a conversation’s search', async () => {
    const { entity, url } = await searchable();
    const listed = await get(`${API.group.list}?search=Zebediah&page=1`, entity.authorization);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result.map((g: { name: string }) => g.name)).toContain('Zebediah Quarrington');
    const found = await get(url('quagmire'), entity.authorization);
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
    const { entity, url } = await searchable();
    for (let i = 0; i < 30; i++) expect((await get(url('mill'), entity.authorization)).statusCode).toBe(200);
    const refused = await get(url('mill'), entity.authorization);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.search.tooMany);

    const other = await searchable();
    expect((await get(other.url('mill'), other.entity.authorization)).statusCode).toBe(200);
  });

  it('run two at a time: a third while two are running is refused, and taken once one ends', async () => {
    const { entity, url } = await searchable();
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
      const first = get(url('mill'), entity.authorization);
      const second = get(url('mill'), entity.authorization);
      await expect.poll(() => waiting).toBe(2);
      const third = await get(url('mill'), entity.authorization);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(MSG.search.tooMany);
      release();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      expect((await get(url('mill'), entity.authorization)).statusCode).toBe(200);
    } finally {
      provider.searchMessages = original;
      release();
    }
  });

  it('give up a search at its time limit with the message, and nothing else fails', async () => {
    const { entity, url } = await searchable();
    const provider = c.t.app.ctx.chat;
    const original = provider.searchMessages;
    // As PostgreSQL cancels a statement past its statement_timeout (SQLSTATE 57014), wrapped by drizzle.
    provider.searchMessages = async () => {
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      });
    };
    try {
      const slow = await get(url('mill'), entity.authorization);
      expect(slow.statusCode).toBe(422);
      expect(slow.json().message).toBe(MSG.search.tooSlow);
    } finally {
      provider.searchMessages = original;
    }
    expect((await get(url('mill'), entity.authorization)).statusCode).toBe(200);
  });
});
