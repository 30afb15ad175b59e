import { endpoints, MSG } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { clearRefreshCookie } from '../auth/refresh-cookie.js';
import { createAccountService } from './account.service.js';

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const account = createAccountService(ctx);
  const signedIn = { onRequest: app.requireRole('admin', 'entity') };
  const rateLimit = {
    max: ctx.config.auth.rateLimitMax,
    timeWindow: ctx.config.auth.rateLimitWindowSeconds * 1000,
  };
  const docs = { tags: ['account'] };

  route(
    app,
    endpoints.auth.meEdit,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Save names and organisation; a new e-mail waits for its confirmation code',
      },
    },
    async (request) => account.updateMe({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.auth.meEmailConfirm,
    {
      ...signedIn,
      config: { rateLimit },
      schema: { ...docs, summary: 'Confirm a new e-mail address with the code sent to it' },
    },
    async (request) => account.confirmEmail({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.auth.accountCode,
    {
      ...signedIn,
      config: { rateLimit },
      schema: { ...docs, summary: 'E-mail a code for changing the password' },
    },
    async (request) => account.sendPasswordCode({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.auth.accountVerify,
    {
      ...signedIn,
      config: { rateLimit },
      schema: {
        ...docs,
        summary: `Check the code; answers '${MSG.account.stepOkay}' and the state for the password step`,
      },
    },
    async (request) => account.verifyPasswordCode({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.auth.accountChange,
    { ...signedIn, schema: { ...docs, summary: 'Set the new password; every session of the account ends' } },
    async (request, reply) => {
      const answer = await account.changePassword({ actor: actorOf(request), input: request.body });
      clearRefreshCookie(reply);
      return answer;
    },
  );
}
