import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { apiPath } from '../routes.js';
import {
  ZAssignSubscriptionRequest,
  ZBillingForm,
  ZSaveBillingRequest,
  ZUpdateBillingRequest,
} from './billing.js';
import {
  cardBrandOf,
  formatCardExpiry,
  formatCardNumber,
  isCardExpired,
  isCardNumberValid,
  isLuhnValid,
  parseCardExpiry,
  ZLocalCardForm,
} from './cards.js';
import {
  couponRequestOf,
  parseAmountToCents,
  plansAtPriceFloor,
  ZCouponForm,
  ZCreateCouponRequest,
  ZPlanForm,
} from './payments.js';

const form = {
  cardName: 'Pat Payer',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phoneNumber: '(555) 010-2000',
  email: 'pat@example.org',
};
const token = {
  creditCardTokenId: 'tok_abc',
  cardBrand: 'visa',
  cardLast4: '4242',
  cardExpiryMonth: 12,
  cardExpiryYear: 2040,
};

function firstError(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  value: unknown,
  field: string,
) {
  const result = schema.safeParse(value);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('cards', () => {
  it('checks the Luhn digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });

  it('names the network and checks the length it issues', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('9999')).toBe('unknown');
    expect(isCardNumberValid('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumberValid('378282246310005')).toBe(true);
    expect(isCardNumberValid('4242424242')).toBe(false);
  });

  it('formats the number and the MM/YY expiry while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardExpiry('1')).toBe('1');
    expect(formatCardExpiry('12')).toBe('12');
    expect(formatCardExpiry('1230')).toBe('12/30');
    expect(formatCardExpiry('4')).toBe('04');
    expect(formatCardExpiry('12/3')).toBe('12/3');
  });

  it('takes MM/YY, MM/YYYY, M/YY, with or without the slash, typed or pasted, as MM/YY', () => {
    for (const [typed, shown] of [
      ['12/2030', '12/30'],
      ['122030', '12/30'],
      ['1/30', '01/30'],
      ['130', '01/30'],
      ['1/2030', '01/30'],
      ['12/30', '12/30'],
      ['1230', '12/30'],
      ['07 / 29', '07/29'],
      ['7-29', '07/29'],
    ] as const) {
      expect(formatCardExpiry(typed), typed).toBe(shown);
      expect(parseCardExpiry(typed), typed).not.toBeNull();
    }
    // Typed a key at a time, '12/2030' passes through '12/203' and ends as '12/30'.
    let field = '';
    for (const key of '12/2030') field = formatCardExpiry(field + key);
    expect(field).toBe('12/30');
    field = '';
    for (const key of '1/30') field = formatCardExpiry(field + key);
    expect(field).toBe('01/30');
  });

  it('reads an expiry and knows an expired card', () => {
    expect(parseCardExpiry('07/29')).toEqual({ month: 7, year: 2029 });
    expect(parseCardExpiry('13/29')).toBeNull();
    expect(parseCardExpiry('7/29')).toEqual({ month: 7, year: 2029 });
    expect(parseCardExpiry('12/203')).toBeNull();
    expect(parseCardExpiry('00/29')).toBeNull();
    const may2030 = new Date(2030, 4, 15);
    expect(isCardExpired(5, 2030, may2030)).toBe(false);
    expect(isCardExpired(4, 2030, may2030)).toBe(true);
    expect(isCardExpired(1, 2031, may2030)).toBe(false);
  });

  it('reports each field of the local card form', () => {
    expect(firstError(ZLocalCardForm, { number: '', expiry: '12/40', cvc: '123' }, 'number')).toBe(
      MSG.billing.cardNumberRequired,
    );
    expect(
      firstError(ZLocalCardForm, { number: '4242424242424241', expiry: '12/40', cvc: '123' }, 'number'),
    ).toBe(MSG.billing.cardNumberInvalid);
    expect(firstError(ZLocalCardForm, { number: '4242424242424242', expiry: '', cvc: '123' }, 'expiry')).toBe(
      MSG.billing.cardExpiryRequired,
    );
    expect(
      firstError(ZLocalCardForm, { number: '4242424242424242', expiry: '13/40', cvc: '123' }, 'expiry'),
    ).toBe(MSG.billing.cardExpiryInvalid);
    expect(
      firstError(ZLocalCardForm, { number: '4242424242424242', expiry: '01/20', cvc: '123' }, 'expiry'),
    ).toBe(MSG.billing.cardExpired);
    expect(
      firstError(ZLocalCardForm, { number: '378282246310005', expiry: '12/40', cvc: '123' }, 'cvc'),
    ).toBe(MSG.billing.cardCvcInvalid);
    expect(firstError(ZLocalCardForm, { number: '4242424242424242', expiry: '12/40', cvc: '' }, 'cvc')).toBe(
      MSG.billing.cardCvcRequired,
    );
    expect(
      ZLocalCardForm.safeParse({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }).success,
    ).toBe(true);
  });
});

describe('the billing form', () => {
  it.each([
    ['cardName', '', 'Full name is a required field'],
    ['cardName', 'Al', MSG.validation.fullNameMin],
    ['address', '', 'Address is a required field'],
    ['city', '', MSG.validation.cityRequired],
    ['state', '', MSG.validation.stateRequired],
    ['zip', '', MSG.validation.zipRequired],
    ['zip', '1234a', 'Zip code must be only numbers'],
    ['zip', '1234', 'Zip code must be at least 5 characters'],
    ['zip', '123456', 'Zip code must be at most 5 characters'],
    ['phoneNumber', '', MSG.validation.phoneRequired],
    ['phoneNumber', '(555) 010-20', 'Phone field is wrong'],
    ['email', '', 'Email is a required field'],
    ['email', 'pat@', 'Field email is wrong'],
  ])('%s %j → %s', (field, value, message) => {
    expect(firstError(ZBillingForm, { ...form, [field]: value }, field)).toBe(message);
  });

  it('takes a whole phone number only, on both screens: one short of a digit is never saved', () => {
    expect(ZBillingForm.safeParse(form).success).toBe(true);
    for (const phone of ['(555) 010-200', '(555) 010-20001', '555010200']) {
      expect(firstError(ZBillingForm, { ...form, phoneNumber: phone }, 'phoneNumber'), phone).toBe(
        MSG.validation.phoneWrong,
      );
      expect(firstError(ZUpdateBillingRequest, { ...form, phoneNumber: phone }, 'phoneNumber'), phone).toBe(
        MSG.validation.phoneWrong,
      );
    }
  });

  it('keeps a whole number given with its country code in the mask’s form', () => {
    expect(ZBillingForm.parse({ ...form, phoneNumber: '+1 555 010 2000' }).phoneNumber).toBe(
      '(555) 010-2000',
    );
  });

  it('the payloads add the country (always US) and the card token', () => {
    expect(ZUpdateBillingRequest.parse({ ...form, ...token })).toEqual({ ...form, ...token, country: 'US' });
    expect(ZUpdateBillingRequest.safeParse({ ...form, ...token, country: 'CA' }).success).toBe(false);
    // Without a card the card on file stays; a card is all its fields or none.
    expect(ZUpdateBillingRequest.parse(form)).toEqual({ ...form, country: 'US' });
    const { cardLast4: _, ...partial } = token;
    expect(ZUpdateBillingRequest.safeParse({ ...form, ...partial }).error?.issues).toEqual([
      expect.objectContaining({ path: ['creditCardTokenId'], message: MSG.billing.cardTokenInvalid }),
    ]);
    expect(ZSaveBillingRequest.parse({ ...form, ...token, groupId: null }).groupId).toBeNull();
  });
});

describe('subscription requests', () => {
  it("drops empty and repeated coupon codes; a missing plan is 'You need to select a plan'", () => {
    const parsed = ZAssignSubscriptionRequest.parse({
      coupons: ['AGENCY', '', 'AGENCY', 'SPRING'],
      priceId: 'price_1',
      groupId: '00000000-0000-4000-8000-000000000000',
      name: 'Robin Child',
    });
    expect(parsed.coupons).toEqual(['AGENCY', 'SPRING']);
    expect(firstError(ZAssignSubscriptionRequest, { ...parsed, priceId: '' }, 'priceId')).toBe(
      'You need to select a plan',
    );
  });

  it("needs the child's first and last name (split at the first space) of 3 characters each", () => {
    const request = {
      coupons: [],
      priceId: 'price_1',
      groupId: '00000000-0000-4000-8000-000000000000',
    };
    expect(firstError(ZAssignSubscriptionRequest, { ...request, name: 'Robin' }, 'name')).toBe(
      MSG.validation.childLastNameMin,
    );
    expect(firstError(ZAssignSubscriptionRequest, { ...request, name: 'Al Smith' }, 'name')).toBe(
      MSG.validation.childFirstNameMin,
    );
    expect(firstError(ZAssignSubscriptionRequest, { ...request, name: 'Robin Le' }, 'name')).toBe(
      MSG.validation.childLastNameMin,
    );
    expect(ZAssignSubscriptionRequest.parse({ ...request, name: ' Robin Lee ' }).name).toBe('Robin Lee');
  });
});

describe('plan and coupon administration', () => {
  it('reads a price typed in dollars', () => {
    expect(parseAmountToCents('19.99')).toBe(1999);
    expect(parseAmountToCents('19.9')).toBe(1990);
    expect(parseAmountToCents('20')).toBe(2000);
    expect(parseAmountToCents('0.5')).toBe(50);
    expect(parseAmountToCents('1.999')).toBeNull();
    expect(parseAmountToCents('-1')).toBeNull();
    expect(parseAmountToCents('abc')).toBeNull();
    // Thousands separators as people type them.
    expect(parseAmountToCents('1 000 000')).toBe(100_000_000);
    expect(parseAmountToCents('1,000.50')).toBe(100_050);
  });

  it('names the price limit of a plan, and finds the plans a coupon brings to the price floor', () => {
    expect(firstError(ZPlanForm, { name: 'Big', type: 'one_time', price: '1000000' }, 'price')).toBe(
      MSG.payments.planPriceMax('999,999.99'),
    );
    const plans = [
      { id: 'life', unit_amount: 19_900 },
      { id: 'month', unit_amount: 1_999 },
    ];
    expect(plansAtPriceFloor({ percent_off: 100, amount_off: null, products: ['life'] }, plans)).toEqual([
      plans[0],
    ]);
    expect(
      plansAtPriceFloor({ percent_off: null, amount_off: 2_500, products: ['life', 'month'] }, plans),
    ).toEqual([plans[1]]);
    expect(plansAtPriceFloor({ percent_off: 99, amount_off: null, products: ['life'] }, plans)).toEqual([]);
  });

  it('validates the plan form', () => {
    expect(firstError(ZPlanForm, { name: 'ab', type: 'one_time', price: '10' }, 'name')).toBe(
      MSG.payments.planNameMin,
    );
    expect(firstError(ZPlanForm, { name: 'Plan', type: 'one_time', price: '1,00' }, 'price')).toBe(
      MSG.payments.planPriceInvalid,
    );
    expect(firstError(ZPlanForm, { name: 'Plan', type: 'one_time', price: '0.49' }, 'price')).toBe(
      MSG.payments.planPriceMin,
    );
  });

  it('turns the coupon form into a request', () => {
    const percent = ZCouponForm.parse({
      id: 'TEN',
      name: 'Ten',
      kind: 'percent',
      value: '10',
      maxRedemptions: '',
      products: ['p1'],
    });
    expect(couponRequestOf(percent)).toEqual({
      id: 'TEN',
      name: 'Ten',
      percent_off: 10,
      amount_off: null,
      max_redemptions: null,
      products: ['p1'],
    });
    const amount = ZCouponForm.parse({
      id: 'FIVE',
      name: 'Five',
      kind: 'amount',
      value: '5.50',
      maxRedemptions: '3',
      products: ['p1'],
    });
    expect(couponRequestOf(amount)).toMatchObject({ percent_off: null, amount_off: 550, max_redemptions: 3 });
    expect(ZCreateCouponRequest.safeParse(couponRequestOf(amount)).success).toBe(true);
    expect(firstError(ZCouponForm, { ...percent, value: '101' }, 'value')).toBe(
      MSG.payments.couponPercentInvalid,
    );
    expect(firstError(ZCouponForm, { ...amount, value: '0' }, 'value')).toBe(
      MSG.payments.couponAmountInvalid,
    );
    expect(firstError(ZCouponForm, { ...amount, maxRedemptions: '0' }, 'maxRedemptions')).toBe(
      MSG.payments.couponMaxRedemptionsInvalid,
    );
    expect(firstError(ZCouponForm, { ...amount, products: [] }, 'products')).toBe(
      MSG.payments.couponPlansRequired,
    );
  });
});

describe('apiPath', () => {
  it('fills and encodes the path parameters', () => {
    expect(apiPath('/api/group/billing/coupon/:code', { code: 'A B' })).toBe(
      '/api/group/billing/coupon/A%20B',
    );
    expect(() => apiPath('/api/x/:id', {})).toThrow();
  });
});

describe('MSG.billing.couponUsedUp', () => {
  it("gives the spec's text for the coupon named Free", () => {
    expect(MSG.billing.couponUsedUp('Free')).toBe(MSG.wizard.couponFreeUsedUp);
  });
});
