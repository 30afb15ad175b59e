// The platform activity as an audit trail: access requests (asked, seen, rejected with or without an
// e-mail), plans and coupons, the filters by kind, actor and time, and the e-mails an administrator's
// change of an account's address sends to both addresses.
import { endpoints, MAIL_TEXTS, MSG } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import { createAdminUser, createEntityUser } from '../../../test/factories.js';
import { codeIn, type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { entities, users } from '../../db/schema.js';

let t: TestApp;
let smtp: SmtpCapture;
let admin: string;
let adminName: string;

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@audit.test`;

// A page of the platform's activity; a query the contract refuses (`from: 'yesterday'`) is sent too.
function platform(query: Record<string, string> = {}) {
  return callLoose(t.app, endpoints.activity.platform, { query, auth: admin });
}
const events = async (query: Record<string, string> = {}) => (await platform(query)).json().events;

async function requestAccess(name: string, email: string) {
  const asked = await call(t.app, endpoints.auth.register, {
    body: {
      name,
      entityName: 'Harbor Families',
      email,
      phone: '(555) 010-3000',
      subtype: 'agency',
    },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const [entity] = await t.db().select({ id: entities.id }).from(entities).where(eq(entities.email, email));
  return entity!.id;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  const me = (await call(t.app, endpoints.auth.me, { auth: admin })).json();
  adminName = MSG.activity.actor(me.name, me.email);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('access requests', () => {
  it('shows a request with its contact person, and rejects it with an e-mail to the requester', async () => {
    const email = uniqueEmail('request');
    const id = await requestAccess('Nora Quinn', email);

    const seen = await call(t.app, endpoints.entities.byId, { params: { id }, auth: admin });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      name: 'Harbor Families',
      email,
      phone: '(555) 010-3000',
      subtype: 'agency',
      status: 'pending',
      contactName: 'Nora Quinn',
    });

    const rejected = await call(t.app, endpoints.entities.reject, {
      params: { id },
      auth: admin,
      body: { notify: true },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({ message: MSG.accessRequests.rejected });
    const mail = await waitForMessage(smtp, email, new RegExp(MAIL_TEXTS.accessRejectedSubject));
    expect(mail.text).toContain(MAIL_TEXTS.hello('Nora Quinn'));
    expect(mail.text).toContain(MAIL_TEXTS.accessRejectedBody);

    // Gone: not found, and the address may ask again.
    expect((await call(t.app, endpoints.entities.byId, { params: { id }, auth: admin })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, endpoints.entities.reject, { params: { id }, auth: admin, body: {} })).statusCode,
    ).toBe(404);
    expect(await t.db().select().from(users).where(eq(users.email, email))).toEqual([]);

    const recorded = (await events({ kind: 'accessRequests' })).slice(0, 2);
    expect(recorded.map((e) => [e.action, e.actor, e.subject, e.detail, e.target])).toEqual([
      [
        'entity.access_rejected',
        adminName,
        MSG.activity.actor('Harbor Families', email),
        MSG.activity.requesterNotified,
        null,
      ],
      // The requester as they asked, though their account is gone.
      ['entity.access_requested', MSG.activity.actor('Nora Quinn', email), 'Harbor Families', null, null],
    ]);
  });

  it('rejects without an e-mail when asked not to, and refuses an entity that is not a request', async () => {
    const email = uniqueEmail('quiet');
    const id = await requestAccess('Quiet Requester', email);
    const rejected = await call(t.app, endpoints.entities.reject, {
      params: { id },
      auth: admin,
      body: { notify: false },
    });
    expect(rejected.statusCode).toBe(200);
    const [event] = await events({ kind: 'accessRequests' });
    expect(event).toMatchObject({ action: 'entity.access_rejected', detail: null });

    const active = await createEntityUser(t.db());
    const refused = await call(t.app, endpoints.entities.reject, {
      params: { id: active.entityId },
      auth: admin,
      body: {
        notify: true,
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MSG.accessRequests.notPending });
    expect(
      (await call(t.app, endpoints.entities.byId, { params: { id: active.entityId }, auth: admin }))
        .statusCode,
    ).toBe(200);
    // Nothing was sent to the quiet requester.
    expect(smtp.messages.some((m) => JSON.stringify(m.to).includes(email))).toBe(false);
  });
});

describe('plans and coupons', () => {
  it('records a plan created, archived and restored, and a coupon created, edited and archived', async () => {
    const plan = (
      await call(t.app, endpoints.payments.createPlan, {
        auth: admin,
        body: {
          name: 'Audit Plan',
          type: 'recurring',
          unit_amount: 2_500,
        },
      })
    ).json();
    expect(
      (await call(t.app, endpoints.payments.planArchive, { params: { id: plan.id }, auth: admin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, endpoints.payments.planRestore, { params: { id: plan.id }, auth: admin }))
        .statusCode,
    ).toBe(200);
    const code = `AUD${Date.now().toString(36).toUpperCase()}`;
    const coupon = await call(t.app, endpoints.payments.createCoupon, {
      auth: admin,
      body: {
        id: code,
        name: 'Audit Coupon',
        percent_off: 10,
        amount_off: null,
        max_redemptions: null,
        products: [plan.id],
      },
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    const edited = await call(t.app, endpoints.payments.editCoupon, {
      params: { id: code },
      auth: admin,
      body: {
        name: 'Audit Coupon Two',
        max_redemptions: 5,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await call(t.app, endpoints.payments.couponArchive, { params: { id: code }, auth: admin })).statusCode,
    ).toBe(200);

    const plans = await events({ kind: 'plans' });
    expect(plans.slice(0, 3).map((e) => [e.action, e.actor, e.subject, e.detail, e.target])).toEqual([
      ['plan.restored', adminName, 'Audit Plan', null, { kind: 'payments', id: plan.id }],
      ['plan.archived', adminName, 'Audit Plan', null, { kind: 'payments', id: plan.id }],
      [
        'plan.created',
        adminName,
        'Audit Plan',
        MSG.activity.price('$25.00'),
        { kind: 'payments', id: plan.id },
      ],
    ]);
    const coupons = await events({ kind: 'coupons' });
    expect(coupons.slice(0, 3).map((e) => [e.action, e.subject, e.detail])).toEqual([
      ['coupon.archived', 'Audit Coupon Two', null],
      [
        'coupon.edited',
        'Audit Coupon Two',
        [
          MSG.activity.fieldChange(MSG.fields.couponName, 'Audit Coupon', 'Audit Coupon Two'),
          MSG.activity.fieldChange(MSG.fields.maxRedemptions, '', '5'),
        ].join(' · '),
      ],
      ['coupon.created', 'Audit Coupon', null],
    ]);
  });
});

describe('filters', () => {
  it('filters by kind, by who did it (name or e-mail) and by time, and refuses a wrong date', async () => {
    const other = await createAdminUser(t.db());
    const otherAuth = (await signIn(t.app, { email: other.email, password: other.password!, role: 'admin' }))
      .authorization;
    const before = new Date(Date.now() - 1000).toISOString();
    const made = await call(t.app, endpoints.admins.create, {
      auth: otherAuth,
      body: {
        name: 'Filter Person',
        email: uniqueEmail('f'),
      },
    });
    expect(made.statusCode).toBe(201);

    const byActor = await events({ actor: other.email.toUpperCase() });
    expect(byActor.map((e) => [e.action, e.actor])).toEqual([
      ['admin.created', MSG.activity.actor(other.name, other.email)],
    ]);
    expect(await events({ actor: other.name.split(' ')[2]!, kind: 'terms' })).toEqual([]);
    const since = await events({ from: before, kind: 'admins' });
    expect(since.map((e) => e.action)).toEqual(['admin.created']);
    expect(since[0]!.target).toEqual({ kind: 'admin', id: made.json()._id });
    expect(await events({ to: before, actor: other.email })).toEqual([]);
    // Every kind lists only its actions.
    for (const e of await events({ kind: 'entities' }))
      expect(e.action).toMatch(/^entity\.(created|edited|status_changed)$/);

    const wrong = await platform({ from: 'yesterday' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error().message).toBe(MSG.activity.filterDateWrong);
    expect((await platform({ kind: 'families' })).statusCode).toBe(400);
  });
});

describe("an administrator's change of an account's e-mail", () => {
  it('invites an admin who has not chosen a password at the new address, and tells the old one', async () => {
    const invitedEmail = uniqueEmail('invited');
    const made = await call(t.app, endpoints.admins.create, {
      auth: admin,
      body: { name: 'Ivy Invited', email: invitedEmail },
    });
    const id: string = made.json()._id;
    const movedEmail = uniqueEmail('moved');
    const edited = await call(t.app, endpoints.admins.edit, {
      params: { id },
      auth: admin,
      body: {
        name: 'Ivy Invited',
        email: movedEmail,
      },
    });
    expect(edited.statusCode).toBe(200);
    const invitation = await waitForMessage(smtp, movedEmail, /Your Bridge Talk portal account/);
    expect(codeIn(invitation.text)).toHaveLength(6);
    const notice = await waitForMessage(smtp, invitedEmail, new RegExp(MAIL_TEXTS.emailChangedSubject));
    expect(notice.text).toContain(MAIL_TEXTS.emailChangedOld(movedEmail));

    const [event] = await events({ kind: 'admins' });
    expect(event).toMatchObject({
      action: 'admin.edited',
      detail: MSG.activity.fieldChange(MSG.fields.email, invitedEmail, movedEmail),
    });
  });

  it('tells an activated admin at both addresses, the new one that the password is unchanged', async () => {
    const active = await createAdminUser(t.db());
    const movedEmail = uniqueEmail('active');
    const edited = await call(t.app, endpoints.admins.edit, {
      params: { id: active.userId },
      auth: admin,
      body: {
        name: active.name,
        email: movedEmail,
      },
    });
    expect(edited.statusCode).toBe(200);
    const toNew = await waitForMessage(smtp, movedEmail, new RegExp(MAIL_TEXTS.emailChangedSubject));
    expect(toNew.text).toContain('your password is unchanged');
    expect(toNew.text).not.toMatch(/^[A-Z2-9]{6}$/m);
    const toOld = await waitForMessage(smtp, active.email, new RegExp(MAIL_TEXTS.emailChangedSubject));
    expect(toOld.text).toContain(MAIL_TEXTS.emailChangedOld(movedEmail));
  });

  it("sends an entity's invitation to its new address when its person has not chosen a password", async () => {
    const firstEmail = uniqueEmail('entity');
    const form = {
      name: 'Moving Agency',
      phone: '(555) 010-2000',
      address: '1 Main Street, Springfield',
      email: firstEmail,
      startContract: '2026-01-01',
      endContract: '2027-12-31',
      subtype: 'agency',
      coupon: '',
    };
    const created = await callLoose(t.app, endpoints.entities.create, { auth: admin, body: form });
    expect(created.statusCode).toBe(201);
    const movedEmail = uniqueEmail('entity-moved');
    const edited = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: created.json()._id },
      auth: admin,
      body: {
        ...form,
        email: movedEmail,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const invitation = await waitForMessage(smtp, movedEmail, /Your Bridge Talk portal account/);
    expect(invitation.text).toContain('Hello Moving Agency,');
    const notice = await waitForMessage(smtp, firstEmail, new RegExp(MAIL_TEXTS.emailChangedSubject));
    expect(notice.text).toContain(MAIL_TEXTS.emailChangedOld(movedEmail));
  });
});
