// Card payments: the interface business code uses (payments-provider.ts) and the implementation
// PAYMENTS_PROVIDER picks at start-up — `local` (default, our own tables) or `stripe`.
import type { AppContext } from '../../app-context.js';
import { createLocalProvider } from './local-provider.js';
import type { PaymentsProvider } from './payments-provider.js';
import { createStripeProvider, type StripeProvider } from './stripe-provider.js';

export * from './payments-provider.js';
export type { StripeProvider } from './stripe-provider.js';
export type { PaymentEvent } from './stripe-webhooks.js';
export { InvalidWebhookSignatureError } from './stripe-webhooks.js';

export function createPaymentsProvider(ctx: Pick<AppContext, 'config' | 'db'>): PaymentsProvider {
  return ctx.config.payments.provider === 'stripe'
    ? createStripeProvider(ctx.config.payments.stripe, ctx.db)
    : createLocalProvider(ctx.db);
}

export function isStripeProvider(provider: PaymentsProvider): provider is StripeProvider {
  return provider.kind === 'stripe';
}
