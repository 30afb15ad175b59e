// The price rule over a property-based range (fast-check): the laws hold for any
// price and any coupons. The server and the web app call this same function; their own property
// tests check that what they charge and show agrees with it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCoupons, type Coupon, discountedPrice, MIN_PLAN_PRICE } from './price.js';

const planId = fc.constantFrom('price_a', 'price_b');
const coupon: fc.Arbitrary<Coupon> = fc
  .record({
    percent: fc.option(
      fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100),
      { nil: null },
    ),
    amount: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
    max: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    redeemed: fc.integer({ min: 0, max: 6 }),
    products: fc.subarray(['price_a', 'price_b', 'price_c']),
  })
  .map((c) => ({
    id: 'C',
    name: 'C',
    percent_off: c.percent,
    amount_off: c.percent === null ? (c.amount ?? 100) : null,
    max_redemptions: c.max,
    times_redeemed: c.redeemed,
    metadata: { products: c.products.join(',') },
  }));

const plan = fc.record({ id: planId, unit_amount: fc.integer({ min: 0, max: 10_000_000 }) });

/** Up to four coupons with distinct ids, as a coupon list has (the same one twice is tested apart). */
const coupons = fc
  .array(coupon, { maxLength: 4 })
  .map((list) => list.map((c, index) => ({ ...c, id: `C${index}`, name: `C${index}` })));

describe('the price rule, for any plan and coupons', () => {
  it('is a whole number of cents, never above the plan price, and at least 5 once a coupon applied', () => {
    fc.assert(
      fc.property(plan, coupons, (p, list) => {
        const { original, final, appliedCouponIds } = discountedPrice(p, list);
        expect(original).toBe(p.unit_amount);
        expect(Number.isInteger(final)).toBe(true);
        if (appliedCouponIds.length === 0) expect(final).toBe(p.unit_amount);
        else {
          expect(final).toBeGreaterThanOrEqual(MIN_PLAN_PRICE);
          expect(final).toBeLessThanOrEqual(Math.max(p.unit_amount, MIN_PLAN_PRICE));
        }
      }),
    );
  });

  it('applies only usable coupons that list the plan, each once', () => {
    fc.assert(
      fc.property(plan, coupons, (p, list) => {
        const { appliedCouponIds } = discountedPrice(p, list);
        expect(new Set(appliedCouponIds).size).toBe(appliedCouponIds.length);
        for (const id of appliedCouponIds) {
          const applied = list.find((c) => c.id === id)!;
          expect(applied.metadata.products?.split(',')).toContain(p.id);
          expect(applied.max_redemptions === null || applied.times_redeemed < applied.max_redemptions).toBe(
            true,
          );
        }
      }),
    );
  });

  it('ignores coupons that do not apply: the price is that of the applying ones alone', () => {
    fc.assert(
      fc.property(plan, coupons, (p, list) => {
        const { appliedCouponIds, final } = discountedPrice(p, list);
        const applying = appliedCouponIds.map((id) => list.find((c) => c.id === id)!);
        expect(applyCoupons(p, applying)).toBe(final);
      }),
    );
  });

  it('a single percent_off coupon takes that share off (rounded), an amount_off its amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 9_000 }),
        (amount, basisPoints) => {
          const percent: Coupon = {
            id: 'P',
            name: 'P',
            percent_off: basisPoints / 100,
            amount_off: null,
            max_redemptions: null,
            times_redeemed: 0,
            metadata: { products: 'price_a' },
          };
          const expected = Math.max(Math.round(amount - (amount * basisPoints) / 10_000), MIN_PLAN_PRICE);
          expect(applyCoupons({ id: 'price_a', unit_amount: amount }, [percent])).toBe(expected);
          const off = { ...percent, percent_off: null, amount_off: basisPoints };
          expect(applyCoupons({ id: 'price_a', unit_amount: amount }, [off])).toBe(
            Math.max(amount - basisPoints, MIN_PLAN_PRICE),
          );
        },
      ),
    );
  });
});
