// A professional's second factors: authenticator apps enrolled with a confirming code and passkeys
// with a verified answer of the browser, listed, removed after the password; recovery codes made with
// the first factor and on request; the administrator's reset of another account's; and the checks of
// a sign-in's second step. Every change is e-mailed to the account.
import { randomUUID } from 'node:crypto';
import {
  joinName,
  type MessageResponse,
  MSG,
  type PasskeyAuthenticationResponse,
  type PasskeyOptionsResponse,
  type PasskeyStartResponse,
  type RecoveryCodesResponse,
  SECOND_FACTOR_KINDS,
  type SecondFactor,
  type SecondFactorAddedResponse,
  type SecondFactorKind,
  type SecondFactorsResponse,
  type TotpStartResponse,
  type ZPasskeyConfirmRequest,
  type ZPasswordAgainRequest,
  ZTotpCode,
  type ZTotpConfirmRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { recordAudit } from '../../db/audit.js';
import { AppError, assertAdmin, isUuid, notFound } from '../../lib/app-error.js';
import { codeFlowLimiter } from '../../lib/attempt-limiter.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { Valid } from '../../lib/route.js';
import { queueMail } from '../mail/mail.service.js';
import { type SecondFactorChange, secondFactorChangedMail } from '../mail/templates.js';
import { keepsLastRequiredFactor } from './admin-policy.service.js';
import {
  authenticationOptions,
  PASSKEY_CHALLENGE_TTL_MS,
  registrationOptions,
  relyingParty,
  verifiedAssertion,
  verifiedRegistration,
} from './passkeys.js';
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

  async function checkPassword(actor: Actor, input: Valid<typeof ZPasswordAgainRequest>): Promise<void> {
    const { password } = input;
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

  /**
   * A factor becomes active through `store` (given the hashes of a new set of recovery codes, which
   * it keeps when the account has none): the account is told, and the answer carries those codes
   * only when they were kept.
   */
  async function finishEnrolment(
    actor: Actor,
    factor: { name: string; kind: SecondFactorKind },
    store: (recoveryCodeHashes: string[]) => Promise<repo.EnrolledFactor | null>,
  ): Promise<SecondFactorAddedResponse> {
    const codes = newRecoveryCodes();
    const enrolled = await store(codes.map(recoveryCodeHash));
    if (!enrolled) throw new AppError('UNPROCESSABLE', MSG.secondFactor.enrolmentExpired);
    await tell(actor, { kind: 'enrolled', factorName: factor.name, factorKind: factor.kind });
    return {
      message: factor.kind === 'passkey' ? MSG.secondFactor.passkeyEnrolled : MSG.secondFactor.enrolled,
      factor: toFactor(enrolled.factor),
      recoveryCodes: enrolled.recoveryCodesStored ? codes : null,
    };
  }

  const rp = relyingParty(ctx);
  /** A challenge for the account's ceremony, stored for the answer (whichever process it reaches). */
  async function keepChallenge(userId: string, purpose: repo.ChallengePurpose, challenge: string) {
    const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS);
    return repo.insertChallenge(db, { userId, purpose, challenge, expiresAt });
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
      input: Valid<typeof ZTotpConfirmRequest>;
    }): Promise<SecondFactorAddedResponse> {
      const { factorId, code, name } = input;
      const expired = new AppError('UNPROCESSABLE', MSG.secondFactor.enrolmentExpired);
      const pending = await repo.findPendingTotp(db, actor.userId, factorId);
      if (!pending || Date.now() - pending.createdAt.getTime() > ENROLMENT_TTL_MS) throw expired;
      const secret = decryptSecret(await secretKey, pending.secretEncrypted, actor.userId);
      const step = await matchTotpStep(secret, code, { nowMs: Date.now(), afterStep: null });
      if (step === null)
        throw new AppError('UNPROCESSABLE', MSG.secondFactor.codeWrong, { code: MSG.secondFactor.codeWrong });
      return finishEnrolment(actor, { name, kind: 'totp' }, (recoveryCodeHashes) =>
        repo.confirmTotp(db, { userId: actor.userId, id: factorId, name, step, recoveryCodeHashes }),
      );
    },

    /** A passkey's registration options, its challenge kept for the answer. */
    async startPasskey({ actor }: { actor: Actor }): Promise<PasskeyStartResponse> {
      const options = await registrationOptions(
        rp,
        { id: actor.userId, email: actor.email, name: actor.name },
        await repo.findPasskeys(db, actor.userId),
      );
      const challengeId = await keepChallenge(actor.userId, 'register', options.challenge);
      return { challengeId, options };
    },

    /** The browser's answer to the challenge proves a new passkey: it is active at once. */
    async confirmPasskey({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZPasskeyConfirmRequest>;
    }): Promise<SecondFactorAddedResponse> {
      const { challengeId, name, response } = input;
      const challenge = await repo.takeChallenge(db, {
        id: challengeId,
        userId: actor.userId,
        purpose: 'register',
      });
      if (challenge === null) throw new AppError('UNPROCESSABLE', MSG.secondFactor.enrolmentExpired);
      const passkey = await verifiedRegistration(rp, response, challenge);
      if (!passkey) throw new AppError('UNPROCESSABLE', MSG.secondFactor.passkeyWrong);
      const exists = new AppError('CONFLICT', MSG.secondFactor.passkeyExists);
      return finishEnrolment(actor, { name, kind: 'passkey' }, async (recoveryCodeHashes) => {
        const stored = await repo.insertPasskey(db, {
          userId: actor.userId,
          name,
          passkey,
          recoveryCodeHashes,
        });
        if (!stored) throw exists;
        return stored;
      });
    },

    /** After the password: the factor goes, and every other session of the account ends. */
    async removeFactor({
      actor,
      input,
    }: {
      actor: Actor;
      input: { id: string; body: Valid<typeof ZPasswordAgainRequest> };
    }): Promise<MessageResponse> {
      await checkPassword(actor, input.body);
      if (await keepsLastRequiredFactor(db, actor))
        throw new AppError('CONFLICT', MSG.secondFactor.lastFactorRequired);
      const removed = isUuid(input.id) ? await repo.deleteFactor(db, actor.userId, input.id) : null;
      if (removed === null) throw new AppError('NOT_FOUND', MSG.secondFactor.notFound);
      await repo.revokeOtherSessions(db, actor.userId, actor.sessionId);
      await tell(actor, { kind: 'removed', factorName: removed.name, factorKind: removed.kind });
      return {
        message: removed.kind === 'passkey' ? MSG.secondFactor.passkeyRemoved : MSG.secondFactor.removed,
      };
    },

    /** After the password: a new set of recovery codes, the old set void. Only beside an active factor. */
    async replaceRecoveryCodes({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZPasswordAgainRequest>;
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

    /** The kinds of the account's active factors; none when it signs in with its password alone. */
    async factorKinds(userId: string): Promise<SecondFactorKind[]> {
      const kinds = await repo.findActiveKinds(db, userId);
      return SECOND_FACTOR_KINDS.filter((kind) => kinds.includes(kind));
    },

    /**
     * The passkey options of a sign-in's second step: the account's passkeys and a challenge, kept
     * only when `usable` (the password was right). Otherwise the same answer with a challenge nothing
     * takes, so that it tells nothing about the password.
     */
    async passkeySignInOptions(userId: string | null, usable: boolean): Promise<PasskeyOptionsResponse> {
      const passkeys = userId === null ? [] : await repo.findPasskeys(db, userId);
      const options = await authenticationOptions(rp, passkeys);
      const challengeId =
        usable && userId !== null ? await keepChallenge(userId, 'sign-in', options.challenge) : randomUUID();
      return { challengeId, options };
    },

    /**
     * A sign-in's passkey step: the answer signs the account's own challenge (taken once) with one of
     * its passkeys, whose counter moves forward. Its use is recorded.
     */
    async checkPasskeySignIn(
      userId: string,
      input: { challengeId: string; response: PasskeyAuthenticationResponse },
    ): Promise<boolean> {
      const challenge = await repo.takeChallenge(db, { id: input.challengeId, userId, purpose: 'sign-in' });
      if (challenge === null) return false;
      const passkey = (await repo.findPasskeys(db, userId)).find(
        (candidate) => candidate.credentialId === input.response.id,
      );
      if (!passkey) return false;
      const newCounter = await verifiedAssertion(rp, input.response, challenge, passkey);
      if (newCounter === null) return false;
      return repo.takePasskeyUse(db, { id: passkey.id, counter: passkey.counter, newCounter });
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
