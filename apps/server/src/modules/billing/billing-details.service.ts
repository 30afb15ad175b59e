// A family's payment details: saved at wizard step 1 (which creates the family), replaced by Update
// Billing, and shown on the update screens. A card is saved at the provider (which checks it) before
// anything is stored here; a one-time family's details do not change.
import { randomUUID } from 'node:crypto';
import {
  type BillingDetailsResponse,
  CHARGES_SHOWN,
  cardLabel,
  type FamilySavedResponse,
  MSG,
  type ZSaveBillingRequest,
  type ZUpdateBillingRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import type { Valid } from '../../lib/route.js';
import type { PaymentsProvider } from '../../providers/payments/index.js';
import { entityIdOf } from '../tenancy/tenancy.service.js';
import * as repo from './billing.repository.js';
import { type BillingLookups, translated } from './billing-common.js';
import * as chargesRepo from './charges.repository.js';

export function createBillingDetailsService(
  ctx: AppContext,
  payments: PaymentsProvider,
  lookups: BillingLookups,
) {
  const { db } = ctx;
  const { groupOf, refuseOneTimeBillingChange, offeredPlans } = lookups;

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
    // Never the card's numbers: the activity says that the details changed, and who changed them.
    const audit = {
      actorUserId: actor.userId,
      action: 'billing.details_changed' as const,
      entityId: input.entityId,
      groupId: input.groupId,
    };
    await repo.saveBillingInformation(
      db,
      {
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
      },
      audit,
    );
  }

  return {
    /** Wizard step 1: saves the payment details; without a groupId it creates the group. */
    async saveBilling({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZSaveBillingRequest>;
    }): Promise<FamilySavedResponse> {
      const entityId = entityIdOf(actor);
      const { groupId: requestedGroupId, ...payload } = input;
      const existing = requestedGroupId ? await groupOf(entityId, requestedGroupId) : null;
      if (existing) await refuseOneTimeBillingChange(entityId, existing.id);
      // A new family needs a plan to choose at the next step: without one, its card would be stranded.
      else if ((await offeredPlans()).length === 0)
        throw new AppError('UNPROCESSABLE', MSG.billing.noPlanOffered);
      const groupId = existing?.id ?? randomUUID();
      const billing = existing ? await repo.findBillingInformation(db, entityId, groupId) : null;
      await storeBilling(actor, { entityId, groupId, create: !existing, current: billing, payload });
      return { _id: groupId, message: MSG.billing.paymentCreated };
    },

    /** Update-billing: new payment details for a group of the entity. */
    async updateBilling({
      actor,
      groupId,
      input: payload,
    }: {
      actor: Actor;
      groupId: string;
      input: Valid<typeof ZUpdateBillingRequest>;
    }): Promise<FamilySavedResponse> {
      const entityId = entityIdOf(actor);
      await groupOf(entityId, groupId);
      await refuseOneTimeBillingChange(entityId, groupId);
      const billing = await repo.findBillingInformation(db, entityId, groupId);
      await storeBilling(actor, { entityId, groupId, create: false, current: billing, payload });
      return { _id: groupId, message: MSG.billing.billingUpdated };
    },

    /**
     * Discards a family the wizard left unfinished (never named, no plan): its saved card is detached
     * at the provider first, so that a card nobody will see again can never be charged; then the
     * family goes, and its activity keeps who discarded it and which card.
     */
    async discardUnfinishedFamily({ actor, groupId }: { actor: Actor; groupId: string }) {
      const entityId = entityIdOf(actor);
      const group = await groupOf(entityId, groupId);
      const refused = new AppError('CONFLICT', MSG.families.onlyUnfinishedDiscarded);
      if (group.name !== null || (await repo.findCurrentSubscription(db, entityId, groupId))) throw refused;
      const billing = await repo.findBillingInformation(db, entityId, groupId);
      if (billing) {
        await translated(() =>
          payments.detachCard({
            customerId: billing.providerCustomerId,
            paymentMethodId: billing.providerPaymentMethodId,
            idempotencyKey: `discard-${groupId}`,
          }),
        );
      }
      const discarded = await repo.deleteUnfinishedFamily(
        db,
        { entityId, groupId },
        {
          actorUserId: actor.userId,
          action: 'billing.family_discarded',
          entityId,
          groupId,
          subject: billing ? cardLabel(billing.cardBrand, billing.cardLast4) : null,
        },
      );
      if (!discarded) throw refused;
      return { message: MSG.families.discarded };
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
      const [billing, current, charges] = await Promise.all([
        repo.findBillingInformation(db, entityId, groupId),
        repo.findCurrentSubscription(db, entityId, groupId),
        chargesRepo.findCharges(db, entityId, groupId, CHARGES_SHOWN),
      ]);
      // Names as the provider has them now; a plan or coupon it no longer has is shown by the name it
      // had at the last charge, or by its id.
      const lastCharge = charges[0];
      const [plan, coupons] = current
        ? await Promise.all([
            translated(() => payments.findPlan(current.planId)),
            Promise.all(current.couponIds.map((id) => translated(() => payments.findCoupon(id)))),
          ])
        : [null, []];
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
          planName: plan?.name ?? lastCharge?.planName ?? current.planId,
          amount: current.amount,
          coupons: current.couponIds,
          couponNames: coupons.map((coupon, index) => coupon?.name ?? current.couponIds[index]!),
          currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
          paymentId: current.planType === 'one_time' ? current.providerPaymentId : null,
          subscriptionId: current.providerSubscriptionId,
        },
        charges: charges.map((charge) => ({
          id: charge.id,
          at: charge.createdAt.toISOString(),
          amount: charge.amount,
          status: charge.status,
          planName: charge.planName,
          planType: charge.planType,
          couponNames: charge.couponNames,
          cardBrand: charge.cardBrand,
          cardLast4: charge.cardLast4,
        })),
      };
    },
  };
}
