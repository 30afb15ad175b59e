// The API's endpoints by area: the method and path of each, and nothing else, so the web app's client
// can hold the table without zod. The schemas of each endpoint (params, query, body, a response per
// status) live under the same keys in endpoints/; a compile-time check makes the two tables list the
// same keys (docs/architecture.md, "One contract from screen to route").

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Where every endpoint's path begins: the server answers an address under it that no route holds with
 * the JSON 404, and serves the web app's pages everywhere else.
 */
export const API_PREFIX = '/api';

/** One endpoint's place: `:name` segments of its path are filled in by the caller's params. */
export interface Route {
  readonly method: HttpMethod;
  readonly path: `${typeof API_PREFIX}/${string}`;
}

export type RouteTable = { readonly [area: string]: { readonly [name: string]: Route } };

export const ROUTES = {
  /** A family's contact agreement: its versions, items and windows, and the caseworker's marks. */
  agreements: {
    get: { method: 'GET', path: '/api/group/agreement/:groupId' },
    save: { method: 'PUT', path: '/api/group/agreement/:groupId' },
    mark: { method: 'POST', path: '/api/group/agreement/:groupId/mark' },
    /** The agreement report of a period as CSV or PDF: every window due in it, in every version. */
    report: { method: 'GET', path: '/api/group/agreement/:groupId/report' },
    /** The signed agreement: attached to the current version (multipart), and its file (`?version=`). */
    attachDocument: { method: 'PUT', path: '/api/group/agreement/:groupId/document' },
    document: { method: 'GET', path: '/api/group/agreement/:groupId/document' },
    /** The desk's 'Agreements due': the entity's families with an item overdue or due soon. */
    due: { method: 'GET', path: '/api/agreements/due' },
    dueCount: { method: 'GET', path: '/api/agreements/due/count' },
    /** The agency's year: families, windows due, kept on time, late, missed, excused; per family too. */
    summary: { method: 'GET', path: '/api/agreements/summary' },
    /** The same year as CSV, a row per family and one of totals. */
    summaryFile: { method: 'GET', path: '/api/agreements/summary/file' },
    /** Only with TEST_CLOCK=true: moves the agreements' clock, for journeys that let time pass. */
    testClock: { method: 'PUT', path: '/api/test/clock' },
  },
  /**
   * A professional's second factors (authenticator apps and passkeys) and recovery codes, and
   * the administrator's reset of another account's.
   */
  secondFactors: {
    list: { method: 'GET', path: '/api/auth/me/second-factors' },
    totpStart: { method: 'POST', path: '/api/auth/me/second-factors/totp/start' },
    totpConfirm: { method: 'POST', path: '/api/auth/me/second-factors/totp/confirm' },
    passkeyStart: { method: 'POST', path: '/api/auth/me/second-factors/passkey/start' },
    passkeyConfirm: { method: 'POST', path: '/api/auth/me/second-factors/passkey/confirm' },
    remove: { method: 'POST', path: '/api/auth/me/second-factors/remove/:id' },
    recoveryCodes: { method: 'POST', path: '/api/auth/me/second-factors/recovery-codes' },
    reset: { method: 'POST', path: '/api/admin/users/second-factors/reset/:id' },
    /** Whether every admin must have a second factor. */
    policy: { method: 'GET', path: '/api/admin/second-factor-policy' },
    policyEdit: { method: 'PUT', path: '/api/admin/second-factor-policy' },
  },
  /** Served for the platform, not for a screen: liveness, readiness and the OpenAPI pages. */
  system: {
    health: { method: 'GET', path: '/api/health' },
    ready: { method: 'GET', path: '/api/ready' },
    docs: { method: 'GET', path: '/api/docs' },
  },
  /** Sign-in and the logged-out flows, and the signed-in user's own account. */
  auth: {
    login: { method: 'POST', path: '/api/auth/login' },
    /** Not in the spec: the e-mailed code of a sign-in that needed one (login answered 428). */
    loginCode: { method: 'POST', path: '/api/auth/login/code' },
    loginSecondFactor: { method: 'POST', path: '/api/auth/login/second-factor' },
    loginPasskeyOptions: { method: 'POST', path: '/api/auth/login/passkey/options' },
    loginPasskey: { method: 'POST', path: '/api/auth/login/passkey' },
    refresh: { method: 'POST', path: '/api/auth/refresh' },
    logout: { method: 'POST', path: '/api/auth/logout' },
    me: { method: 'GET', path: '/api/auth/me' },
    meEdit: { method: 'PUT', path: '/api/auth/me/edit' },
    meEmailConfirm: { method: 'POST', path: '/api/auth/me/email/confirm' },
    register: { method: 'POST', path: '/api/auth/register' },
    passwordRequest: { method: 'POST', path: '/api/auth/password/request' },
    passwordValidate: { method: 'POST', path: '/api/auth/password/validate' },
    passwordChange: { method: 'POST', path: '/api/auth/password/change' },
    accountCode: { method: 'POST', path: '/api/auth/me/password/code' },
    accountVerify: { method: 'POST', path: '/api/auth/me/password/verify' },
    accountChange: { method: 'POST', path: '/api/auth/me/password/change' },
  },
  /** Group billing. */
  billing: {
    plans: { method: 'GET', path: '/api/group/billing/plans/list' },
    coupon: { method: 'GET', path: '/api/group/billing/coupon/:code' },
    assignSubscription: { method: 'POST', path: '/api/group/billing/assignSubscription' },
    save: { method: 'POST', path: '/api/group/billing/save' },
    update: { method: 'PUT', path: '/api/group/billing/update/:groupId' },
    changeSubscription: { method: 'POST', path: '/api/group/billing/changeSubscription' },
    /** Not in the spec: a group's stored billing details and subscription (update screens). */
    details: { method: 'GET', path: '/api/group/billing/details/:groupId' },
    /** Not in the spec: discards a family that was never named (its card detached at the provider). */
    discard: { method: 'DELETE', path: '/api/group/billing/unfinished/:groupId' },
  },
  /** Families: the group, member and user calls; entity only, scoped to the entity. */
  families: {
    list: { method: 'GET', path: '/api/group/list' },
    byId: { method: 'GET', path: '/api/group/list/:id' },
    edit: { method: 'PUT', path: '/api/group/edit/:groupId' },
    members: { method: 'GET', path: '/api/group/member/list/:id' },
    addMember: { method: 'POST', path: '/api/group/member/add' },
    memberStatus: { method: 'POST', path: '/api/group/member/manager/:groupId/:userId' },
    createUser: { method: 'POST', path: '/api/group/user/create' },
    editUser: { method: 'PUT', path: '/api/group/user/edit/:userId' },
    syncUsers: { method: 'POST', path: '/api/group/user/sync' },
    checkUser: { method: 'POST', path: '/api/group/user/check' },
    /** Not in the spec: the family's places saved at once (the spec's calls one by one stay). */
    saveMembers: { method: 'PUT', path: '/api/group/member/save/:groupId' },
  },
  /** Not in the spec: the payment provider's configuration, card tokens and plan administration. */
  payments: {
    config: { method: 'GET', path: '/api/payments/config' },
    localTokens: { method: 'POST', path: '/api/payments/local/tokens' },
    stripeCardSetup: { method: 'POST', path: '/api/payments/stripe/card-setup' },
    plans: { method: 'GET', path: '/api/payments/plans' },
    createPlan: { method: 'POST', path: '/api/payments/plans' },
    planArchive: { method: 'POST', path: '/api/payments/plans/:id/archive' },
    /** Not in the spec: an archived plan offered again. */
    planRestore: { method: 'POST', path: '/api/payments/plans/:id/restore' },
    coupons: { method: 'GET', path: '/api/payments/coupons' },
    createCoupon: { method: 'POST', path: '/api/payments/coupons' },
    /** Not in the spec: a coupon's name and limit changed, or the coupon archived. */
    editCoupon: { method: 'PUT', path: '/api/payments/coupons/:id' },
    couponArchive: { method: 'POST', path: '/api/payments/coupons/:id/archive' },
    /** Stripe only: the signed webhook, read as raw bytes. */
    stripeWebhook: { method: 'POST', path: '/api/payments/stripe/webhook' },
  },
  /** Administration (admin only, except the latest terms, which the logged-out modal reads). */
  entities: {
    list: { method: 'GET', path: '/api/entity/list' },
    byId: { method: 'GET', path: '/api/entity/list/:id' },
    create: { method: 'POST', path: '/api/entity/create' },
    edit: { method: 'PUT', path: '/api/entity/edit/:id' },
    reject: { method: 'POST', path: '/api/entity/reject/:id' },
  },
  admins: {
    /** A page of admins with `?page=`, one admin with `?id=`. */
    list: { method: 'GET', path: '/api/admin/users/list' },
    create: { method: 'POST', path: '/api/admin/users/create' },
    edit: { method: 'PUT', path: '/api/admin/users/edit/:id' },
    remove: { method: 'DELETE', path: '/api/admin/users/remove/:id' },
  },
  terms: {
    last: { method: 'GET', path: '/api/term/last' },
    byId: { method: 'GET', path: '/api/term/list/:id' },
    versions: { method: 'GET', path: '/api/term/versions' },
    create: { method: 'POST', path: '/api/term/create' },
  },
  /** Conversations (entity): a family's channels and messages, the status toggle and the export. */
  conversations: {
    /** Without `?channelId=`: the channels; with it: a page of that channel's messages. */
    list: { method: 'GET', path: '/api/group/channel/list/:groupId' },
    manager: { method: 'POST', path: '/api/group/channel/manager/:groupId/:channelId' },
    exportRequest: { method: 'POST', path: '/api/group/channels/export/request/:channelId' },
    /** Not in the spec: an attachment of a message, served by the portal (stored or proxied). */
    attachment: {
      method: 'GET',
      path: '/api/groups/:groupId/channels/:channelId/messages/:messageId/attachments/:index',
    },
    /** Not in the spec: server-sent events of the channel (a new message, a report) as they happen. */
    events: { method: 'GET', path: '/api/groups/:groupId/channels/:channelId/events' },
    /** Not in the spec: the messages around one (a report's deep link, a search hit). */
    around: { method: 'GET', path: '/api/groups/:groupId/channels/:channelId/messages/:messageId/around' },
    /** Not in the spec: the messages of the channel holding some words, newest first. */
    search: { method: 'GET', path: '/api/groups/:groupId/channels/:channelId/search' },
    /** Not in the spec: the first message of the channel, or the first on or after a date. */
    firstMessage: { method: 'GET', path: '/api/groups/:groupId/channels/:channelId/messages/first' },
    /** Public: was a file with this SHA-256 issued by the portal? */
    verifyExport: { method: 'GET', path: '/api/exports/verify/:hash' },
  },
  /** Not in the spec: the caseworker's desk — every reported message of the entity's families. */
  reports: {
    list: { method: 'GET', path: '/api/reports' },
    count: { method: 'GET', path: '/api/reports/count' },
    review: { method: 'POST', path: '/api/reports/:id/review' },
    reopen: { method: 'POST', path: '/api/reports/:id/reopen' },
    alerts: { method: 'GET', path: '/api/reports/alerts' },
    setAlerts: { method: 'PUT', path: '/api/reports/alerts' },
    /** Stream only: the signed webhook that brings members' reports (read as raw bytes). */
    streamWebhook: { method: 'POST', path: '/api/chat/stream/webhook' },
  },
  /** Not in the spec: who did what — a family's (its entity) and the platform's (the administrator). */
  activity: {
    family: { method: 'GET', path: '/api/groups/:groupId/activity' },
    platform: { method: 'GET', path: '/api/admin/activity' },
  },
  /** Not in the spec: the family members' chat API of the local chat provider (member token). */
  chat: {
    code: { method: 'POST', path: '/api/chat/sessions/code' },
    sessions: { method: 'POST', path: '/api/chat/sessions' },
    /** The families' app: the session cookie for a new member token (the cookie rotates). */
    refresh: { method: 'POST', path: '/api/chat/sessions/refresh' },
    /** The families' app: sign out on this device (the session and its tokens end at once). */
    signOut: { method: 'POST', path: '/api/chat/sessions/end' },
    channels: { method: 'GET', path: '/api/chat/channels' },
    /** A page of a channel's messages, newest first (before/after a cursor). */
    history: { method: 'GET', path: '/api/chat/channels/:channelId/messages' },
    messages: { method: 'POST', path: '/api/chat/channels/:channelId/messages' },
    /** How far the member has read the channel: its unread count starts after this message. */
    read: { method: 'PUT', path: '/api/chat/channels/:channelId/read' },
    /** Server-sent events: each new message of the member's channels, as it is posted. */
    events: { method: 'GET', path: '/api/chat/events' },
    flags: { method: 'POST', path: '/api/chat/messages/:messageId/flags' },
    /** Upload a picture or video (multipart) to attach to the member's next message there. */
    files: { method: 'POST', path: '/api/chat/channels/:channelId/files' },
    attachment: {
      method: 'GET',
      path: '/api/chat/channels/:channelId/messages/:messageId/attachments/:index',
    },
    /** The member's choices: e-mails about unread messages, the language. */
    preferences: { method: 'GET', path: '/api/chat/preferences' },
    updatePreferences: { method: 'PUT', path: '/api/chat/preferences' },
    /** An unread-messages e-mail's opt-out link: no sign-in, its signed token says who. */
    unreadMailOptOut: { method: 'POST', path: '/api/chat/notifications/unread-mail/opt-out' },
    /** Web Push: the server's public key, and this device's subscription. */
    pushKey: { method: 'GET', path: '/api/chat/push/key' },
    pushSubscribe: { method: 'PUT', path: '/api/chat/push/subscription' },
    pushUnsubscribe: { method: 'DELETE', path: '/api/chat/push/subscription' },
  },
} as const satisfies RouteTable;

export type Routes = typeof ROUTES;

type PathTable<T extends RouteTable> = {
  readonly [A in keyof T]: { readonly [N in keyof T[A]]: T[A][N]['path'] };
};

function pathsOf<T extends RouteTable>(table: T): PathTable<T> {
  const areas = Object.entries(table).map(([area, routes]) => [
    area,
    Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, route.path])),
  ]);
  return Object.fromEntries(areas) as PathTable<T>;
}

/** The paths of ROUTES alone, under the same keys: for links, e-mails and tests that name an address. */
export const API = pathsOf(ROUTES);

/**
 * Fills the `:name` segments of an API path, each encoded: apiPath(API.billing.coupon, { code: 'SPRING' }).
 * A segment without a value is a programming error.
 */
export function apiPath(path: string, params: Readonly<Record<string, unknown>>): string {
  return path.replace(/:([A-Za-z]+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`apiPath: no value for ${segment} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
