import {
  type Coupon,
  type DiscountedPrice,
  discountedPrice,
  type FamilySavedResponse,
  formatMoney,
  MSG,
  splitName,
  type ZAssignSubscriptionRequest,
  type ZChangeSubscriptionRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import type { AuditEventInput } from '../../db/audit.js';
import { AppError } from '../../lib/app-error.js';
import type { Valid } from '../../lib/route.js';
import {
  CardDeclinedError,
  CouponUsedUpError,
  type PaymentsProvider,
  type ProviderPlan,
} from '../../providers/payments/index.js';
import { entityIdOf } from '../tenancy/tenancy.service.js';
import * as repo from './billing.repository.js';

import { asAppError, type BillingLookups, translated } from './billing-common.js';
import { type ChargeToRecord, recordCharge } from './charges.js';

/** An incomplete subscription untouched this long belongs to a request that died: it may be resumed. */
const STALE_ATTEMPT_MS = 2 * 60 * 1000;

/** A group's subscription in the way: one being paid right now, or one that is paid. */
function alreadySubscribed(current: { status: string } | null): AppError {
  return current?.status === 'incomplete'
    ? new AppError('CONFLICT', MSG.billing.requestInProgress)
    : new AppError('CONFLICT', MSG.wizard.groupHasSubscription);
}

/** The provider's customer and card that a charge or a plan change is made with. */
/** What the family's activity shows of a payment: the price charged and the coupons it took. */
function paidDetails(price: DiscountedPrice, coupons: readonly Coupon[]): Record<string, string> {
  const applied = coupons.filter((coupon) => price.appliedCouponIds.includes(coupon.id));
  return {
    price: formatMoney(price.final),
    ...(applied.length > 0 ? { coupons: applied.map((coupon) => coupon.name).join(', ') } : {}),
  };
}

function cardOnFile(billing: repo.BillingValues) {
  return { customerId: billing.providerCustomerId, paymentMethodId: billing.providerPaymentMethodId };
}

export function createSubscriptionsService(
  ctx: AppContext,
  payments: PaymentsProvider,
  lookups: BillingLookups,
) {
  const { db } = ctx;
  const { groupOf, availablePlan, couponsFor, billingOf } = lookups;

  /**
   * A charge made now, for the family's list and the payer's e-mail. The payment stands whatever
   * happens here: a record that fails is logged, never turned into a failed payment.
   */
  const charged = (
    charge: Pick<ChargeToRecord, 'groupId' | 'chargeKey' | 'amount' | 'status'> & {
      plan: ProviderPlan;
      coupons: Coupon[];
      billing: repo.BillingValues;
    },
  ) =>
    recordCharge(ctx, {
      groupId: charge.groupId,
      provider: payments.kind,
      chargeKey: charge.chargeKey,
      plan: { name: charge.plan.name, type: charge.plan.type },
      couponNames: charge.coupons.map((coupon) => coupon.name),
      amount: charge.amount,
      status: charge.status,
      billing: charge.billing,
    }).catch((error: unknown) =>
      ctx.logger.error({ err: error, groupId: charge.groupId }, 'charge not recorded'),
    );

  /** A new subscription of the group: the plan at its price after the coupons that applied. */
  function newSubscription(
    groupId: string,
    plan: ProviderPlan,
    price: DiscountedPrice,
  ): repo.NewSubscription {
    return {
      groupId,
      provider: payments.kind,
      planId: plan.id,
      planType: plan.type,
      couponIds: price.appliedCouponIds,
      amount: price.final,
    };
  }

  /**
   * Charges (one_time) or starts (recurring) an incomplete subscription. The provider call's key is the
   * row's id, written before the call: a repeat after a crash is answered by the provider, not redone.
   */
  async function paySubscription(
    row: { id: string; couponIds: string[]; amount: number },
    input: {
      plan: ProviderPlan;
      coupons: Coupon[];
      groupId: string;
      billing: repo.BillingValues;
      /** The plan chosen, for the family's activity (a resumed attempt has nobody to name). */
      audit: AuditEventInput | null;
    },
  ): Promise<void> {
    const idempotencyKey = `sub-${row.id}`;
    const applied = input.coupons.filter((coupon) => row.couponIds.includes(coupon.id));
    const chargeOf = (status: ChargeToRecord['status']) => ({
      groupId: input.groupId,
      chargeKey: idempotencyKey,
      amount: row.amount,
      status,
      plan: input.plan,
      coupons: applied,
      billing: input.billing,
    });
    try {
      await payments.redeemCoupons(
        applied.map((coupon) => coupon.id),
        idempotencyKey,
        input.groupId,
      );
    } catch (error) {
      if (error instanceof CouponUsedUpError) await repo.markSubscriptionFailed(db, row.id);
      throw asAppError(error);
    }
    try {
      const result = await payments.subscribe({
        ...cardOnFile(input.billing),
        plan: input.plan,
        coupons: applied,
        amount: row.amount,
        groupId: input.groupId,
        idempotencyKey,
      });
      await repo.markSubscriptionPaid(db, row.id, result, input.audit);
    } catch (error) {
      // Only a certain refusal ends the attempt; after an outage it stays incomplete, to be resumed.
      if (error instanceof CardDeclinedError) {
        await payments.releaseCoupons(
          applied.map((coupon) => coupon.id),
          idempotencyKey,
        );
        await repo.markSubscriptionFailed(db, row.id);
        await charged(chargeOf('declined'));
      }
      throw asAppError(error);
    }
    await charged(chargeOf('succeeded'));
  }

  /** An attempt that died mid-way is finished with the same provider key before anything new starts. */
  async function resumeStaleAttempt(entityId: string, current: NonNullable<repo.SubscriptionRow>) {
    await repo.touchSubscription(db, current.id);
    const plan = await translated(() => payments.findPlan(current.planId));
    const billing = await repo.findBillingInformation(db, entityId, current.groupId);
    if (!plan || !billing) {
      await repo.markSubscriptionFailed(db, current.id);
      return;
    }
    const coupons = (
      await Promise.all(current.couponIds.map((id) => translated(() => payments.findCoupon(id))))
    ).filter((coupon): coupon is Coupon => coupon !== null);
    try {
      await paySubscription(current, { plan, coupons, groupId: current.groupId, billing, audit: null });
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNPROCESSABLE') return;
      throw error;
    }
  }

  return {
    /** Wizard step 2: names the group after the child and subscribes it to the plan. */
    async assignSubscription({
      actor,
      input: request,
    }: {
      actor: Actor;
      input: Valid<typeof ZAssignSubscriptionRequest>;
    }): Promise<FamilySavedResponse> {
      const entityId = entityIdOf(actor);
      const group = await groupOf(entityId, request.groupId);
      const billing = await billingOf(entityId, group.id);
      let current = await repo.findCurrentSubscription(db, entityId, group.id);
      let resumed = false;
      if (current && repo.isStale(current, STALE_ATTEMPT_MS)) {
        await resumeStaleAttempt(entityId, current);
        current = await repo.findCurrentSubscription(db, entityId, group.id);
        resumed = true;
      }
      const nameTheFamily = async () => {
        const { firstName, lastName } = splitName(request.name);
        await repo.nameFamily(db, {
          entityId,
          groupId: group.id,
          name: request.name,
          childFirstName: firstName,
          childLastName: lastName,
        });
        return { _id: group.id, message: MSG.wizard.groupCreatedSuccessfully };
      };
      // Paid, but never named: the request that paid ended (a crash, a lost answer) before naming
      // the family. A repeat finishes it instead of refusing a family that is paid for — once the
      // paying request is surely over (or this one finished its payment); until then it may still
      // be naming the family itself.
      if (current && current.status !== 'incomplete' && group.name === null) {
        const payingRequestOver = Date.now() - current.updatedAt.getTime() > STALE_ATTEMPT_MS;
        if (resumed || payingRequestOver) return nameTheFamily();
        throw new AppError('CONFLICT', MSG.billing.requestInProgress);
      }
      if (current) throw alreadySubscribed(current);
      const plan = await availablePlan(request.priceId);
      const coupons = await couponsFor(entityId, request.coupons);
      const price = discountedPrice(plan, coupons);
      const row = await repo.insertSubscription(db, newSubscription(group.id, plan, price));
      // The unique index: a second submit racing this one finds the first one's row.
      if (!row) throw alreadySubscribed(await repo.findCurrentSubscription(db, entityId, group.id));
      await paySubscription(row, {
        plan,
        coupons,
        groupId: group.id,
        billing,
        audit: {
          actorUserId: actor.userId,
          action: 'billing.plan_changed',
          entityId,
          groupId: group.id,
          subject: plan.name,
          details: paidDetails(price, coupons),
        },
      });
      return nameTheFamily();
    },

    /** Change plan: only a monthly subscription changes; the same plan and coupons again is no change. */
    async changeSubscription({
      actor,
      input: request,
    }: {
      actor: Actor;
      input: Valid<typeof ZChangeSubscriptionRequest>;
    }): Promise<FamilySavedResponse> {
      const entityId = entityIdOf(actor);
      const group = await groupOf(entityId, request.groupId);
      const current = await repo.findCurrentSubscription(db, entityId, group.id);
      if (!current || current.status === 'incomplete') {
        throw new AppError('UNPROCESSABLE', MSG.billing.noSubscription);
      }
      if (current.planType === 'one_time')
        throw new AppError('UNPROCESSABLE', MSG.billing.oneTimePlanCannotChange);
      const billing = await billingOf(entityId, group.id);
      const plan = await availablePlan(request.priceId);
      const coupons = await couponsFor(entityId, request.coupons);
      const price = discountedPrice(plan, coupons);
      const done = { _id: group.id, message: MSG.billing.subscriptionUpdated };
      const sameCoupons =
        [...price.appliedCouponIds].sort().join(',') === [...current.couponIds].sort().join(',');
      if (plan.id === current.planId && sameCoupons) return done;
      const applied = coupons.filter((coupon) => price.appliedCouponIds.includes(coupon.id));
      const newlyApplied = applied
        .filter((coupon) => !current.couponIds.includes(coupon.id))
        .map((c) => c.id);
      const idempotencyKey = `change-${current.id}-${plan.id}-${price.appliedCouponIds.join('.')}`;
      // The plan it was, by name, for the activity; an unknown one (archived at the provider) is left out.
      const previous =
        plan.id === current.planId ? null : await payments.findPlan(current.planId).catch(() => null);
      const audit: AuditEventInput = {
        actorUserId: actor.userId,
        action: 'billing.plan_changed',
        entityId,
        groupId: group.id,
        subject: plan.name,
        details: { ...(previous ? { previous: previous.name } : {}), ...paidDetails(price, coupons) },
      };
      await translated(() => payments.redeemCoupons(newlyApplied, idempotencyKey, group.id));
      try {
        if (plan.type === 'recurring') {
          const result = await payments.changeRecurringPlan({
            subscriptionId: current.providerSubscriptionId ?? '',
            ...cardOnFile(billing),
            plan,
            coupons: applied,
            amount: price.final,
            groupId: group.id,
            idempotencyKey,
          });
          await repo.changeSubscriptionPlan(
            db,
            current.id,
            {
              planId: plan.id,
              couponIds: price.appliedCouponIds,
              amount: price.final,
              currentPeriodEnd: result.currentPeriodEnd,
            },
            audit,
          );
          return done;
        }
        // Monthly to one-time: the one-time price is charged, then the monthly subscription ends.
        const paid = await payments.subscribe({
          ...cardOnFile(billing),
          plan,
          coupons: applied,
          amount: price.final,
          groupId: group.id,
          idempotencyKey,
        });
        await repo.replaceWithOneTime(
          db,
          {
            currentId: current.id,
            paymentId: paid.paymentId ?? '',
            next: newSubscription(group.id, plan, price),
          },
          audit,
        );
        if (current.providerSubscriptionId) {
          await payments.cancelSubscription(current.providerSubscriptionId, `cancel-${current.id}`);
        }
        await charged({
          groupId: group.id,
          chargeKey: idempotencyKey,
          amount: price.final,
          status: 'succeeded',
          plan,
          coupons: applied,
          billing,
        });
        return done;
      } catch (error) {
        if (error instanceof CardDeclinedError) {
          await payments.releaseCoupons(newlyApplied, idempotencyKey);
          // A move to a one-time plan charges at once: its decline is a charge of the family too.
          if (plan.type === 'one_time') {
            await charged({
              groupId: group.id,
              chargeKey: idempotencyKey,
              amount: price.final,
              status: 'declined',
              plan,
              coupons: applied,
              billing,
            });
          }
        }
        throw asAppError(error);
      }
    },
  };
}
