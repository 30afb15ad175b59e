// Rows that tests need before the features that create them exist; each call makes unique data.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { entities, users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';

type Status = 'active' | 'pending' | 'disabled' | 'inactive';

export async function createEntityUser(
  db: Db,
  options: {
    password?: string | null;
    entityStatus?: Status;
    userStatus?: Status;
    coupon?: string | null;
  } = {},
) {
  const suffix = randomUUID().slice(0, 8);
  const email = `entity-${suffix}@test.local`;
  const [entity] = await db
    .insert(entities)
    .values({
      name: `Agency ${suffix}`,
      email,
      subtype: 'agency',
      status: options.entityStatus ?? 'active',
      coupon: options.coupon ?? null,
    })
    .returning({ id: entities.id, name: entities.name });
  const password = options.password === undefined ? 'Entity-Pass-1' : options.password;
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Erin',
      lastName: `Agent ${suffix}`,
      role: 'entity',
      subtype: 'agency',
      entityId: entity!.id,
      passwordHash: password === null ? null : await hashPassword(password),
      status: options.userStatus ?? 'active',
    })
    .returning({ id: users.id });
  return { entityId: entity!.id, entityName: entity!.name, userId: user!.id, email, password };
}
