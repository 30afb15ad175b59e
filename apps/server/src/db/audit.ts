// Appends to the audit record (audit_events): who did what, to which family, channel or account. The
// family's activity and the administrator's platform activity are read from it.
import type { AuditAction } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { users } from './schema.js';
import { auditEvents } from './schema-families.js';

export interface AuditEventInput {
  /** Who did it; null when the portal did it by itself. */
  actorUserId: string | null;
  action: AuditAction;
  entityId?: string | null;
  groupId?: string | null;
  channelId?: string | null;
  /** The admin account, plan or coupon the event names, so that the activity links to it. */
  targetId?: string | null;
  /** What the action names (a person, a recipient, an entity, …), as it should be shown. */
  subject?: string | null;
  /** What else the activity shows (a status before and after, a fingerprint, a note). */
  details?: Record<string, string | number | null> | null;
}

/** One column of the actor's account as it is now: kept on the event, which outlives the account. */
function actorColumn(actorUserId: string | null, column: PgColumn) {
  return actorUserId === null
    ? null
    : sql`(select ${column} from ${users} where ${users.id} = ${actorUserId})`;
}

/**
 * Records one event; inside the caller's transaction when given one, so that it is kept with the change.
 * Answers when the database says it happened.
 */
export async function recordAudit(db: Pick<Db, 'insert'>, event: AuditEventInput): Promise<Date> {
  const [row] = await db
    .insert(auditEvents)
    .values({
      ...event,
      actorFirstName: actorColumn(event.actorUserId, users.firstName),
      actorLastName: actorColumn(event.actorUserId, users.lastName),
      actorEmail: actorColumn(event.actorUserId, users.email),
    })
    .returning({ createdAt: auditEvents.createdAt });
  return row!.createdAt;
}
