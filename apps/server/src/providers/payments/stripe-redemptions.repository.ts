// The one query of the stripe provider: Stripe does not count our coupon redemptions, we do.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema-billing.js';

/**
 * The families that redeemed a coupon through us: those with a Stripe subscription, paid or being
 * paid (a declined or refused one is 'failed'), that applied it. A family counts once, as the local
 * provider counts a coupon once when a plan change keeps it. `exceptGroupId` leaves one family out.
 */
export async function countStripeRedemptions(
  db: Db,
  couponId: string,
  exceptGroupId?: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${subscriptions.groupId})::int` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'stripe'),
        ne(subscriptions.status, 'failed'),
        sql`${subscriptions.couponIds} @> ${JSON.stringify([couponId])}::jsonb`,
        exceptGroupId ? ne(subscriptions.groupId, exceptGroupId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}
