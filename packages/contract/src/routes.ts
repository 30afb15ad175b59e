/** API paths shared by the server's route table and the web app's fetchers. */
export const API = {
  health: '/api/health',
  ready: '/api/ready',
  docs: '/api/docs',
  auth: {
    login: '/api/auth/login',
    refresh: '/api/auth/refresh',
    logout: '/api/auth/logout',
    me: '/api/auth/me',
    meEdit: '/api/auth/me/edit',
    meEmailConfirm: '/api/auth/me/email/confirm',
    register: '/api/auth/register',
    passwordRequest: '/api/auth/password/request',
    passwordValidate: '/api/auth/password/validate',
    passwordChange: '/api/auth/password/change',
    accountCode: '/api/auth/me/password/code',
    accountVerify: '/api/auth/me/password/verify',
    accountChange: '/api/auth/me/password/change',
  },
  /** Group billing; `:name` segments are filled in with `apiPath`. */
  billing: {
    plans: '/api/group/billing/plans/list',
    coupon: '/api/group/billing/coupon/:code',
    assignSubscription: '/api/group/billing/assignSubscription',
    save: '/api/group/billing/save',
    update: '/api/group/billing/update/:groupId',
    changeSubscription: '/api/group/billing/changeSubscription',
    /** Not in the spec: a group's stored billing details and subscription (update screens). */
    details: '/api/group/billing/details/:groupId',
  },
  /** Families: the group, member and user calls; entity only, scoped to the entity. */
  group: {
    list: '/api/group/list',
    byId: '/api/group/list/:id',
    edit: '/api/group/edit/:groupId',
    members: '/api/group/member/list/:id',
    addMember: '/api/group/member/add',
    memberStatus: '/api/group/member/manager/:groupId/:userId',
    createUser: '/api/group/user/create',
    editUser: '/api/group/user/edit/:userId',
    syncUsers: '/api/group/user/sync',
    checkUser: '/api/group/user/check',
  },
  /** Not in the spec: the payment provider's configuration, card tokens and plan administration. */
  payments: {
    config: '/api/payments/config',
    localTokens: '/api/payments/local/tokens',
    stripeCardSetup: '/api/payments/stripe/card-setup',
    plans: '/api/payments/plans',
    planArchive: '/api/payments/plans/:id/archive',
    coupons: '/api/payments/coupons',
    stripeWebhook: '/api/payments/stripe/webhook',
  },
  /** Administration (admin only, except the latest terms, which the logged-out modal reads). */
  entity: {
    list: '/api/entity/list',
    byId: '/api/entity/list/:id',
    create: '/api/entity/create',
    edit: '/api/entity/edit/:id',
  },
  admin: {
    list: '/api/admin/users/list',
    create: '/api/admin/users/create',
    edit: '/api/admin/users/edit/:id',
    remove: '/api/admin/users/remove/:id',
  },
  term: {
    last: '/api/term/last',
    byId: '/api/term/list/:id',
    create: '/api/term/create',
  },
  /** Conversations (entity): a family's channels and messages, the status toggle and the export. */
  channels: {
    /** Without `?channelId=`: the channels; with it: a page of that channel's messages. */
    list: '/api/group/channel/list/:groupId',
    manager: '/api/group/channel/manager/:groupId/:channelId',
    exportRequest: '/api/group/channels/export/request/:channelId',
    /** Not in the spec: an attachment of a message, served by the portal (stored or proxied). */
    attachment: '/api/groups/:groupId/channels/:channelId/messages/:messageId/attachments/:index',
  },
  /** Not in the spec: the public check of an export's SHA-256 (no content is revealed). */
  exports: {
    verify: '/api/exports/verify/:hash',
  },
  /** Not in the spec: the family members' chat API of the local chat provider (member token). */
  chat: {
    code: '/api/chat/sessions/code',
    sessions: '/api/chat/sessions',
    channels: '/api/chat/channels',
    messages: '/api/chat/channels/:channelId/messages',
    flags: '/api/chat/messages/:messageId/flags',
    /** Upload a picture or video (multipart) to attach to the member's next message there. */
    files: '/api/chat/channels/:channelId/files',
    attachment: '/api/chat/channels/:channelId/messages/:messageId/attachments/:index',
  },
} as const;

/** Fills the `:name` segments of an API path: apiPath(API.billing.coupon, { code: 'SPRING' }). */
export function apiPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: no value for ${segment} in ${path}`);
    return encodeURIComponent(value);
  });
}
