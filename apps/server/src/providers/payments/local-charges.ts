// The local provider's charges: a charge is recorded once per idempotency key, declined when the
// saved card declines or has expired, and a repeated call answers with the recorded outcome.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentCharges, paymentMethods } from '../../db/schema-billing.js';
import { localId } from './local-cards.js';
import { CardDeclinedError } from './payments-provider.js';

/** The same day of the next month, or its last day when it has no such day. */
export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCMonth(next.getUTCMonth() + 1);
  // 31 January + 1 month is the last day of February, not 3 March.
  if (next.getUTCDate() !== day) next.setUTCDate(0);
  return next;
}

/** What a charge's outcome is read from, when it is recorded and when a repeat finds it. */
const RECORDED = {
  id: paymentCharges.id,
  status: paymentCharges.status,
  failureCode: paymentCharges.failureCode,
  createdAt: paymentCharges.createdAt,
};

async function findCharge(db: Db, idempotencyKey: string) {
  const [charge] = await db
    .select(RECORDED)
    .from(paymentCharges)
    .where(eq(paymentCharges.idempotencyKey, idempotencyKey));
  return charge;
}

export async function chargeLocalCard(
  db: Db,
  input: {
    customerId: string;
    paymentMethodId: string;
    amount: number;
    description: string;
    idempotencyKey: string;
  },
) {
  const recorded =
    (await findCharge(db, input.idempotencyKey)) ??
    (await (async () => {
      const [method] = await db
        .select({
          declineCode: paymentMethods.declineCode,
          expMonth: paymentMethods.expMonth,
          expYear: paymentMethods.expYear,
        })
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.customerId, input.customerId)),
        );
      const now = new Date();
      const expired =
        !method ||
        method.expYear < now.getUTCFullYear() ||
        (method.expYear === now.getUTCFullYear() && method.expMonth < now.getUTCMonth() + 1);
      const failureCode = !method
        ? 'payment_method_missing'
        : (method.declineCode ?? (expired ? 'expired_card' : null));
      const [row] = await db
        .insert(paymentCharges)
        .values({
          id: localId('ch'),
          idempotencyKey: input.idempotencyKey,
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          amount: input.amount,
          description: input.description,
          status: failureCode ? 'failed' : 'succeeded',
          failureCode,
        })
        .onConflictDoNothing()
        .returning(RECORDED);
      if (row) return row;
      // Another call with the same key recorded it a moment ago: its outcome is the outcome.
      const raced = await findCharge(db, input.idempotencyKey);
      if (!raced) throw new Error('charge not recorded');
      return raced;
    })());
  if (recorded.status === 'failed') throw new CardDeclinedError(recorded.failureCode ?? 'card_declined');
  return recorded;
}
