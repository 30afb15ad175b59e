// The texts of the e-mails the portal sends (not in the spec). The server alone writes e-mails: apart
// from MSG, so that the browser's bundle does not carry them (the catalogue test reads them too).
export const MAIL_TEXTS = {
  hello: (name: string) => `Hello ${name},`,
  accessRejectedSubject: 'Your Bridge Talk access request',
  accessRejectedBody:
    'Thank you for your interest in the Bridge Talk portal. Your request for access has been declined.',
  accessRejectedContact: 'If you think this is a mistake, please contact our team.',
  emailChangedSubject: 'The e-mail address of your Bridge Talk account changed',
  emailChangedOld: (to: string) =>
    `An administrator changed the e-mail address of your Bridge Talk portal account to ${to}. This address no longer signs in.`,
  emailChangedNew: (loginUrl: string) =>
    `An administrator changed the e-mail address of your Bridge Talk portal account to this address. Sign in at ${loginUrl} with it; your password is unchanged.`,
  emailChangedContact: 'If you did not expect this change, please contact our team.',
  /** Every change of an account's second factor is told to the account (not in the spec). */
  secondFactor: {
    subject: 'The second factor of your Bridge Talk account changed',
    enrolled: (name: string) =>
      `An authenticator app named "${name}" was added to your Bridge Talk portal account.`,
    removed: (name: string) =>
      `The authenticator app named "${name}" was removed from your Bridge Talk portal account, and your other sessions were signed out.`,
    passkeyEnrolled: (name: string) =>
      `A passkey named "${name}" was added to your Bridge Talk portal account.`,
    passkeyRemoved: (name: string) =>
      `The passkey named "${name}" was removed from your Bridge Talk portal account, and your other sessions were signed out.`,
    reset:
      'An administrator reset the second factor of your Bridge Talk portal account: its authenticator apps, passkeys and recovery codes were removed. You sign in with your password alone until you add a second factor again.',
    recoveryCodeUsed: (left: number) =>
      `A recovery code was used to sign in to your Bridge Talk portal account. ${left === 1 ? '1 recovery code is' : `${left} recovery codes are`} left.`,
    recoveryCodesReplaced:
      'New recovery codes were made for your Bridge Talk portal account. The old ones no longer work.',
    notYou:
      'If this was not you, set a new password with "Forgot password?" on the login page and contact our team.',
  },
  /** The alert e-mails about reported messages (their setting's texts are in MSG.alerts). */
  reportAlerts: {
    subjectOne: (family: string) => `A message was reported in the family ${family}`,
    subjectMany: (count: number) => `${count} messages were reported in your families`,
    subjectDigest: (count: number) =>
      count === 1 ? 'Daily summary: 1 reported message' : `Daily summary: ${count} reported messages`,
    intro: 'A family member reported a message in Bridge Talk. Sign in to the portal to read it:',
    introMany: 'Family members reported messages in Bridge Talk. Sign in to the portal to read them:',
    line: (family: string, channel: string) => `${family}, ${channel}`,
    openAll: 'All open reports:',
    footer:
      'This e-mail does not contain the message. You can choose a daily summary in your account settings.',
  },
  /** To the members who give an item of their family's contact agreement, some days before it is due. */
  agreementReminder: {
    subject: (what: string, due: string) => `Reminder: ${what} due by ${due}`,
    greeting: (name: string) => `Hello ${name},`,
    body: (what: string, due: string, family: string) =>
      `Your family's contact agreement in Bridge Talk (${family}) has ${what} due by ${due}. Sharing it in one of your family's channels counts for it.`,
    footer: 'Your agency keeps the agreement; write to them if something has changed.',
    /** With the families' app (local chat provider): where to share it. */
    openApp: (link: string) => `Open your family's conversations:\n${link}`,
  },
  /** To the agency, when an item of a family's agreement becomes overdue (at once or in the digest). */
  agreementAlerts: {
    subjectOne: (family: string) => `An agreement item is overdue in the family ${family}`,
    subjectMany: (count: number) => `${count} agreement items are overdue in your families`,
    subjectDigest: (count: number) =>
      count === 1
        ? 'Daily summary: 1 agreement item overdue'
        : `Daily summary: ${count} agreement items overdue`,
    intro: 'These items of your families’ contact agreements passed their due date with nothing given:',
    line: (family: string, what: string, due: string) => `${family}: ${what}, due ${due}`,
    openAll: 'Every agreement due:',
    footer: 'You can choose a daily summary in your account settings.',
  },
} as const;
