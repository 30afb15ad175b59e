// Stripe's objects and errors in the provider interface's terms: statuses, prices as plans, coupons
// (with the redemptions only we count), customer details, and one wrapper that turns a failed call
// into a decline or a provider error.
import type { Coupon } from '@bridge-talk/contract';
import type Stripe from 'stripe';
import {
  CardDeclinedError,
  InvalidCardTokenError,
  PaymentProviderError,
  type PaymentStatus,
  type ProviderPlan,
  type ProviderSubscriptionStatus,
  type UpdateCustomerInput,
} from './payments-provider.js';

export function subscriptionStatusOf(status: string): ProviderSubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  if (status === 'incomplete') return 'incomplete';
  return 'unknown';
}

export function paymentStatusOf(status: string): PaymentStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'canceled' || status === 'requires_payment_method') return 'failed';
  if (status === 'processing' || status === 'requires_action' || status === 'requires_confirmation')
    return 'pending';
  return 'unknown';
}

export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const end = subscription.items?.data?.[0]?.current_period_end;
  return typeof end === 'number' ? new Date(end * 1000) : null;
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return (
    error instanceof Error && typeof (error as { type?: unknown }).type === 'string' && 'rawType' in error
  );
}

/** Stripe's answer for an object that does not exist. */
export function isMissing(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}

/** Runs one Stripe call; a card error becomes a decline, anything else not the customer's fault. */
export async function callStripe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isStripeError(error) && error.type === 'StripeCardError') {
      throw new CardDeclinedError(error.decline_code ?? error.code ?? 'card_declined');
    }
    if (error instanceof CardDeclinedError || error instanceof InvalidCardTokenError) throw error;
    throw new PaymentProviderError(
      isStripeError(error) ? `stripe: ${error.type}` : 'stripe: request failed',
      {
        cause: error,
      },
    );
  }
}

/** The customer's contact details as Stripe keeps them. */
export function customerDetails(input: Omit<UpdateCustomerInput, 'customerId'>) {
  return {
    email: input.email,
    name: input.name,
    phone: input.phone,
    address: {
      line1: input.address.line1,
      city: input.address.city,
      state: input.address.state,
      postal_code: input.address.postalCode,
      country: input.address.country,
    },
    metadata: { groupId: input.groupId },
  };
}

export function toProviderPlan(price: Stripe.Price): ProviderPlan | null {
  const product = typeof price.product === 'object' ? price.product : null;
  if (price.unit_amount === null || (product && 'deleted' in product)) return null;
  if (price.type === 'recurring' && price.recurring?.interval !== 'month') return null;
  if (product && !product.active) return null;
  const name = price.nickname ?? (product && !('deleted' in product) ? product.name : price.id);
  return {
    id: price.id,
    name,
    nickname: name,
    type: price.type === 'recurring' ? 'recurring' : 'one_time',
    unit_amount: price.unit_amount,
    active: price.active,
  };
}

/** A Stripe coupon; `ours` is the redemptions our subscriptions made, which Stripe does not see. */
export function toProviderCoupon(coupon: Stripe.Coupon, ours: number): Coupon | null {
  const timesRedeemed = coupon.times_redeemed + ours;
  const usedUp = coupon.max_redemptions !== null && timesRedeemed >= coupon.max_redemptions;
  // A coupon Stripe calls invalid for another reason than being used up (redeem_by passed) is no coupon.
  if (!coupon.valid && !usedUp) return null;
  return {
    id: coupon.id,
    name: coupon.name ?? coupon.id,
    percent_off: coupon.percent_off ?? null,
    amount_off: coupon.amount_off ?? null,
    max_redemptions: coupon.max_redemptions ?? null,
    times_redeemed: timesRedeemed,
    metadata: { products: coupon.metadata?.products ?? '' },
  };
}
