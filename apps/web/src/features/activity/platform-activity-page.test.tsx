import {
  type ActivityEvent,
  type ActivityListResponse,
  API,
  formatDateTime,
  MSG,
} from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnsweredCall, answerApi, jsonResponse, renderWithProviders } from '../../test/render.js';
import { PlatformActivityPage } from './platform-activity-page.js';

const STATUS_CHANGED: ActivityEvent = {
  id: 'a1',
  action: 'entity.status_changed',
  at: '2026-03-07T15:05:09.000Z',
  actor: 'Ada Admin (ada@bridge.test)',
  channelNumber: null,
  subject: 'Open Arms Agency',
  detail: 'From Active to Disabled',
  target: { kind: 'entity', id: 'e1' },
};
const PUBLISHED: ActivityEvent = {
  id: 'a2',
  action: 'terms.published',
  at: '2026-03-06T09:00:00.000Z',
  actor: null,
  channelNumber: null,
  subject: 'Terms of Use',
  detail: 'Version 3',
  target: null,
};

const listOf = (events: ActivityEvent[], total = events.length, page = 1): ActivityListResponse => ({
  events,
  total,
  page,
  pageSize: 25,
});

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(answer: (url: URL) => Response, at = '/activity') {
  const calls = answerApi(({ url }) => (url.pathname === API.activity.platform ? answer(url) : undefined));
  renderWithProviders(null, {
    routes: [
      {
        path: '/activity',
        element: (
          <>
            <PlatformActivityPage />
            <Where />
          </>
        ),
      },
    ],
    initialEntries: [at],
  });
  return calls;
}

const activityCalls = (calls: AnsweredCall[]) =>
  calls.filter((c) => c.url.pathname === API.activity.platform);
const row = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PlatformActivityPage', () => {
  it('shows when, who and what: a sentence per action and what the event names', async () => {
    renderPage(() => jsonResponse(listOf([STATUS_CHANGED, PUBLISHED])));

    expect(screen.getByRole('heading', { name: 'Platform activity' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Entity accounts, access requests, admin accounts, plans, coupons, terms versions and second factors: who changed what, and when.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Changed the status of an entity account.')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Who', 'What']);

    const changed = within(row('Open Arms Agency'));
    // The time says the zone it is shown in.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(changed.getByText(`${formatDateTime(STATUS_CHANGED.at)} (${zone})`)).toHaveAttribute(
      'datetime',
      STATUS_CHANGED.at,
    );
    expect(changed.getByRole('link', { name: 'Open the entity' })).toHaveAttribute(
      'href',
      '/entity-management/e1/details',
    );
    expect(changed.getByText('Ada Admin (ada@bridge.test)')).toBeInTheDocument();
    expect(changed.getByText('Open Arms Agency')).toBeInTheDocument();
    expect(changed.getByText('From Active to Disabled')).toBeInTheDocument();

    const published = within(row('Terms of Use'));
    expect(published.getByText('Published a terms version.')).toBeInTheDocument();
    expect(published.getByText('A removed account')).toBeInTheDocument();
    expect(published.getByText('Version 3')).toBeInTheDocument();
    expect(published.queryByRole('link')).toBeNull();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('says so when nothing has been recorded', async () => {
    renderPage(() => jsonResponse(listOf([])));
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
  });

  it('says the activity could not be loaded, and asks again', async () => {
    let fail = true;
    const calls = renderPage(() =>
      fail ? jsonResponse({ message: MSG.common.somethingWrong }, 500) : jsonResponse(listOf([PUBLISHED])),
    );
    const user = userEvent.setup();
    expect(await screen.findByText('The activity could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: MSG.common.tryAgain }));
    expect(await screen.findByText('Published a terms version.')).toBeInTheDocument();
    expect(activityCalls(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('turns pages through the address, and opens at the page of a deep link', async () => {
    const calls = renderPage((url) =>
      url.searchParams.get('page') === '2'
        ? jsonResponse(listOf([PUBLISHED], 26, 2))
        : jsonResponse(listOf([STATUS_CHANGED], 26, 1)),
    );
    const user = userEvent.setup();
    await screen.findByText('Open Arms Agency');
    expect(Object.fromEntries(activityCalls(calls)[0]!.url.searchParams)).toEqual({ page: '1' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/activity?page=2'));
    expect(await screen.findByText('Terms of Use')).toBeInTheDocument();
    expect(screen.getByText('26–26 of 26')).toBeInTheDocument();
    expect(activityCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('opens at the page of the address', async () => {
    const calls = renderPage(() => jsonResponse(listOf([PUBLISHED], 26, 2)), '/activity?page=2');
    expect(await screen.findByText('Terms of Use')).toBeInTheDocument();
    expect(activityCalls(calls)[0]!.url.searchParams.get('page')).toBe('2');
  });

  it('filters by kind, who and day through the address, keeps the filters while paging, and clears them', async () => {
    const calls = renderPage(
      () => jsonResponse(listOf([STATUS_CHANGED], 26, 1)),
      '/activity?kind=admins&search=ada&from=2026-03-01&to=2026-03-07',
    );
    const user = userEvent.setup();
    await screen.findByText('Open Arms Agency');
    expect(Object.fromEntries(activityCalls(calls)[0]!.url.searchParams)).toEqual({
      page: '1',
      kind: 'admins',
      actor: 'ada',
      from: new Date(2026, 2, 1).toISOString(),
      // The last day is included: up to the next midnight.
      to: new Date(2026, 2, 8).toISOString(),
    });
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('Admin accounts');
    expect(screen.getByRole('searchbox', { name: 'Who (name or e-mail)' })).toHaveValue('ada');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/activity?search=ada&page=2&kind=admins&from=2026-03-01&to=2026-03-07',
      ),
    );

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Coupons' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/activity?search=ada&kind=coupons&from=2026-03-01&to=2026-03-07',
      ),
    );
    await waitFor(() => expect(activityCalls(calls).at(-1)!.url.searchParams.get('kind')).toBe('coupons'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/activity'));
    await waitFor(() =>
      expect(Object.fromEntries(activityCalls(calls).at(-1)!.url.searchParams)).toEqual({ page: '1' }),
    );
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says so when nothing matches the filters', async () => {
    renderPage(() => jsonResponse(listOf([])), '/activity?kind=terms');
    expect(await screen.findByText('No recorded action matches these filters.')).toBeInTheDocument();
  });
});
