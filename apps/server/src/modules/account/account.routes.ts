import {
  API,
  MSG,
  ZChangePasswordRequest,
  ZCodeRequest,
  ZErrorResponse,
  ZFlowStepResponse,
  ZMessageResponse,
  ZUpdateMeRequest,
  ZUpdateMeResponse,
} from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createAccountService } from './account.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse };

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const account = createAccountService(ctx);
  const signedIn = { onRequest: app.requireRole('admin', 'entity') };
  const rateLimit = {
    max: ctx.config.auth.rateLimitMax,
    timeWindow: ctx.config.auth.rateLimitWindowSeconds * 1000,
  };
  const tags = ['account'];
  const security = [{ bearer: [] }];

  r.put(
    API.auth.meEdit,
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Save names and organisation; a new e-mail waits for its confirmation code',
        body: ZUpdateMeRequest,
        response: { 200: ZUpdateMeResponse, ...errors, 409: ZErrorResponse },
      },
    },
    async (request) => account.updateMe({ actor: actorOf(request), input: request.body }),
  );

  r.post(
    API.auth.meEmailConfirm,
    {
      ...signedIn,
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: 'Confirm a new e-mail address with the code sent to it',
        body: ZCodeRequest,
        response: { 200: ZMessageResponse, ...errors, 409: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request) => account.confirmEmail({ actor: actorOf(request), input: request.body }),
  );

  r.post(
    API.auth.accountCode,
    {
      ...signedIn,
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: 'E-mail a code for changing the password',
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => account.sendPasswordCode({ actor: actorOf(request) }),
  );

  r.post(
    API.auth.accountVerify,
    {
      ...signedIn,
      config: { rateLimit },
      schema: {
        tags,
        security,
        summary: `Check the code; answers '${MSG.account.stepOkay}' and the state for the password step`,
        body: ZCodeRequest,
        response: { 200: ZFlowStepResponse, ...errors, 422: ZErrorResponse },
      },
    },
    async (request) => account.verifyPasswordCode({ actor: actorOf(request), input: request.body }),
  );

  r.post(
    API.auth.accountChange,
    {
      ...signedIn,
      schema: {
        tags,
        security,
        summary: 'Set the new password; every session of the account ends',
        body: ZChangePasswordRequest,
        response: { 200: ZMessageResponse, ...errors, 422: ZErrorResponse },
      },
    },
    async (request) => account.changePassword({ actor: actorOf(request), input: request.body }),
  );
}
