// Account settings of the signed-in person: names, organisation name, a confirmed e-mail change, and
// the password change by e-mailed code (spec: 'Account screens').
import {
  type FlowStepResponse,
  type MessageResponse,
  MSG,
  splitName,
  type UpdateMeResponse,
  type ZChangePasswordRequest,
  type ZCodeRequest,
  type ZUpdateMeRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { emailInUse } from '../../db/email-in-use.js';
import { AppError } from '../../lib/app-error.js';
import { codeFlowLimiter } from '../../lib/attempt-limiter.js';
import type { Valid } from '../../lib/route.js';
import { signFlowState, verifyFlowState } from '../auth/flow-state.js';
import { replacePassword } from '../auth/password-flows.service.js';
import { checkCode, codeRefusalMessage, consumeCode, issueCode } from '../auth/verification-codes.js';
import { queueMail } from '../mail/mail.service.js';
import { changePasswordCodeMail, emailChangeCodeMail } from '../mail/templates.js';
import * as repo from './account.repository.js';

export function createAccountService(ctx: AppContext) {
  const { db, tokenKey } = ctx;
  const perUser = codeFlowLimiter(db, 'account-code', ctx.config.auth.rateLimitMax);
  const limit = async (actor: Actor) => {
    if (!(await perUser.take(actor.userId)))
      throw new AppError('TOO_MANY_REQUESTS', MSG.extra.tooManyAttempts);
  };

  return {
    async updateMe({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZUpdateMeRequest>;
    }): Promise<UpdateMeResponse> {
      const { name, email, entityName } = input;
      const { firstName, lastName } = splitName(name);
      await repo.updateNames(db, actor.userId, firstName, lastName);
      if (actor.role === 'entity' && actor.entityId && entityName) {
        await repo.updateEntityName(db, actor.entityId, entityName);
      }
      if (email === actor.email.toLowerCase())
        return { message: MSG.account.changesSaved, emailChangePending: false };
      // A new address takes effect only once its owner confirms it with the code sent there.
      if (await emailInUse(db, email)) {
        throw new AppError('CONFLICT', MSG.account.unableToUpdateEmail, {
          email: MSG.account.unableToUpdateEmail,
        });
      }
      await limit(actor);
      const issued = await issueCode(ctx, { userId: actor.userId, purpose: 'email-change', target: email });
      await queueMail(
        ctx.queue,
        issued.mail((code) => emailChangeCodeMail({ to: email, code })),
      );
      return { message: MSG.account.emailChangedTitle, emailChangePending: true };
    },

    async confirmEmail({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZCodeRequest>;
    }): Promise<MessageResponse> {
      const { code } = input;
      await limit(actor);
      const result = await checkCode(db, { userId: actor.userId, purpose: 'email-change', code });
      if (!result.ok || !result.target || !(await consumeCode(db, result.id))) {
        const message = result.ok
          ? MSG.auth.confirmationCodeNotFound
          : codeRefusalMessage(result.why, MSG.auth.confirmationCodeNotFound);
        throw new AppError('UNPROCESSABLE', message, { code: message });
      }
      if (await emailInUse(db, result.target)) {
        throw new AppError('CONFLICT', MSG.account.unableToUpdateEmail);
      }
      await repo.updateEmail(db, {
        userId: actor.userId,
        entityId: actor.entityId,
        from: actor.email,
        to: result.target,
      });
      return { message: MSG.account.changesSaved };
    },

    async sendPasswordCode({ actor }: { actor: Actor }): Promise<MessageResponse> {
      await limit(actor);
      const issued = await issueCode(ctx, { userId: actor.userId, purpose: 'change-password' });
      await queueMail(
        ctx.queue,
        issued.mail((code) => changePasswordCodeMail({ to: actor.email, code })),
      );
      return { message: MSG.account.verificationCodeSent };
    },

    async verifyPasswordCode({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZCodeRequest>;
    }): Promise<FlowStepResponse> {
      const { code } = input;
      await limit(actor);
      const result = await checkCode(db, { userId: actor.userId, purpose: 'change-password', code });
      if (!result.ok) {
        const message = codeRefusalMessage(result.why, MSG.account.codeCheckFailed);
        throw new AppError('UNPROCESSABLE', message, { code: message });
      }
      const state = await signFlowState(tokenKey, {
        email: actor.email,
        role: actor.role,
        step: 'password',
        purpose: 'change-password',
        codeId: result.id,
      });
      return { message: MSG.account.stepOkay, state };
    },

    /** Sets the new password and ends every session of the account, this one included. */
    async changePassword({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZChangePasswordRequest>;
    }): Promise<MessageResponse> {
      const { state, password } = input;
      const flow = await verifyFlowState(tokenKey, state);
      const failed = new AppError('UNPROCESSABLE', MSG.account.passwordChangeFailed);
      if (flow?.purpose !== 'change-password' || flow.step !== 'password' || !flow.codeId) throw failed;
      if (flow.email !== actor.email || flow.role !== actor.role) throw failed;
      if (!(await consumeCode(db, flow.codeId))) throw failed;
      await replacePassword(db, actor.userId, password);
      return { message: MSG.account.passwordChanged };
    },
  };
}
