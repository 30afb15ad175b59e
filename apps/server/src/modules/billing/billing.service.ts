// Group billing (spec section 7, 'Groups and billing'): plans and coupons, payment details, and the
// subscription of a group to a plan. Every price is recomputed here with the contract's price rule;
// the browser's figure is for display only. Every group is looked up within the caller's entity.

import { randomUUID } from 'node:crypto';
import {
  type AssignSubscriptionRequest,
  type BillingDetailsResponse,
  type ChangeSubscriptionRequest,
  type Coupon,
  discountedPrice,
  type GroupSavedResponse,
  isCouponUsable,
  MSG,
  type Plan,
  type PlanListResponse,
  type SaveBillingRequest,
  splitName,
  type UpdateBillingRequest,
  ZAssignSubscriptionRequest,
  ZChangeSubscriptionRequest,
  ZSaveBillingRequest,
  ZUpdateBillingRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import {
  CardDeclinedError,
  CouponUsedUpError,
  InvalidCardTokenError,
  PaymentProviderError,
  type PaymentsProvider,
  type ProviderPlan,
} from '../../providers/payments/index.js';
import { entityIdOf } from '../groups/groups.service.js';
import * as repo from './billing.repository.js';
import { withIdempotency } from './idempotency.js';

/** An incomplete subscription untouched this long belongs to a request that died: it may be resumed. */
const STALE_ATTEMPT_MS = 2 * 60 * 1000;

/** Ids and codes people type: printable, no spaces; anything else matches nothing (and never reaches a query). */
const PRINTABLE_ID = /^[\x21-\x7e]{1,64}$/;

/** Maps what a provider reports to the answer the client shows. */
function asAppError(error: unknown): unknown {
  if (error instanceof CardDeclinedError) return new AppError('UNPROCESSABLE', MSG.billing.cardDeclined);
  if (error instanceof CouponUsedUpError) {
    return new AppError('UNPROCESSABLE', MSG.billing.couponUsedUp(error.couponName));
  }
  if (error instanceof InvalidCardTokenError)
    return new AppError('UNPROCESSABLE', MSG.billing.cardTokenInvalid);
  if (error instanceof PaymentProviderError)
    return new AppError('UNAVAILABLE', MSG.billing.paymentServiceUnavailable);
  return error;
}

async function translated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asAppError(error);
  }
}

function toPlan(plan: ProviderPlan): Plan {
  return {
    id: plan.id,
    type: plan.type,
    unit_amount: plan.unit_amount,
    active: plan.active,
    nickname: plan.name,
  };
}

/** A group's subscription in the way: one being paid right now, or one that is paid. */
function alreadySubscribed(current: { status: string } | null): AppError {
  return current?.status === 'incomplete'
    ? new AppError('CONFLICT', MSG.billing.requestInProgress)
    : new AppError('CONFLICT', MSG.wizard.groupHasSubscription);
}

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService(ctx: AppContext, payments: PaymentsProvider) {
  const { db } = ctx;
  const excludedPlanId = ctx.config.payments.planExcludedId;

  async function groupOf(entityId: string, groupId: string) {
    const group = await repo.findGroup(db, entityId, groupId);
    if (!group) throw notFound();
    return group;
  }

  async function usableCoupon(code: string | null | undefined): Promise<Coupon | null> {
    if (!code || !PRINTABLE_ID.test(code)) return null;
    const coupon = await translated(() => payments.findCoupon(code));
    return coupon && isCouponUsable(coupon) ? coupon : null;
  }

  async function availablePlan(priceId: string): Promise<ProviderPlan> {
    const plan =
      priceId === excludedPlanId || !/^[\x21-\x7e]{1,255}$/.test(priceId)
        ? null
        : await translated(() => payments.findPlan(priceId));
    if (!plan)
      throw new AppError('UNPROCESSABLE', MSG.billing.planNotAvailable, {
        priceId: MSG.billing.planNotAvailable,
      });
    return plan;
  }

  /**
   * The coupons of a subscription: the entity's own (when usable) and the ones the client sent. A sent
   * coupon that does not exist is refused; one that is used up is refused with the spec's text.
   */
  async function couponsFor(entityId: string, codes: string[]): Promise<Coupon[]> {
    const entity = await repo.findEntityCoupon(db, entityId);
    const coupons: Coupon[] = [];
    const entityCoupon = await usableCoupon(entity?.coupon);
    if (entityCoupon) coupons.push(entityCoupon);
    for (const code of codes) {
      if (coupons.some((coupon) => coupon.id.toLowerCase() === code.toLowerCase())) continue;
      const coupon = PRINTABLE_ID.test(code) ? await translated(() => payments.findCoupon(code)) : null;
      if (!coupon)
        throw new AppError('UNPROCESSABLE', MSG.billing.couponNotValid, {
          coupons: MSG.billing.couponNotValid,
        });
      if (!isCouponUsable(coupon)) throw new AppError('UNPROCESSABLE', MSG.billing.couponUsedUp(coupon.name));
      coupons.push(coupon);
    }
    return coupons;
  }

  /** Spec section 4: a one-time family's billing and plan are not editable (it has nothing more to pay). */
  async function refuseOneTimeBillingChange(entityId: string, groupId: string): Promise<void> {
    const current = await repo.findCurrentSubscription(db, entityId, groupId);
    if (current?.planType === 'one_time')
      throw new AppError('UNPROCESSABLE', MSG.extra.oneTimeBillingCannotChange);
  }

  async function billingOf(entityId: string, groupId: string) {
    const billing = await repo.findBillingInformation(db, entityId, groupId);
    if (!billing) throw new AppError('UNPROCESSABLE', MSG.billing.noBillingInformation);
    return billing;
  }

  /**
   * Charges (one_time) or starts (recurring) an incomplete subscription. The provider call's key is the
   * row's id, written before the call: a repeat after a crash is answered by the provider, not redone.
   */
  async function paySubscription(
    row: { id: string; couponIds: string[]; amount: number },
    input: { plan: ProviderPlan; coupons: Coupon[]; groupId: string; billing: repo.BillingValues },
  ): Promise<void> {
    const idempotencyKey = `sub-${row.id}`;
    const applied = input.coupons.filter((coupon) => row.couponIds.includes(coupon.id));
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
        customerId: input.billing.providerCustomerId,
        paymentMethodId: input.billing.providerPaymentMethodId,
        plan: input.plan,
        coupons: applied,
        amount: row.amount,
        groupId: input.groupId,
        idempotencyKey,
      });
      await repo.markSubscriptionPaid(db, row.id, result);
    } catch (error) {
      // Only a certain refusal ends the attempt; after an outage it stays incomplete, to be resumed.
      if (error instanceof CardDeclinedError) {
        await payments.releaseCoupons(
          applied.map((coupon) => coupon.id),
          idempotencyKey,
        );
        await repo.markSubscriptionFailed(db, row.id);
      }
      throw asAppError(error);
    }
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
      await paySubscription(current, { plan, coupons, groupId: current.groupId, billing });
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNPROCESSABLE') return;
      throw error;
    }
  }

  /**
   * Saves the payment details. With a card token the card is checked and saved at the provider (a
   * refused card changes nothing); without one (update-billing with no new card) the card on file stays
   * and only the contact details change, at the provider and here.
   */
  async function storeBilling(
    actor: Actor,
    input: {
      entityId: string;
      groupId: string;
      create: boolean;
      current: repo.BillingValues | null;
      payload: ReturnType<typeof ZUpdateBillingRequest.parse>;
    },
  ): Promise<void> {
    const { payload, current } = input;
    const contact = {
      email: payload.email,
      name: payload.cardName,
      phone: payload.phoneNumber,
      address: {
        line1: payload.address,
        city: payload.city,
        state: payload.state,
        postalCode: payload.zip,
        country: payload.country,
      },
      groupId: input.groupId,
    };
    const token = payload.creditCardTokenId;
    let card: Pick<
      repo.BillingValues,
      | 'cardBrand'
      | 'cardLast4'
      | 'cardExpMonth'
      | 'cardExpYear'
      | 'providerCustomerId'
      | 'providerPaymentMethodId'
    >;
    if (token) {
      // What is shown of the card comes from the provider, not from what the browser said.
      const saved = await translated(() =>
        payments.saveCustomer({
          ...contact,
          customerId: current?.providerCustomerId ?? null,
          cardToken: token,
          userId: actor.userId,
          idempotencyKey: `billing-${input.groupId}-${token}`,
        }),
      );
      card = {
        cardBrand: saved.card.brand,
        cardLast4: saved.card.last4,
        cardExpMonth: saved.card.expMonth,
        cardExpYear: saved.card.expYear,
        providerCustomerId: saved.customerId,
        providerPaymentMethodId: saved.paymentMethodId,
      };
    } else {
      if (!current) throw new AppError('UNPROCESSABLE', MSG.billing.cardTokenInvalid);
      await translated(() =>
        payments.updateCustomer({
          ...contact,
          customerId: current.providerCustomerId,
          idempotencyKey: `billing-${input.groupId}-contact-${randomUUID()}`,
        }),
      );
      card = current;
    }
    await repo.saveBillingInformation(db, {
      entityId: input.entityId,
      groupId: input.groupId,
      create: input.create,
      values: {
        cardName: payload.cardName,
        address: payload.address,
        city: payload.city,
        state: payload.state,
        zip: payload.zip,
        country: payload.country,
        email: payload.email,
        phone: payload.phoneNumber,
        cardBrand: card.cardBrand,
        cardLast4: card.cardLast4,
        cardExpMonth: card.cardExpMonth,
        cardExpYear: card.cardExpYear,
        providerCustomerId: card.providerCustomerId,
        providerPaymentMethodId: card.providerPaymentMethodId,
      },
    });
  }

  return {
    /** The active plans (raw prices) and the coupon of the entity (an admin names the entity). */
    async listPlans({
      actor,
      input,
    }: {
      actor: Actor;
      input: { entityId?: string };
    }): Promise<PlanListResponse> {
      const entityId = actor.role === 'entity' ? entityIdOf(actor) : (input.entityId ?? null);
      let couponCode: string | null = null;
      if (entityId) {
        const entity = await repo.findEntityCoupon(db, entityId);
        if (!entity) throw notFound();
        couponCode = entity.coupon;
      }
      const [plans, entityCoupon] = await Promise.all([
        translated(() => payments.listPlans()),
        usableCoupon(couponCode),
      ]);
      return { plans: plans.filter((plan) => plan.id !== excludedPlanId).map(toPlan), entityCoupon };
    },

    /** A coupon that exists and is not used up; anything else is MSG.billing.couponNotValid. */
    async findCoupon({ input }: { actor: Actor; input: { code: string } }): Promise<Coupon> {
      const coupon = await usableCoupon(input.code.trim());
      if (!coupon) throw new AppError('NOT_FOUND', MSG.billing.couponNotValid);
      return coupon;
    },

    /** Wizard step 1: saves the payment details; without a groupId it creates the group. */
    async saveBilling({
      actor,
      input,
      idempotencyKey,
    }: {
      actor: Actor;
      input: SaveBillingRequest;
      idempotencyKey?: string;
    }): Promise<GroupSavedResponse> {
      const entityId = entityIdOf(actor);
      const { groupId: requestedGroupId, ...payload } = ZSaveBillingRequest.parse(input);
      return withIdempotency(
        db,
        { userId: actor.userId, key: idempotencyKey, route: 'billing.save', request: input },
        async () => {
          const existing = requestedGroupId ? await groupOf(entityId, requestedGroupId) : null;
          if (existing) await refuseOneTimeBillingChange(entityId, existing.id);
          const groupId = existing?.id ?? randomUUID();
          const billing = existing ? await repo.findBillingInformation(db, entityId, groupId) : null;
          await storeBilling(actor, { entityId, groupId, create: !existing, current: billing, payload });
          return { _id: groupId, message: MSG.billing.paymentCreated };
        },
      );
    },

    /** Update-billing: new payment details for a group of the entity. */
    async updateBilling({
      actor,
      groupId,
      input,
      idempotencyKey,
    }: {
      actor: Actor;
      groupId: string;
      input: UpdateBillingRequest;
      idempotencyKey?: string;
    }): Promise<GroupSavedResponse> {
      const entityId = entityIdOf(actor);
      const payload = ZUpdateBillingRequest.parse(input);
      return withIdempotency(
        db,
        { userId: actor.userId, key: idempotencyKey, route: `billing.update.${groupId}`, request: input },
        async () => {
          await groupOf(entityId, groupId);
          await refuseOneTimeBillingChange(entityId, groupId);
          const billing = await repo.findBillingInformation(db, entityId, groupId);
          await storeBilling(actor, { entityId, groupId, create: false, current: billing, payload });
          return { _id: groupId, message: MSG.billing.billingUpdated };
        },
      );
    },

    /** Wizard step 2: names the group after the child and subscribes it to the plan. */
    async assignSubscription({
      actor,
      input,
      idempotencyKey,
    }: {
      actor: Actor;
      input: AssignSubscriptionRequest;
      idempotencyKey?: string;
    }): Promise<GroupSavedResponse> {
      const entityId = entityIdOf(actor);
      const request = ZAssignSubscriptionRequest.parse(input);
      return withIdempotency(
        db,
        { userId: actor.userId, key: idempotencyKey, route: 'billing.assignSubscription', request },
        async () => {
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
            await repo.nameGroup(db, {
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
          const row = await repo.insertSubscription(db, {
            groupId: group.id,
            provider: payments.kind,
            planId: plan.id,
            planType: plan.type,
            couponIds: price.appliedCouponIds,
            amount: price.final,
          });
          // The unique index: a second submit racing this one finds the first one's row.
          if (!row) throw alreadySubscribed(await repo.findCurrentSubscription(db, entityId, group.id));
          await paySubscription(row, { plan, coupons, groupId: group.id, billing });
          return nameTheFamily();
        },
      );
    },

    /** Change plan: only a monthly subscription changes; the same plan and coupons again is no change. */
    async changeSubscription({
      actor,
      input,
      idempotencyKey,
    }: {
      actor: Actor;
      input: ChangeSubscriptionRequest;
      idempotencyKey?: string;
    }): Promise<GroupSavedResponse> {
      const entityId = entityIdOf(actor);
      const request = ZChangeSubscriptionRequest.parse(input);
      return withIdempotency(
        db,
        { userId: actor.userId, key: idempotencyKey, route: 'billing.changeSubscription', request },
        async () => {
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
          await translated(() => payments.redeemCoupons(newlyApplied, idempotencyKey, group.id));
          try {
            if (plan.type === 'recurring') {
              const result = await payments.changeRecurringPlan({
                subscriptionId: current.providerSubscriptionId ?? '',
                customerId: billing.providerCustomerId,
                paymentMethodId: billing.providerPaymentMethodId,
                plan,
                coupons: applied,
                amount: price.final,
                groupId: group.id,
                idempotencyKey,
              });
              await repo.changeSubscriptionPlan(db, current.id, {
                planId: plan.id,
                couponIds: price.appliedCouponIds,
                amount: price.final,
                currentPeriodEnd: result.currentPeriodEnd,
              });
              return done;
            }
            // Monthly to one-time: the one-time price is charged, then the monthly subscription ends.
            const paid = await payments.subscribe({
              customerId: billing.providerCustomerId,
              paymentMethodId: billing.providerPaymentMethodId,
              plan,
              coupons: applied,
              amount: price.final,
              groupId: group.id,
              idempotencyKey,
            });
            await repo.replaceWithOneTime(db, {
              currentId: current.id,
              paymentId: paid.paymentId ?? '',
              next: {
                groupId: group.id,
                provider: payments.kind,
                planId: plan.id,
                planType: plan.type,
                couponIds: price.appliedCouponIds,
                amount: price.final,
              },
            });
            if (current.providerSubscriptionId) {
              await payments.cancelSubscription(current.providerSubscriptionId, `cancel-${current.id}`);
            }
            return done;
          } catch (error) {
            if (error instanceof CardDeclinedError)
              await payments.releaseCoupons(newlyApplied, idempotencyKey);
            throw asAppError(error);
          }
        },
      );
    },

    /** What the update screens show: the stored payment details and the current subscription. */
    async billingDetails({
      actor,
      groupId,
    }: {
      actor: Actor;
      groupId: string;
    }): Promise<BillingDetailsResponse> {
      const entityId = entityIdOf(actor);
      await groupOf(entityId, groupId);
      const [billing, current] = await Promise.all([
        repo.findBillingInformation(db, entityId, groupId),
        repo.findCurrentSubscription(db, entityId, groupId),
      ]);
      return {
        _id: groupId,
        billingInformation: billing && {
          cardName: billing.cardName,
          address: billing.address,
          city: billing.city,
          state: billing.state,
          zip: billing.zip,
          country: billing.country,
          email: billing.email,
          phoneNumber: billing.phone,
          cardBrand: billing.cardBrand,
          cardLast4: billing.cardLast4,
          cardExpiryMonth: billing.cardExpMonth,
          cardExpiryYear: billing.cardExpYear,
        },
        subscription: current && {
          priceId: current.planId,
          type: current.planType,
          status: current.status,
          amount: current.amount,
          coupons: current.couponIds,
          currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
          paymentId: current.planType === 'one_time' ? current.providerPaymentId : null,
          subscriptionId: current.providerSubscriptionId,
        },
      };
    },
  };
}
