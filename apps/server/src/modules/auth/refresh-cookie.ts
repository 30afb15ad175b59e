// The refresh token's cookie: set by a sign-in or a refresh, cleared by every answer that ends the
// session, so that the browser keeps no dead cookie that its next page load would present.
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config/index.js';
import type { IssuedSession } from './auth.service.js';

export const REFRESH_COOKIE = 'bt_refresh';
/** The browser sends the cookie only under this path: to the refresh and sign-out routes it names. */
export const REFRESH_COOKIE_PATH = '/api/auth';

export function setRefreshCookie(
  reply: FastifyReply,
  session: IssuedSession,
  cookieSecure: Config['auth']['cookieSecure'],
) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure === 'auto' ? reply.request.protocol === 'https' : cookieSecure,
    path: REFRESH_COOKIE_PATH,
    // Without 'Remember me' the cookie ends with the browser session.
    ...(session.persistent ? { expires: session.refreshExpiresAt } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
}
