import type { AppContext } from '../../app-context.js';
import { queueMail } from '../mail/mail.service.js';
import { activationCodeMail } from '../mail/templates.js';
import { signFlowState } from './flow-state.js';
import { issueCode } from './verification-codes.js';

/**
 * The first sign-in of an account without a password: e-mail a fresh activation code and hand back
 * the state for the code screen. Knowing the e-mail is not enough: only its owner reads the code.
 */
export async function startActivation(
  ctx: AppContext,
  user: { id: string; email: string; role: 'admin' | 'entity' },
): Promise<string> {
  const issued = await issueCode(ctx, { userId: user.id, purpose: 'activation' });
  await queueMail(
    ctx.queue,
    issued.mail((code) => activationCodeMail({ to: user.email, code })),
  );
  return signFlowState(ctx.tokenKey, {
    email: user.email,
    role: user.role,
    step: 'code',
    purpose: 'activation',
  });
}
