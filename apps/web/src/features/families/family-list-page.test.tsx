import { AGREEMENT_MSG, type FamilyListItem, type FamilyListResponse, MSG } from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiHandler,
  jsonResponse,
  renderWithProviders,
  stubApi,
  withToasts,
} from '../../test/render.js';
import { FamilyListPage } from './family-list-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

function family(overrides: Partial<FamilyListItem> = {}): FamilyListItem {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    name: 'Robin Lee',
    active: true,
    reports: false,
    billingInformation: { email: 'payer@example.org' },
    createdAt: '2026-03-01T10:00:00Z',
    agreement: null,
    ...overrides,
  };
}

function page(
  result: FamilyListItem[],
  total = result.length,
  pageNumber = 1,
  moreThanTotal = false,
): FamilyListResponse {
  return { result, total, moreThanTotal, page: pageNumber, pageSize: 10 };
}

function renderList(entry: string, handler: ApiHandler, more: Record<string, ApiHandler> = {}) {
  const api = stubApi({ 'GET /api/group/list': handler, ...more });
  const view = renderWithProviders(null, {
    routes: [
      { path: '/manage-families', element: <FamilyListPage /> },
      { path: '/manage-families/:id/details', element: <p>Family page</p> },
      { path: '/add-new-family', element: <p>Wizard</p> },
    ],
    initialEntries: [entry],
    wrapper: withToasts,
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

function queryOf(api: ReturnType<typeof stubApi>, index = -1): URLSearchParams {
  const calls = api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
  return calls.at(index)!.searchParams;
}

describe('FamilyListPage', () => {
  it('shows the family’s name whole, the payment e-mail, the status and a red ! for reports', async () => {
    renderList('/manage-families', () =>
      jsonResponse(
        page([
          family(),
          family({
            _id: '22222222-2222-4222-8222-222222222222',
            name: 'The Garcia Family',
            active: false,
            reports: true,
            billingInformation: { email: 'casey.payer@example.org' },
          }),
        ]),
      ),
    );
    await screen.findByText('Robin Lee');
    const table = screen.getByRole('table', { name: MSG.nav.manageFamilies });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Child name', 'Payment email', 'Status', 'Agreement', 'Reports', 'View']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Robin Lee')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('The Garcia Family')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('payer@example.org')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[0]!).queryByLabelText(MSG.families.reportedMessages)).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Inactive')).toBeInTheDocument();
    const flag = within(rows[1]!).getByLabelText(MSG.families.reportedMessages);
    expect(flag).toHaveTextContent('!');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('says where each family stands with its agreement: overdue, due soon, on track or none', async () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000020${n}`;
    renderList('/manage-families', () =>
      jsonResponse(
        page([
          family({ _id: id(1), name: 'Ada Overdue', agreement: { standing: 'overdue', date: '2026-03-01' } }),
          family({ _id: id(2), name: 'Bo Soon', agreement: { standing: 'dueSoon', date: '2026-03-20' } }),
          family({ _id: id(3), name: 'Cy Kept', agreement: { standing: 'ok', date: '2026-06-01' } }),
          family({ _id: id(4), name: 'Di None', agreement: null }),
        ]),
      ),
    );
    await screen.findByText('Ada Overdue');
    const table = screen.getByRole('table', { name: MSG.nav.manageFamilies });
    const agreementCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[3]!);
    expect(agreementCells.map((cell) => cell.textContent)).toEqual([
      AGREEMENT_MSG.overdueSince('03.01.2026'),
      AGREEMENT_MSG.dueOn('03.20.2026'),
      AGREEMENT_MSG.onTrack,
      AGREEMENT_MSG.noAgreement,
    ]);
    // On a card, each line says its column.
    expect(agreementCells[0]).toHaveAttribute('data-label', AGREEMENT_MSG.listColumn);
  });

  it('filters by agreement in the address and on the server, from the first page, keeping the search', async () => {
    const { api, router, user } = renderList('/manage-families?search=robin&page=2&agreement=overdue', () =>
      jsonResponse(page([family({ agreement: { standing: 'overdue', date: '2026-03-01' } })], 11, 2)),
    );
    await screen.findByText('Robin Lee');
    // Restored from the address, and asked of the server.
    const filter = screen.getByRole('combobox', { name: AGREEMENT_MSG.filterLabel });
    expect(filter).toHaveDisplayValue(AGREEMENT_MSG.filterOverdue);
    let query = queryOf(api);
    expect([query.get('agreement'), query.get('search'), query.get('page')]).toEqual([
      'overdue',
      'robin',
      '2',
    ]);

    await user.selectOptions(filter, AGREEMENT_MSG.filterDueSoon);
    await waitFor(() => expect(router.state.location.search).toBe('?search=robin&agreement=dueSoon'));
    await waitFor(() => {
      query = queryOf(api);
      expect([query.get('agreement'), query.get('search'), query.get('page')]).toEqual([
        'dueSoon',
        'robin',
        '1',
      ]);
    });
    expect(filter).toHaveDisplayValue(AGREEMENT_MSG.filterDueSoon);

    // Turning a page keeps the filter.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=robin&page=2&agreement=dueSoon'));

    await user.selectOptions(filter, AGREEMENT_MSG.filterNone);
    await waitFor(() => expect(router.state.location.search).toBe('?search=robin&agreement=none'));
    await waitFor(() => expect(queryOf(api).get('agreement')).toBe('none'));

    await user.selectOptions(filter, AGREEMENT_MSG.filterAll);
    await waitFor(() => expect(router.state.location.search).toBe('?search=robin'));
    await waitFor(() => expect(queryOf(api).has('agreement')).toBe(false));
    expect(filter).toHaveDisplayValue(AGREEMENT_MSG.filterAll);
  });

  it('offers every agreement filter, and takes an unknown one in the address as none', async () => {
    const { api } = renderList('/manage-families?agreement=late', () => jsonResponse(page([family()])));
    await screen.findByText('Robin Lee');
    expect(queryOf(api).has('agreement')).toBe(false);
    const filter = screen.getByRole('combobox', { name: AGREEMENT_MSG.filterLabel });
    expect(filter).toHaveDisplayValue(AGREEMENT_MSG.filterAll);
    const options = within(filter).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      AGREEMENT_MSG.filterAll,
      AGREEMENT_MSG.filterOverdue,
      AGREEMENT_MSG.filterDueSoon,
      AGREEMENT_MSG.filterNone,
    ]);
  });

  it('says No data, not that there are no families yet, when a filter matches none', async () => {
    renderList('/manage-families?agreement=overdue', () => jsonResponse(page([])));
    expect(await screen.findByText(MSG.common.noData)).toBeInTheDocument();
    expect(screen.queryByText(MSG.families.noFamiliesYet)).not.toBeInTheDocument();
  });

  it('View opens the family page, or the wizard at step 2 for a family not named yet', async () => {
    const { router, user } = renderList('/manage-families', () =>
      jsonResponse(page([family(), family({ _id: '33333333-3333-4333-8333-333333333333', name: null })])),
    );
    const unnamed = await screen.findByRole('link', { name: 'View family not named yet' });
    expect(unnamed).toHaveAttribute(
      'href',
      '/add-new-family?step=2&groupId=33333333-3333-4333-8333-333333333333',
    );
    expect(screen.getByText(MSG.families.notNamedYet)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View Robin Lee' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/manage-families/11111111-1111-4111-8111-111111111111/details',
      ),
    );
  });

  it('keeps search, sort and page in the address and asks the server for them', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      family({ _id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`, name: `Child ${i}` }),
    );
    const { api, router, user } = renderList('/manage-families?search=robin&sort=desc&page=2', () =>
      jsonResponse(page(many, 25, 2)),
    );
    await screen.findByText('11–20 of 25');
    expect(screen.getByRole('searchbox', { name: MSG.families.searchPlaceholder })).toHaveValue('robin');
    let query = queryOf(api);
    expect([query.get('search'), query.get('sort'), query.get('page')]).toEqual(['robin', 'desc', '2']);

    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=robin&sort=asc'));
    await waitFor(() => {
      query = queryOf(api);
      expect([query.get('sort'), query.get('page')]).toEqual(['asc', '1']);
    });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=robin&sort=asc&page=3'));

    const box = screen.getByRole('searchbox', { name: MSG.families.searchPlaceholder });
    await user.clear(box);
    await user.type(box, 'payer@example.org');
    await waitFor(() => expect(router.state.location.search).toBe('?search=payer%40example.org&sort=asc'));
    await waitFor(() => expect(queryOf(api).get('search')).toBe('payer@example.org'));
  });

  it('says when a search matches more families than it counted, and pages through those it did', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      family({ _id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, name: `Emma ${i}` }),
    );
    const { user, router } = renderList('/manage-families?search=emma', () =>
      jsonResponse(page(many, 500, 1, true)),
    );
    expect(await screen.findByText('1–10 of more than 500')).toBeInTheDocument();
    expect(screen.getByText(MSG.families.moreFamiliesMatch('500'))).toBeInTheDocument();
    expect(MSG.families.moreFamiliesMatch('500')).toBe(
      'More than 500 families match. Type more of the name or e-mail to find the one you want.',
    );
    // 500 of them, ten to a page.
    await user.click(screen.getByRole('button', { name: 'Page 50' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=emma&page=50'));
  });

  it('counts exactly, and says nothing more, when a search matches fewer than its limit', async () => {
    renderList('/manage-families?search=robin', () => jsonResponse(page([family()], 1)));
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
    expect(screen.queryByText(/families match/)).not.toBeInTheDocument();
  });

  it('says when there are no families yet, and No data when a search finds none', async () => {
    renderList('/manage-families', () => jsonResponse(page([])));
    expect(await screen.findByText(MSG.families.noFamiliesYet)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: MSG.nav.addNewFamily })[0]).toHaveAttribute(
      'href',
      '/add-new-family',
    );
    vi.unstubAllGlobals();
  });

  it('shows No data for a search without matches', async () => {
    renderList('/manage-families?search=zzz', () => jsonResponse(page([])));
    expect(await screen.findByText(MSG.common.noData)).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = renderList('/manage-families', () =>
      fail ? jsonResponse({ message: 'down' }, 500) : jsonResponse(page([family()])),
    );
    expect(await screen.findByText(MSG.common.somethingWrong)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Robin Lee')).toBeInTheDocument();
  });

  it('discards a family not named yet after a confirmation, and only such a family', async () => {
    const unnamed = family({ _id: '33333333-3333-4333-8333-333333333333', name: null });
    let discarded = false;
    const { api, user } = renderList(
      '/manage-families',
      () => jsonResponse(page(discarded ? [family()] : [family(), unnamed])),
      {
        [`DELETE /api/group/billing/unfinished/${unnamed._id}`]: () => {
          discarded = true;
          return jsonResponse({ message: MSG.families.discarded });
        },
      },
    );
    localStorage.setItem('groupId', unnamed._id);
    await screen.findByText('Robin Lee');
    // Only the unnamed family can be discarded.
    const buttons = screen.getAllByRole('button', { name: MSG.families.discardLabel });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: MSG.families.discardTitle });
    expect(dialog).toHaveTextContent(MSG.families.discardConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: MSG.families.discardLabel }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: MSG.families.discard }),
    );
    expect(await screen.findByText(MSG.families.discarded)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(MSG.families.notNamedYet)).toBeNull());
    // The wizard does not resume a family that is gone.
    expect(localStorage.getItem('groupId')).toBeNull();
  });
});
