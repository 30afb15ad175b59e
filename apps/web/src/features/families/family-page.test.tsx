import { API, apiPath, type Channel, type Family, type FamilyMember, MSG } from '@bridge-talk/contract';
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
import { FamilyPage } from './family-page.js';

const ID = '11111111-1111-4111-8111-111111111111';

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

const MEMBERS: FamilyMember[] = [
  {
    _id: 'm-parent',
    role: 'adoptive_parent',
    position: 1,
    active: true,
    createdAt: '2026-03-02T10:00:00Z',
    name: 'Alice Adams',
    firstName: 'Alice',
    lastName: 'Adams',
    email: 'alice@example.org',
  },
  {
    _id: 'm-birth',
    role: 'birth_family',
    position: 1,
    active: false,
    createdAt: '2026-03-03T10:00:00Z',
    name: 'Bella Birch',
    firstName: 'Bella',
    lastName: 'Birch',
    email: 'bella@example.org',
  },
];

const CHANNEL: Channel = {
  id: 'c1',
  number: 1,
  disabled: false,
  created: '2026-03-04T10:00:00Z',
  members: [
    { user_id: 'm-parent', name: 'Alice Adams', role: 'adoptive_parent', permission: 'write' },
    { user_id: 'm-birth', name: 'Bella Birch', role: 'birth_family', permission: 'read' },
  ],
  hasReports: true,
};

function renderPage(handlers: Record<string, ApiHandler> = {}) {
  const api = stubApi({
    [`GET /api/group/list/${ID}`]: () => jsonResponse(group()),
    [`GET /api/group/member/list/${ID}`]: () => jsonResponse({ result: MEMBERS }),
    [`GET /api/group/channel/list/${ID}`]: () =>
      jsonResponse({ groupName: 'Robin Lee', channels: [CHANNEL] }),
    [`GET /api/group/billing/details/${ID}`]: () => jsonResponse({ ...billingOnFile(ID), charges: [] }),
    ...handlers,
  });
  const view = renderWithProviders(null, {
    routes: [
      { path: '/manage-families/:id/details', element: <FamilyPage /> },
      { path: '/manage-families/:id/:sub', element: <p>Sub page</p> },
      { path: '/manage-families/:id/channel/:channelId', element: <p>Channel page</p> },
    ],
    initialEntries: [`/manage-families/${ID}/details`],
    wrapper: withToasts,
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

describe('FamilyPage', () => {
  it('shows how a monthly family pays, with edit icons for its billing and plan', async () => {
    const { router, user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Robin Lee' })).toBeInTheDocument();
    expect(screen.getByText('Payment method: Card')).toBeInTheDocument();
    expect(screen.getByText('Plan: Monthly')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.families.updateBilling })).toHaveAttribute(
      'href',
      `/manage-families/${ID}/update-billing`,
    );
    await user.click(screen.getByRole('link', { name: MSG.families.changePlan }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${ID}/update-plan`));
    expect(router.state.location.state).toEqual({ groupName: 'Robin Lee' });
  });

  it('shows a renamed family by its whole name, not by the child’s first name', async () => {
    const { router, user } = renderPage({
      [`GET /api/group/list/${ID}`]: () => jsonResponse(group({ name: 'The Garcia Family' })),
    });
    expect(await screen.findByRole('heading', { name: 'The Garcia Family' })).toBeInTheDocument();
    expect(screen.getByLabelText('Breadcrumb')).toHaveTextContent('The Garcia Family');
    await user.click(screen.getByRole('link', { name: MSG.families.changePlan }));
    await waitFor(() => expect(router.state.location.state).toEqual({ groupName: 'The Garcia Family' }));
  });

  it('shows the header’s links while the family loads, so the header does not grow when it arrives', async () => {
    let arrive: (response: Response) => void = () => {};
    renderPage({
      [`GET /api/group/list/${ID}`]: () => new Promise<Response>((resolve) => (arrive = resolve)),
    });
    expect(await screen.findByRole('heading', { name: MSG.families.familyDetails })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.activity.familyTab })).toHaveAttribute(
      'href',
      `/manage-families/${ID}/activity`,
    );
    expect(screen.getByRole('link', { name: MSG.families.editGroupName })).toBeInTheDocument();
    arrive(jsonResponse(group()));
    expect(await screen.findByRole('heading', { name: 'Robin Lee' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: MSG.activity.familyTab })).toHaveLength(1);
  });

  it('shows no edit icons for a one-time family', async () => {
    renderPage({
      [`GET /api/group/list/${ID}`]: () =>
        jsonResponse(group({ oneTime: true, plan: { priceId: 'p', type: 'one_time' } })),
    });
    expect(await screen.findByText(MSG.families.planOneTime)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MSG.families.updateBilling })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MSG.families.changePlan })).not.toBeInTheDocument();
  });

  it('lists the members, greys the inactive ones and toggles a status after the right question', async () => {
    let active = true;
    const { api, user } = renderPage({
      [`POST /api/group/member/manager/${ID}/m-parent`]: () => {
        active = false;
        return jsonResponse({ message: MSG.families.memberStatusUpdated });
      },
      [`GET /api/group/member/list/${ID}`]: () =>
        jsonResponse({ result: [{ ...MEMBERS[0]!, active }, MEMBERS[1]!] }),
    });
    const table = await screen.findByRole('table', { name: MSG.families.members });
    await within(table).findByText('Alice Adams');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Created', 'Status']);
    const [, aliceRow, bellaRow] = within(table).getAllByRole('row');
    expect(within(aliceRow!).getByText('Adoptive parent')).toBeInTheDocument();
    expect(within(aliceRow!).getByText('03.02.2026')).toBeInTheDocument();
    expect(bellaRow).toHaveAttribute('data-muted', 'true');
    expect(aliceRow).not.toHaveAttribute('data-muted');

    await user.click(screen.getByRole('switch', { name: 'Status of Bella Birch' }));
    expect(await screen.findByText(MSG.extra.memberActivateConfirm)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByText(MSG.extra.memberActivateConfirm)).not.toBeInTheDocument());

    await user.click(screen.getByRole('switch', { name: 'Status of Alice Adams' }));
    expect(await screen.findByText(MSG.extra.memberDeactivateConfirm)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.families.memberStatusUpdated)).toBeInTheDocument();
    expect(
      api.callsTo('POST', apiPath(API.families.memberStatus, { groupId: ID, userId: 'm-parent' }))[0]?.body,
    ).toEqual({
      active: false,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Status of Alice Adams' })).not.toBeChecked(),
    );
  });

  it('toggles a member once, with one toast, when the confirmation is double-clicked', async () => {
    const { api, user } = renderPage({
      [`POST /api/group/member/manager/${ID}/m-parent`]: () =>
        jsonResponse({ message: MSG.families.memberStatusUpdated }),
    });
    await user.click(await screen.findByRole('switch', { name: 'Status of Alice Adams' }));
    await user.dblClick(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MSG.families.memberStatusUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText(MSG.families.memberStatusUpdated)).toHaveLength(1);
    expect(
      api.callsTo('POST', apiPath(API.families.memberStatus, { groupId: ID, userId: 'm-parent' })),
    ).toHaveLength(1);
  });

  it('lists the channels and toggles one after the spec’s question', async () => {
    const { api, user } = renderPage({
      [`POST /api/group/channel/manager/${ID}/c1`]: () =>
        jsonResponse({ message: MSG.families.channelStatusUpdated }),
    });
    const table = await screen.findByRole('table', { name: MSG.families.channels });
    await within(table).findByText('Channel 1');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Channel', 'Users', 'Permission', 'Created', 'Reports', 'View', 'Status']);
    expect(within(table).getByText(MSG.families.permissionWrite)).toBeInTheDocument();
    expect(within(table).getByText(MSG.families.permissionRead)).toBeInTheDocument();
    expect(within(table).getByLabelText(MSG.families.reportedMessages)).toHaveTextContent('!');
    expect(within(table).getByRole('link', { name: 'View Channel 1' })).toHaveAttribute(
      'href',
      `/manage-families/${ID}/channel/c1`,
    );

    await user.click(within(table).getByRole('switch', { name: 'Status of Channel 1' }));
    expect(
      await screen.findByText('Do you really want to change the status of the current channel?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Updated the status of the current!')).toBeInTheDocument();
    expect(
      api.callsTo('POST', apiPath(API.conversations.manager, { groupId: ID, channelId: 'c1' }))[0]?.body,
    ).toEqual({ active: false });
  });

  it('shows Edit for a family with members and Add member for one without', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: MSG.common.edit })).toHaveAttribute(
      'href',
      `/manage-families/${ID}/update-families`,
    );
    vi.unstubAllGlobals();
  });

  it('offers Add member when the family has nobody yet, and No data in its tables', async () => {
    renderPage({
      [`GET /api/group/member/list/${ID}`]: () => jsonResponse({ result: [] }),
      [`GET /api/group/channel/list/${ID}`]: () => jsonResponse({ groupName: 'Robin Lee', channels: [] }),
    });
    expect(await screen.findByRole('link', { name: MSG.families.addMember })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(MSG.common.noData)).toHaveLength(2));
  });

  it('keeps the page when the channels cannot be loaded, and says the family does not exist on a 404', async () => {
    renderPage({ [`GET /api/group/channel/list/${ID}`]: () => jsonResponse({ message: 'x' }, 500) });
    const channels = await screen.findByRole('heading', { name: MSG.families.channels });
    expect(await within(channels.parentElement!).findByText(MSG.common.somethingWrong)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: MSG.families.members })).toBeInTheDocument();
  });

  it('says Not found for a family that is not the entity’s', async () => {
    renderPage({ [`GET /api/group/list/${ID}`]: () => jsonResponse({ message: MSG.extra.notFound }, 404) });
    expect(await screen.findByText(MSG.extra.notFound)).toBeInTheDocument();
  });

  it('shows what the family pays: plan, price after the coupon, next renewal, card and every charge', async () => {
    renderPage({
      [`GET /api/group/billing/details/${ID}`]: () =>
        jsonResponse({
          ...billingOnFile(ID),
          subscription: {
            priceId: 'price_month',
            planName: 'Monthly',
            type: 'recurring',
            status: 'active',
            amount: 1_799,
            coupons: ['DEMO10'],
            couponNames: ['Demo 10 %'],
            currentPeriodEnd: '2026-04-01T12:00:00Z',
            paymentId: null,
            subscriptionId: 'sub_1',
          },
          charges: [
            {
              id: 'ch2',
              at: '2026-03-01T12:00:00Z',
              amount: 1_799,
              status: 'declined',
              planName: 'Monthly',
              planType: 'recurring',
              couponNames: ['Demo 10 %'],
              cardBrand: 'visa',
              cardLast4: '0341',
            },
            {
              id: 'ch1',
              at: '2026-02-01T12:00:00Z',
              amount: 1_799,
              status: 'succeeded',
              planName: 'Monthly',
              planType: 'recurring',
              couponNames: [],
              cardBrand: 'visa',
              cardLast4: '4242',
            },
          ],
        }),
    });
    const fact = (label: string) => screen.getByRole('group', { name: label });
    expect(await screen.findByRole('group', { name: MSG.billing.planLabel })).toHaveTextContent(
      'Monthly (per month)',
    );
    expect(fact(MSG.billing.monthlyPrice)).toHaveTextContent('$17.99');
    expect(fact(MSG.billing.nextRenewal)).toHaveTextContent('04.01.2026');
    expect(fact(MSG.billing.couponLabel)).toHaveTextContent('Demo 10 %');
    expect(fact(MSG.billing.cardLabel)).toHaveTextContent('Visa ending in 4242');
    const rows = within(screen.getByRole('table', { name: MSG.billing.chargesTitle })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      `03.01.2026$17.99Monthly (per month)Demo 10 %Visa ending in 0341${MSG.billing.chargeDeclined}`,
      `02.01.2026$17.99Monthly (per month)${MSG.billing.noCoupon}Visa ending in 4242${MSG.billing.chargeSucceeded}`,
    ]);
  });

  it('says when there are no charges yet', async () => {
    renderPage();
    expect(await screen.findByText(MSG.billing.noCharges)).toBeInTheDocument();
  });
});
