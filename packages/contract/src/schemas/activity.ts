// The record of who did what: a family's activity (the entity) and the platform's (the administrator),
// read from the audit events the portal appends.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZSearch } from './entities.js';

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
  'family.created',
  'agreement.saved',
  'agreement.marked',
  'agreement.report_exported',
  'agreement.summary_exported',
  'agreement.document_attached',
  // the platform's
  'entity.created',
  'entity.edited',
  'entity.status_changed',
  'entity.access_requested',
  'entity.access_rejected',
  'admin.created',
  'admin.edited',
  'admin.removed',
  'terms.published',
  'plan.created',
  'plan.archived',
  'plan.restored',
  'coupon.created',
  'coupon.edited',
  'coupon.archived',
  'account.second_factor_reset',
  'platform.second_factor_policy',
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);

/** The administrator's platform activity: what is not a family's. */
export const PLATFORM_AUDIT_ACTIONS = [
  'entity.created',
  'entity.edited',
  'entity.status_changed',
  'entity.access_requested',
  'entity.access_rejected',
  'admin.created',
  'admin.edited',
  'admin.removed',
  'terms.published',
  'plan.created',
  'plan.archived',
  'plan.restored',
  'coupon.created',
  'coupon.edited',
  'coupon.archived',
  'account.second_factor_reset',
  'platform.second_factor_policy',
] as const satisfies readonly (typeof AUDIT_ACTIONS)[number][];
export type AuditAction = z.infer<typeof ZAuditAction>;
export type PlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

/** The kinds the platform activity is filtered by, each the actions it holds. */
export const PLATFORM_ACTIVITY_KINDS = {
  entities: ['entity.created', 'entity.edited', 'entity.status_changed'],
  accessRequests: ['entity.access_requested', 'entity.access_rejected'],
  admins: ['admin.created', 'admin.edited', 'admin.removed'],
  plans: ['plan.created', 'plan.archived', 'plan.restored'],
  coupons: ['coupon.created', 'coupon.edited', 'coupon.archived'],
  terms: ['terms.published'],
  secondFactors: ['account.second_factor_reset', 'platform.second_factor_policy'],
} as const satisfies Record<string, readonly PlatformAuditAction[]>;
export const ZPlatformActivityKind = z.enum(
  Object.keys(PLATFORM_ACTIVITY_KINDS) as [keyof typeof PLATFORM_ACTIVITY_KINDS],
);
export type PlatformActivityKind = z.infer<typeof ZPlatformActivityKind>;

export const ZActivityQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type ActivityQuery = z.input<typeof ZActivityQuery>;

/** An instant of a filter: the browser turns the chosen day into its own midnight. */
const ZInstant = z.iso.datetime({ offset: true, error: MSG.activity.filterDateWrong });

/**
 * The platform activity's filters: a kind, who did it (part of their name or e-mail, as recorded),
 * and the instants it lies between (`from` included, `to` excluded).
 */
export const ZPlatformActivityQuery = ZActivityQuery.extend({
  kind: ZPlatformActivityKind.optional(),
  actor: ZSearch,
  from: ZInstant.optional(),
  to: ZInstant.optional(),
});
export type PlatformActivityQuery = z.input<typeof ZPlatformActivityQuery>;

/** What an event links to, while it still exists. */
export const ZActivityTarget = z.object({
  kind: z.enum(['entity', 'admin', 'payments']),
  id: z.string(),
});
export type ActivityTarget = z.infer<typeof ZActivityTarget>;

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
  /** The item the event names, when it still exists (the platform's events only). */
  target: ZActivityTarget.nullable(),
});
export type ActivityEvent = z.infer<typeof ZActivityEvent>;

export const ZActivityListResponse = z.object({
  events: z.array(ZActivityEvent),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityListResponse = z.infer<typeof ZActivityListResponse>;
