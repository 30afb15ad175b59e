// The activity record as the screens show it: a family's (its entity only; another entity's family is
// 'not found') and the platform's (the administrator only). Events are stored with raw details (a
// status before and after, a recipient, a version); the sentences they read as come from MSG.activity.
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEvent,
  type ActivityListResponse,
  type ActivityTarget,
  entityStatusLabel,
  formatDate,
  joinName,
  type MemberRole,
  MSG,
  memberRoleLabel,
  PLATFORM_ACTIVITY_KINDS,
  ZEntityStatus,
  type ZPlatformActivityQuery,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { assertAdmin } from '../../lib/app-error.js';
import type { Valid } from '../../lib/route.js';
import { entityIdOf, loadFamily } from '../tenancy/tenancy.service.js';
import * as repo from './activity.repository.js';

type Details = Record<string, string | number | null>;

function text(details: Details, key: string): string | null {
  const value = details[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

function entityStatus(value: string | null): string | null {
  const status = ZEntityStatus.safeParse(value);
  return status.success ? entityStatusLabel(status.data) : null;
}

function memberStatus(value: string | null): string | null {
  if (value === 'active') return MSG.families.statusActive;
  if (value === 'inactive') return MSG.families.statusInactive;
  return null;
}

function fromTo(from: string | null, to: string | null): string | null {
  return from && to ? MSG.activity.fromTo(from, to) : null;
}

function exportOutcome(row: repo.ActivityRow): string | null {
  if (row.exportSha256) return MSG.activity.exportFingerprint(row.exportSha256);
  if (row.exportStatus === 'failed') return MSG.activity.exportFailed;
  if (row.exportStatus) return MSG.activity.exportPending;
  return null;
}

interface ChangedField {
  label: string;
  key: string;
  show?: (value: string) => string;
}

/**
 * What an edit changed, field by field, from the `<key>From` and `<key>To` details it keeps:
 * 'Name: Ann Lee → Ann Park · Email: …'.
 */
function changes(details: Details, fields: ChangedField[]): string | null {
  const changes = fields.flatMap(({ label, key, show = (value: string) => value }) => {
    const from = text(details, `${key}From`);
    const to = text(details, `${key}To`);
    if (from === null && to === null) return [];
    return [MSG.activity.fieldChange(label, show(from ?? ''), show(to ?? ''))];
  });
  return changes.length > 0 ? changes.join(' · ') : null;
}

const MEMBER_FIELDS: ChangedField[] = [
  { label: MSG.fields.name, key: 'name' },
  { label: MSG.fields.email, key: 'email' },
  {
    label: MSG.fields.role,
    key: 'role',
    show: (value) => (value === '' ? '' : memberRoleLabel(value as MemberRole)),
  },
];

const ADMIN_FIELDS: ChangedField[] = [
  { label: MSG.fields.name, key: 'name' },
  { label: MSG.fields.email, key: 'email' },
];

/** An entity's fields as its form names them; the keys are those of the entity's details. */
const ENTITY_FIELDS: ChangedField[] = [
  { label: MSG.fields.entityName, key: 'name' },
  { label: MSG.fields.email, key: 'email' },
  { label: MSG.fields.phone, key: 'phone' },
  { label: MSG.fields.address, key: 'address' },
  { label: MSG.fields.coupon, key: 'coupon' },
  { label: MSG.fields.startContract, key: 'startContract' },
  { label: MSG.fields.endContract, key: 'endContract' },
];

const COUPON_FIELDS: ChangedField[] = [
  { label: MSG.fields.couponName, key: 'name' },
  { label: MSG.fields.maxRedemptions, key: 'maxRedemptions' },
];

/** The lines of the What column that are present, as one. */
function lines(...parts: (string | null)[]): string | null {
  const present = parts.filter((part): part is string => part !== null);
  return present.length > 0 ? present.join(' · ') : null;
}

/** A choice of plan or a payment: the plan before, the price paid and the coupons applied. */
function planDetail(details: Details): string | null {
  const previous = text(details, 'previous');
  const price = text(details, 'price');
  const coupons = text(details, 'coupons');
  return lines(
    previous ? MSG.activity.previousPlan(previous) : null,
    price ? MSG.activity.price(price) : null,
    coupons ? MSG.activity.coupons(coupons) : null,
  );
}

/** What the event names and what else it shows, as the What column reads them. */
function describe(row: repo.ActivityRow): Pick<ActivityEvent, 'subject' | 'detail'> {
  const details = row.details ?? {};
  switch (row.action) {
    case 'member.status_changed':
      return {
        subject: row.subject,
        detail: fromTo(memberStatus(text(details, 'from')), memberStatus(text(details, 'to'))),
      };
    case 'member.edited':
      return { subject: row.subject, detail: changes(details, MEMBER_FIELDS) };
    case 'admin.edited':
      return { subject: row.subject, detail: changes(details, ADMIN_FIELDS) };
    case 'entity.edited':
      return { subject: row.subject, detail: changes(details, ENTITY_FIELDS) };
    case 'coupon.edited':
      return { subject: row.subject, detail: changes(details, COUPON_FIELDS) };
    case 'entity.access_rejected':
      return {
        subject: row.subject,
        detail: details.notified === 1 ? MSG.activity.requesterNotified : null,
      };
    case 'channel.status_changed': {
      const to = text(details, 'to');
      return {
        subject: row.subject,
        detail: to === 'disabled' ? MSG.activity.channelDisabled : to ? MSG.activity.channelEnabled : null,
      };
    }
    case 'conversation.export_requested': {
      const email = text(details, 'email');
      return {
        subject: email ? MSG.activity.exportRecipient(email) : row.subject,
        detail: exportOutcome(row),
      };
    }
    case 'billing.plan_changed':
    case 'plan.created':
      return { subject: row.subject, detail: planDetail(details) };
    case 'report.reviewed':
      return { subject: row.subject, detail: text(details, 'note') };
    case 'report.reopened':
      return {
        subject: row.subject,
        detail: MSG.activity.reopenedBecause(text(details, 'reason'), text(details, 'note')),
      };
    case 'entity.status_changed':
      return {
        subject: row.subject,
        detail: fromTo(entityStatus(text(details, 'from')), entityStatus(text(details, 'to'))),
      };
    case 'agreement.saved': {
      const version = details.version;
      const from = text(details, 'effectiveFrom');
      return {
        subject: row.subject,
        detail:
          typeof version === 'number' && from
            ? MSG.activity.agreementVersion(version, formatDate(from))
            : null,
      };
    }
    case 'agreement.marked': {
      const due = text(details, 'due');
      const on = text(details, 'givenOn');
      if (!due) return { subject: row.subject, detail: null };
      const what = on
        ? MSG.activity.agreementGiven(formatDate(due), formatDate(on))
        : MSG.activity.agreementExcused(formatDate(due));
      return { subject: row.subject, detail: lines(what, text(details, 'note')) };
    }
    case 'agreement.report_exported': {
      const from = text(details, 'from');
      const to = text(details, 'to');
      return {
        subject: row.subject,
        detail: lines(
          from && to ? MSG.activity.agreementPeriod(formatDate(from), formatDate(to)) : null,
          // A PDF's fingerprint: which issued file the verify page will say this was.
          text(details, 'sha256') ? MSG.activity.exportFingerprint(text(details, 'sha256')!) : null,
        ),
      };
    }
    case 'agreement.summary_exported': {
      const year = details.year;
      return {
        subject: row.subject,
        detail: typeof year === 'number' ? MSG.activity.agreementYear(year) : null,
      };
    }
    case 'terms.published': {
      const version = details.version;
      return {
        subject: row.subject,
        detail: typeof version === 'number' ? MSG.activity.termsVersion(version) : null,
      };
    }
    default:
      return { subject: row.subject, detail: null };
  }
}

/** The item a platform event names, while it exists: an entity, an admin account, the payments page. */
function targetOf(row: repo.ActivityRow): ActivityTarget | null {
  if (row.action.startsWith('entity.')) {
    return row.entityExists && row.entityId ? { kind: 'entity', id: row.entityId } : null;
  }
  if (row.action === 'admin.created' || row.action === 'admin.edited') {
    return row.targetAdminExists && row.targetId ? { kind: 'admin', id: row.targetId } : null;
  }
  if (row.action.startsWith('plan.') || row.action.startsWith('coupon.')) {
    // Plans and coupons stay listed once archived: the payments page shows them.
    return { kind: 'payments', id: row.targetId ?? '' };
  }
  return null;
}

function toEvent(row: repo.ActivityRow): ActivityEvent {
  return {
    id: row.id,
    action: row.action,
    at: row.createdAt.toISOString(),
    // The actor as recorded when it happened: a removed or renamed account reads as it was.
    actor:
      row.actorEmail === null
        ? null
        : MSG.activity.actor(joinName(row.actorFirstName ?? '', row.actorLastName ?? ''), row.actorEmail),
    channelNumber: row.channelNumber,
    target: targetOf(row),
    ...describe(row),
  };
}

function toList(result: repo.ActivityPage, page: number): ActivityListResponse {
  return { events: result.rows.map(toEvent), total: result.total, page, pageSize: ACTIVITY_PAGE_SIZE };
}

export function createActivityService(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** A page of the family's events, newest first. */
    async listFamilyActivity({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string; page: number };
    }): Promise<ActivityListResponse> {
      const entityId = entityIdOf(actor);
      const group = await loadFamily(ctx, entityId, input.groupId);
      const result = await repo.findFamilyActivity(db, entityId, group.id, {
        page: input.page,
        pageSize: ACTIVITY_PAGE_SIZE,
      });
      return toList(result, input.page);
    },

    /** A page of the platform's events, newest first, filtered by kind, actor and time. */
    async listPlatformActivity({
      actor,
      input: query,
    }: {
      actor: Actor;
      input: Valid<typeof ZPlatformActivityQuery>;
    }): Promise<ActivityListResponse> {
      assertAdmin(actor);
      const result = await repo.findPlatformActivity(
        db,
        {
          actions: query.kind ? PLATFORM_ACTIVITY_KINDS[query.kind] : undefined,
          actor: query.actor || undefined,
          from: query.from,
          to: query.to,
        },
        { page: query.page, pageSize: ACTIVITY_PAGE_SIZE },
      );
      return toList(result, query.page);
    },
  };
}
