// The record of who did what (not in the spec): part of the catalogue (MSG.activity).
import type { AuditAction } from './schemas/activity.js';

export const ACTIVITY_TEXTS = {
  /** The record of who did what: a family's activity, and the platform's for the administrator. */
  activity: {
    familyTab: 'Activity',
    familyTitle: 'Activity of the family',
    familyIntro: 'Who opened, exported or changed what in this family, and when. Newest first.',
    platformTitle: 'Platform activity',
    platformIntro: 'Entity accounts, admin accounts and terms versions: who changed what, and when.',
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
      'entity.created': 'Created an entity account.',
      'entity.status_changed': 'Changed the status of an entity account.',
      'admin.created': 'Created an admin account.',
      'admin.edited': 'Edited an admin account.',
      'admin.removed': 'Removed an admin account.',
      'terms.published': 'Published a terms version.',
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
    /** A reopened report: why, and the review note it set aside (older records have only the note). */
    reopenedBecause: (reason: string | null, note: string | null) =>
      [reason && `Reason: ${reason}`, note && `Review note: ${note}`].filter(Boolean).join(' — ') || null,
  },
} as const;
