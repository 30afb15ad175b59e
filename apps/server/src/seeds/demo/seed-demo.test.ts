// The demo data: every state the brief names, reachable through the real routes, and idempotent.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AgreementResponse,
  couponAppliesTo,
  endpoints,
  LATE_GRACE_DAYS,
  MSG,
} from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, withKey } from '../../../test/api-client.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { addDays } from '../../modules/agreements/agreement-windows.js';
import {
  DEMO_PASSWORD_DEFAULT,
  type DemoSummary,
  describeDemo,
  LONG_CHANNEL_MESSAGES,
  seedDemo,
} from './seed-demo.js';

// The portal serves the built web app; a build holds the public folder as it is (Vite copies it).
const webPublic = fileURLToPath(new URL('../../../../web/public', import.meta.url));
const webDist = mkdtempSync(path.join(os.tmpdir(), 'bt-demo-web-'));
cpSync(webPublic, webDist, { recursive: true });
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bridge Talk</title>');

let t: TestApp;
let first: DemoSummary;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webDist });
  first = await seedDemo(t.app.ctx);
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function count(table: string): Promise<number> {
  const result = (await t.sql(`select count(*)::int as n from ${table}`)) as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('demo data', () => {
  it('prints logins that sign in, for an agency and a lawyer', async () => {
    const text = describeDemo(first, (path) => `http://localhost:3111${path}`);
    // Whole addresses, with the port in use: a click in the terminal opens them.
    expect(text).toContain(
      'Sign in at http://localhost:3111/login/entity (admins: http://localhost:3111/login/admin):',
    );
    expect(text).toMatch(/http:\/\/localhost:3111\/manage-families\/[0-9a-f-]{36}\/details/);
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
    // The reported message is in the disabled channel, and in the reports queue, already announced.
    const reports = (await t.sql(
      `select channel_id, state, alerted_at is not null as announced from message_reports where group_id = '${chen.groupId}'`,
    )) as { rows: { channel_id: string; state: string; announced: boolean }[] };
    expect(reports.rows).toEqual([
      { channel_id: channels.find((c) => c.disabled)!.id, state: 'open', announced: true },
    ]);
    const statuses = (await t.sql(`select status from entities order by status`)) as {
      rows: { status: string }[];
    };
    expect(new Set(statuses.rows.map((r) => r.status))).toEqual(new Set(['active', 'pending', 'disabled']));
    // The pending one as a real access request is: enabling it asks for the address and the contract.
    const request = (await t.sql(
      `select address, start_contract, end_contract from entities where status = 'pending'`,
    )) as { rows: Record<string, unknown>[] };
    expect(request.rows).toEqual([{ address: '', start_contract: null, end_contract: null }]);
  });

  it('has conversations with pictures, a video, reported messages, and one channel of 10 000 messages', async () => {
    const agency = await signIn(t.app, {
      email: 'demo.agency@bridgetalk.local',
      password: DEMO_PASSWORD_DEFAULT,
      role: 'entity',
    });
    const smith = first.families.find((f) => f.name === 'Robin Smith')!;
    const list = await call(t.app, endpoints.conversations.list, {
      params: { groupId: smith.groupId },
      auth: agency.authorization,
    });
    const [channel] = withKey(list.json(), 'channels').channels;
    expect(channel!.hasReports).toBe(true);
    const page = await call(t.app, endpoints.conversations.list, {
      params: { groupId: smith.groupId },
      query: { channelId: channel!.id, limit: '200' },
      auth: agency.authorization,
    });
    const { messages } = withKey(page.json(), 'messages');
    expect(messages.filter((m) => m.flaggedMessages.flags.length > 0)).toHaveLength(1);

    // Pictures and the video are files uploaded as a member would, served by the portal itself: they
    // show without the internet, and the picture is a PNG file, not an SVG data URL.
    const pictures = messages.flatMap((m) => m.attachments.filter((a) => a.type === 'image'));
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    const picture = await t.app.inject({ method: 'GET', url: pictures[0]!.image_url! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const thumb = await t.app.inject({ method: 'GET', url: pictures[0]!.thumb_url! });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const videos = messages.flatMap((m) => m.attachments.filter((a) => a.type === 'video'));
    expect(videos).toHaveLength(1);
    const url = videos[0]!.asset_url!;
    expect(url).toMatch(/^\/api\/groups\//);
    const video = await t.app.inject({ method: 'GET', url });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    expect(video.rawPayload.length).toBeLessThan(500_000);

    const garcia = first.families.find((f) => f.name === 'Noah Garcia')!;
    const [long] = await t.app.ctx.chat.listChannels(garcia.groupId);
    const rows = (await t.sql(
      `select count(*)::int as n from chat_messages where channel_id = '${long!.id}'`,
    )) as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(LONG_CHANNEL_MESSAGES);
  });

  it('has coupons to try: a percentage, an amount, one for the monthly plan only, and one used up', async () => {
    const admin = await signIn(t.app, { ...TEST_ADMIN, role: 'admin' });
    const listed = await call(t.app, endpoints.payments.coupons, { auth: admin.authorization });
    expect(listed.statusCode).toBe(200);
    const coupons = new Map(listed.json().coupons.map((c) => [c.id, c]));
    const plans = (await t.sql('select id, type from payment_plans where active')) as {
      rows: { id: string; type: 'recurring' | 'one_time' }[];
    };
    const monthly = plans.rows.find((p) => p.type === 'recurring')!.id;
    const lifetime = plans.rows.find((p) => p.type === 'one_time')!.id;
    const applies = (code: string) =>
      [monthly, lifetime].map((plan) => couponAppliesTo(coupons.get(code)!, plan));

    expect(coupons.get('DEMO10')).toMatchObject({ percent_off: 10, amount_off: null, max_redemptions: null });
    expect(applies('DEMO10')).toEqual([true, true]);
    expect(coupons.get('DEMO5OFF')).toMatchObject({ percent_off: null, amount_off: 500 });
    expect(applies('DEMO5OFF')).toEqual([true, true]);
    expect(coupons.get('MONTHLY20')).toMatchObject({ percent_off: 20 });
    expect(applies('MONTHLY20')).toEqual([true, false]);
    expect(coupons.get('FREE')).toMatchObject({ max_redemptions: 1, times_redeemed: 1 });
    expect(applies('FREE')).toEqual([false, false]);
    expect(describeDemo(first, (path) => path)).toContain('MONTHLY20');

    // An agency finds the usable ones; the used-up one is refused.
    const agency = await signIn(t.app, {
      email: 'demo.agency@bridgetalk.local',
      password: DEMO_PASSWORD_DEFAULT,
      role: 'entity',
    });
    const lookUp = (code: string) =>
      call(t.app, endpoints.billing.coupon, { params: { code }, auth: agency.authorization });
    expect((await lookUp('demo10')).json()).toMatchObject({ id: 'DEMO10', percent_off: 10 });
    // Used up: named in the spec's own words, so that leaving the field says what paying would.
    const usedUp = await lookUp('FREE');
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.error().message).toBe(MSG.wizard.couponFreeUsedUp);
  });

  it('has contact agreements with a window in each state a caseworker meets, and families without one', async () => {
    const signedIn = async (email: string) =>
      (await signIn(t.app, { email, password: DEMO_PASSWORD_DEFAULT, role: 'entity' })).authorization;
    const agency = await signedIn('demo.agency@bridgetalk.local');
    const lawyer = await signedIn('demo.lawyer@bridgetalk.local');
    const read = async (name: string, version?: number): Promise<AgreementResponse> => {
      const family = first.families.find((f) => f.name === name)!;
      const answer = await call(t.app, endpoints.agreements.get, {
        auth: family.entity === 'Hartley Family Law' ? lawyer : agency,
        params: { groupId: family.groupId },
        ...(version === undefined ? {} : { query: { version } }),
      });
      expect(answer.statusCode, name).toBe(200);
      return answer.json();
    };
    /** Each item's kind and the states of its windows, oldest first. */
    const statesOf = (answer: AgreementResponse) =>
      answer.agreement!.items.map((item) => [item.kind, item.windows.map((w) => w.state)]);

    expect(first.agreements).toEqual(['Robin Smith', 'Lily Chen', 'Ethan Brooks']);
    expect(describeDemo(first, (path) => path)).toContain('Robin Smith, Lily Chen, Ethan Brooks.');

    // The Smiths: a letter kept by a message of the birth mother and one overdue, this year's birthday
    // card excused with its reason, the yearly visit marked given with a note.
    const smith = await read('Robin Smith');
    expect(smith.agreement).toMatchObject({ timeZone: 'America/New_York', version: 1 });
    expect(statesOf(smith)).toEqual([
      ['letter', ['kept', 'overdue', 'open']],
      ['gift', ['excused', 'open']],
      ['visit', ['kept', 'open']],
    ]);
    const [letter, card, visit] = smith.agreement!.items;
    const today = smith.agreement!.today;
    expect(letter!.windows[0]).toMatchObject({ mark: null, givenOn: expect.any(String) });
    const overdue = letter!.windows[1]!;
    expect(overdue.due < today && today <= addDays(overdue.due, LATE_GRACE_DAYS)).toBe(true);
    expect(card!.windows[0]!.mark).toMatchObject({
      type: 'excused',
      note: expect.stringContaining('hospital'),
    });
    expect(visit!.windows[0]).toMatchObject({
      givenOn: visit!.windows[0]!.due,
      mark: { type: 'given', by: 'Erin Walsh', note: expect.stringContaining('supervised') },
    });

    // The Brooks family (the lawyer's): photos kept, sent late, never sent, and due within the week.
    const brooks = await read('Ethan Brooks');
    expect(statesOf(brooks)).toEqual([['photos', ['kept', 'late', 'missed', 'open']]]);
    const photos = brooks.agreement!.items[0]!.windows;
    expect(photos[1]!.givenOn! > photos[1]!.due).toBe(true);
    const dueSoon = photos[3]!;
    expect(dueSoon.givenOn).toBeNull();
    expect(dueSoon.due >= brooks.agreement!.today && dueSoon.due <= addDays(brooks.agreement!.today, 7)).toBe(
      true,
    );

    // The Chens: a second version from a month ago; the first, still readable, kept its photos, missed
    // a call, and had its open windows cut short by the second.
    const chen = await read('Lily Chen');
    expect(chen.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(statesOf(chen)).toEqual([
      ['photos', ['open']],
      ['letter', ['open']],
    ]);
    expect(statesOf(await read('Lily Chen', 1))).toEqual([
      ['photos', ['kept', 'kept', 'superseded']],
      ['call', ['missed', 'superseded']],
    ]);

    for (const name of ['Noah Garcia', 'Mia Thompson']) {
      expect(await read(name), name).toEqual({ agreement: null, versions: [] });
    }
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
      coupons: await count('payment_coupons'),
      agreements: await count('agreement_versions'),
      marks: await count('agreement_marks'),
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
      coupons: await count('payment_coupons'),
      agreements: await count('agreement_versions'),
      marks: await count('agreement_marks'),
    };
    expect(again.agreements).toEqual(first.agreements);
    expect(after).toEqual(before);
  });
});
