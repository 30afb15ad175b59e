import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { createSecondFactorsService } from './second-factors.service.js';

export async function secondFactorsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createSecondFactorsService(ctx);
  const signedIn = { onRequest: app.requireRole('admin', 'entity') };
  // What an admin the platform requires a second factor of may do before having one.
  const whileAdding = { whileAddingSecondFactor: true };
  const rateLimit = {
    max: ctx.config.auth.rateLimitMax,
    timeWindow: ctx.config.auth.rateLimitWindowSeconds * 1000,
  };
  const docs = { tags: ['second factors'] };

  route(
    app,
    endpoints.secondFactors.list,
    {
      ...signedIn,
      config: whileAdding,
      schema: { ...docs, summary: 'The signed-in account’s second factors and recovery codes left' },
    },
    async (request) => service.listFactors({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.secondFactors.totpStart,
    {
      ...signedIn,
      config: { rateLimit, ...whileAdding },
      schema: {
        ...docs,
        summary: 'Start adding an authenticator app: its secret and otpauth:// address (inactive)',
      },
    },
    async (request) => service.startTotp({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.secondFactors.totpConfirm,
    {
      ...signedIn,
      config: { rateLimit, ...whileAdding },
      schema: {
        ...docs,
        summary: 'Confirm an authenticator app with its current code; the first brings recovery codes',
      },
    },
    async (request) => service.confirmTotp({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.secondFactors.passkeyStart,
    {
      ...signedIn,
      config: { rateLimit, ...whileAdding },
      schema: { ...docs, summary: "Start adding a passkey: the browser's options and a challenge id" },
    },
    async (request) => service.startPasskey({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.secondFactors.passkeyConfirm,
    {
      ...signedIn,
      config: { rateLimit, ...whileAdding },
      schema: {
        ...docs,
        summary: "Add a passkey with the browser's answer to its challenge; the first brings recovery codes",
      },
    },
    async (request) => service.confirmPasskey({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.secondFactors.remove,
    {
      ...signedIn,
      config: { rateLimit },
      schema: { ...docs, summary: 'Remove a second factor after the password; the other sessions end' },
    },
    async (request) =>
      service.removeFactor({ actor: actorOf(request), input: { id: request.params.id, body: request.body } }),
  );

  route(
    app,
    endpoints.secondFactors.recoveryCodes,
    {
      ...signedIn,
      config: { rateLimit },
      schema: { ...docs, summary: 'New recovery codes after the password; the old ones stop working' },
    },
    async (request) => service.replaceRecoveryCodes({ actor: actorOf(request), input: request.body }),
  );

  route(
    app,
    endpoints.secondFactors.reset,
    {
      onRequest: app.requireRole('admin'),
      schema: { ...docs, summary: 'Reset another account’s second factors and recovery codes (recorded)' },
    },
    async (request) => service.resetFactors({ actor: actorOf(request), input: { id: request.params.id } }),
  );
}
