import {
  AGREEMENT_MSG,
  type AgreementDueFamily,
  type AgreementsDueResponse,
  API,
  MSG,
} from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandler, jsonResponse, renderWithProviders, stubApi } from '../../test/render.js';
import { AgreementsDuePage } from './agreements-due-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const T = AGREEMENT_MSG;
const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';

function due(overrides: Partial<AgreementDueFamily> = {}): AgreementDueFamily {
  return {
    groupId: ADA,
    familyName: 'Ada Lee',
    standing: 'overdue',
    date: '2026-03-01',
    items: [
      { kind: 'photos', giver: 'birth', due: '2026-03-01' },
      { kind: 'visit', giver: 'adoptive', due: '2026-04-15' },
    ],
    ...overrides,
  };
}

function page(result: AgreementDueFamily[], total = result.length, pageNumber = 1): AgreementsDueResponse {
  return { result, total, page: pageNumber, pageSize: 20 };
}

function renderPage(entry: string, handler: ApiHandler) {
  const api = stubApi({ [`GET ${API.agreements.due}`]: handler });
  const view = renderWithProviders(null, {
    routes: [
      { path: '/agreements-due', element: <AgreementsDuePage /> },
      { path: '/manage-families/:id/agreement', element: <p>Agreement page</p> },
      { path: '/agreements/summary', element: <p>Agreements by year page</p> },
    ],
    initialEntries: [entry],
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

function dueQuery(api: ReturnType<typeof stubApi>): URLSearchParams {
  const urls = api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === API.agreements.due);
  return urls.at(-1)!.searchParams;
}

describe('AgreementsDuePage', () => {
  it('lists each family with its standing and what is owed or due; the family opens its agreement', async () => {
    const { router, user } = renderPage('/agreements-due', () =>
      jsonResponse(
        page([
          due(),
          due({
            groupId: BO,
            familyName: 'Bo Garcia',
            standing: 'dueSoon',
            date: '2026-03-20',
            items: [{ kind: 'letter', giver: 'adoptive', due: '2026-03-20' }],
          }),
        ]),
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: T.dueTitle })).toBeInTheDocument();
    expect(screen.getByText(T.dueIntro)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: T.dueTitle });
    await within(table).findByText('Ada Lee');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([T.columnFamily, T.columnStanding, T.columnItems]);

    const [ada, bo] = within(table).getAllByRole('row').slice(1);
    expect(within(ada!).getByRole('link', { name: 'Ada Lee' })).toHaveAttribute(
      'href',
      `/manage-families/${ADA}/agreement`,
    );
    expect(within(ada!).getByText(T.overdueSince('03.01.2026'))).toBeInTheDocument();
    expect(
      within(ada!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      T.dueItem(T.kindLabel('photos'), T.sideLabel('birth'), '03.01.2026'),
      T.dueItem(T.kindLabel('visit'), T.sideLabel('adoptive'), '04.15.2026'),
    ]);
    expect(T.dueItem(T.kindLabel('photos'), T.sideLabel('birth'), '03.01.2026')).toBe(
      'Photos from Birth family, due 03.01.2026',
    );
    expect(within(bo!).getByRole('link', { name: 'Bo Garcia' })).toHaveAttribute(
      'href',
      `/manage-families/${BO}/agreement`,
    );
    expect(within(bo!).getByText(T.dueOn('03.20.2026'))).toBeInTheDocument();
    expect(within(bo!).getByRole('listitem')).toHaveTextContent(
      T.dueItem(T.kindLabel('letter'), T.sideLabel('adoptive'), '03.20.2026'),
    );

    await user.click(within(bo!).getByRole('link', { name: 'Bo Garcia' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${BO}/agreement`));
    // The agreement's page names the family before its own data arrives.
    expect(router.state.location.state).toEqual({ groupName: 'Bo Garcia' });
  });

  it("leads from beside its title to the agency's summary of a year", async () => {
    const { router, user } = renderPage('/agreements-due', () => jsonResponse(page([due()])));
    await screen.findByText('Ada Lee');
    const link = screen.getByRole('link', { name: T.summaryLink });
    expect(T.summaryLink).toBe('Agreements by year');
    expect(link).toHaveAttribute('href', '/agreements/summary');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/agreements/summary'));
  });

  it('shows that it is loading until the list arrives', async () => {
    let answer: (response: Response) => void = () => {};
    renderPage('/agreements-due', () => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    answer(jsonResponse(page([due()])));
    expect(await screen.findByText('Ada Lee')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
  });

  it('keeps the page in the address and asks the server for it', async () => {
    const { api, router, user } = renderPage('/agreements-due?page=2', () =>
      jsonResponse(page([due()], 45, 2)),
    );
    await screen.findByText('Ada Lee');
    expect(dueQuery(api).get('page')).toBe('2');
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(dueQuery(api).get('page')).toBe('3'));
  });

  it('says so when no agreement has an item overdue or due soon', async () => {
    renderPage('/agreements-due', () => jsonResponse(page([])));
    expect(await screen.findByText(T.noneDue)).toBeInTheDocument();
    expect(T.noneDue).toBe('No agreement has an item overdue or due soon.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    const { user } = renderPage('/agreements-due', () =>
      fail ? jsonResponse({ message: 'down' }, 500) : jsonResponse(page([due()])),
    );
    const retry = await screen.findByRole('button', { name: MSG.common.tryAgain }, { timeout: 5000 });
    expect(screen.getByText(T.dueLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Ada Lee')).toBeInTheDocument();
    expect(screen.queryByText(T.dueLoadFailed)).not.toBeInTheDocument();
  });
});
