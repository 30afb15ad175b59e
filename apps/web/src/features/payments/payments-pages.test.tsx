import { type AdminCoupon, type AdminPlan, API, apiPath, MSG } from '@bridge-talk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiHandler,
  jsonResponse,
  renderWithProviders,
  stubApi,
  withToasts,
} from '../../test/render.js';
import { NewCouponPage } from './new-coupon-page.js';
import { NewPlanPage } from './new-plan-page.js';
import { PaymentsPage } from './payments-page.js';

// Lazy chunks and whole forms take longer than the default second on a busy 2-core machine.
configure({ asyncUtilTimeout: 8_000 });

const LOCAL = { provider: 'local', publishableKey: null, dashboardUrl: null };
const STRIPE = {
  provider: 'stripe',
  publishableKey: 'pk_live_x',
  dashboardUrl: 'https://dashboard.stripe.com/',
};
const PLANS: AdminPlan[] = [
  {
    id: 'price_life',
    name: 'Lifetime',
    type: 'one_time',
    unit_amount: 19_900,
    active: true,
    createdAt: '2026-01-01T00:00:00Z',
  },
  {
    id: 'price_month',
    name: 'Monthly',
    type: 'recurring',
    unit_amount: 1_999,
    active: true,
    createdAt: '2026-01-01T00:00:00Z',
  },
  {
    id: 'price_old',
    name: 'Old plan',
    type: 'recurring',
    unit_amount: 999,
    active: false,
    createdAt: '2025-01-01T00:00:00Z',
  },
];
const COUPONS: AdminCoupon[] = [
  {
    id: 'TENOFF',
    name: 'Ten percent',
    percent_off: 10,
    amount_off: null,
    max_redemptions: 5,
    times_redeemed: 2,
    metadata: { products: 'price_life,price_month' },
    archived: false,
    createdAt: '2026-01-02T00:00:00Z',
  },
  {
    id: 'FIVE',
    name: 'Five dollars',
    percent_off: null,
    amount_off: 500,
    max_redemptions: null,
    times_redeemed: 0,
    metadata: { products: 'price_month' },
    archived: false,
    createdAt: '2026-01-03T00:00:00Z',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

function render(entry: string, handlers: Record<string, ApiHandler>) {
  const api = stubApi(handlers);
  const view = renderWithProviders(null, {
    routes: [
      { path: '/payments', element: <PaymentsPage /> },
      { path: '/payments/plans/new', element: <NewPlanPage /> },
      { path: '/payments/coupons/new', element: <NewCouponPage /> },
    ],
    initialEntries: [entry],
    wrapper: withToasts,
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

describe('/payments', { timeout: 20_000 }, () => {
  it("with Stripe: only 'Manage Plans on Stripe', opening the dashboard in a new tab", async () => {
    render('/payments', { 'GET /api/payments/config': () => jsonResponse(STRIPE) });
    const link = await screen.findByRole('link', { name: 'Manage Plans on Stripe' });
    expect(link).toHaveAttribute('href', 'https://dashboard.stripe.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: MSG.payments.managePlansOn(MSG.payments.localProviderName) }),
    ).not.toBeInTheDocument();
  });

  it("with the local provider: 'Manage Plans on Bridge Talk' heads the portal's own plan and coupon screens, on this page", async () => {
    const { router, user } = render('/payments', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: PLANS }),
      'GET /api/payments/coupons': () => jsonResponse({ coupons: COUPONS }),
    });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Manage Plans on Bridge Talk' });
    const region = screen.getByRole('region', { name: 'Manage Plans on Bridge Talk' });
    expect(region).toContainElement(heading);
    expect(within(region).getByText(MSG.payments.localProviderIntro)).toBeInTheDocument();
    // The plans and coupons are right here: no button off to a dashboard, nothing opens a new tab.
    expect(screen.queryByRole('link', { name: /Manage Plans on/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Manage Plans on/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[target="_blank"]')).toBeNull();
    expect(await within(region).findByRole('table', { name: MSG.payments.plansTitle })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: MSG.payments.newPlan })).toHaveAttribute(
      'href',
      '/payments/plans/new',
    );
    await user.click(within(region).getByRole('tab', { name: MSG.payments.couponsTitle }));
    expect(await within(region).findByRole('table', { name: MSG.payments.couponsTitle })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: MSG.payments.newCoupon })).toHaveAttribute(
      'href',
      '/payments/coupons/new',
    );
    expect(router.state.location.search).toBe('?tab=coupons');
  });

  it('with the local provider: the plans, archived ones muted, and an archive behind a confirmation', async () => {
    const { api, user } = render('/payments', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: PLANS }),
      'POST /api/payments/plans/price_month/archive': () => jsonResponse({ ...PLANS[1], active: false }),
    });
    const table = await screen.findByRole('table', { name: MSG.payments.plansTitle });
    await within(table).findAllByText('Lifetime');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Lifetime');
    expect(rows[1]).toHaveTextContent(MSG.plans.oneTime);
    expect(rows[1]).toHaveTextContent('$199.00 one-time payment');
    expect(rows[2]).toHaveTextContent('$19.99 per month');
    expect(rows[3]).toHaveTextContent(MSG.payments.archived);
    expect(within(rows[3]!).queryByRole('button', { name: /Archive/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Archive Monthly' }));
    // The only active monthly plan (the other one is archived): the admin is warned what follows.
    expect(screen.getByText(MSG.payments.archiveLastOfKindConfirm('monthly'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(api.callsTo('POST', apiPath(API.payments.planArchive, { id: 'price_month' }))).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Archive Monthly' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.payments.planArchived)).toBeInTheDocument();
    expect(api.callsTo('POST', apiPath(API.payments.planArchive, { id: 'price_month' }))).toHaveLength(1);
  });

  it('asks the plain question when another plan of the kind stays, and warns before the last plan of all', async () => {
    const lifetime2 = { ...PLANS[0]!, id: 'price_life2', name: 'Lifetime 2' };
    render('/payments', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: [PLANS[0], lifetime2, PLANS[2]] }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Archive Lifetime' }));
    expect(await screen.findByText(MSG.payments.archivePlanConfirm)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('warns before the last active plan of all is archived', async () => {
    render('/payments', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: [PLANS[0], PLANS[2]] }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Archive Lifetime' }));
    expect(await screen.findByText(MSG.payments.archiveLastPlanConfirm)).toBeInTheDocument();
  });

  it('restores an archived plan: offered again', async () => {
    let restored = false;
    const { api, user } = render('/payments', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () =>
        jsonResponse({ plans: [PLANS[0], PLANS[1], { ...PLANS[2], active: restored }] }),
      'POST /api/payments/plans/price_old/restore': () => {
        restored = true;
        return jsonResponse({ ...PLANS[2], active: true });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Old plan' }));
    expect(await screen.findByText(MSG.payments.planRestored)).toBeInTheDocument();
    expect(api.callsTo('POST', apiPath(API.payments.planRestore, { id: 'price_old' }))).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Archive Old plan' })).toBeInTheDocument();
  });

  it('shows the coupons with their discount, plans and times redeemed (deep link to the tab)', async () => {
    render('/payments?tab=coupons', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: PLANS }),
      'GET /api/payments/coupons': () => jsonResponse({ coupons: COUPONS }),
    });
    const table = await screen.findByRole('table', { name: MSG.payments.couponsTitle });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Lifetime, Monthly'));
    const [, ten, five] = within(table).getAllByRole('row');
    expect(ten).toHaveTextContent('TENOFF');
    expect(ten).toHaveTextContent('10 % off');
    expect(ten).toHaveTextContent('5');
    expect(within(ten!).getAllByRole('cell').at(-3)).toHaveTextContent('2');
    expect(five).toHaveTextContent('$5.00 off');
    expect(five).toHaveTextContent('—');
  });

  it('archives a coupon after a confirmation, and edits its name and limit', async () => {
    let coupons = COUPONS;
    const { api, user } = render('/payments?tab=coupons', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: PLANS }),
      'GET /api/payments/coupons': () => jsonResponse({ coupons }),
      'POST /api/payments/coupons/TENOFF/archive': () => {
        coupons = [{ ...COUPONS[0]!, archived: true }, COUPONS[1]!];
        return jsonResponse(coupons[0]);
      },
      'PUT /api/payments/coupons/FIVE': (body) => jsonResponse({ ...COUPONS[1], ...(body as object) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Archive TENOFF' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.payments.archiveCouponConfirm('TENOFF'));
    await user.click(within(dialog).getByRole('button', { name: MSG.payments.archive }));
    expect(await screen.findByText(MSG.payments.couponArchived)).toBeInTheDocument();
    expect(api.callsTo('POST', apiPath(API.payments.couponArchive, { id: 'TENOFF' }))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Archive TENOFF' })).toBeNull());

    await user.click(screen.getByRole('button', { name: `${MSG.common.edit} ${COUPONS[1]!.id}` }));
    const form = await screen.findByRole('form', { name: MSG.payments.editCoupon });
    expect(form).toHaveTextContent(MSG.payments.couponEditHint);
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Five off');
    await user.type(within(form).getByRole('textbox', { name: /^Max redemptions/ }), '10');
    await user.click(within(form).getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByText(MSG.payments.couponSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', apiPath(API.payments.editCoupon, { id: COUPONS[1]!.id }))[0]?.body).toEqual({
      name: 'Five off',
      max_redemptions: 10,
    });
  });

  it("shows 'No plans yet' for an empty list", async () => {
    render('/payments', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: [] }),
    });
    expect(await screen.findByText(MSG.payments.noPlans)).toBeInTheDocument();
  });

  it('says so when the plans cannot be loaded', async () => {
    render('/payments', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ message: 'down' }, 500),
    });
    expect(await screen.findByText(MSG.common.somethingWrong)).toBeInTheDocument();
  });
});

describe('/payments/plans/new', { timeout: 20_000 }, () => {
  it('validates, then creates the plan in cents and returns to the list', async () => {
    const { api, router, user } = render('/payments/plans/new', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'POST /api/payments/plans': (body) =>
        jsonResponse({ ...(body as object), id: 'price_new', active: true, createdAt: '' }),
      'GET /api/payments/plans': () => jsonResponse({ plans: PLANS }),
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'ab');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '0.4');
    await user.click(screen.getByRole('button', { name: MSG.payments.createPlan }));
    expect(await screen.findByText(MSG.payments.planNameMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.payments.planPriceMin)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'c Plus');
    await user.clear(screen.getByRole('textbox', { name: /^Price/ }));
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '29.9');
    await user.click(screen.getByRole('radio', { name: MSG.plans.monthly }));
    await user.click(screen.getByRole('button', { name: MSG.payments.createPlan }));
    expect(await screen.findByText(MSG.payments.planCreated)).toBeInTheDocument();
    expect(api.callsTo('POST', API.payments.createPlan)[0]?.body).toEqual({
      name: 'abc Plus',
      type: 'recurring',
      unit_amount: 2_990,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
  });
});

describe('/payments/coupons/new', { timeout: 20_000 }, () => {
  it('creates a 10 % coupon for the chosen plans; a code in use shows on the code field', async () => {
    let answer: Response = jsonResponse(
      { message: MSG.payments.couponCodeInUse, fields: { id: MSG.payments.couponCodeInUse } },
      409,
    );
    const { api, router, user } = render('/payments/coupons/new', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: PLANS }),
      'GET /api/payments/coupons': () => jsonResponse({ coupons: COUPONS }),
      'POST /api/payments/coupons': () => answer,
    });
    await screen.findByRole('checkbox', { name: /^Lifetime/ });
    // Archived plans are not offered.
    expect(screen.queryByRole('checkbox', { name: /^Old plan/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.payments.createCoupon }));
    expect(await screen.findByText(MSG.payments.couponCodeInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.payments.couponNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.payments.couponPercentInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.payments.couponPlansRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'TENOFF');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ten percent');
    await user.type(screen.getByRole('textbox', { name: /^Percent off/ }), '10');
    await user.type(screen.getByRole('textbox', { name: /^Max redemptions/ }), '100');
    await user.click(screen.getByRole('checkbox', { name: /^Lifetime/ }));
    await user.click(screen.getByRole('button', { name: MSG.payments.createCoupon }));
    const code = screen.getByRole('textbox', { name: /^Code/ });
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining(MSG.payments.couponCodeInUse)),
    );
    answer = jsonResponse({ ...COUPONS[0], id: 'TENOFF2' });
    await user.clear(code);
    await user.type(code, 'TENOFF2');
    await user.click(screen.getByRole('button', { name: MSG.payments.createCoupon }));
    expect(await screen.findByText(MSG.payments.couponCreated)).toBeInTheDocument();
    expect(api.callsTo('POST', API.payments.createCoupon).at(-1)?.body).toEqual({
      id: 'TENOFF2',
      name: 'Ten percent',
      percent_off: 10,
      amount_off: null,
      max_redemptions: 100,
      products: ['price_life'],
    });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=coupons'));
  });

  it('warns that a coupon taking a whole plan price leaves the lowest price a discount leaves, $0.05', async () => {
    const { user } = render('/payments/coupons/new', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: PLANS }),
    });
    await user.click(await screen.findByRole('checkbox', { name: /^Monthly/ }));
    await user.type(screen.getByRole('textbox', { name: /^Percent off/ }), '50');
    expect(screen.queryByRole('status')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Percent off/ }), '0');
    await user.clear(screen.getByRole('textbox', { name: /^Percent off/ }));
    await user.type(screen.getByRole('textbox', { name: /^Percent off/ }), '100');
    expect(await screen.findByRole('status')).toHaveTextContent(
      MSG.payments.couponFloorWarning('Monthly', '$0.05'),
    );
    await user.click(screen.getByRole('radio', { name: 'Amount off' }));
    await user.clear(screen.getByRole('textbox', { name: /^Amount off/ }));
    await user.type(screen.getByRole('textbox', { name: /^Amount off/ }), '25');
    await user.click(screen.getByRole('checkbox', { name: /^Lifetime/ }));
    // $25 off takes the whole $19.99 of Monthly, not the $199.00 of Lifetime.
    expect(screen.getByRole('status')).toHaveTextContent(MSG.payments.couponFloorWarning('Monthly', '$0.05'));
  });
});

describe('/payments/plans/new limits', { timeout: 20_000 }, () => {
  it('refuses a $1 000 000 plan on the field, with its limit', async () => {
    const { api, user } = render('/payments/plans/new', {
      'GET /api/payments/config': () => jsonResponse(LOCAL),
      'GET /api/payments/plans': () => jsonResponse({ plans: PLANS }),
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Big plan');
    const price = screen.getByRole('textbox', { name: /^Price/ });
    await user.type(price, '1 000 000');
    await user.click(screen.getByRole('button', { name: MSG.payments.createPlan }));
    await waitFor(() => expect(price).toHaveAccessibleDescription(MSG.payments.planPriceMax('999,999.99')));
    expect(api.callsTo('POST', API.payments.createPlan)).toEqual([]);
  });
});
