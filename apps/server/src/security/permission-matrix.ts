// The permission matrix: every API route × every kind of caller × (own object, foreign object), with
// the class of answer it must give. permission-matrix.test.ts fails when a registered route is missing
// here (or a row names a route that no longer exists), and calls every cell against real seeded data.
//
// Callers: `anonymous` (no credential); `admin`; `entityA` and `entityB` (staff of two entities, each
// owning a family with members, channels, messages, billing and an export); `member` (a parent of
// entity A's family, holding a member chat token — no portal account).
//
// Objects: a cell that is one outcome does not depend on the object. A cell `{ own, foreign }` is
// called twice: with the caller's own objects (entity A: A's family; entity B: B's family; member and
// admin: A's family) and with foreign ones (the other entity's family; for routes with two ids also
// an own id mixed with a foreign one). Foreign objects answer 404 and change nothing.
//
// Outcomes: '2xx' any success; '401', '403', '404' exactly; '4xx' any other refusal of the input on
// its merits (a wrong e-mailed code or state), never a 5xx.

export type Outcome = '2xx' | '401' | '403' | '404' | '4xx';
export type CallerName = 'anonymous' | 'admin' | 'entityA' | 'entityB' | 'member';
export type Cell = Outcome | { own: Outcome; foreign: Outcome };
export type MatrixRow = Record<CallerName, Cell>;

/** The caller's own object answers; a foreign one is not found. */
const OWN = { own: '2xx', foreign: '404' } as const;
/** Own and foreign objects alike: the administrator's reach, or not tenant data (see the row). */
const ANY = { own: '2xx', foreign: '2xx' } as const;

function row(anonymous: Cell, admin: Cell, entityA: Cell, entityB: Cell, member: Cell): MatrixRow {
  return { anonymous, admin, entityA, entityB, member };
}

// biome-ignore format: a table is easier to read aligned
export const PERMISSION_MATRIX: Record<string, MatrixRow> = {
  //                                                         anonymous admin   entity A entity B member
  // health and readiness
  'GET /api/health':                                     row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  'GET /api/ready':                                      row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  // Prometheus's scrape (registered when METRICS_TOKEN is set): that token alone, no portal session
  'GET /metrics':                                        row('401',   '401',   '401',   '401',   '401'),
  // sign-in and the logged-out flows: public; a wrong code or state is refused on its merits
  'POST /api/auth/login':                                row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  'POST /api/auth/login/code':                           row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  'POST /api/auth/login/second-factor':                  row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  'POST /api/auth/login/passkey/options':                row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  'POST /api/auth/login/passkey':                        row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  'POST /api/auth/register':                             row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  'POST /api/auth/password/request':                     row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  'POST /api/auth/password/validate':                    row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  'POST /api/auth/password/change':                      row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  // the refresh cookie is the credential, not the bearer: without one, no session to restore (null)
  // for everyone, whatever bearer is sent
  'POST /api/auth/refresh':                              row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  'POST /api/auth/logout':                               row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  // the signed-in portal user's own account (a member token is not a portal session)
  'GET /api/auth/me':                                    row('401',   '2xx',   '2xx',   '2xx',   '401'),
  'PUT /api/auth/me/edit':                               row('401',   '2xx',   '2xx',   '2xx',   '401'),
  'POST /api/auth/me/email/confirm':                     row('401',   '4xx',   '4xx',   '4xx',   '401'),
  'POST /api/auth/me/password/code':                     row('401',   '2xx',   '2xx',   '2xx',   '401'),
  'POST /api/auth/me/password/verify':                   row('401',   '4xx',   '4xx',   '4xx',   '401'),
  'POST /api/auth/me/password/change':                   row('401',   '4xx',   '4xx',   '4xx',   '401'),
  // the signed-in portal user's own second factors: none of another account's is ever named (a wrong
  // password or an unknown enrolment is refused on its merits)
  'GET /api/auth/me/second-factors':                     row('401',   '2xx',   '2xx',   '2xx',   '401'),
  'POST /api/auth/me/second-factors/totp/start':         row('401',   '2xx',   '2xx',   '2xx',   '401'),
  'POST /api/auth/me/second-factors/totp/confirm':       row('401',   '4xx',   '4xx',   '4xx',   '401'),
  'POST /api/auth/me/second-factors/passkey/start':      row('401',   '2xx',   '2xx',   '2xx',   '401'),
  'POST /api/auth/me/second-factors/passkey/confirm':    row('401',   '4xx',   '4xx',   '4xx',   '401'),
  'POST /api/auth/me/second-factors/remove/:id':         row('401',   '4xx',   '4xx',   '4xx',   '401'),
  'POST /api/auth/me/second-factors/recovery-codes':     row('401',   '4xx',   '4xx',   '4xx',   '401'),
  // billing: prices and coupon codes are platform-wide; payment details and subscriptions are the family's
  // an entity naming another entity gets its own prices and coupon (nothing of the other entity)
  'GET /api/group/billing/plans/list':                   row('401',   ANY,     ANY,     ANY,     '401'),
  'GET /api/group/billing/coupon/:code':                 row('401',   '2xx',   '2xx',   '2xx',   '401'),
  'POST /api/group/billing/save':                        row('401',   '403',   OWN,     OWN,     '401'),
  'PUT /api/group/billing/update/:groupId':              row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/billing/assignSubscription':          row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/billing/changeSubscription':          row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/group/billing/details/:groupId':             row('401',   '403',   OWN,     OWN,     '401'),
  'DELETE /api/group/billing/unfinished/:groupId':       row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/payments/config':                            row('401',   '2xx',   '2xx',   '2xx',   '401'),
  'POST /api/payments/local/tokens':                     row('401',   '403',   '2xx',   '2xx',   '401'),
  // Stripe only: with the local provider (these tests') not found for the entity too
  'POST /api/payments/stripe/card-setup':                row('401',   '403',   '404',   '404',   '401'),
  // plan and coupon administration
  'GET /api/payments/plans':                             row('401',   '2xx',   '403',   '403',   '401'),
  'POST /api/payments/plans':                            row('401',   '2xx',   '403',   '403',   '401'),
  'POST /api/payments/plans/:id/archive':                row('401',   '2xx',   '403',   '403',   '401'),
  'POST /api/payments/plans/:id/restore':                row('401',   '2xx',   '403',   '403',   '401'),
  'GET /api/payments/coupons':                           row('401',   '2xx',   '403',   '403',   '401'),
  'POST /api/payments/coupons':                          row('401',   '2xx',   '403',   '403',   '401'),
  'PUT /api/payments/coupons/:id':                       row('401',   '2xx',   '403',   '403',   '401'),
  'POST /api/payments/coupons/:id/archive':              row('401',   '2xx',   '403',   '403',   '401'),
  // entities, admins and terms: the administrator's
  'GET /api/entity/list':                                row('401',   '2xx',   '403',   '403',   '401'),
  'GET /api/entity/list/:id':                            row('401',   ANY,     '403',   '403',   '401'),
  'POST /api/entity/create':                             row('401',   '2xx',   '403',   '403',   '401'),
  'PUT /api/entity/edit/:id':                            row('401',   ANY,     '403',   '403',   '401'),
  // rejecting an access request: the seeded entities are active, not requests (refused on its merits)
  'POST /api/entity/reject/:id':                         row('401',   '4xx',   '403',   '403',   '401'),
  'GET /api/admin/users/list':                           row('401',   '2xx',   '403',   '403',   '401'),
  'POST /api/admin/users/create':                        row('401',   '2xx',   '403',   '403',   '401'),
  'PUT /api/admin/users/edit/:id':                       row('401',   '2xx',   '403',   '403',   '401'),
  'DELETE /api/admin/users/remove/:id':                  row('401',   '2xx',   '403',   '403',   '401'),
  'POST /api/admin/users/second-factors/reset/:id':      row('401',   '2xx',   '403',   '403',   '401'),
  'GET /api/admin/second-factor-policy':                 row('401',   '2xx',   '403',   '403',   '401'),
  'PUT /api/admin/second-factor-policy':                 row('401',   '2xx',   '403',   '403',   '401'),
  'GET /api/term/last':                                  row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  'GET /api/term/list/:id':                              row('401',   '2xx',   '403',   '403',   '401'),
  'GET /api/term/versions':                              row('401',   '2xx',   '403',   '403',   '401'),
  'POST /api/term/create':                               row('401',   '2xx',   '403',   '403',   '401'),
  // families, their people, conversations and exports: the owning entity's only
  'GET /api/group/list':                                 row('401',   '403',   '2xx',   '2xx',   '401'),
  'GET /api/group/list/:id':                             row('401',   '403',   OWN,     OWN,     '401'),
  'PUT /api/group/edit/:groupId':                        row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/group/member/list/:id':                      row('401',   '403',   OWN,     OWN,     '401'),
  // who has an e-mail: only a person of the caller's own families; anyone else is not found
  'POST /api/group/user/check':                          row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/user/create':                         row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/member/add':                          row('401',   '403',   OWN,     OWN,     '401'),
  'PUT /api/group/user/edit/:userId':                    row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/user/sync':                           row('401',   '403',   OWN,     OWN,     '401'),
  'PUT /api/group/member/save/:groupId':                 row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/member/manager/:groupId/:userId':     row('401',   '403',   OWN,     OWN,     '401'),
  // the caseworker's desk: the entity's reported messages; a report or family of another entity is not found
  'GET /api/reports':                                    row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/reports/count':                              row('401',   '403',   '2xx',   '2xx',   '401'),
  'POST /api/reports/:id/review':                        row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/reports/:id/reopen':                        row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/reports/alerts':                             row('401',   '403',   '2xx',   '2xx',   '401'),
  'PUT /api/reports/alerts':                             row('401',   '403',   '2xx',   '2xx',   '401'),
  'GET /api/group/channel/list/:groupId':                row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/channel/manager/:groupId/:channelId': row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/channels/export/request/:channelId':  row('401',   '403',   OWN,     OWN,     '401'),
  // the conversation around one message, and search in it: the channel list's reach
  'GET /api/groups/:groupId/channels/:channelId/messages/:messageId/around':
                                                         row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/groups/:groupId/channels/:channelId/search': row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/groups/:groupId/channels/:channelId/messages/first':
                                                         row('401',   '403',   OWN,     OWN,     '401'),
  // the activity record: a family's for its own entity; the platform's for the administrator
  'GET /api/groups/:groupId/activity':                   row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/admin/activity':                             row('401',   '2xx',   '403',   '403',   '401'),
  // a family's contact agreement, and the marks on its windows: its own entity's
  'GET /api/group/agreement/:groupId':                   row('401',   '403',   OWN,     OWN,     '401'),
  'PUT /api/group/agreement/:groupId':                   row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/group/agreement/:groupId/mark':             row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/group/agreement/:groupId/report':            row('401',   '403',   OWN,     OWN,     '401'),
  'PUT /api/group/agreement/:groupId/document':          row('401',   '403',   OWN,     OWN,     '401'),
  'GET /api/group/agreement/:groupId/document':          row('401',   '403',   OWN,     OWN,     '401'),
  // the desk's agreements due: the caller's own entity's families only
  'GET /api/agreements/due':                             row('401',   '403',   '2xx',   '2xx',   '401'),
  'GET /api/agreements/due/count':                       row('401',   '403',   '2xx',   '2xx',   '401'),
  'GET /api/agreements/summary':                         row('401',   '403',   '2xx',   '2xx',   '401'),
  'GET /api/agreements/summary/file':                    row('401',   '403',   '2xx',   '2xx',   '401'),
  // the agreements' test clock: not there unless the server runs with TEST_CLOCK=true (never in service)
  'PUT /api/test/clock':                                 row('404',   '404',   '404',   '404',   '404'),
  // anyone holding a transcript checks its fingerprint (no content is answered)
  'GET /api/exports/verify/:hash':                       row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  // the member chat API: a portal session is refused (403); the member reaches their own channels only
  'POST /api/chat/sessions/code':                        row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  'POST /api/chat/sessions':                             row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  // the families' app: the device's session cookie is its credential (none here: refused on its merits,
  // whoever calls), and signing out is always answered
  'POST /api/chat/sessions/refresh':                     row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  'POST /api/chat/sessions/end':                         row('2xx',   '2xx',   '2xx',   '2xx',   '2xx'),
  'GET /api/chat/channels':                              row('401',   '403',   '403',   '403',   '2xx'),
  'GET /api/chat/channels/:channelId/messages':          row('401',   '403',   '403',   '403',   OWN),
  'PUT /api/chat/channels/:channelId/read':              row('401',   '403',   '403',   '403',   OWN),
  // live events: a member's of their own channels; a caseworker's of a channel of their own entity's family
  'GET /api/chat/events':                                row('401',   '403',   '403',   '403',   '2xx'),
  'GET /api/groups/:groupId/channels/:channelId/events': row('401',   '403',   OWN,     OWN,     '401'),
  'POST /api/chat/channels/:channelId/messages':         row('401',   '403',   '403',   '403',   OWN),
  'POST /api/chat/messages/:messageId/flags':            row('401',   '403',   '403',   '403',   OWN),
  'POST /api/chat/channels/:channelId/files':            row('401',   '403',   '403',   '403',   OWN),
  'GET /api/chat/channels/:channelId/messages/:messageId/attachments/:index':
                                                         row('401',   '403',   '403',   '403',   OWN),
  // the families' app's notifications: the member's own choices and devices; the opt-out link's
  // signed token is its credential (a wrong one is refused on its merits, whoever calls)
  'GET /api/chat/preferences':                           row('401',   '403',   '403',   '403',   '2xx'),
  'PUT /api/chat/preferences':                           row('401',   '403',   '403',   '403',   '2xx'),
  'POST /api/chat/notifications/unread-mail/opt-out':    row('4xx',   '4xx',   '4xx',   '4xx',   '4xx'),
  'GET /api/chat/push/key':                              row('401',   '403',   '403',   '403',   '2xx'),
  'PUT /api/chat/push/subscription':                     row('401',   '403',   '403',   '403',   '2xx'),
  'DELETE /api/chat/push/subscription':                  row('401',   '403',   '403',   '403',   '2xx'),
  // attachments: served by the portal to the family's own entity (its <img> carries a media token)
  'GET /api/groups/:groupId/channels/:channelId/messages/:messageId/attachments/:index':
                                                         row('401',   '403',   OWN,     OWN,     '401'),
};
