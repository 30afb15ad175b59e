import {
  API,
  apiPath,
  type Coupon,
  type EntityDetails,
  formatDateTime,
  MSG,
  type Plan,
} from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, jsonResponse, renderWithProviders, withToasts } from '../../test/render.js';
import { EntityDetailsPage, NO_PRICE, planPrices } from './entity-details-page.js';

const ENTITY: EntityDetails = {
  _id: 'e1',
  name: 'Open Arms',
  email: 'team@openarms.org',
  phone: '(555) 010-2000',
  address: '1 Main Street, Springfield',
  subtype: 'agency',
  status: 'active',
  active: true,
  startContract: '2026-01-01',
  endContract: '2027-01-01',
  coupon: 'HALF',
  version: '2026-03-01T10:00:00.000Z',
  accountId: 'user-ann',
  contactName: 'Ann Open',
  createdAt: '2026-01-01T09:00:00.000Z',
};

const REQUEST: EntityDetails = {
  ...ENTITY,
  _id: 'r1',
  name: 'Harbor Families',
  email: 'nora@harbor.test',
  address: '',
  status: 'pending',
  active: false,
  startContract: null,
  endContract: null,
  coupon: null,
  contactName: 'Nora Quinn',
  createdAt: '2026-03-02T14:30:00.000Z',
};

const PLANS: Plan[] = [
  { id: 'monthly-old', type: 'recurring', unit_amount: 999, active: false },
  { id: 'monthly', type: 'recurring', unit_amount: 1999, active: true },
  { id: 'lifetime', type: 'one_time', unit_amount: 25000, active: true },
];

const HALF_OFF_MONTHLY: Coupon = {
  id: 'HALF',
  name: 'Half off monthly',
  percent_off: 50,
  amount_off: null,
  max_redemptions: null,
  times_redeemed: 3,
  metadata: { products: 'monthly' },
};

function stubApi(plans: () => Response) {
  return answerApi(({ url }) => {
    if (url.pathname === apiPath(API.entities.byId, { id: 'e1' })) return jsonResponse(ENTITY);
    if (url.pathname === API.billing.plans) return plans();
    return undefined;
  });
}

function renderDetails(id = 'e1') {
  return renderWithProviders(null, {
    routes: [{ path: '/entity-management/:id/details', element: <EntityDetailsPage /> }],
    initialEntries: [`/entity-management/${id}/details`],
  });
}

const box = (label: string) => screen.getByRole('textbox', { name: label });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EntityDetailsPage', () => {
  it('shows the entity read-only with the plan prices after its coupon, and Edit', async () => {
    const calls = stubApi(() => jsonResponse({ plans: PLANS, entityCoupon: HALF_OFF_MONTHLY }));
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Open Arms' })).toBeInTheDocument();
    expect(box('Entity name')).toHaveValue('Open Arms');
    expect(box('Email')).toHaveValue('team@openarms.org');
    expect(box('Phone')).toHaveValue('(555) 010-2000');
    expect(box('Address')).toHaveValue('1 Main Street, Springfield');
    expect(box('Type')).toHaveValue('Agency');
    expect(box('Start contract')).toHaveValue('2026-01-01');
    expect(box('End contract')).toHaveValue('2027-01-01');
    for (const label of ['Entity name', 'Email', 'Phone', 'Address']) {
      expect(box(label)).toHaveAttribute('readonly');
    }
    // 50 % off the monthly plan only: $19.99 → $10.00 (rounded to whole cents); lifetime unchanged.
    await waitFor(() => expect(box(MSG.plans.monthlyPlan)).toHaveValue('$10.00'));
    expect(box(MSG.plans.lifetimePlan)).toHaveValue('$250.00');
    expect(screen.getByRole('link', { name: MSG.common.edit })).toHaveAttribute(
      'href',
      '/entity-management/e1/edit',
    );
    expect(calls.map((c) => c.path)).toContain(`${API.billing.plans}?entityId=e1`);
  });

  it("shows '—' for both prices when the plans cannot be read", async () => {
    stubApi(() => jsonResponse({ message: MSG.extra.notFound }, 404));
    renderDetails();
    await screen.findByRole('heading', { name: 'Open Arms' });
    await waitFor(() => expect(box(MSG.plans.monthlyPlan)).toHaveValue(NO_PRICE));
    expect(box(MSG.plans.lifetimePlan)).toHaveValue(NO_PRICE);
  });

  it('says when the entity does not exist', async () => {
    stubApi(() => jsonResponse({ plans: [], entityCoupon: null }));
    renderDetails('e404');
    expect(await screen.findByText(MSG.extra.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MSG.common.edit })).not.toBeInTheDocument();
  });
});

/** The one price shown for the kind (a single plan, or none). */
const planPrice = (...args: Parameters<typeof planPrices>) => {
  const shown = planPrices(...args);
  expect(shown).toHaveLength(1);
  return shown[0]!.price;
};

describe('planPrices', () => {
  it('prices the active plan of the type, without a coupon too', () => {
    expect(planPrice(PLANS, null, 'recurring')).toBe('$19.99');
    expect(planPrice(PLANS, HALF_OFF_MONTHLY, 'one_time')).toBe('$250.00');
    expect(planPrice([], null, 'one_time')).toBe(NO_PRICE);
    expect(planPrice(undefined, null, 'recurring')).toBe(NO_PRICE);
  });

  it('keeps the spec label for one plan of a kind, and names each plan when there are several', () => {
    expect(planPrices(PLANS, null, 'recurring').map((p) => p.label)).toEqual([MSG.plans.monthlyPlan]);
    const several: Plan[] = [
      ...PLANS,
      { id: 'monthly-plus', type: 'recurring', unit_amount: 2999, active: true, nickname: 'Monthly Plus' },
    ];
    expect(planPrices(several, null, 'recurring')).toEqual([
      { key: 'monthly', label: MSG.plans.namedPlan(MSG.plans.monthlyPlan, 'monthly'), price: '$19.99' },
      {
        key: 'monthly-plus',
        label: MSG.plans.namedPlan(MSG.plans.monthlyPlan, 'Monthly Plus'),
        price: '$29.99',
      },
    ]);
  });

  it('never goes below the minimum price after a discount', () => {
    const all: Coupon = {
      ...HALF_OFF_MONTHLY,
      percent_off: null,
      amount_off: 100_000,
      metadata: { products: 'lifetime' },
    };
    expect(planPrice(PLANS, all, 'one_time')).toBe('$0.05');
  });

  it('shows an access request: who asks, the type, how to reach them and when; rejects it after a confirmation', async () => {
    const calls = answerApi(({ url, method }) => {
      if (url.pathname === apiPath(API.entities.byId, { id: 'r1' })) return jsonResponse(REQUEST);
      if (method === 'POST' && url.pathname === apiPath(API.entities.reject, { id: 'r1' })) {
        return jsonResponse({ message: MSG.accessRequests.rejected });
      }
      return undefined;
    });
    renderWithProviders(null, {
      routes: [
        { path: '/entity-management/:id/details', element: <EntityDetailsPage /> },
        { path: '/entity-management', element: <p>Entity list</p> },
      ],
      initialEntries: ['/entity-management/r1/details'],
      wrapper: withToasts,
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Access request' })).toBeInTheDocument();
    expect(box('Contact person')).toHaveValue('Nora Quinn');
    expect(box('Type')).toHaveValue('Agency');
    expect(box('Email')).toHaveValue('nora@harbor.test');
    expect(box('Phone')).toHaveValue('(555) 010-2000');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(box('Requested on')).toHaveValue(`${formatDateTime(REQUEST.createdAt)} (${zone})`);
    // No plans: a request has no contract yet.
    expect(calls.map((c) => c.url.pathname)).not.toContain(API.billing.plans);

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('Reject this access request? It is removed from Entity Management.'),
    ).toBeInTheDocument();
    // Back changes nothing.
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const again = within(await screen.findByRole('dialog'));
    const tell = again.getByRole('checkbox', { name: 'E-mail the requester that the request was declined' });
    expect(tell).toBeChecked();
    await user.click(tell);
    await user.click(again.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The access request was rejected.')).toBeInTheDocument();
    expect(await screen.findByText('Entity list')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: apiPath(API.entities.reject, { id: 'r1' }), body: { notify: false } },
    ]);
  });
});
