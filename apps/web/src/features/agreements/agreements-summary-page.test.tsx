import {
  AGREEMENT_MSG,
  type AgreementsSummaryResponse,
  type AgreementTally,
  API,
  MSG,
} from '@bridge-talk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from '../../shared/session/session-provider.js';
import { publishSession } from '../../shared/session/token.js';
import {
  type AnsweredCall,
  answerApi,
  jsonResponse,
  renderWithProviders,
  withToasts,
} from '../../test/render.js';
import { ENTITY_USER, sessionOf } from '../../test/sessions.js';
import { AgreementsSummaryPage } from './agreements-summary-page.js';

const T = AGREEMENT_MSG;
const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const THIS_YEAR = 2026;

beforeEach(() => {
  // Only the date: the current year is 2026, and the timers the tests wait with stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(THIS_YEAR, 5, 15, 12));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => publishSession(null));
});

function tally(windows: number, kept: number, late: number, missed: number, excused: number, open: number) {
  return { windows, kept, late, missed, excused, open } satisfies AgreementTally;
}

function summary(
  year: number,
  overrides: Partial<AgreementsSummaryResponse> = {},
): AgreementsSummaryResponse {
  return {
    year,
    families: 2,
    totals: tally(30, 20, 3, 4, 2, 1),
    rows: [
      { groupId: ADA, familyName: 'Ada Lee', ...tally(18, 10, 2, 4, 1, 1) },
      { groupId: BO, familyName: 'Bo Garcia', ...tally(12, 10, 1, 0, 1, 0) },
    ],
    ...overrides,
  };
}

/** The page needs a signed-in user, as in the app's signed-in route tables. */
function SignedIn() {
  const session = useSession();
  return session.status === 'authenticated' ? <Outlet /> : <p>Signed out</p>;
}

type Answer = (year: number, call: AnsweredCall) => Response | Promise<Response> | undefined;

/** Renders the page at `entry`; the summary of a year is `answer(year)`, its file `file`, if given. */
function renderPage(entry: string, answer: Answer, file?: () => Response | Promise<Response>) {
  const calls = answerApi((call) => {
    const year = Number(call.url.searchParams.get('year'));
    if (call.url.pathname === API.agreements.summary) return answer(year, call);
    if (call.url.pathname === API.agreements.summaryFile) return file?.();
    return undefined;
  });
  const view = renderWithProviders(null, {
    routes: [
      {
        element: <SignedIn />,
        children: [
          { path: '/agreements/summary', element: <AgreementsSummaryPage /> },
          { path: '/manage-families/:id/agreement', element: <p>Agreement page</p> },
        ],
      },
    ],
    initialEntries: [entry],
    wrapper: (children) => <SessionProvider>{withToasts(children)}</SessionProvider>,
  });
  act(() => publishSession(sessionOf(ENTITY_USER)));
  return { calls, router: view.router, user: userEvent.setup({ delay: null }) };
}

/** The years the page asked the summary of, in order. */
const yearsAsked = (calls: AnsweredCall[], path: string = API.agreements.summary) =>
  calls.filter((c) => c.url.pathname === path).map((c) => c.url.searchParams.get('year'));

/** The figure shown under a label of the totals. */
function figureOf(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const yearSelect = () => screen.getByRole('combobox', { name: T.summaryYear });

/** A row's texts: its family (the row's header), then its figures. */
const cellsOf = (row: HTMLElement) => [
  ...within(row)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent),
  ...within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent),
];

describe('AgreementsSummaryPage', () => {
  it("shows the year's figures and a row per family, then the totals; a family opens its agreement", async () => {
    const { calls, router, user } = renderPage('/agreements/summary?year=2025', (year) =>
      jsonResponse(summary(year)),
    );
    expect(screen.getByRole('heading', { level: 1, name: T.summaryTitle })).toBeInTheDocument();
    expect(screen.getByText(T.summaryIntro)).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Breadcrumb')).getByRole('link', { name: T.dueTitle }),
    ).toHaveAttribute('href', '/agreements-due');
    const table = await screen.findByRole('table', { name: T.summaryTitle });
    expect(yearsAsked(calls)).toEqual(['2025']);
    expect(yearSelect()).toHaveValue('2025');

    expect(figureOf(T.summaryFamilies)).toBe('2');
    expect(figureOf(T.summaryWindows)).toBe('30');
    expect(figureOf(T.summaryKept)).toBe('20');
    expect(figureOf(T.summaryLate)).toBe('3');
    expect(figureOf(T.summaryMissed)).toBe('4');
    expect(figureOf(T.summaryExcused)).toBe('2');
    expect(figureOf(T.summaryOpen)).toBe('1');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...T.summaryColumns]);
    expect(T.summaryColumns).toEqual([
      'Family',
      'Items due',
      'Kept on time',
      'Late',
      'Missed',
      'Excused',
      'Still open',
    ]);
    const [ada, bo, totals, ...more] = within(table).getAllByRole('row').slice(1);
    expect(more).toEqual([]);
    expect(cellsOf(ada!)).toEqual(['Ada Lee', '18', '10', '2', '4', '1', '1']);
    expect(cellsOf(bo!)).toEqual(['Bo Garcia', '12', '10', '1', '0', '1', '0']);
    expect(cellsOf(totals!)).toEqual([T.summaryTotalRow, '30', '20', '3', '4', '2', '1']);
    expect(within(ada!).getByRole('link', { name: 'Ada Lee' })).toHaveAttribute(
      'href',
      `/manage-families/${ADA}/agreement`,
    );
    // One page of families: no pages to turn.
    expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();

    await user.click(within(bo!).getByRole('link', { name: 'Bo Garcia' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${BO}/agreement`));
    expect(router.state.location.state).toEqual({ groupName: 'Bo Garcia' });
  });

  it('offers the years from this one back to 2000, and shows this one without a year in the address', async () => {
    const { calls } = renderPage('/agreements/summary', (year) => jsonResponse(summary(year)));
    await screen.findByRole('table', { name: T.summaryTitle });
    expect(yearsAsked(calls)).toEqual([String(THIS_YEAR)]);
    const years = within(yearSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years).toHaveLength(THIS_YEAR - 2000 + 1);
    expect(years[0]).toBe(String(THIS_YEAR));
    expect(years.at(-1)).toBe('2000');
    expect(yearSelect()).toHaveValue(String(THIS_YEAR));
  });

  it.each(['1999', String(THIS_YEAR + 1), 'last', '2025.5'])(
    'shows this year for ?year=%s',
    async (param) => {
      const { calls } = renderPage(`/agreements/summary?year=${param}`, (year) =>
        jsonResponse(summary(year)),
      );
      await screen.findByRole('table', { name: T.summaryTitle });
      expect(yearsAsked(calls)).toEqual([String(THIS_YEAR)]);
      expect(yearSelect()).toHaveValue(String(THIS_YEAR));
    },
  );

  it("asks for the year chosen and keeps it in the address; the last year's figures never stand under it", async () => {
    let send2023: () => void = () => {};
    const { calls, router, user } = renderPage('/agreements/summary?year=2025', (year) =>
      year === 2023
        ? new Promise<Response>((resolve) => {
            send2023 = () =>
              resolve(
                jsonResponse(
                  summary(2023, {
                    families: 1,
                    totals: tally(6, 5, 0, 1, 0, 0),
                    rows: [{ groupId: BO, familyName: 'Bo Garcia', ...tally(6, 5, 0, 1, 0, 0) }],
                  }),
                ),
              );
          })
        : jsonResponse(summary(year)),
    );
    await screen.findByText('Ada Lee');

    await user.selectOptions(yearSelect(), '2023');
    await waitFor(() => expect(router.state.location.search).toBe('?year=2023'));
    expect(yearSelect()).toHaveValue('2023');
    await waitFor(() => expect(yearsAsked(calls)).toEqual(['2025', '2023']));
    // While 2023 loads, 2025's families and figures are gone.
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('Ada Lee')).not.toBeInTheDocument();
    expect(screen.queryByText(T.summaryFamilies, { selector: 'dt' })).not.toBeInTheDocument();

    send2023();
    expect(await screen.findByText('Bo Garcia')).toBeInTheDocument();
    expect(screen.queryByText('Ada Lee')).not.toBeInTheDocument();
    expect(figureOf(T.summaryFamilies)).toBe('1');
    expect(figureOf(T.summaryWindows)).toBe('6');

    // Back shows the year before, as it was.
    await router.navigate(-1);
    expect(router.state.location.search).toBe('?year=2025');
    expect(yearSelect()).toHaveValue('2025');
    expect(await screen.findByText('Ada Lee')).toBeInTheDocument();
    expect(figureOf(T.summaryWindows)).toBe('30');
  });

  it('pages the families 25 at a time, the totals under each page; another year starts at its first page', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      groupId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      familyName: `Family ${String(i + 1).padStart(2, '0')}`,
      ...tally(1, 1, 0, 0, 0, 0),
    }));
    const { calls, router, user } = renderPage('/agreements/summary?year=2025', (year) =>
      jsonResponse(summary(year, { families: 30, totals: tally(30, 30, 0, 0, 0, 0), rows })),
    );
    const table = await screen.findByRole('table', { name: T.summaryTitle });
    const bodyRows = () => within(table).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(26);
    expect(bodyRows()[0]).toHaveTextContent('Family 01');
    expect(cellsOf(bodyRows().at(-1)!)[0]).toBe(T.summaryTotalRow);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        year: '2025',
        page: '2',
      }),
    );
    expect(bodyRows()).toHaveLength(6);
    expect(bodyRows()[0]).toHaveTextContent('Family 26');
    expect(cellsOf(bodyRows().at(-1)!)).toEqual([T.summaryTotalRow, '30', '30', '0', '0', '0', '0']);
    // Turning a page asks nothing more.
    expect(yearsAsked(calls)).toEqual(['2025']);

    await user.selectOptions(yearSelect(), '2024');
    await waitFor(() => expect(router.state.location.search).toBe('?year=2024'));
    expect(await screen.findByText('Family 01')).toBeInTheDocument();
  });

  it('says so when no family had an agreement in the year', async () => {
    renderPage('/agreements/summary?year=2003', (year) =>
      jsonResponse(summary(year, { families: 0, totals: tally(0, 0, 0, 0, 0, 0), rows: [] })),
    );
    expect(await screen.findByText(T.summaryNone(2003))).toBeInTheDocument();
    expect(T.summaryNone(2003)).toBe('No family had a contact agreement in force in 2003.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(T.summaryFamilies, { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    const { calls, user } = renderPage('/agreements/summary?year=2025', (year) =>
      fail ? jsonResponse({ message: 'down' }, 500) : jsonResponse(summary(year)),
    );
    const retry = await screen.findByRole('button', { name: MSG.common.tryAgain }, { timeout: 5000 });
    expect(screen.getByText(T.summaryLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Ada Lee')).toBeInTheDocument();
    expect(screen.queryByText(T.summaryLoadFailed)).not.toBeInTheDocument();
    expect(yearsAsked(calls)).toEqual(['2025', '2025']);
  });

  it("downloads the year's CSV named after the agency and the year, one file for a double click", async () => {
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:summary'), revokeObjectURL: vi.fn() });
    let send: () => void = () => {};
    const { calls, user } = renderPage(
      '/agreements/summary?year=2024',
      (year) => jsonResponse(summary(year)),
      () =>
        new Promise<Response>((resolve) => {
          send = () =>
            resolve(
              new Response(`${T.summaryColumns.join(',')}\r\n`, { headers: { 'content-type': 'text/csv' } }),
            );
        }),
    );
    await screen.findByText('Ada Lee');
    const button = screen.getByRole('button', { name: T.summaryDownload });
    await user.dblClick(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-loading');
    send();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:summary', download: T.summaryFileName('Open Arms', 2024) });
    expect(T.summaryFileName('Open Arms', 2024)).toBe('Contact agreements Open Arms 2024.csv');
    expect(yearsAsked(calls, API.agreements.summaryFile)).toEqual(['2024']);
    expect(calls.find((c) => c.url.pathname === API.agreements.summaryFile)?.path).toBe(
      '/api/agreements/summary/file?year=2024',
    );
    await waitFor(() => expect(button).toBeEnabled());
  });
});
