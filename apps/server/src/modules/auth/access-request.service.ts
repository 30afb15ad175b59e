// The public request-access form: it records a pending entity (listed as Pending in Entity
// Management, where an admin enables it and the person gets an invitation) and tells the team.
import { MSG, splitName, type ZRegisterRequest } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { emailInUse } from '../../db/email-in-use.js';
import { AppError } from '../../lib/app-error.js';
import { portalUrl } from '../../lib/portal-url.js';
import type { Valid } from '../../lib/route.js';
import { queueMail } from '../mail/mail.service.js';
import { accessRequestMail } from '../mail/templates.js';
import * as repo from './auth.repository.js';

export async function requestAccess(ctx: AppContext, { input }: { input: Valid<typeof ZRegisterRequest> }) {
  const { name, entityName, email, phone, subtype } = input;
  if (await emailInUse(ctx.db, email)) {
    throw new AppError('CONFLICT', MSG.signup.emailInUse, { email: MSG.signup.emailInUseField });
  }
  const { firstName, lastName } = splitName(name);
  const organisation = subtype === 'agency' && entityName ? entityName : name;
  try {
    await repo.createAccessRequest(ctx.db, {
      entityName: organisation,
      email,
      phone,
      subtype,
      firstName,
      lastName,
    });
  } catch (error) {
    // Two requests with one address at the same moment: the unique index decides.
    if (await emailInUse(ctx.db, email)) {
      throw new AppError('CONFLICT', MSG.signup.emailInUse, { email: MSG.signup.emailInUseField });
    }
    throw error;
  }
  await queueMail(
    ctx.queue,
    accessRequestMail({
      to: ctx.config.mail.teamEmail,
      name,
      entityName: subtype === 'agency' ? organisation : null,
      email,
      phone,
      subtype,
      reviewUrl: portalUrl(ctx, '/entity-management'),
    }),
  );
  return { message: MSG.signup.thankYou };
}
