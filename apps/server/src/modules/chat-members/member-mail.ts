// The e-mail with a family member's sign-in code for the member chat API.
import type { MailMessage } from '../../providers/mail/index.js';

export function memberCodeMail(input: { to: string; name: string; code: string }): MailMessage {
  const paragraphs = [
    `Hello ${input.name},`,
    'Use this code to sign in to your Bridge Talk family chat:',
    input.code,
    'The code is valid for 15 minutes. If you did not ask for it, you can ignore this message.',
  ];
  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to: input.to,
    subject: 'Your Bridge Talk chat code',
    text: `${paragraphs.join('\n\n')}\n\n— Bridge Talk`,
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p>— Bridge Talk</p>`,
  };
}
