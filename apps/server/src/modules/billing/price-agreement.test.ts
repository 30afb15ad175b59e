// The price rule over a property-based range: what the server charges for a plan and coupons is what
// the contract's rule (the one the browser shows) computes, whatever the price and the coupons.
import { applyCoupons } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntity, createCoupon, createPlan } from '../../../test/billing.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { billingInformation } from '../../db/schema.js';
import { paymentCharges } from '../../db/schema-billing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const discount = fc.oneof(
  fc.record({
    percentOff: fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100),
    amountOff: fc.constant(null),
  }),
  fc.record({ percentOff: fc.constant(null), amountOff: fc.integer({ min: 1, max: 150_000 }) }),
);
const couponSpec = fc.record({
  discount,
  appliesToPlan: fc.boolean(),
  usedUp: fc.boolean(),
});

describe('the price the server charges', () => {
  it('equals the contract rule for any price and any entity and typed coupon', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 50, max: 1_000_000 }),
        fc.option(couponSpec, { nil: null }),
        fc.option(couponSpec, { nil: null }),
        async (unitAmount, entitySpec, typedSpec) => {
          const plan = await createPlan(t.db(), { unitAmount });
          const make = async (spec: NonNullable<typeof entitySpec>) =>
            createCoupon(t.db(), {
              ...spec.discount,
              products: spec.appliesToPlan ? [plan.id] : ['price_other'],
              // A used-up entity coupon is ignored; a used-up typed one is refused (tested elsewhere).
              maxRedemptions: spec.usedUp ? 1 : null,
              timesRedeemed: spec.usedUp ? 1 : 0,
            });
          const entityCoupon = entitySpec ? await make(entitySpec) : null;
          const typedCoupon = typedSpec ? await make({ ...typedSpec, usedUp: false }) : null;
          const entity = await billingEntity(t, { coupon: entityCoupon?.id ?? null });
          const groupId = await entity.groupWithCard();
          const assigned = await entity.assign(groupId, plan.id, typedCoupon ? [typedCoupon.id] : []);
          expect(assigned.statusCode, assigned.body).toBe(200);
          const [charge] = await t
            .db()
            .select({ amount: paymentCharges.amount })
            .from(paymentCharges)
            .innerJoin(
              billingInformation,
              eq(billingInformation.providerCustomerId, paymentCharges.customerId),
            )
            .where(eq(billingInformation.groupId, groupId));
          const shown = applyCoupons(
            plan,
            [entityCoupon, typedCoupon].filter((c) => c !== null),
          );
          expect(charge?.amount).toBe(shown);
        },
      ),
      { numRuns: 15 },
    );
  });
});
