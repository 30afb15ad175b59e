// The card payment provider, as business code sees it: one interface, two implementations chosen by
// PAYMENTS_PROVIDER — `local` (our own tables, a local card form) and `stripe` (the official SDK,
// Stripe Elements in the browser, signed webhooks). Prices are the server's: callers pass the amount
// they computed with the contract's price rule; the provider charges it.
import type {
  AdminCoupon,
  AdminPlan,
  Coupon,
  CreateCouponRequest,
  CreatePlanRequest,
  EditCouponRequest,
  Plan,
} from '@bridge-talk/contract';

/** A plan as the provider knows it; `name` is what people read ('Lifetime'). */
export interface ProviderPlan extends Plan {
  name: string;
}

interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

interface SaveCustomerInput {
  /** The group's customer at the provider, when it already has one. */
  customerId: string | null;
  /** The token card entry yielded (local: `tok_…`, stripe: a PaymentMethod `pm_…`). */
  cardToken: string;
  /** Who entered the card: a local token is only good for the person who made it. */
  userId: string;
  email: string;
  name: string;
  phone: string;
  address: { line1: string; city: string; state: string; postalCode: string; country: string };
  groupId: string;
  /** Derived from rows written before the call, so that a repeated call reuses it. */
  idempotencyKey: string;
}

/** New contact details of a customer whose card stays as it is. */
export type UpdateCustomerInput = Omit<SaveCustomerInput, 'cardToken' | 'userId' | 'customerId'> & {
  customerId: string;
};

interface SavedCustomer {
  customerId: string;
  paymentMethodId: string;
  card: CardDetails;
}

interface SubscribeInput {
  customerId: string;
  paymentMethodId: string;
  plan: ProviderPlan;
  /** The coupons that apply, in order; `amount` already reflects them. */
  coupons: Coupon[];
  /** What to charge (one_time) or the monthly price (recurring), in cents. */
  amount: number;
  groupId: string;
  idempotencyKey: string;
}

interface SubscribeResult {
  /** one_time: the payment; recurring: the first period's payment when the provider reports it. */
  paymentId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: Date | null;
}

/** A subscribe of the new plan, in place of the subscription it changes. */
interface ChangeRecurringPlanInput extends SubscribeInput {
  subscriptionId: string;
}

interface ChargeInput {
  customerId: string;
  paymentMethodId: string;
  amount: number;
  description: string;
  idempotencyKey: string;
}

export type PaymentStatus = 'succeeded' | 'failed' | 'pending' | 'unknown';
export type ProviderSubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete' | 'unknown';

/** The plan and coupon administration: only the local provider has it (Stripe has its dashboard). */
export interface PlanCatalogAdmin {
  listAllPlans(): Promise<AdminPlan[]>;
  createPlan(input: CreatePlanRequest): Promise<AdminPlan>;
  /** Archives (no longer offered) or restores a plan; null when there is no such plan. */
  setPlanActive(id: string, active: boolean): Promise<AdminPlan | null>;
  listAllCoupons(): Promise<AdminCoupon[]>;
  /** null when a coupon with that code (any case) exists. */
  createCoupon(input: CreateCouponRequest): Promise<AdminCoupon | null>;
  /** Archives a coupon (no look-up finds it any more); null when there is no such coupon. */
  archiveCoupon(id: string): Promise<AdminCoupon | null>;
  /** Its name and redemption limit; 'below_redeemed' for a limit under the redemptions made. */
  editCoupon(id: string, input: EditCouponRequest): Promise<AdminCoupon | 'below_redeemed' | null>;
  /** Creates the two starting plans when there is none at all; true when it did. */
  seedPlans(): Promise<boolean>;
}

export interface PaymentsProvider {
  readonly kind: 'local' | 'stripe';
  /** The active plans, raw prices. */
  listPlans(): Promise<ProviderPlan[]>;
  /** An active plan by id, or null. */
  findPlan(id: string): Promise<ProviderPlan | null>;
  /** A coupon by the code people type, used up or not, or null. */
  findCoupon(code: string): Promise<Coupon | null>;
  /** Creates or updates the customer and makes the tokenised card its payment method. */
  saveCustomer(input: SaveCustomerInput): Promise<SavedCustomer>;
  /** Updates the customer's name, e-mail, phone and address; the card on file is not touched. */
  updateCustomer(input: UpdateCustomerInput): Promise<void>;
  /** one_time: a single charge of `amount`; recurring: a monthly subscription. */
  subscribe(input: SubscribeInput): Promise<SubscribeResult>;
  /** A monthly subscription moves to another monthly plan from its next period. */
  changeRecurringPlan(input: ChangeRecurringPlanInput): Promise<SubscribeResult>;
  cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /** Detaches a saved card from its customer: it can never be charged again. A card already gone is no error. */
  detachCard(input: { customerId: string; paymentMethodId: string; idempotencyKey: string }): Promise<void>;
  /**
   * Counts one redemption of each coupon that applied to the group's subscription, once per key;
   * throws CouponUsedUpError when one has none left.
   */
  redeemCoupons(couponIds: string[], idempotencyKey: string, groupId: string): Promise<void>;
  /** Takes back the redemptions of a subscription that was not paid. */
  releaseCoupons(couponIds: string[], idempotencyKey: string): Promise<void>;
  /** A single charge (local monthly renewals). */
  charge(input: ChargeInput): Promise<{ paymentId: string }>;
  paymentStatus(paymentId: string): Promise<PaymentStatus>;
  subscriptionStatus(
    subscriptionId: string,
  ): Promise<{ status: ProviderSubscriptionStatus; currentPeriodEnd: Date | null }>;
  /** Local only. */
  readonly catalog?: PlanCatalogAdmin;
}

/** The card was declined; `code` is the provider's decline code. */
export class CardDeclinedError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`card declined: ${code}`);
    this.name = 'CardDeclinedError';
    this.code = code;
  }
}

/** A coupon that applied is used up (counted at redemption, so two last redemptions cannot both win). */
export class CouponUsedUpError extends Error {
  readonly couponName: string;
  constructor(couponName: string) {
    super(`coupon used up: ${couponName}`);
    this.name = 'CouponUsedUpError';
    this.couponName = couponName;
  }
}

/** The card token is unknown, already used, expired or someone else's. */
export class InvalidCardTokenError extends Error {
  constructor() {
    super('invalid card token');
    this.name = 'InvalidCardTokenError';
  }
}

/** The provider did not answer or answered an error that is not the customer's. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
