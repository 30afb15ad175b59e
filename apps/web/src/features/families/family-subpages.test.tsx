// The family's small sub-pages: rename, change plan, update billing.
import { API, apiPath, type Family, GROUP_NAME_MAX, MSG, type Plan } from '@bridge-talk/contract';
import { TEST_CARDS, TEST_PAYER } from '@bridge-talk/contract/test-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingOnFile } from '../../test/billing-values.js';
import {
  type ApiHandler,
  jsonResponse,
  renderWithProviders,
  stubApi,
  withToasts,
} from '../../test/render.js';
import { EditFamilyPage } from './edit-family-page.js';
import { UpdateBillingPage } from './update-billing-page.js';
import { UpdatePlanPage } from './update-plan-page.js';

const ID = '11111111-1111-4111-8111-111111111111';
const PLANS: Plan[] = [
  { id: 'price_month', type: 'recurring', unit_amount: 1_999, active: true, nickname: 'Monthly' },
  { id: 'price_month_plus', type: 'recurring', unit_amount: 2_999, active: true, nickname: 'Monthly Plus' },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

function group(overrides: Partial<Family> = {}): Family {
  return {
    _id: ID,
    name: 'Robin Lee',
    childFirstName: 'Robin',
    childLastName: 'Lee',
    active: true,
    billingInformation: { email: 'payer@example.org' },
    plan: { priceId: 'price_month', type: 'recurring' },
    paymentId: null,
    subscriptionId: 'sub_1',
    oneTime: false,
    createdAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

function render(
  sub: string,
  element: React.ReactNode,
  handlers: Record<string, ApiHandler> = {},
  state?: object,
) {
  const api = stubApi({
    [`GET /api/group/list/${ID}`]: () => jsonResponse(group()),
    'GET /api/payments/config': () =>
      jsonResponse({ provider: 'local', publishableKey: null, dashboardUrl: null }),
    'GET /api/group/billing/plans/list': () => jsonResponse({ plans: PLANS, entityCoupon: null }),
    ...handlers,
  });
  const view = renderWithProviders(null, {
    routes: [
      { path: `/manage-families/:id/${sub}`, element },
      { path: '/manage-families/:id/details', element: <p>Family page</p> },
    ],
    initialEntries: [{ pathname: `/manage-families/${ID}/${sub}`, state }],
    wrapper: withToasts,
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

describe('EditFamilyPage', { timeout: 20_000 }, () => {
  it('renames the family and goes back to its page', async () => {
    const { api, router, user } = render('edit-group', <EditFamilyPage />, {
      [`PUT /api/group/edit/${ID}`]: () => jsonResponse({ _id: ID, message: MSG.families.groupRenamed }),
    });
    const input = await screen.findByRole('textbox', { name: /^Group name/ });
    expect(input).toHaveValue('Robin Lee');
    await user.clear(input);
    await user.type(input, 'ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.families.groupNameMin)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Robin Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Edit name group successfully.')).toBeInTheDocument();
    expect(api.callsTo('PUT', apiPath(API.families.edit, { groupId: ID }))[0]?.body).toEqual({
      name: 'Robin Ann Lee',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${ID}/details`));
  });

  it('takes a one-word name, sent whole', async () => {
    const { api, user } = render('edit-group', <EditFamilyPage />, {
      [`PUT /api/group/edit/${ID}`]: () => jsonResponse({ _id: ID, message: MSG.families.groupRenamed }),
    });
    const input = await screen.findByRole('textbox', { name: /^Group name/ });
    await user.clear(input);
    await user.type(input, 'Brookses');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Edit name group successfully.')).toBeInTheDocument();
    expect(screen.queryByText(MSG.validation.childLastNameMin)).not.toBeInTheDocument();
    expect(api.callsTo('PUT', apiPath(API.families.edit, { groupId: ID }))[0]?.body).toEqual({
      name: 'Brookses',
    });
  });
  it('keeps a name one character over the longest whole, says it is too long, and renames nothing', async () => {
    const { api, router, user } = render('edit-group', <EditFamilyPage />, {
      [`PUT /api/group/edit/${ID}`]: () => jsonResponse({ _id: ID, message: MSG.families.groupRenamed }),
    });
    const input = await screen.findByRole('textbox', { name: /^Group name/ });
    const tooLong = 'a'.repeat(GROUP_NAME_MAX + 1);
    const message = MSG.validation.tooLong(MSG.families.groupNameLabel, GROUP_NAME_MAX);
    await user.clear(input);
    await user.type(input, tooLong);
    expect(input).toHaveValue(tooLong);
    await user.tab();
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(message).toBe(`Group name must be at most ${GROUP_NAME_MAX} characters`);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveValue(tooLong);
    expect(api.callsTo('PUT', apiPath(API.families.edit, { groupId: ID }))).toEqual([]);
    expect(router.state.location.pathname).toBe(`/manage-families/${ID}/edit-group`);
  });
});

describe('UpdatePlanPage', { timeout: 20_000 }, () => {
  it('shows the name carried in navigation at once, needs a plan, and changes it', async () => {
    const { api, router, user } = render(
      'update-plan',
      <UpdatePlanPage />,
      {
        'POST /api/group/billing/changeSubscription': () =>
          jsonResponse({ _id: ID, message: MSG.billing.subscriptionUpdated }),
      },
      { groupName: 'Robin' },
    );
    expect(screen.getByRole('link', { name: 'Robin' })).toBeInTheDocument();
    await screen.findByText('Monthly Plus');
    // The family's own plan is not offered again.
    expect(screen.queryByRole('radio', { name: /^Monthly:/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You need to select a plan')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Monthly Plus/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subscription update!')).toBeInTheDocument();
    expect(api.callsTo('POST', API.billing.changeSubscription)[0]?.body).toEqual({
      groupId: ID,
      priceId: 'price_month_plus',
      coupons: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${ID}/details`));
  });

  it('says so when the change fails', async () => {
    const { user } = render('update-plan', <UpdatePlanPage />, {
      'POST /api/group/billing/changeSubscription': () => jsonResponse({ message: 'down' }, 503),
    });
    await screen.findByText('Monthly Plus');
    await user.click(screen.getByRole('radio', { name: /^Monthly Plus/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Error, Something's wrong when change subscription")).toBeInTheDocument();
  });

  it('asks before a move to the one-time plan, naming the plan and the price; Back changes nothing', async () => {
    const { api, user } = render('update-plan', <UpdatePlanPage />, {
      'GET /api/group/billing/plans/list': () =>
        jsonResponse({
          plans: [
            ...PLANS,
            { id: 'price_life', type: 'one_time', unit_amount: 19_900, active: true, nickname: 'Lifetime' },
          ],
          entityCoupon: null,
        }),
      'POST /api/group/billing/changeSubscription': () =>
        jsonResponse({ _id: ID, message: MSG.billing.subscriptionUpdated }),
    });
    await user.click(await screen.findByRole('radio', { name: /^Lifetime/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.billing.confirmOneTimePlanTitle });
    expect(dialog).toHaveTextContent(MSG.billing.confirmOneTimePlan('Lifetime', '199.00'));
    // Focus starts on Back: Enter changes nothing.
    expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', API.billing.changeSubscription)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      await screen.findByRole('button', { name: MSG.billing.confirmOneTimePlanButton('199.00') }),
    );
    expect(await screen.findByText('Subscription update!')).toBeInTheDocument();
    expect(api.callsTo('POST', API.billing.changeSubscription)).toHaveLength(1);
  });

  it('checks a coupon typed but never left at Save: the confirmation prices it, a used-up one stops the change', async () => {
    const half = {
      id: 'HALF',
      name: 'Half',
      percent_off: 50,
      amount_off: null,
      max_redemptions: null,
      times_redeemed: 0,
      metadata: { products: 'price_life' },
    };
    const { api, user } = render('update-plan', <UpdatePlanPage />, {
      'GET /api/group/billing/plans/list': () =>
        jsonResponse({
          plans: [
            ...PLANS,
            { id: 'price_life', type: 'one_time', unit_amount: 19_900, active: true, nickname: 'Lifetime' },
          ],
          entityCoupon: null,
        }),
      'GET /api/group/billing/coupon/HALF': () => jsonResponse(half),
      'GET /api/group/billing/coupon/FREE': () =>
        jsonResponse({ message: MSG.billing.couponUsedUp('Free') }, 422),
      'POST /api/group/billing/changeSubscription': () =>
        jsonResponse({ _id: ID, message: MSG.billing.subscriptionUpdated }),
    });
    await user.click(await screen.findByRole('radio', { name: /^Lifetime/ }));
    const coupon = screen.getByRole('textbox', { name: 'Coupon' });
    await user.type(coupon, 'FREE');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(coupon).toHaveAccessibleDescription(MSG.wizard.couponFreeUsedUp));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(coupon, 'HALF');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.billing.confirmOneTimePlanTitle });
    expect(dialog).toHaveTextContent(MSG.billing.confirmOneTimePlan('Lifetime', '99.50'));
    await user.click(
      within(dialog).getByRole('button', { name: MSG.billing.confirmOneTimePlanButton('99.50') }),
    );
    expect(await screen.findByText('Subscription update!')).toBeInTheDocument();
    expect(api.callsTo('POST', API.billing.changeSubscription)[0]?.body).toEqual({
      groupId: ID,
      priceId: 'price_life',
      coupons: ['HALF'],
    });
  });

  it('fetches the name when opened directly, and refuses a one-time family', async () => {
    render('update-plan', <UpdatePlanPage />, {
      [`GET /api/group/list/${ID}`]: () =>
        jsonResponse(group({ oneTime: true, plan: { priceId: 'p', type: 'one_time' } })),
    });
    expect(await screen.findByText(MSG.billing.oneTimePlanCannotChange)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Robin Lee' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

const STORED_BILLING = billingOnFile(ID);
const NEW_CARD = {
  creditCardTokenId: 'tok_fedcba9876543210fedcba98',
  cardBrand: 'mastercard',
  cardLast4: '4444',
  cardExpiryMonth: 11,
  cardExpiryYear: 2035,
};

describe('UpdateBillingPage', { timeout: 20_000 }, () => {
  it('fills the form with the stored details and shows the card on file', async () => {
    render('update-billing', <UpdateBillingPage />, {
      [`GET /api/group/billing/details/${ID}`]: () => jsonResponse(STORED_BILLING),
    });
    expect(await screen.findByRole('textbox', { name: /^Cardholder name/ })).toHaveValue(TEST_PAYER.cardName);
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveValue(TEST_PAYER.phoneNumber);
    expect(screen.getByText(new RegExp(TEST_CARDS.paid.last4))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MSG.families.updateBilling })).toBeInTheDocument();
  });

  it("saves the new details with a new card: 'Billing update!' and back to the family page", async () => {
    const { api, router, user } = render('update-billing', <UpdateBillingPage />, {
      [`GET /api/group/billing/details/${ID}`]: () => jsonResponse(STORED_BILLING),
      'POST /api/payments/local/tokens': () => jsonResponse(NEW_CARD),
      [`PUT /api/group/billing/update/${ID}`]: () =>
        jsonResponse({ _id: ID, message: MSG.billing.billingUpdated }),
    });
    const address = await screen.findByRole('textbox', { name: /^Address/ });
    await user.clear(address);
    await user.type(address, '2 Elm Street');
    // Only the card's brand and last 4 are kept: the card is entered again.
    await user.type(screen.getByRole('textbox', { name: /^Card number/ }), '5555555555554444');
    await user.type(screen.getByRole('textbox', { name: /^Expiry date/ }), '1135');
    await user.type(screen.getByRole('textbox', { name: /^CVC/ }), '321');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.billing.billingUpdated)).toBeInTheDocument();
    expect(api.callsTo('PUT', apiPath(API.billing.update, { groupId: ID })).map((c) => c.body)).toEqual([
      { ...TEST_PAYER, address: '2 Elm Street', ...NEW_CARD },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${ID}/details`));
    expect(screen.getByText('Family page')).toBeInTheDocument();
  });

  it('refuses a one-time family', async () => {
    render('update-billing', <UpdateBillingPage />, {
      [`GET /api/group/list/${ID}`]: () =>
        jsonResponse(group({ oneTime: true, plan: { priceId: 'p', type: 'one_time' } })),
      [`GET /api/group/billing/details/${ID}`]: () =>
        jsonResponse({ _id: ID, billingInformation: null, subscription: null }),
    });
    expect(await screen.findByText(MSG.billing.oneTimePlanCannotChange)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Cardholder name/ })).not.toBeInTheDocument();
  });
});
