// Accounts created by someone else (an entity by an admin, an admin by an admin, an approved access
// request) have no password: they get an invitation with an activation code, and their first login
// answers 406 and goes through the code screen to the new-password screen.
import type { AppContext } from '../../app-context.js';
import { queueMail } from '../mail/mail.service.js';
import { invitationMail } from '../mail/templates.js';
import { issueCode } from './verification-codes.js';

export function portalUrl(ctx: Pick<AppContext, 'config'>, path: string): string {
  const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  return new URL(path, base).toString();
}

export async function inviteUser(
  ctx: AppContext,
  user: { id: string; email: string; name: string; role: 'admin' | 'entity' },
): Promise<void> {
  const { code } = await issueCode(ctx.db, { userId: user.id, purpose: 'activation' });
  await queueMail(
    ctx.queue,
    invitationMail({
      to: user.email,
      name: user.name,
      role: user.role,
      code,
      loginUrl: portalUrl(ctx, `/login/${user.role}`),
    }),
  );
}
