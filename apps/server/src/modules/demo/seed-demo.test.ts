// The demo data: every state the brief names, reachable through the real routes, and idempotent.
import { API, apiPath } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import {
  DEMO_PASSWORD_DEFAULT,
  type DemoSummary,
  describeDemo,
  LONG_CHANNEL_MESSAGES,
  seedDemo,
} from './seed-demo.js';

let t: TestApp;
let first: DemoSummary;
beforeAll(async () => {
  t = await createTestApp();
  first = await seedDemo(t.app.ctx);
}, 120_000);
afterAll(() => t.close());

async function count(table: string): Promise<number> {
  const result = (await t.sql(`select count(*)::int as n from ${table}`)) as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('demo data', () => {
  it('prints logins that sign in, for an agency and a lawyer', async () => {
    const text = describeDemo(first);
    for (const email of ['demo.agency@bridgetalk.local', 'demo.lawyer@bridgetalk.local']) {
      expect(text).toContain(email);
      const session = await signIn(t.app, { email, password: DEMO_PASSWORD_DEFAULT, role: 'entity' });
      expect(session.response.statusCode).toBe(200);
    }
    expect(text).toContain(DEMO_PASSWORD_DEFAULT);
  });

  it('holds families in every state: monthly and one-time, unnamed, inactive; inactive members; a disabled channel', async () => {
    const states = (await t.sql(`
      select g.name, g.active, s.plan_type
      from groups g join entities e on e.id = g.entity_id
      left join subscriptions s on s.group_id = g.id
      where e.email in ('demo.agency@bridgetalk.local', 'demo.lawyer@bridgetalk.local')
      order by g.name nulls first`)) as {
      rows: { name: string | null; active: boolean; plan_type: string | null }[];
    };
    expect(states.rows).toEqual([
      { name: null, active: true, plan_type: null },
      { name: 'Ethan Brooks', active: true, plan_type: 'one_time' },
      { name: 'Lily Chen', active: true, plan_type: 'one_time' },
      { name: 'Mia Thompson', active: false, plan_type: 'recurring' },
      { name: 'Noah Garcia', active: true, plan_type: 'recurring' },
      { name: 'Robin Smith', active: true, plan_type: 'recurring' },
    ]);
    const inactive = (await t.sql('select count(*)::int as n from group_members where not active')) as {
      rows: { n: number }[];
    };
    expect(inactive.rows[0]!.n).toBe(2);
    const chen = first.families.find((f) => f.name === 'Lily Chen')!;
    const channels = await t.app.ctx.chat.listChannels(chen.groupId);
    expect(channels.map((c) => c.disabled).sort()).toEqual([false, true]);
    expect(channels.every((c) => c.hasReports === c.disabled)).toBe(true);
    const statuses = (await t.sql(`select status from entities order by status`)) as {
      rows: { status: string }[];
    };
    expect(new Set(statuses.rows.map((r) => r.status))).toEqual(new Set(['active', 'pending', 'disabled']));
  });

  it('has conversations with pictures, a video, reported messages, and one channel of 10 000 messages', async () => {
    const agency = await signIn(t.app, {
      email: 'demo.agency@bridgetalk.local',
      password: DEMO_PASSWORD_DEFAULT,
      role: 'entity',
    });
    const smith = first.families.find((f) => f.name === 'Robin Smith')!;
    const list = await t.app.inject({
      method: 'GET',
      url: apiPath(API.channels.list, { groupId: smith.groupId }),
      headers: { authorization: agency.authorization },
    });
    const [channel] = list.json().channels;
    expect(channel.hasReports).toBe(true);
    const page = await t.app.inject({
      method: 'GET',
      url: `${apiPath(API.channels.list, { groupId: smith.groupId })}?channelId=${channel.id}&limit=200`,
      headers: { authorization: agency.authorization },
    });
    const messages = page.json().messages as {
      attachments: { type: string; image_url?: string }[];
      flaggedMessages: { flags: unknown[] };
    }[];
    expect(
      messages.some((m) =>
        m.attachments.some((a) => a.type === 'image' && a.image_url?.startsWith('data:image/svg+xml')),
      ),
    ).toBe(true);
    expect(messages.some((m) => m.attachments.some((a) => a.type === 'video'))).toBe(true);
    expect(messages.filter((m) => m.flaggedMessages.flags.length > 0)).toHaveLength(1);

    const garcia = first.families.find((f) => f.name === 'Noah Garcia')!;
    const [long] = await t.app.ctx.chat.listChannels(garcia.groupId);
    const rows = (await t.sql(
      `select count(*)::int as n from chat_messages where channel_id = '${long!.id}'`,
    )) as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(LONG_CHANNEL_MESSAGES);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = {
      entities: await count('entities'),
      users: await count('users'),
      groups: await count('groups'),
      people: await count('family_members'),
      memberships: await count('group_members'),
      channels: await count('chat_channels'),
      messages: await count('chat_messages'),
      flags: await count('chat_flags'),
    };
    const again = await seedDemo(t.app.ctx);
    expect(again.messagesPosted).toBe(0);
    expect(again.families.map((f) => f.groupId)).toEqual(first.families.map((f) => f.groupId));
    const after = {
      entities: await count('entities'),
      users: await count('users'),
      groups: await count('groups'),
      people: await count('family_members'),
      memberships: await count('group_members'),
      channels: await count('chat_channels'),
      messages: await count('chat_messages'),
      flags: await count('chat_flags'),
    };
    expect(after).toEqual(before);
  });
});
