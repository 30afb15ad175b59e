// Where an entity's alerts go (reported messages, agreement items overdue): the e-mail of its first
// sign-in account, or the entity's own e-mail while it has none yet.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { entities, users } from './schema.js';

/** The alert address of the entity whose id is in this column (read with `entities` joined). */
export function alertAddressOf(entityId: AnyPgColumn): SQL<string> {
  return sql<string>`coalesce((select u.email from ${users} u where u.entity_id = ${entityId}
    and u.role = 'entity' order by u.created_at limit 1), ${entities.email})`;
}
