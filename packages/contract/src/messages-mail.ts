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
} as const;
