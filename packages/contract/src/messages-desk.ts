// The caseworker's desk (not in the spec): the reports queue and report alerts. Part of the
// catalogue (MSG.reports, MSG.alerts).

export const DESK_TEXTS = {
  reports: {
    /** The side-menu item and the page's title. */
    title: 'Reported messages',
    /** The side-menu badge's accessible name. */
    openCount: (count: number) => (count === 1 ? '1 open report' : `${count} open reports`),
    intro:
      'Every message a family member reported, open ones first. Open one to read it in its conversation, then mark it as reviewed with what was done.',
    filterFamily: 'Family',
    allFamilies: 'All families',
    filterState: 'State',
    stateAll: 'All',
    stateOpen: 'Open',
    stateReviewed: 'Reviewed',
    columnFamily: 'Family',
    columnChannel: 'Channel',
    columnReportedBy: 'Reported by',
    columnReportedAt: 'Reported at',
    columnMessage: 'Message',
    columnState: 'State',
    channelName: (n: number) => `Channel ${n}`,
    unknownChannel: 'A channel',
    /** A message with no text (a picture alone). */
    noText: '(no text)',
    noReports: 'No reported messages.',
    noOpenReports: 'No open reports: every reported message has been reviewed.',
    noReviewedReports: 'No reviewed reports yet.',
    /** The empty queue when a family is chosen: it says what the filter hides. */
    noReportsInFamily: 'No reported messages in this family.',
    noOpenReportsInFamily: 'No open reports in this family.',
    noReviewedReportsInFamily: 'No reviewed reports in this family.',
    openElsewhere: (count: number) =>
      count === 1 ? '1 open report in other families.' : `${count} open reports in other families.`,
    showAllFamilies: 'Show all families',
    /** Who wrote the reported message. */
    writtenBy: (name: string) => `Written by ${name}`,
    readWholeNote: 'Read the whole note',
    showLessNote: 'Show less',
    loadFailed: 'The reports could not be loaded.',
    openInConversation: 'Open in the conversation',
    reason: 'Reason',
    review: 'Mark as reviewed',
    reviewTitle: 'Mark the report as reviewed',
    reviewNoteLabel: 'What was done',
    reviewNoteHint: 'The note is kept with the report and shown in the family’s activity.',
    reviewNoteRequired: 'Write what was done before marking the report as reviewed.',
    reviewed: 'The report is marked as reviewed.',
    reviewedBy: (name: string, at: string) => `Reviewed by ${name} on ${at}`,
    reopen: 'Reopen',
    reopenConfirm:
      'Reopen this report? It goes back to the open reports; its note and your reason are kept in the activity.',
    reopenReasonLabel: 'Why it is reopened',
    reopenReasonRequired: 'Write why the report is reopened.',
    reopened: 'The report is open again.',
    alreadyReviewed: 'This report has already been reviewed.',
    alreadyOpen: 'This report is already open.',
    reportNotFound: 'This report does not exist or is not one of your families’.',
    reportedHere: 'Reported message',
  },

  /** Report alerts: the account setting and the e-mails (which never hold the message). */
  alerts: {
    settingTitle: 'Alerts about reported messages',
    settingHint:
      'Sent to the e-mail you sign in with. They name the family and the channel, never the message.',
    immediate: 'An e-mail for each report, within a minute',
    daily: 'One e-mail a day with the day’s reports',
    saved: 'Your alert setting is saved.',
  },
} as const;
