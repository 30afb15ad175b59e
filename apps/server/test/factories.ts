// Rows that tests need before the features that create them exist; each call makes unique data.
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, TEST_PAYER } from '@bridge-talk/contract/test-data';
import type { Db } from '../src/db/client.js';
import { billingInformation, entities, groups, users } from '../src/db/schema.js';
import { subscriptions } from '../src/db/schema-billing.js';
import { familyMembers, groupMembers } from '../src/db/schema-families.js';
import { hashPassword } from '../src/lib/passwords.js';

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

/** Another admin account (the bootstrap admin is TEST_ADMIN); with a password unless `null` is given. */
export async function createAdminUser(db: Db, options: { password?: string | null } = {}) {
  const suffix = randomUUID().slice(0, 8);
  const email = `admin-${suffix}@test.local`;
  const password = options.password === undefined ? 'Admin-Pass-2' : options.password;
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Alex',
      lastName: `Admin ${suffix}`,
      role: 'admin',
      subtype: 'admin',
      passwordHash: password === null ? null : await hashPassword(password),
    })
    .returning({ id: users.id });
  return { userId: user!.id, email, password, name: `Alex Admin ${suffix}` };
}

/**
 * A family of an entity straight in the tables (no payment provider involved): named unless `name` is
 * null, with payment details and a subscription of `planType` unless those are null.
 */
export async function createFamily(
  db: Db,
  options: {
    entityId: string;
    name?: string | null;
    active?: boolean;
    paymentEmail?: string | null;
    planType?: 'one_time' | 'recurring' | null;
  },
) {
  const suffix = randomUUID().slice(0, 8);
  const name = options.name === undefined ? `Robin ${suffix}` : options.name;
  const [first, ...rest] = (name ?? '').split(' ');
  const [group] = await db
    .insert(groups)
    .values({
      entityId: options.entityId,
      name,
      childFirstName: name === null ? null : (first ?? null),
      childLastName: name === null ? null : rest.join(' '),
      active: options.active ?? true,
    })
    .returning({ id: groups.id });
  const groupId = group!.id;
  const paymentEmail =
    options.paymentEmail === undefined ? `payer-${suffix}@test.local` : options.paymentEmail;
  if (paymentEmail !== null) {
    await db.insert(billingInformation).values({
      groupId,
      cardName: TEST_PAYER.cardName,
      address: TEST_PAYER.address,
      city: TEST_PAYER.city,
      state: TEST_PAYER.state,
      zip: TEST_PAYER.zip,
      email: paymentEmail,
      phone: TEST_PAYER.phoneNumber,
      cardBrand: TEST_CARDS.paid.brand,
      cardLast4: TEST_CARDS.paid.last4,
      cardExpMonth: 12,
      cardExpYear: 2099,
      providerCustomerId: `cus_${suffix}`,
      providerPaymentMethodId: `pm_${suffix}`,
    });
  }
  const planType = options.planType === undefined ? 'recurring' : options.planType;
  if (planType !== null) {
    await db.insert(subscriptions).values({
      groupId,
      provider: 'local',
      planId: `price_factory_${planType}`,
      planType,
      amount: 1000,
      status: 'active',
      providerSubscriptionId: planType === 'recurring' ? `sub_${suffix}` : null,
      providerPaymentId: planType === 'one_time' ? `pay_${suffix}` : null,
    });
  }
  return { groupId, name, paymentEmail };
}

/** A person in a family straight in the tables (no invitation, no chat channel). */
export async function addFamilyMember(
  db: Db,
  options: {
    groupId: string;
    role: 'child' | 'adoptive_parent' | 'birth_family';
    position?: number;
    email?: string | null;
    firstName?: string;
    lastName?: string;
    active?: boolean;
  },
) {
  const suffix = randomUUID().slice(0, 8);
  const email = options.email === undefined ? `${options.role}-${suffix}@family.test` : options.email;
  const [person] = await db
    .insert(familyMembers)
    .values({
      email,
      firstName: options.firstName ?? 'Sam',
      lastName: options.lastName ?? `Member ${suffix}`,
    })
    .returning({ id: familyMembers.id });
  await db.insert(groupMembers).values({
    groupId: options.groupId,
    memberId: person!.id,
    role: options.role,
    position: options.position ?? 1,
    active: options.active ?? true,
  });
  return { memberId: person!.id, email };
}
