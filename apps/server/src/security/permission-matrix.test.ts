// Calls every cell of the permission matrix (permission-matrix.ts) against real seeded objects — two
// entities, each owning a family with people, channels, messages, billing and an export, and a family
// member of entity A with a member chat token — on one app and one database.
//
// Every call also carries fields that name the other tenant, a role or an owner (entityId, role:
// 'admin', ownerId, userId, ...), under the route's own fields: in the body of every POST and PUT (the
// whole body of one that has none), and as query parameters of every GET and DELETE. After every call:
// - a refusal changed nothing: row counts and checksums of every table of tenant data, the platform's
//   plans, coupons, terms and admins, sessions, queued jobs and mail are the same as before;
// - a success by anyone but the administrator changed nothing of the other tenant nor of the
//   platform, and nobody's role, subtype, entity or entity status;
// - a success answered to an entity or a member names nothing of the other tenant.

import { randomUUID } from 'node:crypto';
import { endpoints, type HttpMethod, type SaveAgreementRequest } from '@bridge-talk/contract';
import { TEST_CARD_DETAILS } from '@bridge-talk/contract/test-data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, callLoose, isApiRoute, urlOf } from '../../test/api-client.js';
import { billingPayload, CARD_OK, createCoupon, createPlan } from '../../test/billing.js';
import { addFamilyMember, createAdminUser, createEntityUser, createFamily } from '../../test/factories.js';
import { signedMemberAuthorization } from '../../test/member-chat.js';
import { multipartBody, type UploadPart } from '../../test/multipart.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { REQUEST_ID_KEY } from '../jobs/queue.js';
import { createAttachmentsService } from '../modules/attachments/attachments.service.js';
import { METRICS_PATH } from '../modules/health/metrics.js';
import { recordReports } from '../modules/reports/reports.service.js';
import { localActionsOf } from '../providers/chat/index.js';
import { localReportOf } from '../providers/chat/local-chat-reports.js';
import { type CallerName, type Cell, type Outcome, PERMISSION_MATRIX } from './permission-matrix.js';

type Headers = Record<string, string>;
interface Req {
  /** The endpoint called: one of the contract's, or the platform's `/metrics`. */
  endpoint: { readonly method: HttpMethod; readonly path: string };
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  payload?: Record<string, unknown>;
  /** A file sent as multipart/form-data instead of a JSON payload. */
  upload?: UploadPart;
  /** Replaces the caller's credential (a fresh session for calls that end it). */
  headers?: Headers;
  /** An event stream: called over HTTP and let go once its head (and first event) arrived. */
  stream?: boolean;
}

interface Person {
  id: string;
  email: string | null;
}
interface Tenant {
  label: 'A' | 'B';
  entityId: string;
  entityName: string;
  userId: string;
  email: string;
  password: string;
  auth: Headers;
  groupId: string;
  child: Person;
  parent: Person;
  birth: Person;
  channelId: string;
  messageId: string;
  /** A member's report of that message, open. */
  reportId: string;
  exportId: string;
  coupon: string | null;
}

interface Ctx {
  caller: CallerName;
  kind: 'own' | 'foreign';
  /** The caller's tenant (entity A for the administrator, anonymous callers and A's member). */
  home: Tenant;
  /** Whose objects the call names: home for 'own', the other tenant for 'foreign'. */
  subject: Tenant;
  /** The tenant that is not home. */
  other: Tenant;
  /** A new credential of the same caller, for calls that end the session they are made with. */
  fresh(): Promise<Headers>;
}
type Build = (c: Ctx) => Promise<Req | Req[]> | Req | Req[];

let t: TestApp;
let origin: string;
let A: Tenant;
let B: Tenant;
let callers: Record<CallerName, Headers>;
let plans: [string, string];
let platformCoupon: string;
let termId: string;
let spare: { email: string; password: string };
let spareAdmin: { userId: string; email: string };

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@matrix.test`;

/** Sends a cell's request as built, its smuggled fields included (the address already filled in). */
function inject(headers: Headers, method: HttpMethod, url: string, payload?: object) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/**
 * An event stream's answer as inject() gives one: a stream never ends by itself, so it is read over
 * HTTP up to its first event and then let go; a refusal is read whole.
 */
async function injectStream(headers: Headers, url: string) {
  const abort = new AbortController();
  const response = await fetch(`${origin}${url}`, { headers, signal: abort.signal });
  let body = '';
  if (response.status === 200) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let i = 0; i < 10 && !body.includes('data: '); i++) body += (await reader.read()).value ?? '';
    abort.abort();
  } else {
    body = await response.text();
  }
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body,
    json: () => JSON.parse(body),
  };
}

/** The address of a cell's request: its endpoint's path with the params filled in, and its query. */
const urlOfReq = (req: Req) => urlOf(req.endpoint, req.params, req.query);

/**
 * A contact agreement of monthly calls, each from a day later than the last: every save is a new
 * version (a version starts after the one before), with windows already past to mark.
 */
let agreementDays = 0;
function agreementPayload(): SaveAgreementRequest {
  const from = new Date(Date.now() - (2000 - ++agreementDays) * 86_400_000).toISOString().slice(0, 10);
  return {
    effectiveFrom: from,
    timeZone: 'UTC',
    items: [
      {
        kind: 'call',
        giver: 'adoptive',
        receiver: 'birth',
        frequency: { type: 'everyMonths', months: 1, start: from },
      },
    ],
  };
}

async function ok<E>(response: Promise<Answer<E>>, label: string) {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`${label}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

async function cardToken(auth: Headers) {
  return ok(
    call(t.app, endpoints.payments.localTokens, {
      headers: auth,
      body: {
        number: CARD_OK,
        expMonth: TEST_CARD_DETAILS.expMonth,
        expYear: TEST_CARD_DETAILS.expYear,
        cvc: TEST_CARD_DETAILS.cvc,
      },
    }),
    'card token',
  );
}

/** A new family of the entity with payment details and no subscription yet (wizard step 1). */
async function newFamily(auth: Headers): Promise<string> {
  const saved = await ok(
    call(t.app, endpoints.billing.save, { headers: auth, body: billingPayload(await cardToken(auth)) }),
    'save',
  );
  return saved._id;
}

async function rows<T>(statement: string): Promise<T[]> {
  const result = (await t.db().execute(sql.raw(statement))) as unknown as { rows: T[] };
  return result.rows;
}

/** An entity with a family made through the API the way the portal makes it. */
async function seedTenant(label: 'A' | 'B', coupon: string | null): Promise<Tenant> {
  const user = await createEntityUser(t.db(), { coupon });
  const auth = {
    authorization: (await signIn(t.app, { email: user.email, password: user.password!, role: 'entity' }))
      .authorization,
  };
  const groupId = await newFamily(auth);
  await ok(
    call(t.app, endpoints.billing.assignSubscription, {
      headers: auth,
      body: {
        groupId,
        priceId: plans[0],
        coupons: [],
        name: 'Robin Smith',
      },
    }),
    'assign',
  );
  const create = async (name: string, subtype: string, email: string | null): Promise<Person> => {
    const body = await ok(
      callLoose(t.app, endpoints.families.createUser, {
        headers: auth,
        body: { groupId, name, email, subtype },
      }),
      'create person',
    );
    return { id: body._id, email };
  };
  const child = await create('Robin Smith', 'child', null);
  const parent = await create('Pat Parent', 'adoptive_parent', unique(`parent-${label}`));
  const birth = await create('Bea Birth', 'birth_family', unique(`birth-${label}`));
  await ok(
    call(t.app, endpoints.families.syncUsers, {
      headers: auth,
      body: {
        groupId,
        results: [
          { userId: child.id, userType: 'child' },
          { userId: parent.id, userType: 'adoptive_parent' },
          { userId: birth.id, userType: 'birth_family' },
        ],
      },
    }),
    'sync',
  );
  const [channel] = await rows<{ id: string }>(`select id from chat_channels where group_id = '${groupId}'`);
  if (!channel) throw new Error('the family has no channel');
  const picture = await createAttachmentsService(t.app.ctx).upload({
    channelId: channel.id,
    memberId: parent.id,
    body: PICTURE,
    fileName: 'matrix.png',
  });
  const posted = await localActionsOf(t.app.ctx.chat)!.postMessage({
    channelId: channel.id,
    userId: parent.id,
    html: `<p>Hello from family ${label}</p>`,
    files: [{ fileId: picture.id, title: 'Matrix picture' }],
  });
  if (!('id' in posted)) throw new Error(`post refused: ${posted.refused}`);
  await localActionsOf(t.app.ctx.chat)!.flagMessage({ messageId: posted.id, userId: birth.id });
  await recordReports(t.app.ctx, await localReportOf(t.db(), posted.id, birth.id));
  const [report] = await rows<{ id: string }>(
    `select id from message_reports where message_id = '${posted.id}'`,
  );
  if (!report) throw new Error('the report was not recorded');
  const exported = await ok(
    call(t.app, endpoints.conversations.exportRequest, {
      params: { channelId: channel.id },
      headers: auth,
      body: { email: unique('export') },
    }),
    'export',
  );
  return {
    label,
    entityId: user.entityId,
    entityName: user.entityName,
    userId: user.userId,
    email: user.email,
    password: user.password!,
    auth,
    groupId,
    child,
    parent,
    birth,
    channelId: channel.id,
    messageId: posted.id,
    reportId: report.id,
    exportId: exported.exportId,
    coupon,
  };
}

beforeAll(async () => {
  // No job workers: queued mail and exports stay queued, so the checksums see only what routes do.
  t = await createTestApp({ METRICS_TOKEN: 'permission-matrix-metrics-token' }, { startWorkers: false });
  // The event streams are called over HTTP.
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  plans = [
    (await createPlan(t.db(), { type: 'recurring', name: 'Matrix Monthly' })).id,
    (await createPlan(t.db(), { type: 'recurring', name: 'Matrix Monthly Plus' })).id,
  ];
  platformCoupon = (await createCoupon(t.db(), { percentOff: 10, products: [plans[0]] })).id;
  const tenantCoupon = (await createCoupon(t.db(), { percentOff: 20, products: [plans[0]] })).id;
  A = await seedTenant('A', null);
  B = await seedTenant('B', tenantCoupon);
  const admin = { authorization: (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization };
  termId = (
    await ok(
      call(t.app, endpoints.terms.create, { headers: admin, body: { content: '<p>Terms</p>' } }),
      'terms',
    )
  )._id;
  const spareEntity = await createEntityUser(t.db());
  spare = { email: spareEntity.email, password: spareEntity.password! };
  spareAdmin = await createAdminUser(t.db());
  callers = {
    anonymous: {},
    admin,
    entityA: A.auth,
    entityB: B.auth,
    member: { authorization: await signedMemberAuthorization(t.app, A.parent.id) },
  };
}, 120_000);
afterAll(() => t.close());

async function freshSession(caller: CallerName): Promise<Headers> {
  if (caller === 'anonymous' || caller === 'member') return callers[caller];
  const credentials =
    caller === 'admin'
      ? { ...TEST_ADMIN, role: 'admin' as const }
      : {
          email: (caller === 'entityA' ? A : B).email,
          password: (caller === 'entityA' ? A : B).password,
          role: 'entity' as const,
        };
  return { authorization: (await signIn(t.app, credentials)).authorization };
}

/** The people of a family as its final list (for a sync that changes nothing but is accepted). */
async function finalList(groupId: string) {
  const places = await rows<{ member_id: string; role: string }>(
    `select member_id, role from group_members where group_id = '${groupId}' order by role, position`,
  );
  return places.map((p) => ({ userId: p.member_id, userType: p.role }));
}

/** The family's places as the members form sends them, each person as they are. */
async function savedPlaces(groupId: string) {
  const places = await rows<{
    member_id: string;
    role: string;
    email: string | null;
    first: string;
    last: string;
  }>(
    `select gm.member_id, gm.role, fm.email, coalesce(gm.first_name, fm.first_name) as first,
       coalesce(gm.last_name, fm.last_name) as last
     from group_members gm join family_members fm on fm.id = gm.member_id
     where gm.group_id = '${groupId}' order by gm.role, gm.position`,
  );
  const none = { userId: null, email: '', firstName: '', lastName: '' };
  const slot = (p: (typeof places)[number] | undefined) =>
    p ? { userId: p.member_id, email: p.email ?? '', firstName: p.first, lastName: p.last } : none;
  const of = (role: string) => places.filter((p) => p.role === role);
  return {
    child: slot(of('child')[0]),
    adoptive: [slot(of('adoptive_parent')[0]), slot(of('adoptive_parent')[1])],
    birth: [slot(of('birth_family')[0]), slot(of('birth_family')[1])],
  };
}

async function currentPlan(groupId: string): Promise<string | undefined> {
  const [row] = await rows<{ plan_id: string }>(
    `select plan_id from subscriptions where group_id = '${groupId}' order by created_at desc limit 1`,
  );
  return row?.plan_id;
}

const HASH = 'a'.repeat(64);
const WRONG_CODE = 'AAAAAA';
const WRONG_STATE = 'not-a-state-token-at-all';
const WRONG_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
  type: 'public-key',
};

/** How to call each route with the objects of a cell. Foreign calls on two ids also mix own and foreign. */
const REQUESTS: Record<string, Build> = {
  'GET /api/health': () => ({ endpoint: endpoints.system.health }),
  'GET /api/ready': () => ({ endpoint: endpoints.system.ready }),
  'GET /metrics': () => ({ endpoint: { method: 'GET', path: METRICS_PATH } }),
  'POST /api/auth/login': () => ({
    endpoint: endpoints.auth.login,
    payload: { ...spare, role: 'entity' },
  }),
  'POST /api/auth/login/code': () => ({
    endpoint: endpoints.auth.loginCode,
    payload: { email: spare.email, code: WRONG_CODE, state: WRONG_STATE, role: 'entity' },
  }),
  'POST /api/auth/login/second-factor': () => ({
    endpoint: endpoints.auth.loginSecondFactor,
    payload: { email: spare.email, code: '123456', state: WRONG_STATE, role: 'entity' },
  }),
  'POST /api/auth/login/passkey/options': () => ({
    endpoint: endpoints.auth.loginPasskeyOptions,
    payload: { email: spare.email, state: WRONG_STATE, role: 'entity' },
  }),
  'POST /api/auth/login/passkey': () => ({
    endpoint: endpoints.auth.loginPasskey,
    payload: {
      email: spare.email,
      state: WRONG_STATE,
      role: 'entity',
      challengeId: randomUUID(),
      response: WRONG_ASSERTION,
    },
  }),
  'POST /api/auth/register': () => ({
    endpoint: endpoints.auth.register,
    payload: {
      name: 'Rita Register',
      entityName: 'Register Agency',
      email: unique('register'),
      phone: '(555) 010-2000',
      subtype: 'agency',
    },
  }),
  'POST /api/auth/password/request': () => ({
    endpoint: endpoints.auth.passwordRequest,
    payload: { email: spare.email, role: 'entity' },
  }),
  'POST /api/auth/password/validate': () => ({
    endpoint: endpoints.auth.passwordValidate,
    payload: { email: spare.email, code: WRONG_CODE, state: WRONG_STATE, role: 'entity' },
  }),
  'POST /api/auth/password/change': () => ({
    endpoint: endpoints.auth.passwordChange,
    payload: { email: spare.email, password: 'New-Pass-123', state: WRONG_STATE, role: 'entity' },
  }),
  'POST /api/auth/refresh': () => ({ endpoint: endpoints.auth.refresh }),
  'POST /api/auth/logout': async (c) => ({
    endpoint: endpoints.auth.logout,
    headers: await c.fresh(),
  }),
  'GET /api/auth/me': () => ({ endpoint: endpoints.auth.me }),
  'PUT /api/auth/me/edit': (c) => ({
    endpoint: endpoints.auth.meEdit,
    payload:
      c.caller === 'admin'
        ? { name: 'Bridge Talk Admin', email: TEST_ADMIN.email }
        : { name: 'Erin Agent', email: c.home.email, entityName: c.home.entityName },
  }),
  'POST /api/auth/me/email/confirm': () => ({
    endpoint: endpoints.auth.meEmailConfirm,
    payload: { code: WRONG_CODE },
  }),
  'POST /api/auth/me/password/code': () => ({ endpoint: endpoints.auth.accountCode }),
  'POST /api/auth/me/password/verify': () => ({
    endpoint: endpoints.auth.accountVerify,
    payload: { code: WRONG_CODE },
  }),
  'POST /api/auth/me/password/change': async (c) => ({
    endpoint: endpoints.auth.accountChange,
    payload: { state: WRONG_STATE, password: 'New-Pass-123' },
    headers: await c.fresh(),
  }),
  'GET /api/auth/me/second-factors': () => ({ endpoint: endpoints.secondFactors.list }),
  'POST /api/auth/me/second-factors/totp/start': () => ({
    endpoint: endpoints.secondFactors.totpStart,
  }),
  'POST /api/auth/me/second-factors/totp/confirm': () => ({
    endpoint: endpoints.secondFactors.totpConfirm,
    payload: { factorId: randomUUID(), code: '123456', name: 'Phone' },
  }),
  'POST /api/auth/me/second-factors/passkey/start': () => ({
    endpoint: endpoints.secondFactors.passkeyStart,
  }),
  'POST /api/auth/me/second-factors/passkey/confirm': () => ({
    endpoint: endpoints.secondFactors.passkeyConfirm,
    payload: {
      challengeId: randomUUID(),
      name: 'Laptop',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
        clientExtensionResults: {},
        type: 'public-key',
      },
    },
  }),
  'POST /api/auth/me/second-factors/remove/:id': () => ({
    endpoint: endpoints.secondFactors.remove,
    params: { id: randomUUID() },
    payload: { password: 'Wrong-Pass-1' },
  }),
  'POST /api/auth/me/second-factors/recovery-codes': () => ({
    endpoint: endpoints.secondFactors.recoveryCodes,
    payload: { password: 'Wrong-Pass-1' },
  }),

  'GET /api/group/billing/plans/list': (c) => ({
    endpoint: endpoints.billing.plans,
    query: { entityId: c.subject.entityId },
  }),
  'GET /api/group/billing/coupon/:code': () => ({
    endpoint: endpoints.billing.coupon,
    params: { code: platformCoupon },
  }),
  'POST /api/group/billing/save': async (c) => ({
    endpoint: endpoints.billing.save,
    payload: { ...billingPayload(await cardToken(c.home.auth)), groupId: c.subject.groupId },
  }),
  'PUT /api/group/billing/update/:groupId': async (c) => ({
    endpoint: endpoints.billing.update,
    params: { groupId: c.subject.groupId },
    payload: billingPayload(await cardToken(c.home.auth)),
  }),
  // An unfinished family of the subject's own (payment details saved, never named), discarded.
  'DELETE /api/group/billing/unfinished/:groupId': async (c) => ({
    endpoint: endpoints.billing.discard,
    params: { groupId: await newFamily(c.subject.auth) },
  }),
  'POST /api/group/billing/assignSubscription': async (c) => ({
    endpoint: endpoints.billing.assignSubscription,
    payload: {
      groupId: await newFamily(c.subject.auth),
      priceId: plans[0],
      coupons: [],
      name: 'Robin Fresh',
    },
  }),
  'POST /api/group/billing/changeSubscription': async (c) => ({
    endpoint: endpoints.billing.changeSubscription,
    payload: {
      groupId: c.subject.groupId,
      priceId: (await currentPlan(c.subject.groupId)) === plans[0] ? plans[1] : plans[0],
      coupons: [],
    },
  }),
  'GET /api/group/billing/details/:groupId': (c) => ({
    endpoint: endpoints.billing.details,
    params: { groupId: c.subject.groupId },
  }),
  'GET /api/payments/config': () => ({ endpoint: endpoints.payments.config }),
  'POST /api/payments/local/tokens': () => ({
    endpoint: endpoints.payments.localTokens,
    payload: {
      number: CARD_OK,
      expMonth: TEST_CARD_DETAILS.expMonth,
      expYear: TEST_CARD_DETAILS.expYear,
      cvc: TEST_CARD_DETAILS.cvc,
    },
  }),
  'POST /api/payments/stripe/card-setup': () => ({ endpoint: endpoints.payments.stripeCardSetup }),
  'GET /api/payments/plans': () => ({ endpoint: endpoints.payments.plans }),
  'POST /api/payments/plans': () => ({
    endpoint: endpoints.payments.createPlan,
    payload: { name: 'Matrix Plan', type: 'one_time', unit_amount: 5000 },
  }),
  'POST /api/payments/plans/:id/archive': async () => ({
    endpoint: endpoints.payments.planArchive,
    params: { id: (await createPlan(t.db())).id },
  }),
  'POST /api/payments/plans/:id/restore': async () => ({
    endpoint: endpoints.payments.planRestore,
    params: { id: (await createPlan(t.db(), { active: false })).id },
  }),
  'GET /api/payments/coupons': () => ({ endpoint: endpoints.payments.coupons }),
  'PUT /api/payments/coupons/:id': async () => ({
    endpoint: endpoints.payments.editCoupon,
    params: { id: (await createCoupon(t.db(), { products: [plans[0]] })).id },
    payload: { name: 'Matrix coupon renamed', max_redemptions: null },
  }),
  'POST /api/payments/coupons/:id/archive': async () => ({
    endpoint: endpoints.payments.couponArchive,
    params: { id: (await createCoupon(t.db(), { products: [plans[0]] })).id },
  }),
  'POST /api/payments/coupons': () => ({
    endpoint: endpoints.payments.createCoupon,
    payload: {
      id: `M${randomUUID().slice(0, 8).toUpperCase()}`,
      name: 'Matrix coupon',
      percent_off: 5,
      amount_off: null,
      max_redemptions: null,
      products: [plans[0]],
    },
  }),

  'GET /api/entity/list': () => ({ endpoint: endpoints.entities.list }),
  'GET /api/entity/list/:id': (c) => ({
    endpoint: endpoints.entities.byId,
    params: { id: c.subject.entityId },
  }),
  'POST /api/entity/create': () => ({
    endpoint: endpoints.entities.create,
    payload: {
      name: 'Matrix Agency',
      phone: '(555) 010-2000',
      address: '1 Main Street, Springfield',
      email: unique('entity'),
      startContract: '2026-01-01',
      endContract: '2027-12-31',
      subtype: 'agency',
      coupon: '',
    },
  }),
  // A status change to the status it has: accepted, and the entity's people keep their sessions.
  'PUT /api/entity/edit/:id': (c) => ({
    endpoint: endpoints.entities.edit,
    params: { id: c.subject.entityId },
    payload: { status: 'active' },
  }),
  // The seeded entity is active: the admin's rejection is refused and removes nothing.
  'POST /api/entity/reject/:id': (c) => ({
    endpoint: endpoints.entities.reject,
    params: { id: c.subject.entityId },
    payload: { notify: true },
  }),
  'GET /api/admin/users/list': () => ({ endpoint: endpoints.admins.list }),
  'POST /api/admin/users/create': () => ({
    endpoint: endpoints.admins.create,
    payload: { name: 'Alex Matrix', email: unique('admin') },
  }),
  'PUT /api/admin/users/edit/:id': () => ({
    endpoint: endpoints.admins.edit,
    params: { id: spareAdmin.userId },
    payload: { name: 'Alex Spare', email: spareAdmin.email },
  }),
  'DELETE /api/admin/users/remove/:id': async () => ({
    endpoint: endpoints.admins.remove,
    params: { id: (await createAdminUser(t.db(), { password: null })).userId },
  }),
  'POST /api/admin/users/second-factors/reset/:id': () => ({
    endpoint: endpoints.secondFactors.reset,
    params: { id: spareAdmin.userId },
  }),
  'GET /api/admin/second-factor-policy': () => ({ endpoint: endpoints.secondFactors.policy }),
  // Off: the matrix's other calls are made by admins without a second factor.
  'PUT /api/admin/second-factor-policy': () => ({
    endpoint: endpoints.secondFactors.policyEdit,
    payload: { requiredForAdmins: false },
  }),
  'GET /api/term/last': () => ({ endpoint: endpoints.terms.last }),
  'GET /api/term/list/:id': () => ({ endpoint: endpoints.terms.byId, params: { id: termId } }),
  'GET /api/term/versions': () => ({ endpoint: endpoints.terms.versions, query: { document: 'privacy' } }),
  'POST /api/term/create': () => ({
    endpoint: endpoints.terms.create,
    payload: { content: '<p>Terms, again</p>' },
  }),

  'GET /api/group/list': () => ({ endpoint: endpoints.families.list, query: { search: '' } }),
  'GET /api/group/list/:id': (c) => ({
    endpoint: endpoints.families.byId,
    params: { id: c.subject.groupId },
  }),
  'PUT /api/group/edit/:groupId': (c) => ({
    endpoint: endpoints.families.edit,
    params: { groupId: c.subject.groupId },
    payload: { name: 'Robin Smith' },
  }),
  'GET /api/group/member/list/:id': (c) => ({
    endpoint: endpoints.families.members,
    params: { id: c.subject.groupId },
  }),
  'POST /api/group/user/check': (c) => ({
    endpoint: endpoints.families.checkUser,
    payload: { email: c.subject.parent.email },
  }),
  'POST /api/group/user/create': (c) => ({
    endpoint: endpoints.families.createUser,
    payload: {
      groupId: c.subject.groupId,
      name: 'Ada Second',
      email: unique('second-parent'),
      subtype: 'adoptive_parent',
    },
  }),
  // Someone already known (a person of another family of the same entity), linked by id.
  'POST /api/group/member/add': async (c) => {
    const { groupId } = await createFamily(t.db(), { entityId: c.subject.entityId });
    const person = await addFamilyMember(t.db(), { groupId, role: 'birth_family' });
    return {
      endpoint: endpoints.families.addMember,
      payload: { groupId: c.subject.groupId, role: 'birth_family', userId: person.memberId },
    };
  },
  'PUT /api/group/user/edit/:userId': (c) => {
    const edit = (groupId: string, person: Person): Req => ({
      endpoint: endpoints.families.editUser,
      params: { userId: person.id },
      payload: { groupId, userId: person.id, name: 'Robin Smith', email: null, subtype: 'child' },
    });
    return c.kind === 'own'
      ? edit(c.subject.groupId, c.subject.child)
      : [edit(c.subject.groupId, c.subject.child), edit(c.home.groupId, c.subject.child)];
  },
  'POST /api/group/user/sync': async (c) => ({
    endpoint: endpoints.families.syncUsers,
    payload: { groupId: c.subject.groupId, results: await finalList(c.subject.groupId) },
  }),
  'PUT /api/group/member/save/:groupId': async (c) => ({
    endpoint: endpoints.families.saveMembers,
    params: { groupId: c.subject.groupId },
    payload: await savedPlaces(c.subject.groupId),
  }),
  'POST /api/group/member/manager/:groupId/:userId': (c) => {
    const activate = (groupId: string, person: Person): Req => ({
      endpoint: endpoints.families.memberStatus,
      params: { groupId, userId: person.id },
      payload: { active: true },
    });
    return c.kind === 'own'
      ? activate(c.subject.groupId, c.subject.birth)
      : [activate(c.subject.groupId, c.subject.birth), activate(c.home.groupId, c.subject.birth)];
  },
  'GET /api/reports': (c) =>
    c.kind === 'own'
      ? [
          { endpoint: endpoints.reports.list },
          { endpoint: endpoints.reports.list, query: { groupId: c.subject.groupId } },
        ]
      : { endpoint: endpoints.reports.list, query: { groupId: c.subject.groupId, state: 'open' } },
  'GET /api/reports/count': () => ({ endpoint: endpoints.reports.count }),
  'GET /api/groups/:groupId/activity': (c) => ({
    endpoint: endpoints.activity.family,
    params: { groupId: c.subject.groupId },
    query: { page: '1' },
  }),
  'GET /api/admin/activity': () => ({ endpoint: endpoints.activity.platform }),
  'GET /api/group/agreement/:groupId': (c) => ({
    endpoint: endpoints.agreements.get,
    params: { groupId: c.subject.groupId },
  }),
  'PUT /api/group/agreement/:groupId': (c) => ({
    endpoint: endpoints.agreements.save,
    params: { groupId: c.subject.groupId },
    payload: agreementPayload(),
  }),
  'GET /api/group/agreement/:groupId/report': (c) => ({
    endpoint: endpoints.agreements.report,
    params: { groupId: c.subject.groupId },
    // The PDF: the form of the report that writes (its fingerprint, for the verify page).
    query: { from: '2020-01-01', to: '2030-12-31', format: 'pdf' },
  }),
  'PUT /api/group/agreement/:groupId/document': async (c) => {
    // The subject family has an agreement (its owner writes it): the signed copy goes on its version.
    await ok(
      call(t.app, endpoints.agreements.save, {
        headers: c.subject.auth,
        params: { groupId: c.subject.groupId },
        body: agreementPayload(),
      }),
      'agreement',
    );
    return {
      endpoint: endpoints.agreements.attachDocument,
      params: { groupId: c.subject.groupId },
      upload: { bytes: SIGNED_PDF, fileName: 'signed.pdf', contentType: 'application/pdf' },
    };
  },
  'GET /api/group/agreement/:groupId/document': async (c) => {
    await ok(
      call(t.app, endpoints.agreements.save, {
        headers: c.subject.auth,
        params: { groupId: c.subject.groupId },
        body: agreementPayload(),
      }),
      'agreement',
    );
    const upload = multipartBody([
      { bytes: SIGNED_PDF, fileName: 'signed.pdf', contentType: 'application/pdf' },
    ]);
    await ok(
      callLoose(t.app, endpoints.agreements.attachDocument, {
        headers: { ...c.subject.auth, ...upload.headers },
        params: { groupId: c.subject.groupId },
        body: upload.payload,
      }),
      'signed agreement',
    );
    return { endpoint: endpoints.agreements.document, params: { groupId: c.subject.groupId } };
  },
  'POST /api/group/agreement/:groupId/mark': async (c) => {
    // A new version of the family's agreement (its owner writes it), and its first window excused.
    const saved = await ok(
      call(t.app, endpoints.agreements.save, {
        headers: c.subject.auth,
        params: { groupId: c.subject.groupId },
        body: agreementPayload(),
      }),
      'agreement',
    );
    const item = saved.agreement!.items[0]!;
    const excuse = (groupId: string): Req => ({
      endpoint: endpoints.agreements.mark,
      params: { groupId },
      payload: { type: 'excused', itemId: item.id, due: item.windows[0]!.due, note: 'In hospital.' },
    });
    return c.kind === 'own' ? excuse(c.subject.groupId) : [excuse(c.subject.groupId), excuse(c.home.groupId)];
  },
  'GET /api/agreements/due': () => ({ endpoint: endpoints.agreements.due }),
  'GET /api/agreements/due/count': () => ({ endpoint: endpoints.agreements.dueCount }),
  'GET /api/agreements/summary': () => ({ endpoint: endpoints.agreements.summary, query: { year: 2026 } }),
  'GET /api/agreements/summary/file': () => ({
    endpoint: endpoints.agreements.summaryFile,
    query: { year: 2026 },
  }),
  'PUT /api/test/clock': () => ({ endpoint: endpoints.agreements.testClock, payload: { now: null } }),
  'POST /api/reports/:id/review': (c) => ({
    endpoint: endpoints.reports.review,
    params: { id: c.subject.reportId },
    payload: { note: 'Spoke with the family.' },
  }),
  'POST /api/reports/:id/reopen': (c) => ({
    endpoint: endpoints.reports.reopen,
    params: { id: c.subject.reportId },
    payload: { reason: 'The family wrote again.' },
  }),
  'GET /api/reports/alerts': () => ({ endpoint: endpoints.reports.alerts }),
  'PUT /api/reports/alerts': () => ({
    endpoint: endpoints.reports.setAlerts,
    payload: { mode: 'daily' },
  }),
  'GET /api/group/channel/list/:groupId': (c) => {
    const read = (groupId: string, channelId: string): Req => ({
      endpoint: endpoints.conversations.list,
      params: { groupId },
      query: { channelId },
    });
    return c.kind === 'own'
      ? [
          read(c.subject.groupId, c.subject.channelId),
          { endpoint: endpoints.conversations.list, params: { groupId: c.subject.groupId } },
        ]
      : [read(c.subject.groupId, c.subject.channelId), read(c.home.groupId, c.subject.channelId)];
  },
  'POST /api/group/channel/manager/:groupId/:channelId': (c) => {
    const enable = (groupId: string, channelId: string): Req => ({
      endpoint: endpoints.conversations.manager,
      params: { groupId, channelId },
      payload: { active: true },
    });
    return c.kind === 'own'
      ? enable(c.subject.groupId, c.subject.channelId)
      : [enable(c.subject.groupId, c.subject.channelId), enable(c.home.groupId, c.subject.channelId)];
  },
  'POST /api/group/channels/export/request/:channelId': (c) => ({
    endpoint: endpoints.conversations.exportRequest,
    params: { channelId: c.subject.channelId },
    payload: { email: unique('export') },
  }),
  'GET /api/groups/:groupId/channels/:channelId/messages/:messageId/around': (c) => {
    const read = (groupId: string): Req => ({
      endpoint: endpoints.conversations.around,
      params: { groupId, channelId: c.subject.channelId, messageId: c.subject.messageId },
    });
    return c.kind === 'own' ? read(c.subject.groupId) : [read(c.subject.groupId), read(c.home.groupId)];
  },
  'GET /api/groups/:groupId/channels/:channelId/search': (c) => {
    const find = (groupId: string): Req => ({
      endpoint: endpoints.conversations.search,
      params: { groupId, channelId: c.subject.channelId },
      query: { q: 'hello' },
    });
    return c.kind === 'own' ? find(c.subject.groupId) : [find(c.subject.groupId), find(c.home.groupId)];
  },
  'GET /api/groups/:groupId/channels/:channelId/messages/first': (c) => {
    const first = (groupId: string): Req => ({
      endpoint: endpoints.conversations.firstMessage,
      params: { groupId, channelId: c.subject.channelId },
      query: { from: '2026-01-01T00:00:00.000Z' },
    });
    return c.kind === 'own' ? first(c.subject.groupId) : [first(c.subject.groupId), first(c.home.groupId)];
  },
  'GET /api/exports/verify/:hash': () => ({
    endpoint: endpoints.conversations.verifyExport,
    params: { hash: HASH },
  }),
  'POST /api/chat/sessions/code': () => ({
    endpoint: endpoints.chat.code,
    payload: { email: unique('nobody') },
  }),
  'POST /api/chat/sessions': (c) => ({
    endpoint: endpoints.chat.sessions,
    payload: { email: c.home.parent.email, code: WRONG_CODE, state: WRONG_STATE },
  }),
  'POST /api/chat/sessions/refresh': () => ({ endpoint: endpoints.chat.refresh }),
  'POST /api/chat/sessions/end': async (c) => ({
    endpoint: endpoints.chat.signOut,
    // Signing out ends the member's session: a session of its own.
    headers:
      c.caller === 'member'
        ? { authorization: await signedMemberAuthorization(t.app, A.parent.id) }
        : await c.fresh(),
  }),
  'GET /api/chat/channels': () => ({ endpoint: endpoints.chat.channels }),
  'GET /api/chat/channels/:channelId/messages': (c) => ({
    endpoint: endpoints.chat.history,
    params: { channelId: c.subject.channelId },
  }),
  'PUT /api/chat/channels/:channelId/read': (c) => ({
    endpoint: endpoints.chat.read,
    params: { channelId: c.subject.channelId },
    payload: { messageId: c.subject.messageId },
  }),
  'GET /api/chat/events': () => ({ endpoint: endpoints.chat.events, stream: true }),
  'GET /api/groups/:groupId/channels/:channelId/events': (c) => {
    const listen = (groupId: string): Req => ({
      endpoint: endpoints.conversations.events,
      params: { groupId, channelId: c.subject.channelId },
      stream: true,
    });
    return c.kind === 'own' ? listen(c.subject.groupId) : [listen(c.subject.groupId), listen(c.home.groupId)];
  },
  'POST /api/chat/channels/:channelId/messages': (c) => ({
    endpoint: endpoints.chat.messages,
    params: { channelId: c.subject.channelId },
    payload: { html: '<p>Matrix message</p>' },
  }),
  'POST /api/chat/messages/:messageId/flags': (c) => ({
    endpoint: endpoints.chat.flags,
    params: { messageId: c.subject.messageId },
    payload: { reason: 'matrix' },
  }),
  'POST /api/chat/channels/:channelId/files': (c) => ({
    endpoint: endpoints.chat.files,
    params: { channelId: c.subject.channelId },
    upload: { bytes: PICTURE, fileName: 'matrix.png', contentType: 'image/png' },
  }),
  'GET /api/chat/channels/:channelId/messages/:messageId/attachments/:index': (c) => ({
    endpoint: endpoints.chat.attachment,
    params: { channelId: c.subject.channelId, messageId: c.subject.messageId, index: '0' },
  }),
  'GET /api/chat/preferences': () => ({ endpoint: endpoints.chat.preferences }),
  'PUT /api/chat/preferences': () => ({
    endpoint: endpoints.chat.updatePreferences,
    payload: { language: 'es' },
  }),
  'POST /api/chat/notifications/unread-mail/opt-out': () => ({
    endpoint: endpoints.chat.unreadMailOptOut,
    payload: { token: WRONG_STATE },
  }),
  'GET /api/chat/push/key': () => ({ endpoint: endpoints.chat.pushKey }),
  'PUT /api/chat/push/subscription': () => ({
    endpoint: endpoints.chat.pushSubscribe,
    payload: {
      endpoint: 'https://8.8.8.8/push/matrix',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    },
  }),
  'DELETE /api/chat/push/subscription': () => ({
    endpoint: endpoints.chat.pushUnsubscribe,
    payload: { endpoint: 'https://8.8.8.8/push/matrix' },
  }),
  'GET /api/groups/:groupId/channels/:channelId/messages/:messageId/attachments/:index': (c) => {
    const open = (groupId: string): Req => ({
      endpoint: endpoints.conversations.attachment,
      params: { groupId, channelId: c.subject.channelId, messageId: c.subject.messageId, index: '0' },
    });
    return c.kind === 'own'
      ? [open(c.subject.groupId), { ...open(c.subject.groupId), query: { size: 'thumb' } }]
      : [open(c.subject.groupId), open(c.home.groupId)];
  },
};

/** A small PNG: the family's picture in every tenant's channel, and what the upload cells send. */
/** The smallest file the signed agreement's check takes for a PDF. */
const SIGNED_PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** Refusals the audit log records by design: a look-up of someone who is not the caller's to see. */
const AUDITED_REFUSALS = new Set(['POST /api/group/user/check']);

/** Fields that name another tenant, a role or an owner; the route's own fields take precedence. */
function smuggled(other: Tenant): Record<string, unknown> {
  return {
    entityId: other.entityId,
    entity_id: other.entityId,
    ownerId: other.userId,
    userId: other.userId,
    memberId: other.parent.id,
    authorId: other.parent.id,
    createdBy: other.userId,
    role: 'admin',
    isAdmin: true,
  };
}

/** Query parameters that name another tenant, a role or an owner; the route's own take precedence. */
function smuggledQuery(other: Tenant): Record<string, string> {
  return { entityId: other.entityId, ownerId: other.userId, userId: other.userId, role: 'admin' };
}

/**
 * The request as sent: a body gets the smuggled fields under its own, a POST without one gets them as
 * its whole body, and a GET or DELETE gets them as query parameters after its own.
 */
function withSmuggledFields(req: Req, other: Tenant): { url: string; payload?: Record<string, unknown> } {
  if (req.endpoint.method === 'GET' || req.endpoint.method === 'DELETE') {
    const [pathname, search = ''] = urlOfReq(req).split('?') as [string, string?];
    const query = new URLSearchParams(search);
    for (const [name, value] of Object.entries(smuggledQuery(other))) {
      if (!query.has(name)) query.append(name, value);
    }
    return { url: `${pathname}?${query}`, ...(req.payload ? { payload: req.payload } : {}) };
  }
  return { url: urlOfReq(req), payload: { ...smuggled(other), ...req.payload } };
}

/** What identifies a tenant's objects in an answer. */
function identifiersOf(x: Tenant): string[] {
  return [
    x.entityId,
    x.entityName,
    x.userId,
    x.email,
    x.groupId,
    x.child.id,
    x.parent.id,
    x.birth.id,
    x.parent.email!,
    x.birth.email!,
    x.channelId,
    x.messageId,
    x.reportId,
    x.exportId,
    ...(x.coupon ? [x.coupon] : []),
  ];
}

// ─── Checksums ───────────────────────────────────────────────────────────────────────────────────

const agg = (from: string) =>
  `(select count(*) || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${from})`;

/** Every table a route could change on someone's behalf (sessions: whether they are revoked). */
const WHOLE_TABLES = [
  'entities',
  'users',
  'groups',
  'billing_information',
  'subscriptions',
  'family_members',
  'group_members',
  'chat_users',
  'chat_channels',
  'chat_channel_members',
  'chat_messages',
  'chat_flags',
  'chat_reads',
  'conversation_exports',
  'message_reports',
  'agreement_versions',
  'agreement_items',
  'agreement_marks',
  'agreement_reports',
  'agreement_documents',
  'audit_events',
  'terms',
  'payment_plans',
  'payment_coupons',
  'payment_coupon_redemptions',
  'payment_customers',
  'payment_methods',
  'payment_charges',
  'idempotency_keys',
  'second_factors',
  'recovery_codes',
  'webauthn_challenges',
];

function everythingSql(): string {
  const columns = WHOLE_TABLES.map((table) => `${agg(`${table} r`)} as "${table}"`);
  columns.push(`${agg('(select id, revoked_at from sessions) r')} as sessions`);
  columns.push(`${agg('(select id, revoked_at from member_sessions) r')} as member_sessions`);
  columns.push('(select count(*) from mail_messages) as mail');
  // The jobs requests queued: each carries its request's id. A schedule's jobs (pg-boss's tick and the
  // job it sends, each minute for report alerts) come on the clock, whatever a request does.
  columns.push(`(select count(*) from pgboss.job where data ? '${REQUEST_ID_KEY}') as jobs`);
  return `select ${columns.join(', ')}`;
}

function tenantColumns(x: Tenant): string[] {
  const e = `'${x.entityId}'`;
  const groupsOf = `(select id from groups where entity_id = ${e})`;
  const peopleOf = `(select member_id from group_members where group_id in ${groupsOf})`;
  const channelsOf = `(select id from chat_channels where group_id in ${groupsOf})`;
  const parts: Record<string, string> = {
    entities: `entities r where r.id = ${e}`,
    users: `users r where r.entity_id = ${e}`,
    sessions: `(select id, user_id, revoked_at from sessions) r where r.user_id in (select id from users where entity_id = ${e})`,
    groups: `groups r where r.entity_id = ${e}`,
    billing: `billing_information r where r.group_id in ${groupsOf}`,
    subscriptions: `subscriptions r where r.group_id in ${groupsOf}`,
    places: `group_members r where r.group_id in ${groupsOf}`,
    people: `family_members r where r.id in ${peopleOf}`,
    chatUsers: `chat_users r where r.id in (select member_id::text from group_members where group_id in ${groupsOf})`,
    channels: `chat_channels r where r.id in ${channelsOf}`,
    channelMembers: `chat_channel_members r where r.channel_id in ${channelsOf}`,
    messages: `chat_messages r where r.channel_id in ${channelsOf}`,
    flags: `chat_flags r where r.channel_id in ${channelsOf}`,
    exports: `conversation_exports r where r.group_id in ${groupsOf}`,
    agreements: `agreement_versions r where r.group_id in ${groupsOf}`,
    agreementItems: `agreement_items r where r.version_id in (select id from agreement_versions where group_id in ${groupsOf})`,
    agreementMarks: `agreement_marks r where r.item_id in (select i.id from agreement_items i join agreement_versions v on v.id = i.version_id where v.group_id in ${groupsOf})`,
    agreementReports: `agreement_reports r where r.group_id in ${groupsOf}`,
    agreementDocuments: `agreement_documents r where r.version_id in (select id from agreement_versions where group_id in ${groupsOf})`,
    reports: `message_reports r where r.entity_id = ${e}`,
    audit: `audit_events r where r.entity_id = ${e} or r.group_id in ${groupsOf}`,
  };
  return Object.entries(parts).map(([name, from]) => `${agg(from)} as "${x.label}.${name}"`);
}

/** Plans, coupons (not how often they were used), terms and the admin accounts. */
const PLATFORM_COLUMNS = [
  ['terms', 'terms r'],
  ['plans', 'payment_plans r'],
  ['coupons', '(select id, name, percent_off, amount_off, max_redemptions, products from payment_coupons) r'],
  ['admins', `users r where r.role = 'admin'`],
].map(([name, from]) => `${agg(from!)} as "platform.${name}"`);

/** Who holds which role, subtype and entity; which entity has which status. */
const PRIVILEGE_COLUMNS = [
  `(select string_agg(id || '=' || concat_ws('|', role, subtype, entity_id), ',') from users) as "privileges.users"`,
  `(select string_agg(id || '=' || concat_ws('|', status, subtype), ',') from entities) as "privileges.entities"`,
];

type Snapshot = Record<string, string>;
let snapshotSql: { refusal: string; success: string };

/** One statement: for an expected refusal, every table; for a success, what must not change then. */
async function snapshot(expectSuccess: boolean): Promise<Snapshot> {
  snapshotSql ??= {
    refusal: everythingSql(),
    success: `select ${[...tenantColumns(A), ...tenantColumns(B), ...PLATFORM_COLUMNS, ...PRIVILEGE_COLUMNS].join(', ')}`,
  };
  const [row] = await rows<Snapshot>(expectSuccess ? snapshotSql.success : snapshotSql.refusal);
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, String(value)]));
}

function pick(snap: Snapshot, prefix: string): Snapshot {
  return Object.fromEntries(Object.entries(snap).filter(([key]) => key.startsWith(prefix)));
}

function privilegeMap(list: string): Map<string, string> {
  return new Map(
    list
      .split(',')
      .filter(Boolean)
      .map((item) => item.split('=') as [string, string]),
  );
}

function samePrivileges(beforeSnap: Snapshot, afterSnap: Snapshot, label: string, byAdmin: boolean) {
  for (const kind of ['users', 'entities']) {
    const before = privilegeMap(beforeSnap[`privileges.${kind}`] ?? '');
    const after = privilegeMap(afterSnap[`privileges.${kind}`] ?? '');
    for (const [id, held] of before) {
      const now = after.get(id);
      if (now !== undefined) expect(now, `${label}: ${kind} ${id} changed role, entity or status`).toBe(held);
    }
  }
  const beforeUsers = privilegeMap(beforeSnap['privileges.users'] ?? '');
  for (const [id, held] of privilegeMap(afterSnap['privileges.users'] ?? '')) {
    if (beforeUsers.has(id)) continue;
    const [role, , entityId] = held.split('|');
    if (role === 'admin') {
      expect(byAdmin, `${label}: a new admin account by a non-admin`).toBe(true);
      expect(entityId ?? '', `${label}: a new admin with an entity`).toBe('');
    }
  }
}

// ─── The matrix ──────────────────────────────────────────────────────────────────────────────────

function matches(outcome: Outcome, status: number): boolean {
  if (outcome === '2xx') return status >= 200 && status < 300;
  if (outcome === '4xx') return status >= 400 && status < 500;
  return status === Number(outcome);
}

function cellsOf(cell: Cell): ['own' | 'foreign', Outcome][] {
  return typeof cell === 'string'
    ? [['own', cell]]
    : [
        ['own', cell.own],
        ['foreign', cell.foreign],
      ];
}

function apiRoutes(): string[] {
  return t.app.routeTable.filter((r) => isApiRoute(r.url)).map((r) => `${r.method} ${r.url}`);
}

const CALLERS: CallerName[] = ['anonymous', 'admin', 'entityA', 'entityB', 'member'];

describe('permission matrix', () => {
  it('lists every registered API route, and only those', () => {
    const registered = apiRoutes();
    expect(registered.filter((key) => !(key in PERMISSION_MATRIX))).toEqual([]);
    expect(Object.keys(PERMISSION_MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
    expect(Object.keys(PERMISSION_MATRIX).filter((key) => !(key in REQUESTS))).toEqual([]);
  });

  it('agrees with the guards each route declares', () => {
    for (const route of t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      const row = PERMISSION_MATRIX[key];
      if (!row) continue;
      if (route.roles.length > 0) expect(row.anonymous, key).toBe('401');
      if (!route.roles.includes('admin') && route.roles.length > 0) expect(row.admin, key).toBe('403');
    }
  });

  it('sees a job a request queues (what a refused request must not do)', async () => {
    const before = await snapshot(false);
    const answer = await call(t.app, endpoints.auth.passwordRequest, {
      body: { email: TEST_ADMIN.email, role: 'admin' },
    });
    expect(answer.statusCode).toBe(200);
    // The e-mail with the code goes out through the queue.
    expect(Number((await snapshot(false)).jobs)).toBe(Number(before.jobs) + 1);
  });

  it.each(Object.keys(PERMISSION_MATRIX))('%s', async (key) => {
    const row = PERMISSION_MATRIX[key]!;
    for (const caller of CALLERS) {
      const home = caller === 'entityB' ? B : A;
      const other = home === A ? B : A;
      for (const [kind, outcome] of cellsOf(row[caller])) {
        const subject = kind === 'own' ? home : other;
        const built = await REQUESTS[key]!({
          caller,
          kind,
          home,
          subject,
          other,
          fresh: () => freshSession(caller),
        });
        for (const req of [built].flat()) {
          const label = `${caller} (${kind}) ${req.endpoint.method} ${urlOfReq(req)}`;
          const success = outcome === '2xx';
          const before = await snapshot(success);
          const multipart = req.upload ? multipartBody([req.upload]) : null;
          const { url, payload } = multipart
            ? { url: urlOfReq(req), payload: multipart.payload }
            : withSmuggledFields(req, other);
          const headers = { ...(req.headers ?? callers[caller]), ...multipart?.headers };
          const response = req.stream
            ? await injectStream(headers, url)
            : await inject(headers, req.endpoint.method, url, payload);
          // An attachment is kept by the caseworker's own browser for a while, never by a proxy.
          const cacheControl =
            success && key.includes('/attachments/') ? 'private, max-age=3600' : 'no-store';
          expect(response.headers['cache-control'], `${label}: kept by a cache`).toBe(cacheControl);
          // Its security headers are the API's, worked out once (an attachment's stricter still): a route
          // registered before them would get a page's, with nonces made for every answer.
          const policy = String(response.headers['content-security-policy']);
          expect(policy, `${label}: its security headers`).toMatch(/^default-src '(self|none)';/);
          expect(policy, `${label}: a page's security headers`).not.toContain('nonce-');
          expect(
            matches(outcome, response.statusCode),
            `${label}: expected ${outcome}, got ${response.statusCode} ${response.body.slice(0, 300)}`,
          ).toBe(true);
          const after = await snapshot(success);
          if (!success) {
            expect(typeof response.json().message, `${label}: a refusal without a message`).toBe('string');
            const audited = AUDITED_REFUSALS.has(key) ? ['audit_events'] : [];
            const unaudited = (snap: Snapshot) =>
              Object.fromEntries(Object.entries(snap).filter(([table]) => !audited.includes(table)));
            expect(unaudited(after), `${label}: a refusal changed the database`).toEqual(unaudited(before));
            continue;
          }
          samePrivileges(before, after, label, caller === 'admin');
          if (caller === 'admin') continue;
          for (const x of caller === 'anonymous' ? [A, B] : [other]) {
            expect(pick(after, `${x.label}.`), `${label}: changed tenant ${x.label}`).toEqual(
              pick(before, `${x.label}.`),
            );
          }
          expect(
            pick(after, 'platform.'),
            `${label}: changed the platform's plans, coupons, terms or admins`,
          ).toEqual(pick(before, 'platform.'));
          if (caller !== 'anonymous') {
            for (const id of identifiersOf(other)) {
              expect(
                response.body.includes(id),
                `${label}: the answer names ${id} of tenant ${other.label}`,
              ).toBe(false);
            }
          }
        }
      }
    }
  });
});
