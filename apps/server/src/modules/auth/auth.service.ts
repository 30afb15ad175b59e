// Sign-in and sessions: password check, access tokens, refresh-token rotation with reuse detection.
import { randomBytes, randomUUID, timingSafeEqual, webcrypto } from 'node:crypto';
import {
  MSG,
  type PasskeyOptionsResponse,
  type SecondFactorKind,
  type SessionResponse,
  type SessionUser,
  type SignInStepMethod,
  secondFactorNeeded,
  type ZLoginCodeRequest,
  type ZLoginPasskeyOptionsRequest,
  type ZLoginPasskeyRequest,
  type ZLoginRequest,
  type ZLoginSecondFactorRequest,
} from '@bridge-talk/contract';
import { normalizeIP } from '@fastify/rate-limit';
import type { Actor, AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { codeFlowLimiter } from '../../lib/attempt-limiter.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { Valid } from '../../lib/route.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { SessionEnd } from '../../plugins/authenticate.js';
import { sharedLookup } from '../../speed-ups/lookup-by-ids.js';
import { queueMail } from '../mail/mail.service.js';
import { signInCodeMail } from '../mail/templates.js';
import { mustAddSecondFactor } from '../second-factors/admin-policy.service.js';
import { createSecondFactorsService } from '../second-factors/second-factors.service.js';
import { signAccessToken, verifyAccessToken, verifyMediaToken } from './access-token.js';
import { startActivation } from './activation.js';
import * as repo from './auth.repository.js';
import { signFlowState, verifyFlowState } from './flow-state.js';
import { createSignInLockout } from './sign-in-lockout.js';
import { checkCode, codeRefusalMessage, consumeCode, issueCode } from './verification-codes.js';

/** A browser-session cookie still needs an end on the server: a day of inactivity. */
const SESSION_COOKIE_IDLE_MS = 24 * 60 * 60 * 1000;
/** Two tabs refreshing with the same cookie at once is not an attack. */
const ROTATION_GRACE_MS = 10_000;

export interface IssuedSession extends SessionResponse {
  refreshToken: string;
  persistent: boolean;
  refreshExpiresAt: Date;
}

type UserRecord = NonNullable<repo.UserRecord>;

function toSessionUser(user: UserRecord): SessionUser {
  return {
    _id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    role: user.role,
    subtype: user.subtype,
    entityName: user.entityName ?? null,
    coupon: user.coupon ?? null,
  };
}

/** An account may sign in when it and (for entity staff) its entity are active. */
export function accountState(user: UserRecord): 'active' | 'inactive' {
  if (user.status !== 'active') return 'inactive';
  if (user.role === 'entity' && user.entityStatus !== 'active') return 'inactive';
  return 'active';
}

/** An account that was in use and has been disabled (its own or its entity's), not one never activated. */
function isDisabled(user: UserRecord): boolean {
  const disabled = (status: string | null) => status === 'inactive' || status === 'disabled';
  return disabled(user.status) || (user.role === 'entity' && disabled(user.entityStatus));
}

/** Why an account that is not active is refused: disabled, or not activated yet (the spec's text). */
function notActive(user: UserRecord): AppError {
  return new AppError('FORBIDDEN', isDisabled(user) ? MSG.extra.accountDisabled : MSG.auth.notYetActivated);
}

/** Why a session ended on the server, as the next answer says it: removed, disabled, or expired. */
export function createAuthService(ctx: AppContext) {
  const { db, config, tokenKey } = ctx;
  // Failed sign-ins block the pair (account, address) and slow the account's failing addresses down,
  // never the owner's own (sign-in-lockout.ts).
  const lockout = createSignInLockout(db, {
    max: config.auth.rateLimitMax,
    windowMs: config.auth.rateLimitWindowSeconds * 1000,
  });

  // Every authenticated request reads its session: requests that arrive while two such reads are
  // under way share the next one (speed-ups/lookup-by-ids.ts): one statement for many of them.
  const sessionActor = sharedLookup((pairs) => repo.findSessionActors(db, pairs));

  /** The account of a session that still stands, as the caller of a request; else null. */
  async function actorOfSession(claims: {
    sid: string;
    sub: string;
    addFactor?: true;
  }): Promise<Actor | null> {
    const row = await sessionActor(claims.sid, claims.sub);
    if (!row || row.sessionRevokedAt || accountState(row) !== 'active') return null;
    // Field by field: an object rest or spread takes V8's slow path, and this runs on every signed-in
    // request (the types make a field the account gains show up here).
    const user = toSessionUser(row);
    return {
      userId: user._id,
      name: user.name,
      email: user.email,
      role: user.role,
      subtype: user.subtype,
      entityName: user.entityName,
      coupon: user.coupon,
      mustAddSecondFactor: claims.addFactor,
      sessionId: claims.sid,
      entityId: row.entityId,
    };
  }

  async function issue(user: UserRecord, sessionId: string, persistent: boolean): Promise<IssuedSession> {
    const refreshToken = randomToken();
    const ttl = persistent ? config.auth.refreshTokenTtlDays * 86_400_000 : SESSION_COOKIE_IDLE_MS;
    const refreshExpiresAt = new Date(Date.now() + ttl);
    await repo.insertRefreshToken(db, sessionId, sha256(refreshToken), refreshExpiresAt);
    const sessionUser = toSessionUser(user);
    // Decided at each token: adding a factor and refreshing lifts it, a policy switched on reaches
    // the admin's next token.
    const addFactor = await mustAddSecondFactor(db, user);
    if (addFactor) sessionUser.mustAddSecondFactor = true;
    const accessToken = await signAccessToken(
      tokenKey,
      {
        sub: user.id,
        sid: sessionId,
        role: user.role,
        name: sessionUser.name,
        email: user.email,
        ...(addFactor ? { addFactor } : {}),
      },
      config.auth.accessTokenTtlSeconds,
    );
    return {
      accessToken,
      expiresIn: config.auth.accessTokenTtlSeconds,
      user: sessionUser,
      message: MSG.auth.loginSuccess,
      refreshToken,
      persistent,
      refreshExpiresAt,
    };
  }

  /** E-mails a sign-in code to the account; its code row's id. */
  async function mailSignInCode(user: UserRecord): Promise<string> {
    const issued = await issueCode(ctx, { userId: user.id, purpose: 'sign-in' });
    await queueMail(
      ctx.queue,
      issued.mail((code) => signInCodeMail({ to: user.email, code })),
    );
    return issued.id;
  }

  // The second step's code checks, counted per e-mail and client address like every code flow's.
  const codeChecks = codeFlowLimiter(db, 'sign-in-code', config.auth.rateLimitMax);
  const factors = createSecondFactorsService(ctx);

  /**
   * The `codeId` of a second-factor state: a nonce and its MAC under the token key when the password
   * was right, a nonce and random bytes when it was not (a state is readable, not secret): both look
   * alike, and only the first lets a right code in.
   */
  async function passwordProof(email: string, nonce: string): Promise<Buffer> {
    const mac = await webcrypto.subtle.sign(
      'HMAC',
      tokenKey,
      new TextEncoder().encode(`totp-step|${email}|${nonce}`),
    );
    return Buffer.from(mac).subarray(0, 16);
  }
  async function factorCodeId(email: string, passwordWasRight: boolean): Promise<string> {
    const nonce = randomBytes(16).toString('base64url');
    const proof = passwordWasRight ? await passwordProof(email, nonce) : randomBytes(16);
    return `${nonce}.${proof.toString('base64url')}`;
  }
  async function provesPassword(email: string, codeId: string | undefined): Promise<boolean> {
    const [nonce, proof] = (codeId ?? '').split('.');
    if (!nonce || !proof) return false;
    const expected = await passwordProof(email, nonce);
    const given = Buffer.from(proof, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * The 428 of an account with second factors of these kinds: its state carries 'Remember me' to the
   * second step, and the answer names the kinds so that the browser offers the passkey, the code, or
   * both.
   */
  async function factorStepRequired(
    user: { email: string; role: 'admin' | 'entity' },
    kinds: SecondFactorKind[],
    rememberMe: boolean,
    passwordWasRight: boolean,
  ): Promise<AppError> {
    const state = await signFlowState(tokenKey, {
      email: user.email,
      role: user.role,
      step: 'code',
      purpose: 'sign-in',
      method: 'second-factor',
      codeId: await factorCodeId(user.email, passwordWasRight),
      rememberMe,
    });
    return new AppError('SECOND_STEP_REQUIRED', secondFactorNeeded(kinds), undefined, {
      state,
      method: 'second-factor',
      kinds,
    });
  }

  /**
   * A second-factor step's account: the state of its own sign-in, whose password was right, for this
   * e-mail and role; else `wrong`.
   */
  async function secondFactorAccount(
    step: { email: string; role: string; state: string; address: string },
    wrong: AppError,
  ) {
    const flow = await secondStepFlow(step, 'second-factor');
    if (!(await provesPassword(step.email, flow.codeId))) throw wrong;
    const user = await repo.findUserByEmail(db, step.email);
    if (!user || user.role !== step.role) throw wrong;
    return { flow, user };
  }

  /** The second factor was right: the session starts, with the sign-in's 'Remember me'. */
  async function finishSecondFactor(
    { flow, user }: Awaited<ReturnType<typeof secondFactorAccount>>,
    attempt: { email: string; address: string },
  ): Promise<IssuedSession> {
    if (accountState(user) !== 'active') throw notActive(user);
    await lockout.signedIn(attempt);
    const persistent = flow.rememberMe ?? true;
    const sessionId = await repo.createSession(db, user.id, persistent);
    return issue(user, sessionId, persistent);
  }

  /**
   * The sign-in a second step continues: its state, for this e-mail, role and method (a state of one
   * method never opens another's step). Each try is counted per e-mail and client address.
   */
  async function secondStepFlow(
    step: { email: string; role: string; state: string; address: string },
    method: SignInStepMethod,
  ) {
    if (!(await codeChecks.take(`${step.email}|${normalizeIP(step.address, 64)}`)))
      throw new AppError('TOO_MANY_REQUESTS', MSG.extra.tooManyAttempts);
    const flow = await verifyFlowState(tokenKey, step.state);
    if (
      flow?.purpose !== 'sign-in' ||
      flow.step !== 'code' ||
      (flow.method ?? 'email-code') !== method ||
      flow.email !== step.email ||
      flow.role !== step.role
    )
      throw new AppError('UNPROCESSABLE', MSG.extra.stepExpired);
    return flow;
  }

  return {
    /**
     * The second step of a sign-in that needed an e-mailed code: the code of the state's own sign-in
     * (so only after the right password), once.
     */
    async loginWithCode({
      input,
      address,
    }: {
      input: Valid<typeof ZLoginCodeRequest>;
      address: string;
    }): Promise<IssuedSession> {
      const { email, role, code, state } = input;
      const flow = await secondStepFlow({ email, role, state, address }, 'email-code');
      const refused = (message: string) => new AppError('UNPROCESSABLE', message, { code: message });
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.role !== role) throw refused(MSG.auth.confirmationCodeNotFound);
      const result = await checkCode(db, { userId: user.id, purpose: 'sign-in', code, triedFrom: address });
      if (!result.ok) throw refused(codeRefusalMessage(result.why, MSG.auth.confirmationCodeNotFound));
      if (result.id !== flow.codeId || !(await consumeCode(db, result.id)))
        throw refused(MSG.auth.confirmationCodeNotFound);
      if (accountState(user) !== 'active') throw notActive(user);
      const persistent = flow.rememberMe ?? true;
      const sessionId = await repo.createSession(db, user.id, persistent);
      return issue(user, sessionId, persistent);
    },

    /**
     * The second step when login answered 428 with method 'second-factor': a current code of one of
     * the account's apps, never used before, or an unused recovery code, with the state of a sign-in
     * whose password was right.
     */
    async loginWithSecondFactor({
      input,
      address,
    }: {
      input: Valid<typeof ZLoginSecondFactorRequest>;
      address: string;
    }): Promise<IssuedSession> {
      const { email, role, code, state } = input;
      const wrong = new AppError('UNPROCESSABLE', MSG.secondFactor.codeWrong, {
        code: MSG.secondFactor.codeWrong,
      });
      const account = await secondFactorAccount({ email, role, state, address }, wrong);
      const { user } = account;
      if (
        !(await factors.checkSignIn({ id: user.id, email: user.email, name: toSessionUser(user).name }, code))
      )
        throw wrong;
      return finishSecondFactor(account, { email, address });
    },

    /**
     * The passkey options of that step: the account's passkeys and a challenge for them, usable only
     * with the state of a sign-in whose password was right (any other state gets the same answer).
     */
    async loginPasskeyOptions({
      input,
      address,
    }: {
      input: Valid<typeof ZLoginPasskeyOptionsRequest>;
      address: string;
    }): Promise<PasskeyOptionsResponse> {
      const { email, role, state } = input;
      const flow = await secondStepFlow({ email, role, state, address }, 'second-factor');
      const user = await repo.findUserByEmail(db, email);
      const userId = user?.role === role ? user.id : null;
      return factors.passkeySignInOptions(userId, await provesPassword(email, flow.codeId));
    },

    /** The same step with a passkey: its signature of the challenge those options gave. */
    async loginWithPasskey({
      input,
      address,
    }: {
      input: Valid<typeof ZLoginPasskeyRequest>;
      address: string;
    }): Promise<IssuedSession> {
      const { email, role, state, challengeId, response } = input;
      const wrong = new AppError('UNPROCESSABLE', MSG.secondFactor.passkeyWrong);
      const account = await secondFactorAccount({ email, role, state, address }, wrong);
      if (!(await factors.checkPasskeySignIn(account.user.id, { challengeId, response }))) throw wrong;
      return finishSecondFactor(account, { email, address });
    },

    /**
     * Starts a new session for an account that has just proved who it is (password set by code). An
     * account with a second factor is asked for it first (428), as at login: its inbox alone does
     * not sign it in.
     */
    async startSession(userId: string, persistent: boolean): Promise<IssuedSession> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('FORBIDDEN', MSG.auth.notYetActivated);
      if (accountState(user) !== 'active') throw notActive(user);
      const kinds = await factors.factorKinds(user.id);
      if (kinds.length > 0) throw await factorStepRequired(user, kinds, persistent, true);
      const sessionId = await repo.createSession(db, user.id, persistent);
      return issue(user, sessionId, persistent);
    },

    /** `address`: the client's, as the server trusts it (the lock-out counts failures per address). */
    async login({
      input,
      address,
    }: {
      input: Valid<typeof ZLoginRequest>;
      address: string;
    }): Promise<IssuedSession> {
      const { email, password, role, rememberMe } = input;
      const attempt = { email, address };
      // Refused attempts say how long to wait: a person locked out of their account knows when to
      // come back (or to set a new password by e-mailed code, which this does not count).
      const tooMany = (waitMs: number) => {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        return new AppError('TOO_MANY_REQUESTS', MSG.extra.tooManyAttemptsWait(seconds), undefined, {
          retryAfterSeconds: seconds,
        });
      };
      const wait = await lockout.waitMs(attempt);
      if (wait > 0) throw tooMany(wait);
      if (!(await lockout.admit(attempt))) throw tooMany(await lockout.addressWaitMs(attempt));
      const user = await repo.findUserByEmail(db, email);
      const invalid = async () => {
        await lockout.recordFailure(attempt);
        return new AppError('UNAUTHENTICATED', MSG.auth.invalidCredentials, {
          email: MSG.auth.invalidCredentials,
          password: MSG.auth.invalidCredentials,
        });
      };
      if (!user || user.role !== role) {
        await verifyPassword(null, password);
        throw await invalid();
      }
      if (user.passwordHash === null) {
        // An invited account: activate it by e-mailed code, unless the account itself is not active
        // yet (an access request the team has not approved).
        if (accountState(user) !== 'active') throw notActive(user);
        // Each such answer e-mails a code: counted like a failure, so it cannot flood the inbox.
        await lockout.recordFailure(attempt);
        const state = await startActivation(ctx, user);
        throw new AppError('PASSWORD_NOT_SET', MSG.auth.redirectToCreatePassword, undefined, { state });
      }
      const rightPassword = await verifyPassword(user.passwordHash, password);
      const kinds = await factors.factorKinds(user.id);
      if (kinds.length > 0) {
        // Only the right password reaches the factor's step. After many failures a wrong one is
        // answered alike (with a state that lets no code in), as the e-mailed step does.
        const stepUp = await lockout.needsStepUp(email);
        if (!rightPassword && !stepUp) throw await invalid();
        if (!rightPassword) await lockout.recordFailure(attempt);
        const active = accountState(user) === 'active';
        if (rightPassword && !active && !stepUp) throw notActive(user);
        throw await factorStepRequired(user, kinds, rememberMe, rightPassword && active);
      }
      if (await lockout.needsStepUp(email)) {
        // Right or wrong, the same answer: only the account's inbox learns whether the password was
        // right (a code arrives). A wrong one still counts as a failure.
        if (!rightPassword) await lockout.recordFailure(attempt);
        const codeId =
          rightPassword && accountState(user) === 'active' ? await mailSignInCode(user) : randomUUID();
        const state = await signFlowState(tokenKey, {
          email: user.email,
          role,
          step: 'code',
          purpose: 'sign-in',
          codeId,
          rememberMe,
        });
        throw new AppError('SECOND_STEP_REQUIRED', MSG.auth.signInCodeNeeded, undefined, {
          state,
          method: 'email-code',
        });
      }
      if (!rightPassword) throw await invalid();
      if (accountState(user) !== 'active') throw notActive(user);
      const sessionId = await repo.createSession(db, user.id, rememberMe);
      await lockout.signedIn(attempt);
      return issue(user, sessionId, rememberMe);
    },

    /**
     * Exchanges a refresh token for a new pair. A rotated token presented again revokes its session,
     * unless its successor was never used: then once, as an answer the browser never received.
     */
    async refresh({ refreshToken }: { refreshToken: string | undefined }): Promise<IssuedSession> {
      const expired = new AppError('UNAUTHENTICATED', MSG.extra.sessionExpired);
      if (!refreshToken) throw expired;
      const token = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!token || token.expiresAt.getTime() <= Date.now()) throw expired;
      if (token.sessionRevokedAt) {
        // A session the portal ended because the account was disabled says so; any other, expired.
        const user = await repo.findUserById(db, token.userId);
        throw user && isDisabled(user) ? new AppError('UNAUTHENTICATED', MSG.extra.accountDisabled) : expired;
      }
      const rotated = await repo.markRefreshTokenRotated(db, token.id);
      if (!rotated) {
        const rotatedAt = (await repo.findRefreshToken(db, sha256(refreshToken)))?.rotatedAt;
        // Two tabs refreshing at once both present the same token.
        const withinGrace = rotatedAt && Date.now() - rotatedAt.getTime() < ROTATION_GRACE_MS;
        // A lost answer, not a theft: the new token never reached the browser and was never used.
        const lostAnswer = !withinGrace && (await repo.takeLostRotation(db, token));
        if (!withinGrace && !lostAnswer) {
          ctx.logger.warn({ session: token.sessionId }, 'refresh token reused: session revoked');
          await repo.revokeSession(db, token.sessionId);
          throw expired;
        }
      }
      const user = await repo.findUserById(db, token.userId);
      if (!user || accountState(user) !== 'active') {
        await repo.revokeSession(db, token.sessionId);
        throw user && isDisabled(user) ? new AppError('UNAUTHENTICATED', MSG.extra.accountDisabled) : expired;
      }
      return issue(user, token.sessionId, token.persistent);
    },

    async logout({ refreshToken, actor }: { refreshToken: string | undefined; actor: Actor | null }) {
      if (actor) await repo.revokeSession(db, actor.sessionId);
      if (refreshToken) {
        const token = await repo.findRefreshToken(db, sha256(refreshToken));
        if (token) await repo.revokeSession(db, token.sessionId);
      }
    },

    /** The caller of a bearer token, or null when the token, session or account no longer stands. */
    async authenticate(accessToken: string): Promise<Actor | null> {
      const claims = await verifyAccessToken(tokenKey, accessToken);
      return claims ? actorOfSession(claims) : null;
    },

    /**
     * Why a well-signed access token no longer opens its session: its account was removed or disabled,
     * or the session simply ended. Asked only when a request was refused, never on the way of one.
     */
    async whySessionEnded(accessToken: string): Promise<SessionEnd> {
      const claims = await verifyAccessToken(tokenKey, accessToken);
      if (!claims) return 'expired';
      const user = await repo.findUserById(db, claims.sub);
      if (!user) return 'removed';
      return isDisabled(user) ? 'disabled' : 'expired';
    },

    /** The caller of an attachment address: a media token for this scope, of a session that stands. */
    async authenticateMedia(token: string, scope: string): Promise<Actor | null> {
      const claims = await verifyMediaToken(tokenKey, token, scope);
      return claims ? actorOfSession(claims) : null;
    },

    /** The signed-in account as the session check just read it: no second query. */
    getMe({ actor }: { actor: Actor }): SessionUser {
      const { userId, name, email, role, subtype, entityName, coupon, mustAddSecondFactor } = actor;
      return { _id: userId, name, email, role, subtype, entityName, coupon, mustAddSecondFactor };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
