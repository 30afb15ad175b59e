import {
  API,
  applyCoupons,
  COUPON_CODE_MAX,
  type Coupon,
  formatPrice,
  MSG,
  type Plan,
  type PlanListResponse,
} from '@bridge-talk/contract';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { type PlanChoice, PlanPicker } from './plan-picker.js';

// Lazy chunks and whole forms take longer than the default second on a busy 2-core machine.
configure({ asyncUtilTimeout: 8_000 });

const LIFETIME: Plan = {
  id: 'price_life',
  type: 'one_time',
  unit_amount: 19_900,
  active: true,
  nickname: 'Lifetime',
};
const MONTHLY: Plan = {
  id: 'price_month',
  type: 'recurring',
  unit_amount: 1_999,
  active: true,
  nickname: 'Monthly',
};

function coupon(overrides: Partial<Coupon>): Coupon {
  return {
    id: 'SPRING',
    name: 'Spring',
    percent_off: 10,
    amount_off: null,
    max_redemptions: null,
    times_redeemed: 0,
    metadata: { products: 'price_life,price_month' },
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ onChoice, error }: { onChoice: (choice: PlanChoice) => void; error?: string }) {
  const [choice, setChoice] = useState<PlanChoice>({ priceId: null, coupons: [] });
  return (
    <PlanPicker
      value={choice}
      error={error}
      onChange={(next) => {
        setChoice(next);
        onChoice(next);
      }}
    />
  );
}

function renderPicker(list: PlanListResponse, coupons: Record<string, Coupon> = {}, error?: string) {
  const api = stubApi({
    'GET /api/group/billing/plans/list': () => jsonResponse(list),
    'GET /api/group/billing/coupon/NOPE': () => jsonResponse({ message: MSG.billing.couponNotValid }, 404),
    'GET /api/group/billing/coupon/FREE': () =>
      jsonResponse({ message: MSG.billing.couponUsedUp('Free') }, 422),
    ...Object.fromEntries(
      Object.entries(coupons).map(([code, found]) => [
        `GET /api/group/billing/coupon/${code}`,
        () => jsonResponse(found),
      ]),
    ),
  });
  const onChoice = vi.fn();
  renderWithProviders(<Harness onChoice={onChoice} error={error} />);
  return { api, onChoice, user: userEvent.setup({ delay: null }) };
}

const priceOf = (planId: string) => screen.getByTestId(`price-${planId}`).textContent;

describe('PlanPicker', { timeout: 20_000 }, () => {
  it("lists the plans with 'one-time payment' / 'per month' and two-decimal prices", async () => {
    renderPicker({ plans: [LIFETIME, MONTHLY], entityCoupon: null });
    expect(await screen.findByText('Lifetime')).toBeInTheDocument();
    expect(priceOf('price_life')).toBe('$199.00');
    expect(priceOf('price_month')).toBe('$19.99');
    expect(screen.getByText('one-time payment')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
  });

  it("applies the entity's own coupon without being asked, and sends its code", async () => {
    const agency = coupon({
      id: 'AGENCY',
      name: 'Agency 25',
      percent_off: 25,
      metadata: { products: 'price_life' },
    });
    const { onChoice, user } = renderPicker({ plans: [LIFETIME, MONTHLY], entityCoupon: agency });
    expect(await screen.findByText(MSG.billing.couponApplied('Agency 25'))).toBeInTheDocument();
    expect(priceOf('price_life')).toBe('$149.25');
    expect(screen.getByTestId('original-price_life')).toHaveTextContent('$199.00');
    expect(priceOf('price_month')).toBe('$19.99');
    await user.click(screen.getByRole('radio', { name: /^Monthly/ }));
    // The chosen plan as the person sees it, for a confirmation to name it and its price.
    expect(onChoice).toHaveBeenLastCalledWith({
      priceId: 'price_month',
      coupons: ['AGENCY'],
      chosen: { name: 'Monthly', type: 'recurring', price: 1_999 },
    });
    await user.click(screen.getByRole('radio', { name: /^Lifetime/ }));
    expect(onChoice).toHaveBeenLastCalledWith({
      priceId: 'price_life',
      coupons: ['AGENCY'],
      chosen: { name: 'Lifetime', type: 'one_time', price: 14_925 },
    });
  });

  it('checks a typed coupon when the field is left: its name shows in green and the prices follow', async () => {
    const spring = coupon({ id: 'SPRING', name: 'Spring sale', amount_off: 1_000, percent_off: null });
    const { onChoice, user } = renderPicker({ plans: [LIFETIME, MONTHLY], entityCoupon: null }, { spring });
    await screen.findByText('Lifetime');
    await user.type(screen.getByRole('textbox', { name: 'Coupon' }), 'spring');
    await user.tab();
    const name = await screen.findByText('Spring sale');
    // Mantine's green shades are too light for small text on white (under 4.5:1); teal.9 is the green that passes.
    expect(name).toHaveStyle({ color: 'var(--mantine-color-teal-9)' });
    expect(priceOf('price_life')).toBe('$189.00');
    expect(priceOf('price_month')).toBe('$9.99');
    await waitFor(() =>
      expect(onChoice).toHaveBeenLastCalledWith({ priceId: null, coupons: ['SPRING'], chosen: null }),
    );
  });

  it("answers an invalid coupon with 'COUPON NOT VALID!', clears the field and restores the prices", async () => {
    const spring = coupon({ id: 'SPRING', percent_off: 50 });
    const { api, onChoice, user } = renderPicker(
      { plans: [LIFETIME], entityCoupon: null },
      { SPRING: spring },
    );
    await screen.findByText('Lifetime');
    const field = screen.getByRole('textbox', { name: 'Coupon' });
    await user.type(field, 'SPRING');
    await user.tab();
    await waitFor(() => expect(priceOf('price_life')).toBe('$99.50'));
    await user.clear(field);
    await user.type(field, 'NOPE');
    await user.tab();
    expect(await screen.findByText('COUPON NOT VALID!')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(priceOf('price_life')).toBe('$199.00');
    // The plans are reloaded: the original prices come from the server again.
    await waitFor(() => expect(api.callsTo('GET', API.billing.plans)).toHaveLength(2));
    await waitFor(() =>
      expect(onChoice).toHaveBeenLastCalledWith({ priceId: null, coupons: [], chosen: null }),
    );
  });

  it('names a used-up coupon with the server’s text, clears the field and applies nothing', async () => {
    const { onChoice, user } = renderPicker({ plans: [LIFETIME], entityCoupon: null });
    await screen.findByText('Lifetime');
    const field = screen.getByRole('textbox', { name: 'Coupon' });
    await user.type(field, 'FREE');
    await user.tab();
    await waitFor(() => expect(field).toHaveAccessibleDescription(MSG.wizard.couponFreeUsedUp));
    expect(field).toHaveValue('');
    expect(priceOf('price_life')).toBe('$199.00');
    expect(onChoice).not.toHaveBeenCalledWith(expect.objectContaining({ coupons: ['FREE'] }));
  });

  it('says so, instead of showing the name in green, when a coupon applies to none of the plans offered', async () => {
    const monthlyOnly = coupon({
      id: 'MONTHLY20',
      name: 'Monthly 20',
      metadata: { products: 'price_month' },
    });
    const { user } = renderPicker({ plans: [LIFETIME], entityCoupon: null }, { MONTHLY20: monthlyOnly });
    await screen.findByText('Lifetime');
    const field = screen.getByRole('textbox', { name: 'Coupon' });
    await user.type(field, 'MONTHLY20');
    await user.tab();
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(MSG.billing.couponAppliesToNoPlan('Monthly 20')),
    );
    expect(screen.queryByText('Monthly 20')).toBeNull();
    expect(field).toHaveValue('');
  });

  it('refuses a coupon code longer than any coupon as one that is not valid, with the limit in its words, and looks nothing up', async () => {
    const { api, user } = renderPicker({ plans: [LIFETIME], entityCoupon: null });
    await screen.findByText('Lifetime');
    const field = screen.getByRole('textbox', { name: 'Coupon' });
    const tooLong = 'A'.repeat(COUPON_CODE_MAX + 1);
    await user.type(field, tooLong);
    await user.tab();
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(MSG.validation.tooLong(MSG.fields.coupon, COUPON_CODE_MAX)),
    );
    // Like a coupon that is not valid: the field is emptied, so no code is shown that does not apply.
    expect(field).toHaveValue('');
    expect(priceOf('price_life')).toBe('$199.00');
    expect(api.calls.filter((call) => call.path.startsWith('/api/group/billing/coupon/'))).toEqual([]);
  });

  it("shows 'You need to select a plan' when asked to", async () => {
    renderPicker({ plans: [LIFETIME], entityCoupon: null }, {}, MSG.validation.planRequired);
    expect(await screen.findByText('You need to select a plan')).toBeInTheDocument();
  });

  it('shows the price the contract rule computes, for any price and coupons (property)', async () => {
    const discount = fc.oneof(
      fc.record({
        percent_off: fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100),
        amount_off: fc.constant(null),
      }),
      fc.record({ percent_off: fc.constant(null), amount_off: fc.integer({ min: 1, max: 200_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 500_000 }),
        fc.option(fc.tuple(discount, fc.boolean()), { nil: null }),
        async (amount, entity) => {
          const plan: Plan = { ...LIFETIME, unit_amount: amount };
          const entityCoupon = entity
            ? coupon({ id: 'E', ...entity[0], metadata: { products: entity[1] ? plan.id : 'other' } })
            : null;
          renderPicker({ plans: [plan], entityCoupon });
          await screen.findByText('Lifetime');
          expect(priceOf(plan.id)).toBe(
            `$${formatPrice(applyCoupons(plan, entityCoupon ? [entityCoupon] : []))}`,
          );
          cleanup();
          vi.unstubAllGlobals();
        },
      ),
      { numRuns: 20 },
    );
  });
});
