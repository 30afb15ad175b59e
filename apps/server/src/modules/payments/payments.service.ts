// The payment provider's side of the portal: what the browser needs to enter a card (the provider and
// Stripe's publishable key), the local provider's card tokeniser, the plan and coupon administration
// of the local provider (admins), and Stripe's webhook.

import { randomUUID } from 'node:crypto';
import {
  type AdminCoupon,
  type AdminPlan,
  type CardSetupResponse,
  type CardToken,
  formatMoney,
  type LocalCardTokenRequest,
  MSG,
  type PaymentsConfigResponse,
  type ZCreateCouponRequest,
  type ZCreatePlanRequest,
  type ZEditCouponRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { type AuditEventInput, recordAudit } from '../../db/audit.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Valid } from '../../lib/route.js';
import {
  InvalidWebhookSignatureError,
  isStripeProvider,
  type PaymentsProvider,
  type PlanCatalogAdmin,
} from '../../providers/payments/index.js';
import { tokeniseCard } from '../../providers/payments/local-cards.js';
import { applyPaymentEvent, type WebhookOutcome } from '../billing/stripe-webhooks.js';

export function createPaymentsService(ctx: AppContext, payments: PaymentsProvider) {
  const { db, config } = ctx;

  function catalog(): PlanCatalogAdmin {
    if (!payments.catalog) throw new AppError('CONFLICT', MSG.payments.managedOnStripe);
    return payments.catalog;
  }

  function adminOnly(actor: Actor): void {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', MSG.extra.forbidden);
  }

  /** The platform activity of a plan or coupon change, once the catalogue has made it. */
  async function record(actor: Actor, event: Omit<AuditEventInput, 'actorUserId'>): Promise<void> {
    await recordAudit(db, { actorUserId: actor.userId, ...event });
  }

  async function setPlanActive(actor: Actor, id: string, active: boolean): Promise<AdminPlan> {
    adminOnly(actor);
    const plan = /^[\x21-\x7e]{1,255}$/.test(id) ? await catalog().setPlanActive(id, active) : null;
    if (!plan) throw notFound();
    await record(actor, {
      action: active ? 'plan.restored' : 'plan.archived',
      targetId: plan.id,
      subject: plan.name,
    });
    return plan;
  }

  return {
    paymentsConfig({ actor }: { actor: Actor }): PaymentsConfigResponse {
      const stripe = payments.kind === 'stripe';
      return {
        provider: payments.kind,
        publishableKey: stripe ? (config.payments.stripe.publishableKey ?? null) : null,
        dashboardUrl: stripe && actor.role === 'admin' ? config.payments.stripe.dashboardUrl : null,
      };
    },

    /** Local provider only: exchanges a card number for a token; keeps brand, last 4 and expiry. */
    async createCardToken({
      actor,
      input,
    }: {
      actor: Actor;
      input: LocalCardTokenRequest;
    }): Promise<CardToken> {
      if (payments.kind !== 'local' || actor.role !== 'entity') throw notFound();
      return tokeniseCard(db, actor.userId, input);
    },

    /** Stripe only: a SetupIntent, so the browser has the new card checked before it is saved. */
    async createCardSetup({ actor }: { actor: Actor }): Promise<CardSetupResponse> {
      if (!isStripeProvider(payments) || actor.role !== 'entity') throw notFound();
      return payments.createCardSetup(`card-setup-${randomUUID()}`);
    },

    async listPlans({ actor }: { actor: Actor }): Promise<{ plans: AdminPlan[] }> {
      adminOnly(actor);
      return { plans: await catalog().listAllPlans() };
    },

    async createPlan({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZCreatePlanRequest>;
    }): Promise<AdminPlan> {
      adminOnly(actor);
      const plan = await catalog().createPlan(input);
      await record(actor, {
        action: 'plan.created',
        targetId: plan.id,
        subject: plan.name,
        details: { price: formatMoney(plan.unit_amount) },
      });
      return plan;
    },

    async archivePlan({ actor, id }: { actor: Actor; id: string }): Promise<AdminPlan> {
      return setPlanActive(actor, id, false);
    },

    /** An archived plan is offered again (a plan archived by mistake, or the last one of its kind). */
    async restorePlan({ actor, id }: { actor: Actor; id: string }): Promise<AdminPlan> {
      return setPlanActive(actor, id, true);
    },

    async listCoupons({ actor }: { actor: Actor }): Promise<{ coupons: AdminCoupon[] }> {
      adminOnly(actor);
      return { coupons: await catalog().listAllCoupons() };
    },

    async createCoupon({
      actor,
      input: coupon,
    }: {
      actor: Actor;
      input: Valid<typeof ZCreateCouponRequest>;
    }): Promise<AdminCoupon> {
      adminOnly(actor);
      const known = new Set((await catalog().listAllPlans()).map((plan) => plan.id));
      if (!coupon.products.every((id) => known.has(id))) {
        throw new AppError('UNPROCESSABLE', MSG.payments.unknownPlan, { products: MSG.payments.unknownPlan });
      }
      const created = await catalog().createCoupon({ ...coupon, products: [...new Set(coupon.products)] });
      if (!created)
        throw new AppError('CONFLICT', MSG.payments.couponCodeInUse, { id: MSG.payments.couponCodeInUse });
      await record(actor, { action: 'coupon.created', targetId: created.id, subject: created.name });
      return created;
    },

    async editCoupon({
      actor,
      id,
      input: change,
    }: {
      actor: Actor;
      id: string;
      input: Valid<typeof ZEditCouponRequest>;
    }): Promise<AdminCoupon> {
      adminOnly(actor);
      const before = (await catalog().listAllCoupons()).find((c) => c.id === id);
      const edited = await catalog().editCoupon(id, change);
      if (!edited) throw notFound();
      if (edited === 'below_redeemed') {
        const coupon = (await catalog().listAllCoupons()).find((c) => c.id === id);
        const message = MSG.payments.couponLimitBelowRedeemed(coupon?.times_redeemed ?? 0);
        throw new AppError('UNPROCESSABLE', message, { max_redemptions: message });
      }
      const limit = (value: number | null | undefined) => (value == null ? '' : String(value));
      const details: Record<string, string> = {};
      if (before && before.name !== edited.name)
        Object.assign(details, { nameFrom: before.name, nameTo: edited.name });
      if (before && limit(before.max_redemptions) !== limit(edited.max_redemptions)) {
        details.maxRedemptionsFrom = limit(before.max_redemptions);
        details.maxRedemptionsTo = limit(edited.max_redemptions);
      }
      await record(actor, { action: 'coupon.edited', targetId: edited.id, subject: edited.name, details });
      return edited;
    },

    async archiveCoupon({ actor, id }: { actor: Actor; id: string }): Promise<AdminCoupon> {
      adminOnly(actor);
      const archived = await catalog().archiveCoupon(id);
      if (!archived) throw notFound();
      await record(actor, { action: 'coupon.archived', targetId: archived.id, subject: archived.name });
      return archived;
    },

    /** Stripe only: verifies the signature, then applies the event once. */
    async receiveStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      if (!isStripeProvider(payments)) throw notFound();
      let event: ReturnType<typeof payments.verifyWebhook>;
      try {
        event = payments.verifyWebhook(rawBody, signature ?? '');
      } catch (error) {
        if (error instanceof InvalidWebhookSignatureError) {
          throw new AppError('BAD_REQUEST', MSG.billing.invalidSignature);
        }
        throw error;
      }
      return applyPaymentEvent(db, event);
    },
  };
}
