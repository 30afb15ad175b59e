import { describe, expect, it } from 'vitest';
import {
  applyCoupons,
  type Coupon,
  couponAppliesTo,
  couponPlanIds,
  discountedPrice,
  isCouponUsable,
  MIN_PLAN_PRICE,
  type Plan,
  planPeriodLabel,
  ZCoupon,
  ZPlan,
} from './price.js';

const plan: Plan = { id: 'price_lifetime', type: 'one_time', unit_amount: 10000, active: true };

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 'SAVE',
    name: 'Save',
    percent_off: null,
    amount_off: null,
    max_redemptions: null,
    times_redeemed: 0,
    metadata: { products: 'price_lifetime' },
    ...overrides,
  };
}

describe('MIN_PLAN_PRICE', () => {
  it('is 5 minor units', () => {
    expect(MIN_PLAN_PRICE).toBe(5);
  });
});

describe('isCouponUsable', () => {
  it('accepts a coupon without a redemption limit', () => {
    expect(isCouponUsable(coupon({ max_redemptions: null, times_redeemed: 1000 }))).toBe(true);
  });

  it('accepts a coupon redeemed fewer times than its limit', () => {
    expect(isCouponUsable(coupon({ max_redemptions: 3, times_redeemed: 2 }))).toBe(true);
  });

  it('refuses a coupon whose max_redemptions equals times_redeemed', () => {
    expect(isCouponUsable(coupon({ max_redemptions: 3, times_redeemed: 3 }))).toBe(false);
  });

  it('refuses a coupon redeemed beyond its limit', () => {
    expect(isCouponUsable(coupon({ max_redemptions: 3, times_redeemed: 4 }))).toBe(false);
  });

  it('refuses a coupon limited to zero redemptions', () => {
    expect(isCouponUsable(coupon({ max_redemptions: 0, times_redeemed: 0 }))).toBe(false);
  });
});

describe('couponPlanIds', () => {
  it('splits the comma list and trims spaces', () => {
    expect(couponPlanIds(coupon({ metadata: { products: ' a , b,c ' } }))).toEqual(['a', 'b', 'c']);
  });

  it('drops empty entries', () => {
    expect(couponPlanIds(coupon({ metadata: { products: 'a,, ,b,' } }))).toEqual(['a', 'b']);
  });

  it('is empty without metadata.products', () => {
    expect(couponPlanIds(coupon({ metadata: {} }))).toEqual([]);
    expect(couponPlanIds(coupon({ metadata: { products: '' } }))).toEqual([]);
  });
});

describe('couponAppliesTo', () => {
  it('applies to a listed plan', () => {
    expect(
      couponAppliesTo(coupon({ metadata: { products: 'other, price_lifetime' } }), 'price_lifetime'),
    ).toBe(true);
  });

  it('does not apply to a plan that is not listed, nor by prefix', () => {
    expect(couponAppliesTo(coupon({ metadata: { products: 'price_lifetime_2' } }), 'price_lifetime')).toBe(
      false,
    );
  });

  it('does not apply when used up', () => {
    expect(couponAppliesTo(coupon({ max_redemptions: 1, times_redeemed: 1 }), 'price_lifetime')).toBe(false);
  });
});

describe('applyCoupons', () => {
  it('leaves the price alone without coupons', () => {
    expect(applyCoupons(plan, [])).toBe(10000);
  });

  it('takes a percentage off with percent_off', () => {
    expect(applyCoupons(plan, [coupon({ percent_off: 25 })])).toBe(7500);
  });

  it('subtracts the amount with amount_off', () => {
    expect(applyCoupons(plan, [coupon({ amount_off: 1500 })])).toBe(8500);
  });

  it('ignores a coupon whose metadata.products does not list the plan', () => {
    expect(applyCoupons(plan, [coupon({ percent_off: 50, metadata: { products: 'price_monthly' } })])).toBe(
      10000,
    );
  });

  it('ignores a coupon without metadata.products', () => {
    expect(applyCoupons(plan, [coupon({ percent_off: 50, metadata: {} })])).toBe(10000);
  });

  it('ignores a coupon whose max_redemptions equals times_redeemed', () => {
    expect(applyCoupons(plan, [coupon({ percent_off: 50, max_redemptions: 10, times_redeemed: 10 })])).toBe(
      10000,
    );
  });

  it('applies a coupon that still has redemptions left', () => {
    expect(applyCoupons(plan, [coupon({ percent_off: 50, max_redemptions: 10, times_redeemed: 9 })])).toBe(
      5000,
    );
  });

  it('turns a result of exactly 0 into 5', () => {
    expect(applyCoupons(plan, [coupon({ percent_off: 100 })])).toBe(5);
    expect(applyCoupons(plan, [coupon({ amount_off: 10000 })])).toBe(5);
  });

  it('turns a result below 0 into 5', () => {
    expect(applyCoupons(plan, [coupon({ amount_off: 25000 })])).toBe(5);
  });

  it('raises a discounted price between 1 and 4 to the minimum of 5', () => {
    expect(applyCoupons(plan, [coupon({ amount_off: 9997 })])).toBe(5);
  });

  it('keeps a discounted price of exactly 5 and above', () => {
    expect(applyCoupons(plan, [coupon({ amount_off: 9995 })])).toBe(5);
    expect(applyCoupons(plan, [coupon({ amount_off: 9994 })])).toBe(6);
  });

  it('does not raise a plan no coupon touched, however cheap', () => {
    expect(applyCoupons({ id: 'cheap', unit_amount: 3 }, [coupon({ percent_off: 10 })])).toBe(3);
  });

  it('applies several coupons in order, each on the running price', () => {
    const tenPercent = coupon({ id: 'TEN', percent_off: 10 });
    const thousandOff = coupon({ id: 'K', amount_off: 1000 });
    // 10000 - 10 % = 9000, - 1000 = 8000
    expect(applyCoupons(plan, [tenPercent, thousandOff])).toBe(8000);
    // 10000 - 1000 = 9000, - 10 % = 8100
    expect(applyCoupons(plan, [thousandOff, tenPercent])).toBe(8100);
  });

  it("applies the entity's coupon and a typed coupon together, skipping one that does not apply", () => {
    const entityCoupon = coupon({ id: 'AGENCY', percent_off: 20 });
    const typedCoupon = coupon({ id: 'SPRING', amount_off: 500 });
    const foreign = coupon({ id: 'OTHER', amount_off: 9000, metadata: { products: 'price_monthly' } });
    expect(applyCoupons(plan, [entityCoupon, foreign, typedCoupon])).toBe(7500);
  });

  it('applies the same coupon once when it is given twice', () => {
    const twice = coupon({ id: 'AGENCY', percent_off: 50 });
    expect(applyCoupons(plan, [twice, twice])).toBe(5000);
  });

  it('rounds to whole minor units', () => {
    const price = { id: 'price_lifetime', unit_amount: 1999 };
    // 1999 - 15 % = 1699.15
    expect(applyCoupons(price, [coupon({ percent_off: 15 })])).toBe(1699);
    // 1999 - 12.5 % = 1749.125
    expect(applyCoupons(price, [coupon({ percent_off: 12.5 })])).toBe(1749);
    // 1999 - 50 % = 999.5
    expect(applyCoupons(price, [coupon({ percent_off: 50 })])).toBe(1000);
  });

  it('returns whole minor units of at least 5 for any discount', () => {
    const amounts = [1, 5, 99, 1999, 4999, 10000, 123457];
    const percents = [1, 3.33, 33, 50, 66.67, 99, 99.99, 100];
    for (const unit_amount of amounts) {
      for (const percent_off of percents) {
        const result = applyCoupons({ id: 'price_lifetime', unit_amount }, [coupon({ percent_off })]);
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(MIN_PLAN_PRICE);
        expect(result).toBeLessThanOrEqual(Math.max(unit_amount, MIN_PLAN_PRICE));
      }
    }
  });
});

describe('discountedPrice', () => {
  it('reports the original price, the final price and the coupons that applied', () => {
    const used = coupon({ id: 'USED', percent_off: 90, max_redemptions: 1, times_redeemed: 1 });
    const applied = coupon({ id: 'HALF', percent_off: 50 });
    expect(discountedPrice(plan, [used, applied])).toEqual({
      original: 10000,
      final: 5000,
      appliedCouponIds: ['HALF'],
    });
  });

  it('reports no applied coupon when none applies', () => {
    expect(discountedPrice(plan, [coupon({ metadata: {} })])).toEqual({
      original: 10000,
      final: 10000,
      appliedCouponIds: [],
    });
  });
});

describe('planPeriodLabel', () => {
  it("labels one-time plans 'one-time payment' and recurring plans 'per month'", () => {
    expect(planPeriodLabel('one_time')).toBe('one-time payment');
    expect(planPeriodLabel('recurring')).toBe('per month');
  });
});

describe('ZPlan', () => {
  it('parses a plan as the plans list sends it', () => {
    const parsed = ZPlan.parse({
      id: 'p1',
      type: 'recurring',
      unit_amount: 1999,
      active: true,
      nickname: null,
    });
    expect(parsed).toEqual({ id: 'p1', type: 'recurring', unit_amount: 1999, active: true, nickname: null });
  });

  it('refuses an unknown type and a fractional amount', () => {
    expect(ZPlan.safeParse({ ...plan, type: 'weekly' }).success).toBe(false);
    expect(ZPlan.safeParse({ ...plan, unit_amount: 19.99 }).success).toBe(false);
  });
});

describe('ZCoupon', () => {
  it('parses a coupon with percent_off', () => {
    expect(ZCoupon.parse(coupon({ percent_off: 12.5 })).percent_off).toBe(12.5);
  });

  it('refuses a percentage above 100', () => {
    expect(ZCoupon.safeParse(coupon({ percent_off: 101 })).success).toBe(false);
  });

  it('refuses a negative amount_off', () => {
    expect(ZCoupon.safeParse(coupon({ amount_off: -100 })).success).toBe(false);
  });
});
