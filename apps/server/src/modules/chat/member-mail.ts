// The e-mail with a family member's sign-in code for the member chat API.
import type { MailMessage } from '../../providers/mail/index.js';
import { compose } from '../mail/templates.js';

export function memberCodeMail(input: { to: string; name: string; code: string }): MailMessage {
  return compose(input.to, 'Your Bridge Talk chat code', [
    `Hello ${input.name},`,
    'Use this code to sign in to your Bridge Talk family chat:',
    input.code,
    'The code is valid for 15 minutes. If you did not ask for it, you can ignore this message.',
  ]);
}
