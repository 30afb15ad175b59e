import { endpoints, MSG } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { requestAccess } from './access-request.service.js';
import type { AuthService, IssuedSession } from './auth.service.js';
import { createPasswordFlows } from './password-flows.service.js';
import { clearRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './refresh-cookie.js';

export async function authRoutes(
  app: FastifyInstance,
  { ctx, auth }: { ctx: AppContext; auth: AuthService },
) {
  const { cookieSecure, rateLimitMax, rateLimitWindowSeconds } = ctx.config.auth;
  const rateLimit = { max: rateLimitMax, timeWindow: rateLimitWindowSeconds * 1000 };

  function sessionBody({ accessToken, expiresIn, user, message }: IssuedSession) {
    return { accessToken, expiresIn, user, message };
  }

  route(
    app,
    endpoints.auth.login,
    // Sign-in attempts are counted per address by the lock-out (successful ones taken back): the
    // route's own limit only stops a flood of requests.
    {
      config: { rateLimit: { ...rateLimit, max: rateLimitMax * 10 } },
      schema: { tags: ['auth'], summary: 'Sign in with e-mail and password' },
    },
    async (request, reply) => {
      const session = await auth.login({ input: request.body, address: request.ip });
      setRefreshCookie(reply, session, cookieSecure);
      return sessionBody(session);
    },
  );

  route(
    app,
    endpoints.auth.loginCode,
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Sign in: the e-mailed code a sign-in needed (login answered 428)' },
    },
    async (request, reply) => {
      const session = await auth.loginWithCode({ input: request.body, address: request.ip });
      setRefreshCookie(reply, session, cookieSecure);
      return sessionBody(session);
    },
  );

  route(
    app,
    endpoints.auth.loginSecondFactor,
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          "Sign in: an authenticator app's code or a recovery code (login answered 428 'second-factor')",
      },
    },
    async (request, reply) => {
      const session = await auth.loginWithSecondFactor({ input: request.body, address: request.ip });
      setRefreshCookie(reply, session, cookieSecure);
      return sessionBody(session);
    },
  );

  route(
    app,
    endpoints.auth.loginPasskeyOptions,
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: "Sign in: a passkey's options and single-use challenge (login answered 428 'second-factor')",
      },
    },
    async (request) => auth.loginPasskeyOptions({ input: request.body, address: request.ip }),
  );

  route(
    app,
    endpoints.auth.loginPasskey,
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: "Sign in: the passkey's signed answer to that challenge" },
    },
    async (request, reply) => {
      const session = await auth.loginWithPasskey({ input: request.body, address: request.ip });
      setRefreshCookie(reply, session, cookieSecure);
      return sessionBody(session);
    },
  );

  const flows = createPasswordFlows(ctx, auth);

  route(
    app,
    endpoints.auth.register,
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Request access (creates a pending entity and tells the team)' },
    },
    async (request) => requestAccess(ctx, { input: request.body }),
  );

  route(
    app,
    endpoints.auth.passwordRequest,
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Forgot password: e-mail a verification code' },
    },
    async (request) => flows.requestReset({ input: request.body, address: request.ip }),
  );

  route(
    app,
    endpoints.auth.passwordValidate,
    { config: { rateLimit }, schema: { tags: ['auth'], summary: 'Check a reset or activation code' } },
    async (request) => flows.validateCode({ input: request.body, address: request.ip }),
  );

  route(
    app,
    endpoints.auth.passwordChange,
    {
      config: { rateLimit },
      schema: { tags: ['auth'], summary: 'Set the new password after a validated code, and sign in' },
    },
    async (request, reply) => {
      const session = await flows.setNewPassword({ input: request.body });
      setRefreshCookie(reply, session, cookieSecure);
      return sessionBody(session);
    },
  );

  route(
    app,
    endpoints.auth.refresh,
    {
      config: { rateLimit: { max: rateLimitMax * 10, timeWindow: rateLimit.timeWindow } },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token (the cookie rotates)',
      },
    },
    async (request, reply) => {
      const refreshToken = request.cookies[REFRESH_COOKIE];
      if (!refreshToken) return null;
      try {
        const session = await auth.refresh({ refreshToken });
        setRefreshCookie(reply, session, cookieSecure);
        return sessionBody(session);
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  route(
    app,
    endpoints.auth.logout,
    { schema: { tags: ['auth'], summary: 'End the session' } },
    async (request, reply) => {
      await auth.logout({ refreshToken: request.cookies[REFRESH_COOKIE], actor: request.actor });
      clearRefreshCookie(reply);
      return { message: MSG.extra.signedOut };
    },
  );

  route(
    app,
    endpoints.auth.me,
    {
      onRequest: app.requireRole('admin', 'entity'),
      config: { whileAddingSecondFactor: true },
      schema: { tags: ['auth'], summary: 'The signed-in user' },
    },
    async (request) => auth.getMe({ actor: actorOf(request) }),
  );
}
