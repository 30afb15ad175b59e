// Accounts created by someone else (an entity by an admin, an admin by an admin, an approved access
// request) have no password: they get an invitation with an activation code, and their first login
// answers 406 and goes through the code screen to the new-password screen.
import type { AppContext } from '../../app-context.js';
import { portalUrl } from '../../lib/portal-url.js';
import { queueMail } from '../mail/mail.service.js';
import { emailChangedNewMail, emailChangedOldMail, invitationMail } from '../mail/templates.js';
import { issueCode } from './verification-codes.js';

export async function inviteUser(
  ctx: AppContext,
  user: { id: string; email: string; name: string; role: 'admin' | 'entity' },
): Promise<void> {
  const issued = await issueCode(ctx, { userId: user.id, purpose: 'activation' });
  await queueMail(
    ctx.queue,
    issued.mail((code) =>
      invitationMail({
        to: user.email,
        name: user.name,
        role: user.role,
        code,
        loginUrl: portalUrl(ctx, `/login/${user.role}`),
      }),
    ),
  );
}

/**
 * An administrator moved an account to another address: the old address hears of it, and the new one
 * gets the invitation (an account without a password yet) or a notice that it now signs in.
 */
export async function tellOfEmailChange(
  ctx: AppContext,
  user: { id: string; name: string; role: 'admin' | 'entity'; activated: boolean },
  change: { from: string; to: string },
): Promise<void> {
  await queueMail(ctx.queue, emailChangedOldMail({ to: change.from, name: user.name, newEmail: change.to }));
  if (user.activated) {
    await queueMail(
      ctx.queue,
      emailChangedNewMail({
        to: change.to,
        name: user.name,
        loginUrl: portalUrl(ctx, `/login/${user.role}`),
      }),
    );
  } else {
    await inviteUser(ctx, { id: user.id, email: change.to, name: user.name, role: user.role });
  }
}
