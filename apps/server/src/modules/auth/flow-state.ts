// The `state` handed to the browser between the steps of a code flow (password reset, activation,
// account password change, a sign-in's e-mailed code): signed, 15 minutes to live, bound to the
// e-mail, role, step and code.
import { SIGN_IN_STEP_METHODS } from '@bridge-talk/contract';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TokenKey } from './token-key.js';

const ZFlowState = z.object({
  email: z.string(),
  role: z.enum(['admin', 'entity']),
  step: z.enum(['code', 'password']),
  purpose: z.enum(['activation', 'reset', 'change-password', 'sign-in']),
  codeId: z.string().optional(),
  /** How a sign-in's second step is given: an e-mailed code (the default) or the account's factor. */
  method: z.enum(SIGN_IN_STEP_METHODS).optional(),
  /** A sign-in's 'Remember me', kept for its second step. */
  rememberMe: z.boolean().optional(),
});
export type FlowState = z.infer<typeof ZFlowState>;

const AUDIENCE = 'bridge-talk-flow';
const TTL = '15m';

export function signFlowState(key: TokenKey, state: FlowState): Promise<string> {
  return new SignJWT({ ...state })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TTL)
    .sign(key);
}

export async function verifyFlowState(key: TokenKey, token: string): Promise<FlowState | null> {
  try {
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: ['HS256'] });
    const parsed = ZFlowState.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
