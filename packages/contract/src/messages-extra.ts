// Texts the spec does not have but the product needs (MSG.extra), and those of the conversation
// screen, the export and the member chat API (MSG.conversations). Part of the catalogue.
export const BRIDGE_TALK_ADMIN = 'Bridge Talk Admin';

export const CONVERSATION_TEXTS = {
  exportTitle: 'Export conversation',
  transcriptTitle: 'Conversation transcript',
  exportText: 'The whole conversation will be e-mailed as a PDF file to this address.',
  emailLabel: 'Email',
  retypeEmailLabel: 'Re-type email',
  emailsDoNotMatch: 'The two email addresses do not match',
  noMessages: 'No messages in this channel yet.',
  loadingOlder: 'Loading older messages…',
  loadOlder: 'Load older messages',
  close: 'Close',
  channelNotFound: 'This channel does not exist or is not one of your families’ channels.',
  backToFamily: 'Back to the family',
  startOfConversation: 'Start of the conversation',
  loadFailed: 'The conversation could not be loaded.',
  channelActive: 'Active',
  channelDisabled: 'Disabled',
  /** The aria label of the status switch. */
  channelStatus: 'Channel status',
  messagesLabel: 'Messages',
  invalidFingerprint: 'A fingerprint is 64 hexadecimal characters.',
  /** The public check's answer for a fingerprint: a lookup proves nothing about a file nobody chose. */
  exportIssued: 'A transcript with this fingerprint was issued by the Bridge Talk portal.',
  exportNotIssued: 'No file with this fingerprint was issued by the Bridge Talk portal.',
  agreementReportIssued: 'An agreement report with this fingerprint was issued by the Bridge Talk portal.',
  emptyMessage: 'A message needs text or an attachment.',
  memberCodeSent: 'If this address belongs to a family member, a code has been sent to it.',
  memberCodeInvalid: 'This code is not valid or has expired.',
  channelIsDisabled: 'This channel is disabled.',
  cannotWriteHere: 'You cannot write in this channel.',
  memberApiUnavailable: 'Members use the chat app of the chat provider.',
  messageReported: 'The message has been reported.',
  /** A send whose idempotency key is not a UUID: only a broken client sends one. */
  messageKeyInvalid: 'This message could not be sent: its key is not valid. Send it again.',
  memberSignedOut: 'You have signed out on this device.',
  /** An attachment the portal cannot read (a file that is gone, an address outside the portal). */
  attachmentUnavailable: 'This attachment cannot be shown.',
  fileMissing: 'Choose a file to upload.',
  fileTooMany: 'Upload one file at a time.',
  fileTypeNotAllowed: 'Only pictures (JPEG, PNG, WebP, GIF) and videos (MP4, WebM) can be attached.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: (limit: string) => `The file is too large: at most ${limit}.`,
  pictureTooManyPixels: (megapixels: number) =>
    `The picture is too large: at most ${megapixels} million pixels.`,
  /** A body that is not a readable multipart/form-data form. */
  fileUnreadable: 'The upload could not be read: send the file as multipart/form-data.',
  uploadsInFlight: 'Wait for your other uploads to finish, then try again.',
  fileNotUploaded: 'An attachment must be a file uploaded to this channel and not yet sent.',
  tooManyAttachments: (max: number) => `A message has at most ${max} attachments.`,
  imageLabel: 'Image',
  videoLabel: 'Video',
  openFullSize: 'Open the full-size picture',
  /** A video in the PDF transcript: its still frame when there is one, else a box that says so. */
  videoStill: 'Still frame of the video',
  videoNoStill: 'No still frame of this video is available.',
  videoDuration: (duration: string) => `Duration ${duration}`,
  videoDurationUnknown: 'Duration not recorded',
  videoFingerprintUnknown: 'SHA-256 not known: the chat provider holds the file.',
  verifyTitle: 'Check a conversation transcript or agreement report',
  verifyIntro:
    'Every transcript the Bridge Talk portal e-mails, and every agreement report it issues, has a fingerprint (its SHA-256), given in that e-mail or beside the download. Choose the PDF file to work out its fingerprint in this browser — the file is not sent anywhere — or type the fingerprint.',
  verifyFileLabel: 'Transcript file (PDF) or agreement report',
  verifyFingerprintLabel: 'Fingerprint (SHA-256)',
  verifyCheck: 'Check',
  verifyReading: 'Working out the fingerprint…',
  verifyFileUnreadable: 'This file could not be read.',
  verifyIssuedOn: 'Issued on',
  verifyChannel: 'Channel',
  verifyChannelGone: 'A channel that no longer exists',
  verifyMessages: 'Messages',
  verifyDocument: 'Document',
  verifyTranscript: 'Conversation transcript',
  verifyAgreementReport: 'Contact agreement report',
  verifyPeriod: 'Period',
  verifyWindows: 'Windows reported',
  verifyFileSize: 'File size',
  verifyNothingShown:
    'This check shows whether the portal issued the file and when, never what the conversation says.',
  verifyChooseFile: 'Choose the PDF file you were given to check that it is this transcript.',
  verifyChooseReport: 'Choose the PDF file you were given to check that it is this agreement report.',
  verifyFileMatches: 'This file was issued by the Bridge Talk portal.',
  verifyFileDiffers:
    'This file is not the transcript with this fingerprint: its content is different from the file the portal issued.',
  verifyReportDiffers:
    'This file is not the agreement report with this fingerprint: its content is different from the file the portal issued.',
  verifyChosenFile: (name: string) => `Fingerprint of ${name}:`,
  verifyCommandLine: 'On a computer, the fingerprint of a file is also given by:',
} as const;

export const EXTRA_TEXTS = {
  /** 429 from the rate limiter. */
  tooManyAttempts: 'Too many attempts. Please try again later.',
  /** A sign-in refused by the lock-out, with the time left until the next try is taken. */
  tooManyAttemptsWait: (seconds: number) =>
    `Too many attempts. Please try again in ${
      seconds < 60
        ? `${seconds} second${seconds === 1 ? '' : 's'}`
        : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`
    }.`,
  /** 401 when no refresh is possible. */
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** The session of an account that an administrator removed. */
  accountRemoved:
    'Your account was removed by an administrator. Ask the Bridge Talk team if you need access again.',
  /** A sign-in or session of a disabled account (its own, or its agency's or lawyer's). */
  accountDisabled: 'Your account has been disabled. Please contact the Bridge Talk team.',
  /** Leaving a page whose form holds unsaved changes. */
  unsavedChangesTitle: 'Leave this page?',
  unsavedChangesText: 'Your changes on this page are not saved. If you leave now, they are lost.',
  unsavedChangesStay: 'Stay on this page',
  unsavedChangesLeave: 'Leave without saving',
  /** The session ended while a form held unsaved changes: the page stays, and says how to save them. */
  sessionEndedTitle: 'Your session ended',
  sessionEndedKeepChanges:
    'Your changes are still on this page but not saved. Sign in again in a new tab, then come back to this one and save them.',
  signInInNewTab: 'Sign in again in a new tab',
  backToMyChanges: 'Back to my changes',
  /** Another tab of the same browser signed out: this one left too. */
  signedOutElsewhere: 'You signed out in another window.',
  /** Answer of a logout. */
  signedOut: 'Signed out.',
  /** 403: role or tenant not allowed. */
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  /** 503 of the readiness probe: the body names the dependency that is down. */
  notReady: 'A service the portal needs is not answering.',
  /** 401 of GET /metrics without the metrics token. */
  metricsTokenRequired: 'The metrics token is missing or wrong.',
  /** 422: a one-time family's billing is not editable. */
  oneTimeBillingCannotChange: 'The payment details of a one-time plan cannot be changed.',
  /** A request whose text holds a NUL character, which no field may contain. */
  invalidCharacters: 'The request contains a character that is not allowed.',
  cannotRemoveSelf: 'You cannot remove your own account.',
  lastAdminCannotBeRemoved: 'The last admin cannot be removed.',
  /** A verification code of the wrong length. */
  codeLength: 'The code must be 6 characters.',
  /** The newest e-mailed code ran out of time (15 minutes). */
  codeExpired: 'This code has expired. Send a new code and enter the one in the newest e-mail.',
  /** The newest e-mailed code was entered wrongly 5 times and no longer works. */
  codeTooManyTries:
    'This code was entered wrongly too many times. Send a new code and enter the one in the newest e-mail.',
  /** Shown under a change-password code once it is accepted (the server's own 'Step okay!' is not for people). */
  codeAccepted: 'Code accepted. Choose your new password below.',
  /** The password-reset or change-password step was too old or already used. */
  stepExpired: 'This step has expired. Please start again.',
  /** The member toggle's two wordings (the spec says they differ but quotes neither). */
  memberActivateConfirm: 'Do you really want to activate this member?',
  memberDeactivateConfirm: 'Do you really want to deactivate this member?',
  /** The fixed, disabled organization label an admin sees in account settings. */
  adminOrganization: BRIDGE_TALK_ADMIN,
  /** A screen that failed to load (its code could not be downloaded) or to render. */
  screenFailed: 'This page could not be shown.',
  screenFailedHint: 'Check your connection, then reload the page.',
  reload: 'Reload',
  /** The logged-out terms modal before any terms are published. */
  termsNotPublished: 'The terms and conditions have not been published yet.',
  /** A code-flow screen opened without the e-mail and state of the previous step. */
  startAgain: 'Please start again: enter your e-mail to receive a new code.',
  /** The signup screen's type choice. */
  subtypeAgency: 'Agency',
  subtypeLawyer: 'Lawyer',
  /** The count of users on the Bridge Talk Admin list. */
  userCount: (count: number) => (count === 1 ? '1 user' : `${count} users`),
  /** Administration: saves that succeeded, and the empty entity list. */
  entityCreated: 'Entity account created. An invitation was sent by e-mail.',
  entitySaved: 'Entity account saved.',
  adminCreated: 'Admin account created. An invitation was sent by e-mail.',
  adminSaved: 'Admin account saved.',
  adminRemoved: 'Admin account removed.',
  termsSaved: 'Terms and conditions saved.',
  noEntitiesYet: 'No entity accounts yet.',
  /** Enabling an access request: it is enabled (and invited) by saving its completed form. */
  /** A save made on a form opened before another admin saved the entity. */
  entityChangedSinceRead:
    'Another administrator changed this entity after you opened it. Reload it to see their changes, then save again.',
  reloadEntity: 'Reload',
  /** An entity enabled again is enabled by saving its form (Cancel leaves it disabled). */
  entityEnableHint: 'Check the details and save to enable this entity again. Cancel leaves it disabled.',
  entityIncomplete: 'Fill in the address and the contract dates before enabling this entity.',
  entityPendingHint:
    'This access request is pending. Fill in its details and save: the entity is then enabled and its person invited by e-mail.',
  entityEnabled: 'Entity account enabled. An invitation was sent by e-mail.',
  /** The terms page before any version exists, and an editor saved with no text in it. */
  writeFirstTerms: 'Write the first terms',
  termsEmpty: 'The terms are empty. Write them before saving.',
  /** Notifications of the families' app. */
  preferencesEmpty: 'Say what to change: e-mails about unread messages, or the language.',
  unreadMailsStopped: 'You will no longer get e-mails about unread messages.',
  unsubscribeLinkInvalid: 'This link is not valid. Sign in to the app to choose your e-mails.',
  pushEndpointInvalid: 'This browser’s notification address cannot be used.',
  pushUnavailable: 'Notifications on this device are not available here.',
} as const;
