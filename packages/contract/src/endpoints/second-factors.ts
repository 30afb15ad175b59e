import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import {
  ZId,
  ZMessageResponse,
  ZPasskeyConfirmRequest,
  ZPasskeyStartResponse,
  ZPasswordAgainRequest,
  ZRecoveryCodesResponse,
  ZSecondFactorAddedResponse,
  ZSecondFactorPolicy,
  ZSecondFactorsResponse,
  ZTotpConfirmRequest,
  ZTotpStartResponse,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403, 429);
const ZIdParams = z.object({ id: ZId });

export const secondFactorEndpoints = {
  list: { responses: { 200: ZSecondFactorsResponse, ...errorAnswers(401, 403) } },
  totpStart: { responses: { 200: ZTotpStartResponse, ...refused } },
  totpConfirm: {
    body: ZTotpConfirmRequest,
    responses: { 200: ZSecondFactorAddedResponse, ...refused, ...errorAnswers(422) },
  },
  /** A passkey's registration options and the id of its single-use challenge. */
  passkeyStart: { responses: { 200: ZPasskeyStartResponse, ...refused } },
  /** The browser's answer verified, the passkey is stored; the first factor brings recovery codes. */
  passkeyConfirm: {
    body: ZPasskeyConfirmRequest,
    responses: { 200: ZSecondFactorAddedResponse, ...refused, ...errorAnswers(409, 422) },
  },
  /** After the password; every other session of the account ends. */
  remove: {
    params: ZIdParams,
    body: ZPasswordAgainRequest,
    responses: { 200: ZMessageResponse, ...refused, ...errorAnswers(404, 409, 422) },
  },
  /** A new set of recovery codes replaces the old one, after the password. */
  recoveryCodes: {
    body: ZPasswordAgainRequest,
    responses: { 200: ZRecoveryCodesResponse, ...refused, ...errorAnswers(409, 422) },
  },
  /** The administrator's reset of another account's factors and recovery codes (never their own). */
  reset: {
    params: ZIdParams,
    responses: { 200: ZMessageResponse, ...refused, ...errorAnswers(404, 409) },
  },
  policy: { responses: { 200: ZSecondFactorPolicy, ...errorAnswers(401, 403) } },
  /** Recorded in the platform activity. */
  policyEdit: {
    body: ZSecondFactorPolicy,
    responses: { 200: ZMessageResponse, ...refused },
  },
} satisfies SchemasOf<typeof ROUTES.secondFactors>;
