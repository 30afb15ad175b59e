// A professional's second factors: authenticator apps enrolled with a confirming code, listed, removed
// after the password; recovery codes made with the first factor and on request; the administrator's
// reset of another account's; and the code check of a sign-in's second step. Every change is e-mailed
// to the account.
import {
  joinName,
  type MessageResponse,
  MSG,
  type PasswordAgainRequest,
  type RecoveryCodesResponse,
  type SecondFactor,
  type SecondFactorsResponse,
  type TotpConfirmRequest,
  type TotpConfirmResponse,
  type TotpStartResponse,
  ZPasswordAgainRequest,
  ZTotpCode,
  ZTotpConfirmRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { recordAudit } from '../../db/audit.js';
import { AppError, assertAdmin, isUuid, notFound } from '../../lib/app-error.js';
import { codeFlowLimiter } from '../../lib/attempt-limiter.js';
import { verifyPassword } from '../../lib/passwords.js';
import { queueMail } from '../mail/mail.service.js';
import { type SecondFactorChange, secondFactorChangedMail } from '../mail/templates.js';
import { keepsLastRequiredFactor } from './admin-policy.service.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import * as repo from './second-factors.repository.js';
import { decryptSecret, deriveSecretKey, encryptSecret, matchTotpStep, newTotpSecret } from './totp.js';

/** An enrolment not confirmed within this time is void: its QR code may have been seen. */
const ENROLMENT_TTL_MS = 15 * 60 * 1000;

function toFactor(row: repo.FactorRow): SecondFactor {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function createSecondFactorsService(ctx: AppContext) {
  const { db } = ctx;
  const secretKey = deriveSecretKey(ctx.tokenKey);
  // Password checks of the signed-in account (removal, new recovery codes): a stolen session cannot
  // guess its way to the password here.
  const passwordChecks = codeFlowLimiter(db, 'second-factor-password', ctx.config.auth.rateLimitMax);

  async function tell(user: { email: string; name: string }, change: SecondFactorChange) {
    await queueMail(ctx.queue, secondFactorChangedMail({ to: user.email, name: user.name, change }));
  }

  async function checkPassword(actor: Actor, input: PasswordAgainRequest): Promise<void> {
    const { password } = ZPasswordAgainRequest.parse(input);
    if (!(await passwordChecks.take(actor.userId)))
      throw new AppError('TOO_MANY_REQUESTS', MSG.extra.tooManyAttempts);
    const user = await repo.findAccount(db, actor.userId);
    if (!(await verifyPassword(user?.passwordHash ?? null, password)))
      throw new AppError('UNPROCESSABLE', MSG.secondFactor.passwordWrong, {
        password: MSG.secondFactor.passwordWrong,
      });
  }

  /**
   * A factor's secret, or null when it no longer opens (the token key was replaced): that factor signs
   * nothing in, the account's recovery codes and an administrator's reset still do.
   */
  function openSecret(key: Buffer, factor: { id: string; secretEncrypted: string }, userId: string) {
    try {
      return decryptSecret(key, factor.secretEncrypted, userId);
    } catch {
      ctx.logger.warn({ factor: factor.id }, 'second factor secret does not open under the token key');
      return null;
    }
  }

  async function storeNewRecoveryCodes(userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(db, userId, codes.map(recoveryCodeHash));
    return codes;
  }

  return {
    async listFactors({ actor }: { actor: Actor }): Promise<SecondFactorsResponse> {
      const [factors, recoveryCodesLeft] = await Promise.all([
        repo.findActiveFactors(db, actor.userId),
        repo.countUnusedRecoveryCodes(db, actor.userId),
      ]);
      return { factors: factors.map(toFactor), recoveryCodesLeft };
    },

    /** A new secret, stored sealed and inactive until a code of it confirms the enrolment. */
    async startTotp({ actor }: { actor: Actor }): Promise<TotpStartResponse> {
      const { secret, uri } = newTotpSecret(actor.email);
      const factorId = await repo.insertPendingTotp(
        db,
        actor.userId,
        encryptSecret(await secretKey, secret, actor.userId),
      );
      return { factorId, secret, uri };
    },

    /** The app shows the right code: the factor is active, and the first one brings recovery codes. */
    async confirmTotp({
      actor,
      input,
    }: {
      actor: Actor;
      input: TotpConfirmRequest;
    }): Promise<TotpConfirmResponse> {
      const { factorId, code, name } = ZTotpConfirmRequest.parse(input);
      const expired = new AppError('UNPROCESSABLE', MSG.secondFactor.enrolmentExpired);
      const pending = await repo.findPendingTotp(db, actor.userId, factorId);
      if (!pending || Date.now() - pending.createdAt.getTime() > ENROLMENT_TTL_MS) throw expired;
      const secret = decryptSecret(await secretKey, pending.secretEncrypted, actor.userId);
      const step = await matchTotpStep(secret, code, { nowMs: Date.now(), afterStep: null });
      if (step === null)
        throw new AppError('UNPROCESSABLE', MSG.secondFactor.codeWrong, { code: MSG.secondFactor.codeWrong });
      const codes = newRecoveryCodes();
      const confirmed = await repo.confirmTotp(db, {
        userId: actor.userId,
        id: factorId,
        name,
        step,
        recoveryCodeHashes: codes.map(recoveryCodeHash),
      });
      if (!confirmed) throw expired;
      await tell(actor, { kind: 'enrolled', factorName: name });
      return {
        message: MSG.secondFactor.enrolled,
        factor: toFactor(confirmed.factor),
        recoveryCodes: confirmed.recoveryCodesStored ? codes : null,
      };
    },

    /** After the password: the factor goes, and every other session of the account ends. */
    async removeFactor({
      actor,
      input,
    }: {
      actor: Actor;
      input: { id: string; body: PasswordAgainRequest };
    }): Promise<MessageResponse> {
      await checkPassword(actor, input.body);
      if (await keepsLastRequiredFactor(db, actor))
        throw new AppError('CONFLICT', MSG.secondFactor.lastFactorRequired);
      const removedName = isUuid(input.id) ? await repo.deleteFactor(db, actor.userId, input.id) : null;
      if (removedName === null) throw new AppError('NOT_FOUND', MSG.secondFactor.notFound);
      await repo.revokeOtherSessions(db, actor.userId, actor.sessionId);
      await tell(actor, { kind: 'removed', factorName: removedName });
      return { message: MSG.secondFactor.removed };
    },

    /** After the password: a new set of recovery codes, the old set void. Only beside an active factor. */
    async replaceRecoveryCodes({
      actor,
      input,
    }: {
      actor: Actor;
      input: PasswordAgainRequest;
    }): Promise<RecoveryCodesResponse> {
      await checkPassword(actor, input);
      if (!(await repo.hasActiveFactor(db, actor.userId)))
        throw new AppError('CONFLICT', MSG.secondFactor.noFactor);
      const recoveryCodes = await storeNewRecoveryCodes(actor.userId);
      await tell(actor, { kind: 'recovery-codes-replaced' });
      return { message: MSG.secondFactor.recoveryCodesReplaced, recoveryCodes };
    },

    /**
     * The administrator removes another account's factors and recovery codes (a lost phone), recorded
     * in the platform activity. Never their own: that would skip the password their own removal asks.
     */
    async resetFactors({ actor, input }: { actor: Actor; input: { id: string } }): Promise<MessageResponse> {
      assertAdmin(actor);
      if (input.id === actor.userId) throw new AppError('CONFLICT', MSG.secondFactor.cannotResetOwn);
      const user = isUuid(input.id) ? await repo.findAccount(db, input.id) : null;
      if (!user) throw notFound();
      const name = joinName(user.firstName, user.lastName);
      await db.transaction(async (tx) => {
        await repo.deleteAllFactors(tx, user.id);
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'account.second_factor_reset',
          entityId: user.entityId,
          targetId: user.id,
          subject: MSG.activity.actor(name, user.email),
        });
      });
      await tell({ email: user.email, name }, { kind: 'reset' });
      return { message: MSG.secondFactor.reset };
    },

    async hasFactor(userId: string): Promise<boolean> {
      return repo.hasActiveFactor(db, userId);
    },

    /**
     * A sign-in's second step: the current code of one of the account's apps, not used before, or an
     * unused recovery code (then used up, and the account told how many are left).
     */
    async checkSignIn(user: { id: string; email: string; name: string }, typed: string): Promise<boolean> {
      const totp = ZTotpCode.safeParse(typed);
      if (totp.success) {
        const key = await secretKey;
        for (const factor of await repo.findActiveTotpSecrets(db, user.id)) {
          const secret = openSecret(key, factor, user.id);
          if (secret === null) continue;
          const step = await matchTotpStep(secret, totp.data, {
            nowMs: Date.now(),
            afterStep: factor.lastUsedStep,
          });
          if (step !== null && (await repo.takeTotpStep(db, factor.id, step))) return true;
        }
        return false;
      }
      if (!(await repo.takeRecoveryCode(db, user.id, recoveryCodeHash(typed)))) return false;
      await tell(user, {
        kind: 'recovery-code-used',
        left: await repo.countUnusedRecoveryCodes(db, user.id),
      });
      return true;
    },
  };
}
