import type { ROUTES } from '../routes.js';
import {
  ZChangePasswordRequest,
  ZCodeRequest,
  ZFlowStepResponse,
  ZForgotPasswordRequest,
  ZLoginCodeRequest,
  ZLoginPasskeyOptionsRequest,
  ZLoginPasskeyRequest,
  ZLoginRequest,
  ZLoginSecondFactorRequest,
  ZMessageResponse,
  ZPasskeyOptionsResponse,
  ZPasswordNotSetResponse,
  ZRegisterRequest,
  ZSecondStepResponse,
  ZSessionResponse,
  ZSessionUser,
  ZSetPasswordRequest,
  ZUpdateMeRequest,
  ZUpdateMeResponse,
  ZValidateCodeRequest,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403, 429);

export const authEndpoints = {
  login: {
    body: ZLoginRequest,
    responses: {
      200: ZSessionResponse,
      ...refused,
      406: ZPasswordNotSetResponse,
      428: ZSecondStepResponse,
    },
  },
  loginCode: {
    body: ZLoginCodeRequest,
    responses: { 200: ZSessionResponse, ...refused, ...errorAnswers(422) },
  },
  /**
   * The second step when login answered 428 with method 'second-factor': an app's code or a recovery
   * code.
   */
  loginSecondFactor: {
    body: ZLoginSecondFactorRequest,
    responses: { 200: ZSessionResponse, ...refused, ...errorAnswers(422) },
  },
  /**
   * The same step with a passkey: its options (the account's passkeys, a single-use challenge). A state
   * whose password was wrong gets the same answer, with a challenge nothing accepts.
   */
  loginPasskeyOptions: {
    body: ZLoginPasskeyOptionsRequest,
    responses: { 200: ZPasskeyOptionsResponse, ...refused, ...errorAnswers(422) },
  },
  /** The browser's signed answer to that challenge. */
  loginPasskey: {
    body: ZLoginPasskeyRequest,
    responses: { 200: ZSessionResponse, ...refused, ...errorAnswers(422) },
  },
  /**
   * The refresh cookie is the credential. Without one there is no session to restore: null, not a
   * refusal (every page load of a signed-out browser asks).
   */
  refresh: { responses: { 200: ZSessionResponse.nullable(), ...refused } },
  logout: { responses: { 200: ZMessageResponse } },
  me: { responses: { 200: ZSessionUser, ...errorAnswers(401) } },
  meEdit: {
    body: ZUpdateMeRequest,
    responses: { 200: ZUpdateMeResponse, ...refused, ...errorAnswers(409) },
  },
  meEmailConfirm: {
    body: ZCodeRequest,
    responses: { 200: ZMessageResponse, ...refused, ...errorAnswers(409, 422) },
  },
  register: {
    body: ZRegisterRequest,
    responses: { 200: ZMessageResponse, ...errorAnswers(400, 409, 429) },
  },
  passwordRequest: {
    body: ZForgotPasswordRequest,
    responses: { 200: ZFlowStepResponse, ...refused, ...errorAnswers(404, 422) },
  },
  passwordValidate: {
    body: ZValidateCodeRequest,
    responses: { 200: ZFlowStepResponse, ...refused, ...errorAnswers(422) },
  },
  /** An account with a second factor is not signed in by the reset: it answers 428, as login does. */
  passwordChange: {
    body: ZSetPasswordRequest,
    responses: { 200: ZSessionResponse, ...refused, ...errorAnswers(422), 428: ZSecondStepResponse },
  },
  accountCode: { responses: { 200: ZMessageResponse, ...refused } },
  accountVerify: {
    body: ZCodeRequest,
    responses: { 200: ZFlowStepResponse, ...refused, ...errorAnswers(422) },
  },
  accountChange: {
    body: ZChangePasswordRequest,
    responses: { 200: ZMessageResponse, ...refused, ...errorAnswers(422) },
  },
} satisfies SchemasOf<typeof ROUTES.auth>;
