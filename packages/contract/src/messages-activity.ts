// The record of who did what (not in the spec): part of the catalogue (MSG.activity).
import type { AuditAction, PlatformActivityKind } from './schemas/activity.js';

export const ACTIVITY_TEXTS = {
  /** The record of who did what: a family's activity, and the platform's for the administrator. */
  activity: {
    familyTab: 'Activity',
    familyTitle: 'Activity of the family',
    familyIntro: 'Who opened, exported or changed what in this family, and when. Newest first.',
    platformTitle: 'Platform activity',
    platformIntro:
      'Entity accounts, access requests, admin accounts, plans, coupons, terms versions and second factors: who changed what, and when.',
    columnWhen: 'When',
    columnWho: 'Who',
    columnWhat: 'What',
    noEvents: 'Nothing has been recorded yet.',
    loadFailed: 'The activity could not be loaded.',
    someoneRemoved: 'A removed account',
    system: 'The portal',
    /** Who did it: their name and e-mail. */
    actor: (name: string, email: string) => `${name} (${email})`,
    /** One sentence per action: the first line of the What column. */
    actions: {
      'conversation.viewed': 'Opened the conversation.',
      'conversation.export_requested': 'Requested an export of the conversation.',
      'member.looked_up': 'Looked up a person by e-mail.',
      'member.added': 'Added a family member.',
      'member.edited': 'Edited a family member.',
      'member.removed': 'Removed a family member.',
      'member.status_changed': 'Changed the status of a family member.',
      'channel.status_changed': 'Changed the status of a channel.',
      'billing.plan_changed': "Chose the family's plan.",
      'billing.details_changed': "Saved the family's payment details.",
      'billing.family_discarded': 'Discarded the unfinished family and detached its card.',
      'report.reviewed': 'Marked a reported message as reviewed.',
      'report.reopened': 'Reopened a reported message.',
      'family.created': 'Created the family.',
      'agreement.saved': 'Saved the contact agreement.',
      'agreement.marked': 'Marked a window of the contact agreement.',
      'agreement.report_exported': 'Downloaded the agreement report.',
      'agreement.summary_exported': "Downloaded the year's agreements summary.",
      'agreement.document_attached': 'Attached the signed agreement.',
      'entity.created': 'Created an entity account.',
      'entity.edited': 'Edited an entity account.',
      'entity.status_changed': 'Changed the status of an entity account.',
      'entity.access_requested': 'Asked for access to the portal.',
      'entity.access_rejected': 'Rejected an access request.',
      'admin.created': 'Created an admin account.',
      'admin.edited': 'Edited an admin account.',
      'admin.removed': 'Removed an admin account.',
      'terms.published': 'Published a terms version.',
      'plan.created': 'Created a plan.',
      'plan.archived': 'Archived a plan.',
      'plan.restored': 'Restored a plan.',
      'coupon.created': 'Created a coupon.',
      'coupon.edited': 'Edited a coupon.',
      'coupon.archived': 'Archived a coupon.',
      'account.second_factor_reset': "Reset an account's second factor.",
      'platform.second_factor_policy': 'Changed whether admins must have a second factor.',
    } satisfies Record<AuditAction, string>,
    /** The details of the What column. */
    channel: (n: number) => `Channel ${n}`,
    fromTo: (from: string, to: string) => `From ${from} to ${to}`,
    /** One change of an edit: 'Name: Ann Lee → Ann Park'. */
    fieldChange: (field: string, from: string, to: string) =>
      `${field}: ${from || '(none)'} → ${to || '(none)'}`,
    channelEnabled: 'Enabled',
    channelDisabled: 'Disabled',
    exportRecipient: (email: string) => `Sent to ${email}`,
    exportFingerprint: (sha256: string) => `SHA-256 fingerprint ${sha256}`,
    exportPending: 'The file is not made yet.',
    exportFailed: 'The file could not be made.',
    termsVersion: (version: number) => `Version ${version}`,
    previousPlan: (name: string) => `Before: ${name}`,
    price: (amount: string) => `Price: ${amount}`,
    coupons: (codes: string) => `Coupon: ${codes}`,
    requesterNotified: 'The requester was told by e-mail.',
    /** The event's time with the zone it is shown in: '11.28.2026 5:37:18 AM (Europe/Paris)'. */
    atInZone: (time: string, zone: string) => `${time} (${zone})`,
    /** The filters of the platform activity, kept in the address. */
    filters: 'Filters',
    filterKind: 'Kind',
    allKinds: 'All kinds',
    kinds: {
      entities: 'Entity accounts',
      accessRequests: 'Access requests',
      admins: 'Admin accounts',
      plans: 'Plans',
      coupons: 'Coupons',
      terms: 'Terms versions',
      secondFactors: 'Second factors',
    } satisfies Record<PlatformActivityKind, string>,
    filterActor: 'Who (name or e-mail)',
    filterFrom: 'From (day)',
    filterTo: 'To (day, included)',
    clearFilters: 'Clear filters',
    filterDateWrong: 'Enter a valid date.',
    noMatchingEvents: 'No recorded action matches these filters.',
    /** The link of an event to the item it names, while it exists. */
    openEntity: 'Open the entity',
    openAdmin: 'Open the admin account',
    openPayments: 'Open Payments',
    /** A reopened report: why, and the review note it set aside (older records have only the note). */
    reopenedBecause: (reason: string | null, note: string | null) =>
      [reason && `Reason: ${reason}`, note && `Review note: ${note}`].filter(Boolean).join(' — ') || null,
    /** A saved contact agreement: its version and first day. */
    agreementVersion: (version: number, from: string) => `Version ${version}, from ${from}`,
    /** A window marked by hand: given on a day, or excused. */
    agreementGiven: (due: string, on: string) => `Window due ${due}: given on ${on}`,
    agreementExcused: (due: string) => `Window due ${due}: excused`,
    agreementPeriod: (from: string, to: string) => `From ${from} to ${to}`,
    agreementYear: (year: number) => `The year ${year}`,
  },

  /** An access request seen and answered by the administrator (not in the spec). */
  accessRequests: {
    title: 'Access request',
    contactPerson: 'Contact person',
    type: 'Type',
    requestedOn: 'Requested on',
    reject: 'Reject',
    rejectConfirm: 'Reject this access request? It is removed from Entity Management.',
    notifyRequester: 'E-mail the requester that the request was declined',
    rejected: 'The access request was rejected.',
    notPending: 'Only a pending access request can be rejected.',
  },
} as const;
