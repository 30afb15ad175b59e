// The record of who did what: a family's activity (the entity) and the platform's (the administrator),
// read from the audit events the portal appends.
import { z } from 'zod';

export const ACTIVITY_PAGE_SIZE = 25;

/** Every action the audit record holds. */
export const AUDIT_ACTIONS = [
  // a family's
  'conversation.viewed',
  'conversation.export_requested',
  'member.looked_up',
  'member.added',
  'member.edited',
  'member.removed',
  'member.status_changed',
  'channel.status_changed',
  'billing.plan_changed',
  'billing.details_changed',
  'billing.family_discarded',
  'report.reviewed',
  'report.reopened',
  // the platform's
  'entity.created',
  'entity.status_changed',
  'admin.created',
  'admin.edited',
  'admin.removed',
  'terms.published',
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);

/** The administrator's platform activity: what is not a family's. */
export const PLATFORM_AUDIT_ACTIONS = [
  'entity.created',
  'entity.status_changed',
  'admin.created',
  'admin.edited',
  'admin.removed',
  'terms.published',
] as const satisfies readonly (typeof AUDIT_ACTIONS)[number][];
export type AuditAction = z.infer<typeof ZAuditAction>;

export const ZActivityQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type ActivityQuery = z.input<typeof ZActivityQuery>;

export const ZActivityEvent = z.object({
  id: z.string(),
  action: ZAuditAction,
  /** ISO date-time. */
  at: z.string(),
  /** Who did it (name and e-mail); null when the account no longer exists. */
  actor: z.string().nullable(),
  /** 'Channel n' of a family's channel the event names. */
  channelNumber: z.number().int().nullable(),
  /** What the action names, ready to show: the person, the recipient, the plan, the entity, … */
  subject: z.string().nullable(),
  /** More of the event, ready to show: a fingerprint, a review note, a new status. */
  detail: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof ZActivityEvent>;

export const ZActivityListResponse = z.object({
  events: z.array(ZActivityEvent),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityListResponse = z.infer<typeof ZActivityListResponse>;
