import { MSG, type Report, type ReportListResponse } from '@bridge-talk/contract';
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
import { ReportsPage } from './reports-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GROUP = '11111111-1111-4111-8111-111111111111';

function report(overrides: Partial<Report> = {}): Report {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    groupId: GROUP,
    familyName: 'Robin Lee',
    channelId: 'chan-1',
    channelNumber: 2,
    messageId: 'msg-1',
    reportedBy: 'Pat Parent',
    author: 'Bea Birth',
    reason: 'threat',
    reportedAt: '2026-03-07T14:05:00Z',
    excerpt: 'I will come and take Robin',
    state: 'open',
    reviewedAt: null,
    reviewedBy: null,
    reviewNote: null,
    ...overrides,
  };
}

function page(reports: Report[], total = reports.length): ReportListResponse {
  return { reports, total, page: 1, pageSize: 25 };
}

function renderPage(entry: string, handlers: Record<string, ApiHandler>) {
  const api = stubApi({
    'GET /api/group/list': () => jsonResponse({ result: [], total: 0, page: 1, pageSize: 20 }),
    ...handlers,
  });
  const view = renderWithProviders(null, {
    routes: [
      { path: '/reports', element: withToasts(<ReportsPage />) },
      { path: '/manage-families/:id/channel/:channelId', element: <p>Conversation</p> },
      { path: '/manage-families/:id/details', element: <p>Family page</p> },
    ],
    initialEntries: [entry],
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

function listQuery(api: ReturnType<typeof stubApi>): URLSearchParams {
  const urls = api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/reports');
  return urls.at(-1)!.searchParams;
}

describe('ReportsPage', () => {
  it('lists family, channel, reporter, time and the first line; the line opens the conversation at the message', async () => {
    const { router, user } = renderPage('/reports', {
      'GET /api/reports': () => jsonResponse(page([report()])),
    });
    await screen.findByText('I will come and take Robin');
    const table = screen.getByRole('table', { name: MSG.reports.title });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Family', 'Channel', 'Reported by', 'Reported at', 'Message', 'State']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Robin Lee')).toBeInTheDocument();
    expect(within(row).getByText('Channel 2')).toBeInTheDocument();
    expect(within(row).getByText('Pat Parent')).toBeInTheDocument();
    expect(within(row).getByText('Reason: threat')).toBeInTheDocument();
    expect(within(row).getByText(MSG.reports.writtenBy('Bea Birth'))).toBeInTheDocument();
    expect(within(row).getByText('03.07.2026', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText(MSG.reports.stateOpen)).toBeInTheDocument();
    await user.click(
      within(row).getByRole('link', {
        name: `${MSG.reports.openInConversation}: I will come and take Robin`,
      }),
    );
    expect(router.state.location.pathname).toBe(`/manage-families/${GROUP}/channel/chan-1`);
    expect(router.state.location.search).toBe('?message=msg-1');
    // The conversation knows the way back to the queue as it was.
    expect(router.state.location.state).toEqual({ fromReports: '/reports' });
  });

  it('keeps the state filter and the page in the address and asks the server for them', async () => {
    const { api, router, user } = renderPage('/reports?state=reviewed&page=2', {
      'GET /api/reports': () => jsonResponse({ ...page([], 30), page: 2 }),
    });
    await waitFor(() => expect(listQuery(api).get('state')).toBe('reviewed'));
    expect(listQuery(api).get('page')).toBe('2');
    await user.click(await screen.findByRole('radio', { name: MSG.reports.stateOpen }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=open'));
    await waitFor(() => expect(listQuery(api).get('state')).toBe('open'));
  });

  it('says so when nothing is open', async () => {
    renderPage('/reports?state=open', { 'GET /api/reports': () => jsonResponse(page([])) });
    expect(await screen.findByText(MSG.reports.noOpenReports)).toBeInTheDocument();
  });

  it('with a family chosen, says that family has nothing open, how many are open elsewhere, and clears the filter', async () => {
    let filtered = true;
    const { api, router, user } = renderPage(`/reports?state=open&family=${GROUP}`, {
      'GET /api/reports': () =>
        jsonResponse(filtered ? page([]) : page([report({ familyName: 'Other Family' })])),
      'GET /api/reports/count': () => jsonResponse({ open: 2 }),
      [`GET /api/group/list/${GROUP}`]: () => jsonResponse({ _id: GROUP, name: 'Robin Lee' }),
    });
    expect(await screen.findByText(MSG.reports.noOpenReportsInFamily)).toBeInTheDocument();
    expect(screen.queryByText(MSG.reports.noOpenReports)).not.toBeInTheDocument();
    expect(await screen.findByText(MSG.reports.openElsewhere(2))).toBeInTheDocument();
    filtered = false;
    await user.click(screen.getByRole('button', { name: MSG.reports.showAllFamilies }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=open'));
    expect(await screen.findByText('Other Family')).toBeInTheDocument();
    expect(listQuery(api).get('groupId')).toBeNull();
  });

  it('folds a long review note and unfolds it to be read whole', async () => {
    const note = `${'Called the birth mother and the adoptive parents. '.repeat(5)}Safety plan agreed.`;
    const { user } = renderPage('/reports', {
      'GET /api/reports': () =>
        jsonResponse(
          page([
            report({
              state: 'reviewed',
              reviewedBy: 'Erin Agent',
              reviewedAt: '2026-03-08T09:00:00Z',
              reviewNote: note,
            }),
            report({
              id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
              state: 'reviewed',
              reviewedBy: 'Erin Agent',
              reviewedAt: '2026-03-08T09:00:00Z',
              reviewNote: 'Short.',
            }),
          ]),
        ),
    });
    const unfold = await screen.findByRole('button', { name: MSG.reports.readWholeNote });
    // Only the long note folds.
    expect(screen.getAllByRole('button', { name: MSG.reports.readWholeNote })).toHaveLength(1);
    expect(unfold).toHaveAttribute('aria-expanded', 'false');
    const shown = screen.getByText(note);
    expect(shown.getAttribute('data-line-clamp')).toBe('true');
    await user.click(unfold);
    expect(screen.getByRole('button', { name: MSG.reports.showLessNote })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText(note).getAttribute('data-line-clamp')).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    const { user } = renderPage('/reports', {
      'GET /api/reports': () =>
        fail ? jsonResponse({ message: 'down' }, 500) : jsonResponse(page([report()])),
    });
    const retry = await screen.findByRole('button', { name: MSG.common.tryAgain }, { timeout: 5000 });
    expect(screen.getByText(MSG.reports.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Robin Lee')).toBeInTheDocument();
  });

  it('needs a note to mark a report as reviewed, then sends it', async () => {
    let reviewed = false;
    const { api, user } = renderPage('/reports', {
      'GET /api/reports': () =>
        jsonResponse(
          page([
            reviewed
              ? report({
                  state: 'reviewed',
                  reviewedBy: 'Erin Agent',
                  reviewedAt: '2026-03-08T09:00:00Z',
                  reviewNote: 'Called the family.',
                })
              : report(),
          ]),
        ),
      'POST /api/reports/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/review': () => {
        reviewed = true;
        return jsonResponse({ message: MSG.reports.reviewed, report: report({ state: 'reviewed' }) });
      },
      'GET /api/reports/count': () => jsonResponse({ open: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: MSG.reports.review }));
    const dialog = await screen.findByRole('dialog', { name: MSG.reports.reviewTitle });
    await user.click(within(dialog).getByRole('button', { name: MSG.reports.review }));
    expect(await within(dialog).findByText(MSG.reports.reviewNoteRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reports/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/review')).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: MSG.reports.reviewNoteLabel }),
      '  Called the family.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: MSG.reports.review }));
    await waitFor(() =>
      expect(
        api.callsTo('POST', '/api/reports/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/review')[0]?.body,
      ).toEqual({
        note: 'Called the family.',
      }),
    );
    expect(await screen.findByText(MSG.reports.reviewed)).toBeInTheDocument();
    expect(await screen.findByText('Called the family.')).toBeInTheDocument();
    expect(
      screen.getByText(MSG.reports.reviewedBy('Erin Agent', '03.08.2026'), { exact: false }),
    ).toBeInTheDocument();
  });

  it('asks why before reopening a reviewed report, and sends the reason', async () => {
    const { api, user } = renderPage('/reports', {
      'GET /api/reports': () =>
        jsonResponse(
          page([
            report({
              state: 'reviewed',
              reviewedBy: 'Erin Agent',
              reviewedAt: '2026-03-08T09:00:00Z',
              reviewNote: 'ok',
            }),
          ]),
        ),
      'POST /api/reports/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/reopen': () =>
        jsonResponse({ message: MSG.reports.reopened, report: report() }),
    });
    await user.click(await screen.findByRole('button', { name: MSG.reports.reopen }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.reports.reopenConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MSG.common.back }));
    expect(api.callsTo('POST', '/api/reports/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/reopen')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: MSG.reports.reopen }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: MSG.reports.reopen }));
    expect(await within(again).findByText(MSG.reports.reopenReasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reports/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/reopen')).toHaveLength(0);
    await user.type(
      within(again).getByRole('textbox', { name: MSG.reports.reopenReasonLabel }),
      'The family wrote again.',
    );
    await user.click(within(again).getByRole('button', { name: MSG.reports.reopen }));
    await waitFor(() =>
      expect(
        api.callsTo('POST', '/api/reports/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/reopen')[0]?.body,
      ).toEqual({
        reason: 'The family wrote again.',
      }),
    );
    expect(await screen.findByText(MSG.reports.reopened)).toBeInTheDocument();
  });
});
