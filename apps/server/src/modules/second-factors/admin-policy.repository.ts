// Whether every admin must have a second factor: a setting of app_settings, and the question it
// falls back on when no administrator has set it.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSettings, secondFactors, users } from '../../db/schema.js';

const POLICY_KEY = 'admins_second_factor';
/** 'auto': required once an admin has enrolled (a new install's default). */
export type PolicySetting = 'required' | 'optional' | 'auto';

export async function findPolicySetting(db: Db): Promise<PolicySetting> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, POLICY_KEY));
  const value = row?.value;
  return value === 'required' || value === 'auto' ? value : 'optional';
}

export async function storePolicySetting(
  db: Pick<Db, 'insert'>,
  value: Exclude<PolicySetting, 'auto'>,
): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: POLICY_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/**
 * Written once, at the first start that knows the setting: a new install (no account yet) requires a
 * second factor of admins once one has enrolled; an install that had accounts before keeps its admins'
 * sign-in as it was until an administrator decides.
 */
export async function settlePolicyDefault(db: Db): Promise<void> {
  await db.execute(sql`
    insert into ${appSettings} (key, value)
    select ${POLICY_KEY}, case when exists (select 1 from ${users}) then 'optional' else 'auto' end
    on conflict (key) do nothing`);
}

export async function anyAdminHasFactor(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: secondFactors.id })
    .from(secondFactors)
    .innerJoin(users, eq(users.id, secondFactors.userId))
    .where(and(eq(users.role, 'admin'), isNotNull(secondFactors.confirmedAt)))
    .limit(1);
  return row !== undefined;
}
