// A family's charges, whatever the provider: each charge the billing module makes (and, with Stripe,
// each renewal Stripe reports) is recorded once with the plan, coupons and card it was for, and the
// payer gets an e-mail of it — a receipt, or the notice of a decline.
import type { AppContext } from '../../app-context.js';
import { queueMail } from '../mail/mail.service.js';
import { chargeMail } from '../mail/templates.js';
import * as repo from './charges.repository.js';

export interface ChargeToRecord {
  groupId: string;
  provider: 'local' | 'stripe';
  /** The key of the charge at the provider: the same charge reported again is not recorded twice. */
  chargeKey: string;
  plan: { name: string; type: 'recurring' | 'one_time' };
  couponNames: string[];
  amount: number;
  status: 'succeeded' | 'declined';
  /** The payer (the billing e-mail) and the card charged, as they are now. */
  billing: { email: string; cardBrand: string; cardLast4: string };
}

export async function recordCharge(ctx: Pick<AppContext, 'db' | 'queue'>, charge: ChargeToRecord) {
  const row = await repo.insertCharge(ctx.db, {
    groupId: charge.groupId,
    provider: charge.provider,
    chargeKey: charge.chargeKey,
    planName: charge.plan.name,
    planType: charge.plan.type,
    couponNames: charge.couponNames,
    amount: charge.amount,
    status: charge.status,
    cardBrand: charge.billing.cardBrand,
    cardLast4: charge.billing.cardLast4,
  });
  if (!row) return;
  await queueMail(
    ctx.queue,
    chargeMail({
      to: charge.billing.email,
      status: charge.status,
      amount: charge.amount,
      planName: charge.plan.name,
      planType: charge.plan.type,
      couponNames: charge.couponNames,
      cardBrand: charge.billing.cardBrand,
      cardLast4: charge.billing.cardLast4,
      at: row.createdAt,
    }),
  );
}
