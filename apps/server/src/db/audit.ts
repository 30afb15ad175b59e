// Appends to the audit record (audit_events): who did what, to which family, channel or account. The
// family's activity and the administrator's platform activity are read from it.
import type { AuditAction } from '@bridge-talk/contract';
import type { Db } from './client.js';
import { auditEvents } from './schema-families.js';

export interface AuditEventInput {
  /** Who did it; null when the portal did it by itself. */
  actorUserId: string | null;
  action: AuditAction;
  entityId?: string | null;
  groupId?: string | null;
  channelId?: string | null;
  /** What the action names (a person, a recipient, an entity, …), as it should be shown. */
  subject?: string | null;
  /** What else the activity shows (a status before and after, a fingerprint, a note). */
  details?: Record<string, string | number | null> | null;
}

/** Records one event; inside the caller's transaction when given one, so that it is kept with the change. */
export async function recordAudit(db: Pick<Db, 'insert'>, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values(event);
}
