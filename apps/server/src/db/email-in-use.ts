// Whether an e-mail address is already someone's: the one check behind every 'Email already in use'
// (sign-up, access requests, an admin or entity created or edited, a changed account e-mail). An
// address is one person's, whatever its case, across accounts and entities.
import { and, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { entities, users } from './schema.js';

/**
 * Whether an account or an entity uses the address — apart from the account being edited
 * (`exceptUserId`), or the entity being edited and its own people (`exceptEntityId`).
 */
export async function emailInUse(
  db: Db,
  email: string,
  except: { userId?: string; entityId?: string } = {},
): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        except.userId ? ne(users.id, except.userId) : undefined,
        except.entityId ? or(isNull(users.entityId), ne(users.entityId, except.entityId)) : undefined,
      ),
    )
    .limit(1);
  if (user) return true;
  const [entity] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(
      and(
        sql`lower(${entities.email}) = lower(${email})`,
        except.entityId ? ne(entities.id, except.entityId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(entity);
}
