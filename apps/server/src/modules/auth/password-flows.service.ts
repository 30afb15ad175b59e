// Password reset and account activation by e-mailed code: request (forgot password) → validate the
// code → set the new password and sign in. Every step's `state` is signed and bound to the e-mail,
// role and step; the code is spent when the password is set, so a step cannot be replayed.
import {
  type FlowStepResponse,
  MSG,
  type ZForgotPasswordRequest,
  type ZSetPasswordRequest,
  type ZValidateCodeRequest,
} from '@bridge-talk/contract';
import { normalizeIP } from '@fastify/rate-limit';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { AttemptLimiter, codeFlowLimiter } from '../../lib/attempt-limiter.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Valid } from '../../lib/route.js';
import { queueMail } from '../mail/mail.service.js';
import { resetCodeMail } from '../mail/templates.js';
import * as repo from './auth.repository.js';
import { type AuthService, accountState, type IssuedSession } from './auth.service.js';
import { signFlowState, verifyFlowState } from './flow-state.js';
import { CODE_TTL_MS, checkCode, codeRefusalMessage, consumeCode, issueCode } from './verification-codes.js';

/** Reset-code e-mails one address receives in a code's lifetime, whoever asks for them. */
const CODE_MAILS_PER_WINDOW = 5;

/** Sets a new password and signs the user out everywhere, as every password change does. */
export async function replacePassword(db: Db, userId: string, password: string): Promise<void> {
  await repo.setPassword(db, userId, await hashPassword(password));
  await repo.revokeUserSessions(db, userId);
}

export function createPasswordFlows(ctx: AppContext, auth: AuthService) {
  const { db, tokenKey } = ctx;
  // Anyone can start these flows for any e-mail, so nothing one client does may stop another's: requests
  // and code checks are counted per e-mail and client address (as failed sign-ins are, sign-in-lockout.ts),
  // and the route limit counts each address across e-mails. What protects an inbox from a flood is a
  // cap on the code e-mails one person receives: past it a request is answered as usual but sends nothing
  // and voids nothing, and the newest code already sent still works.
  const perPair = codeFlowLimiter(db, 'password-flow', ctx.config.auth.rateLimitMax);
  const codeMails = new AttemptLimiter(db, 'reset-mail', CODE_MAILS_PER_WINDOW, CODE_TTL_MS);
  const stepExpired = () => new AppError('UNPROCESSABLE', MSG.extra.stepExpired);

  async function limit(email: string, address: string) {
    if (!(await perPair.take(`${email}|${normalizeIP(address, 64)}`)))
      throw new AppError('TOO_MANY_REQUESTS', MSG.extra.tooManyAttempts);
  }

  return {
    /** `address`: the client's, as the server trusts it. */
    async requestReset({
      input,
      address,
    }: {
      input: Valid<typeof ZForgotPasswordRequest>;
      address: string;
    }): Promise<FlowStepResponse> {
      const { email, role } = input;
      await limit(email, address);
      const user = await repo.findUserByEmail(db, email);
      if (!user) {
        throw new AppError('UNPROCESSABLE', MSG.auth.emailNotRegistered, {
          email: MSG.auth.emailNotRegistered,
        });
      }
      if (user.role !== role || accountState(user) !== 'active') {
        throw new AppError('NOT_FOUND', MSG.auth.userNotFound, { email: MSG.auth.userNotFound });
      }
      if (await codeMails.take(user.email)) {
        const issued = await issueCode(ctx, { userId: user.id, purpose: 'reset' });
        await queueMail(
          ctx.queue,
          issued.mail((code) => resetCodeMail({ to: user.email, code })),
        );
      }
      const state = await signFlowState(tokenKey, {
        email: user.email,
        role,
        step: 'code',
        purpose: 'reset',
      });
      return { message: MSG.auth.verificationCodeSent, state };
    },

    async validateCode({
      input,
      address,
    }: {
      input: Valid<typeof ZValidateCodeRequest>;
      address: string;
    }): Promise<FlowStepResponse> {
      const { email, role, code, state } = input;
      await limit(email, address);
      const flow = await verifyFlowState(tokenKey, state);
      if (
        flow?.step !== 'code' ||
        flow.email !== email ||
        flow.role !== role ||
        flow.purpose === 'change-password' ||
        flow.purpose === 'sign-in'
      ) {
        throw stepExpired();
      }
      const refused = (message: string) => new AppError('UNPROCESSABLE', message, { code: message });
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.role !== role) throw refused(MSG.auth.confirmationCodeNotFound);
      const result = await checkCode(db, {
        userId: user.id,
        purpose: flow.purpose,
        code,
        triedFrom: address,
      });
      if (!result.ok) throw refused(codeRefusalMessage(result.why, MSG.auth.confirmationCodeNotFound));
      const next = await signFlowState(tokenKey, { ...flow, step: 'password', codeId: result.id });
      return { message: MSG.auth.validationCodeSuccess, state: next };
    },

    /** Sets the password and signs in ('Remember me' on: the person has just proved the address). */
    async setNewPassword({ input }: { input: Valid<typeof ZSetPasswordRequest> }): Promise<IssuedSession> {
      const { email, role, password, state } = input;
      const flow = await verifyFlowState(tokenKey, state);
      if (flow?.step !== 'password' || flow.email !== email || flow.role !== role || !flow.codeId) {
        throw stepExpired();
      }
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.role !== role) throw stepExpired();
      if (!(await consumeCode(db, flow.codeId))) throw stepExpired();
      await replacePassword(db, user.id, password);
      const session = await auth.startSession(user.id, true);
      return { ...session, message: MSG.auth.changePasswordSuccess };
    },
  };
}
