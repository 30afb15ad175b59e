// Puts the caller on the request and gives routes their role guards. Every route that is not public
// names the roles it admits: `onRequest: app.requireRole('admin')` (onRequest, so that a caller who
// may not use a route learns nothing from its validation).
import { MSG } from '@bridge-talk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../app-context.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** A bearer token was sent and refused: why its session ended, as the 401 says it. */
    sessionEnd: SessionEnd | null;
  }
  interface FastifyContextConfig {
    /** The route also takes a media token in `?access=` (attachment addresses). */
    mediaAccess?: boolean;
    /** The route stays open to an admin who must add a second factor before anything else. */
    whileAddingSecondFactor?: boolean;
  }
  interface FastifyInstance {
    requireRole(
      ...roles: Actor['role'][]
    ): (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
}

/** Why a bearer token no longer opens a session: the account was removed or disabled, or it expired. */
export type SessionEnd = 'removed' | 'disabled' | 'expired';

function sessionEndMessage(end: SessionEnd): string {
  if (end === 'removed') return MSG.extra.accountRemoved;
  if (end === 'disabled') return MSG.extra.accountDisabled;
  return MSG.extra.sessionExpired;
}

/**
 * What this plugin asks of the auth module (whose service is one): who a token is, and why one no
 * longer is. Declared here so that the plugin every module uses depends on no module.
 */
interface Authenticator {
  authenticate(accessToken: string): Promise<Actor | null>;
  whySessionEnded(accessToken: string): Promise<SessionEnd>;
  authenticateMedia(token: string, scope: string): Promise<Actor | null>;
}

/** What a media token opens: the attachments of one channel of one family. */
export function mediaScope(groupId: string, channelId: string): string {
  return `${groupId}/${channelId}`;
}

/** The signed-in caller of a route behind requireRole(). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', MSG.extra.sessionExpired);
  return request.actor;
}

export default fp(
  async (app: FastifyInstance, { auth }: { auth: Authenticator }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('sessionEnd', null);

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (header?.startsWith('Bearer ')) {
        const token = header.slice('Bearer '.length).trim();
        request.actor = await auth.authenticate(token);
        if (!request.actor) request.sessionEnd = await auth.whySessionEnded(token);
        return;
      }
      // An attachment's address: an <img> or <video> sends no header, so the address carries a media
      // token for its channel (routes that say so only; the scope is the family and channel path).
      const media = request.routeOptions.config;
      const access = (request.query as { access?: unknown } | undefined)?.access;
      if (media?.mediaAccess && typeof access === 'string') {
        const { groupId, channelId } = request.params as { groupId?: string; channelId?: string };
        request.actor = await auth.authenticateMedia(access, mediaScope(groupId ?? '', channelId ?? ''));
      }
    });

    app.decorate('requireRole', (...roles: Actor['role'][]) => {
      // A callback hook, not an async one: it runs on every signed-in request and waits for nothing.
      const guard = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
        if (!request.actor) {
          return done(new AppError('UNAUTHENTICATED', sessionEndMessage(request.sessionEnd ?? 'expired')));
        }
        if (!roles.includes(request.actor.role)) return done(new AppError('FORBIDDEN', MSG.extra.forbidden));
        // A session of an admin the platform requires a second factor of opens nothing else until
        // they add one: a password alone does not reach the platform.
        if (request.actor.mustAddSecondFactor && !request.routeOptions.config.whileAddingSecondFactor)
          return done(new AppError('FORBIDDEN', MSG.secondFactor.mustAdd));
        done();
      };
      // The route table reads which roles a route admits (see app.routeTable and its test).
      return Object.assign(guard, { roles });
    });
  },
  { name: 'authenticate' },
);
