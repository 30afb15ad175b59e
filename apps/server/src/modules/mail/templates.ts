// The text of every e-mail the portal sends. Plain text first (it is what every client shows); the
// html part is the same text with paragraphs and escaped values.
import {
  cardLabel,
  formatDateTime,
  formatMoney,
  MAIL_TEXTS,
  planPeriodLabel,
  type SecondFactorKind,
} from '@bridge-talk/contract';
import type { MailMessage } from '../../providers/mail/index.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A web address in escaped text, without the punctuation that ends its sentence: an escaped '&' may be
 * part of it, any other escaped character (a quote, '<', '>') ends it.
 */
const ADDRESS = /https?:\/\/(?:[^\s<&]|&#38;)*[^\s<&.,:;!?)'"]/g;

/** A paragraph as html: escaped, its line breaks kept and every web address a link. */
function paragraphHtml(paragraph: string): string {
  const escaped = escapeHtml(paragraph).replace(ADDRESS, (address) => `<a href="${address}">${address}</a>`);
  return `<p>${escaped.replaceAll('\n', '<br>')}</p>`;
}

/** An e-mail of paragraphs: the text as written, the html the same text escaped, with its links. */
export function compose(to: string, subject: string, paragraphs: string[]): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n— Bridge Talk`,
    html: `${paragraphs.map(paragraphHtml).join('')}<p>— Bridge Talk</p>`,
  };
}

export function invitationMail(input: {
  to: string;
  name: string;
  role: 'admin' | 'entity';
  code: string;
  loginUrl: string;
}) {
  return compose(input.to, 'Your Bridge Talk portal account', [
    `Hello ${input.name},`,
    'An account on the Bridge Talk portal has been created for you.',
    `To choose your password, open ${input.loginUrl}, enter this e-mail address and any password of at least 6 characters (it is not checked: your account has none yet), and type this activation code when asked:`,
    input.code,
    'The code is valid for 15 minutes. If it has expired, sign in again and a new one will be sent.',
  ]);
}

export function activationCodeMail(input: { to: string; code: string }) {
  return compose(input.to, 'Your Bridge Talk activation code', [
    'Use this code to create the password of your Bridge Talk portal account:',
    input.code,
    'The code is valid for 15 minutes. If you did not try to sign in, you can ignore this message.',
  ]);
}

export function signInCodeMail(input: { to: string; code: string }) {
  return compose(input.to, 'Your Bridge Talk sign-in code', [
    'Many wrong passwords were tried on your Bridge Talk portal account, so signing in also needs this code:',
    input.code,
    'The code is valid for 15 minutes. If you did not just sign in, someone else knows your password: set a new one with "Forgot password?" on the login page.',
  ]);
}

export function resetCodeMail(input: { to: string; code: string }) {
  return compose(input.to, 'Your Bridge Talk verification code', [
    'Use this code to reset the password of your Bridge Talk portal account:',
    input.code,
    'The code is valid for 15 minutes. If you did not ask for it, you can ignore this message: your password is unchanged.',
  ]);
}

export function changePasswordCodeMail(input: { to: string; code: string }) {
  return compose(input.to, 'Your Bridge Talk verification code', [
    'Use this code to change the password of your Bridge Talk portal account:',
    input.code,
    'The code is valid for 15 minutes. If you did not ask for it, please contact our team.',
  ]);
}

export function emailChangeCodeMail(input: { to: string; code: string }) {
  return compose(input.to, 'Confirm your new Bridge Talk e-mail address', [
    'Use this code to confirm this address as the e-mail of your Bridge Talk portal account:',
    input.code,
    'The code is valid for 15 minutes. Until you confirm it, your account keeps its current address.',
  ]);
}

export function accessRequestMail(input: {
  to: string;
  name: string;
  entityName: string | null;
  email: string;
  phone: string;
  subtype: 'agency' | 'lawyer';
  reviewUrl: string;
}) {
  return compose(input.to, `Access request: ${input.entityName ?? input.name}`, [
    'A new access request arrived through the portal:',
    [
      `Name: ${input.name}`,
      `Type: ${input.subtype === 'agency' ? 'Agency' : 'Lawyer'}`,
      ...(input.entityName ? [`Entity: ${input.entityName}`] : []),
      `E-mail: ${input.email}`,
      `Phone: ${input.phone}`,
    ].join('\n'),
    `It is listed as Pending in Entity Management: ${input.reviewUrl}`,
  ]);
}

/** A person already in a family who is added to another: the app they have shows it. */
export function familyAddedMail(input: {
  to: string;
  name: string;
  entityName: string;
  childName: string;
  /** The families' app's sign-in (local chat provider); without it, the Bridge Talk app. */
  appLink?: string | null;
}) {
  return compose(input.to, 'You were added to a family on Bridge Talk', [
    `Hello ${input.name},`,
    `${input.entityName} has added you to the family of ${input.childName} on Bridge Talk.`,
    input.appLink
      ? `Open Bridge Talk with this e-mail address (${input.to}): the family's conversations are there.\n${input.appLink}`
      : `Open the Bridge Talk app with this e-mail address (${input.to}): the family's conversations are there.`,
    'If you did not expect this message, please contact the agency or lawyer who works with your family.',
  ]);
}

/** A person added to a family: they use the family app with this e-mail address. */
export function familyInvitationMail(input: {
  to: string;
  name: string;
  entityName: string;
  childName: string;
  /** The families' app's sign-in (local chat provider); without it, the Bridge Talk app. */
  appLink?: string | null;
}) {
  return compose(input.to, 'You are invited to Bridge Talk', [
    `Hello ${input.name},`,
    `${input.entityName} has added you to the family of ${input.childName} on Bridge Talk, where the family keeps in touch.`,
    input.appLink
      ? `Open Bridge Talk in your phone's browser and sign in with this e-mail address (${input.to}): a one-time code will be sent to it. Nothing to install.\n${input.appLink}`
      : `Install the Bridge Talk app and sign in with this e-mail address (${input.to}): a one-time code will be sent to it.`,
    'If you did not expect this message, please contact the agency or lawyer who works with your family.',
  ]);
}

/** The payer's e-mail of each charge of a family: a receipt, or the notice that the card was declined. */
export function chargeMail(input: {
  to: string;
  status: 'succeeded' | 'declined';
  amount: number;
  planName: string;
  planType: 'recurring' | 'one_time';
  couponNames: string[];
  cardBrand: string;
  cardLast4: string;
  at: Date;
}) {
  const paid = input.status === 'succeeded';
  const amount = formatMoney(input.amount);
  return compose(input.to, paid ? `Bridge Talk receipt: ${amount}` : 'Bridge Talk payment declined', [
    paid
      ? `Thank you: your payment of ${amount} was received.`
      : `Your card was declined for a payment of ${amount}. Nothing was charged; the agency or lawyer you work with will ask for another card.`,
    [
      `Amount: ${amount}`,
      `Plan: ${input.planName} (${planPeriodLabel(input.planType)})`,
      `Coupon: ${input.couponNames.length > 0 ? input.couponNames.join(', ') : 'none'}`,
      `Card: ${cardLabel(input.cardBrand, input.cardLast4)}`,
      `Date: ${formatDateTime(input.at, 'UTC')} UTC`,
      `Status: ${paid ? 'Succeeded' : 'Declined'}`,
    ].join('\n'),
  ]);
}

/** The requester of an access request the administrator rejected, when they chose to say so. */
export function accessRejectedMail(input: { to: string; name: string }) {
  return compose(input.to, MAIL_TEXTS.accessRejectedSubject, [
    MAIL_TEXTS.hello(input.name),
    MAIL_TEXTS.accessRejectedBody,
    MAIL_TEXTS.accessRejectedContact,
  ]);
}

/** The old address of an account whose e-mail an administrator changed. */
export function emailChangedOldMail(input: { to: string; name: string; newEmail: string }) {
  return compose(input.to, MAIL_TEXTS.emailChangedSubject, [
    MAIL_TEXTS.hello(input.name),
    MAIL_TEXTS.emailChangedOld(input.newEmail),
    MAIL_TEXTS.emailChangedContact,
  ]);
}

/** The new address of an activated account whose e-mail an administrator changed. */
export function emailChangedNewMail(input: { to: string; name: string; loginUrl: string }) {
  return compose(input.to, MAIL_TEXTS.emailChangedSubject, [
    MAIL_TEXTS.hello(input.name),
    MAIL_TEXTS.emailChangedNew(input.loginUrl),
    MAIL_TEXTS.emailChangedContact,
  ]);
}

/** What changed about an account's second factor, as its e-mail tells it. */
export type SecondFactorChange =
  | { kind: 'enrolled'; factorName: string; factorKind: SecondFactorKind }
  | { kind: 'removed'; factorName: string; factorKind: SecondFactorKind }
  | { kind: 'reset' }
  | { kind: 'recovery-code-used'; left: number }
  | { kind: 'recovery-codes-replaced' };

/** Every change of an account's second factor, told to the account: a change it did not make is seen. */
export function secondFactorChangedMail(input: { to: string; name: string; change: SecondFactorChange }) {
  const texts = MAIL_TEXTS.secondFactor;
  const { change } = input;
  const what =
    change.kind === 'enrolled'
      ? (change.factorKind === 'passkey' ? texts.passkeyEnrolled : texts.enrolled)(change.factorName)
      : change.kind === 'removed'
        ? (change.factorKind === 'passkey' ? texts.passkeyRemoved : texts.removed)(change.factorName)
        : change.kind === 'reset'
          ? texts.reset
          : change.kind === 'recovery-code-used'
            ? texts.recoveryCodeUsed(change.left)
            : texts.recoveryCodesReplaced;
  return compose(input.to, texts.subject, [MAIL_TEXTS.hello(input.name), what, texts.notYou]);
}
