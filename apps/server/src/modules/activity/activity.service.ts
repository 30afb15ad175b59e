// The activity record as the screens show it: a family's (its entity only; another entity's family is
// 'not found') and the platform's (the administrator only). Events are stored with raw details (a
// status before and after, a recipient, a version); the sentences they read as come from MSG.activity.
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEvent,
  type ActivityListResponse,
  entityStatusLabel,
  joinName,
  type MemberRole,
  MSG,
  memberRoleLabel,
  ZEntityStatus,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { assertAdmin } from '../../lib/app-error.js';
import { entityIdOf, loadGroup } from '../groups/groups.service.js';
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

/** What an edit of a family member changed, field by field: 'Name: Ann Lee → Ann Park · Email: …'. */
function memberChanges(details: Details): string | null {
  const role = (value: string) => (value === '' ? '' : memberRoleLabel(value as MemberRole));
  const fields = [
    { label: MSG.fields.name, key: 'name', show: (value: string) => value },
    { label: MSG.fields.email, key: 'email', show: (value: string) => value },
    { label: MSG.fields.role, key: 'role', show: role },
  ];
  const changes = fields.flatMap(({ label, key, show }) => {
    const from = text(details, `${key}From`);
    const to = text(details, `${key}To`);
    if (from === null && to === null) return [];
    return [MSG.activity.fieldChange(label, show(from ?? ''), show(to ?? ''))];
  });
  return changes.length > 0 ? changes.join(' · ') : null;
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
      return { subject: row.subject, detail: memberChanges(details) };
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
    case 'billing.plan_changed': {
      const previous = text(details, 'previous');
      return { subject: row.subject, detail: previous ? MSG.activity.previousPlan(previous) : null };
    }
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

function toEvent(row: repo.ActivityRow): ActivityEvent {
  return {
    id: row.id,
    action: row.action,
    at: row.createdAt.toISOString(),
    actor:
      row.actorEmail === null
        ? null
        : MSG.activity.actor(joinName(row.actorFirstName ?? '', row.actorLastName ?? ''), row.actorEmail),
    channelNumber: row.channelNumber,
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
      const group = await loadGroup(ctx, entityId, input.groupId);
      const result = await repo.findFamilyActivity(db, entityId, group.id, {
        page: input.page,
        pageSize: ACTIVITY_PAGE_SIZE,
      });
      return toList(result, input.page);
    },

    /** A page of the platform's events, newest first. */
    async listPlatformActivity({
      actor,
      input,
    }: {
      actor: Actor;
      input: { page: number };
    }): Promise<ActivityListResponse> {
      assertAdmin(actor);
      const result = await repo.findPlatformActivity(db, { page: input.page, pageSize: ACTIVITY_PAGE_SIZE });
      return toList(result, input.page);
    },
  };
}
