// On an empty database the local provider gets a one-time 'Lifetime' plan and a monthly plan, so a
// fresh portal can take a payment at once. With Stripe the plans are Stripe's: nothing to seed.
import type { AppContext } from '../../app-context.js';
import type { PaymentsProvider } from '../../providers/payments/index.js';

export async function seedPlans(ctx: Pick<AppContext, 'logger'>, payments: PaymentsProvider): Promise<void> {
  if (!payments.catalog) return;
  if (await payments.catalog.seedPlans()) ctx.logger.info('starting plans created: Lifetime and Monthly');
}
