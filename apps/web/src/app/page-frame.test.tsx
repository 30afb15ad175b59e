import { AGREEMENT_MSG, API, MSG, type SessionUser } from '@bridge-talk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from '../shared/session/session-provider.js';
import { publishSession } from '../shared/session/token.js';
import { jsonResponse, renderWithProviders, stubApi } from '../test/render.js';
import { ENTITY_USER, sessionOf } from '../test/sessions.js';
import { PageFrame } from './page-frame.js';

const ADMIN: SessionUser = {
  _id: 'a1',
  name: 'ada Lovelace',
  email: 'ada@example.com',
  role: 'admin',
  subtype: 'admin',
  entityName: null,
  coupon: null,
};

const ENTITY: SessionUser = ENTITY_USER;

/** The frame needs a signed-in user, as in the app's signed-in route tables. */
function SignedIn() {
  const session = useSession();
  return session.status === 'authenticated' ? <PageFrame /> : <p>Signed out</p>;
}

const page = (title: string) => <h2>{title} page</h2>;

const ROUTES: RouteObject[] = [
  {
    element: <SignedIn />,
    children: [
      { path: '/entity-management', element: page(MSG.nav.entityManagement) },
      { path: '/entity-management/:id/details', element: page('Entity details') },
      { path: '/bridge-talk-admin', element: page(MSG.nav.bridgeTalkAdmin) },
      { path: '/payments', element: page(MSG.nav.payments) },
      { path: '/terms-conditions', element: page(MSG.nav.termsAndConditions) },
      { path: '/manage-families', element: page(MSG.nav.manageFamilies) },
      { path: '/add-new-family', element: page(MSG.nav.addNewFamily) },
      { path: '/account-settings', element: page(MSG.frame.accountSettings) },
    ],
  },
  { path: '/login/:role', element: <Outlet /> },
];

function renderFrame(user: SessionUser, at: string) {
  const result = renderWithProviders(null, {
    routes: ROUTES,
    initialEntries: [at],
    wrapper: (children) => <SessionProvider>{children}</SessionProvider>,
  });
  act(() => publishSession(sessionOf(user)));
  return result;
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });

beforeEach(() => {
  publishSession(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => publishSession(null));
});

describe('PageFrame', () => {
  it('sends an admin the platform requires a second factor of to their account settings, from any page', async () => {
    renderFrame({ ...ADMIN, mustAddSecondFactor: true }, '/bridge-talk-admin');
    expect(
      await screen.findByRole('heading', { name: `${MSG.frame.accountSettings} page` }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: `${MSG.nav.bridgeTalkAdmin} page` }),
    ).not.toBeInTheDocument();
  });

  it("lists the admin's side menu and marks the current page", () => {
    renderFrame(ADMIN, '/bridge-talk-admin');

    const links = within(mainMenu()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [MSG.nav.entityManagement, '/entity-management'],
      [MSG.nav.bridgeTalkAdmin, '/bridge-talk-admin'],
      [MSG.nav.payments, '/payments'],
      [MSG.nav.termsAndConditions, '/terms-conditions'],
      [MSG.activity.platformTitle, '/activity'],
    ]);
    expect(within(mainMenu()).getByRole('link', { name: MSG.nav.bridgeTalkAdmin })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    expect(screen.getByRole('heading', { name: `${MSG.nav.bridgeTalkAdmin} page` })).toBeInTheDocument();
  });

  it('keeps a menu entry current on the pages below it', () => {
    renderFrame(ADMIN, '/entity-management/7/details');
    expect(within(mainMenu()).getByRole('link', { name: MSG.nav.entityManagement })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('moves the current mark when another entry is chosen', async () => {
    const user = userEvent.setup();
    renderFrame(ADMIN, '/entity-management');

    await user.click(within(mainMenu()).getByRole('link', { name: MSG.nav.payments }));

    expect(await screen.findByRole('heading', { name: `${MSG.nav.payments} page` })).toBeInTheDocument();
    expect(within(mainMenu()).getByRole('link', { name: MSG.nav.payments })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(mainMenu()).getByRole('link', { name: MSG.nav.entityManagement })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it("lists the entity's side menu only", () => {
    stubApi({
      [`GET ${API.reports.count}`]: () => jsonResponse({ open: 0 }),
      [`GET ${API.agreements.dueCount}`]: () => jsonResponse({ overdue: 0, dueSoon: 0 }),
    });
    renderFrame(ENTITY, '/add-new-family');

    const links = within(mainMenu()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [MSG.nav.manageFamilies, '/manage-families'],
      [MSG.nav.addNewFamily, '/add-new-family'],
      [MSG.reports.title, '/reports'],
      [AGREEMENT_MSG.dueTitle, '/agreements-due'],
    ]);
    expect(within(mainMenu()).getByRole('link', { name: MSG.nav.addNewFamily })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      within(mainMenu()).queryByRole('link', { name: MSG.nav.entityManagement }),
    ).not.toBeInTheDocument();
  });

  it('counts the open reports beside Reported messages, and shows no count when none is open', async () => {
    let open = 3;
    stubApi({ [`GET ${API.reports.count}`]: () => jsonResponse({ open }) });
    const { queryClient } = renderFrame(ENTITY, '/manage-families');
    const reports = within(mainMenu()).getByRole('link', { name: new RegExp(MSG.reports.title) });
    expect(await within(reports).findByLabelText(MSG.reports.openCount(3))).toHaveTextContent('3');
    open = 0;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(within(reports).queryByLabelText(/open report/)).not.toBeInTheDocument());
    expect(reports).toHaveTextContent(MSG.reports.title);
  });

  it('counts the agreements overdue or due soon beside Agreements due, and shows no count at none', async () => {
    let count = { overdue: 2, dueSoon: 1 };
    stubApi({
      [`GET ${API.reports.count}`]: () => jsonResponse({ open: 0 }),
      [`GET ${API.agreements.dueCount}`]: () => jsonResponse(count),
    });
    const { queryClient } = renderFrame(ENTITY, '/manage-families');
    const desk = within(mainMenu()).getByRole('link', { name: new RegExp(AGREEMENT_MSG.dueTitle) });
    expect(desk).toHaveAttribute('href', '/agreements-due');
    const badge = await within(desk).findByLabelText(AGREEMENT_MSG.dueCountLabel(3));
    expect(badge).toHaveTextContent('3');
    expect(AGREEMENT_MSG.dueCountLabel(3)).toBe('3 agreements overdue or due soon');
    // Due soon only counts as well.
    count = { overdue: 0, dueSoon: 1 };
    await act(() => queryClient.invalidateQueries());
    expect(await within(desk).findByLabelText(AGREEMENT_MSG.dueCountLabel(1))).toHaveTextContent('1');
    count = { overdue: 0, dueSoon: 0 };
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(within(desk).queryByLabelText(/overdue or due soon/)).not.toBeInTheDocument());
    expect(desk.textContent).toBe(AGREEMENT_MSG.dueTitle);
  });

  it('asks again for the agreements due count every minute, as for the open reports', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = stubApi({
        [`GET ${API.reports.count}`]: () => jsonResponse({ open: 0 }),
        [`GET ${API.agreements.dueCount}`]: () => jsonResponse({ overdue: 1, dueSoon: 0 }),
      });
      renderFrame(ENTITY, '/manage-families');
      await waitFor(() => expect(api.callsTo('GET', API.agreements.dueCount)).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await waitFor(() => expect(api.callsTo('GET', API.agreements.dueCount)).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the user's initial, name and capitalised role in the header", () => {
    renderFrame(ADMIN, '/entity-management');

    const userMenu = within(screen.getByRole('banner')).getByRole('button', { name: 'User menu' });
    expect(within(userMenu).getByText('A')).toBeInTheDocument();
    expect(within(userMenu).getByText('ada Lovelace')).toBeInTheDocument();
    expect(within(userMenu).getByText('Admin')).toBeInTheDocument();
  });

  it("shows an entity's role capitalised too", () => {
    renderFrame(ENTITY, '/manage-families');

    const userMenu = within(screen.getByRole('banner')).getByRole('button', { name: 'User menu' });
    expect(within(userMenu).getByText('E')).toBeInTheDocument();
    expect(within(userMenu).getByText('Erin Entity')).toBeInTheDocument();
    expect(within(userMenu).getByText('Entity')).toBeInTheDocument();
  });

  it('opens account settings from the user menu', async () => {
    const user = userEvent.setup();
    renderFrame(ENTITY, '/manage-families');

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([MSG.frame.accountSettings, MSG.frame.logout]);

    await user.click(screen.getByRole('menuitem', { name: MSG.frame.accountSettings }));

    expect(
      await screen.findByRole('heading', { name: `${MSG.frame.accountSettings} page` }),
    ).toBeInTheDocument();
  });

  it('opens the user menu from the keyboard with focus on its first item; the arrow keys move from there', async () => {
    const user = userEvent.setup();
    renderFrame(ENTITY, '/manage-families');

    screen.getByRole('button', { name: 'User menu' }).focus();
    await user.keyboard('{Enter}');

    const settings = await screen.findByRole('menuitem', { name: MSG.frame.accountSettings });
    await waitFor(() => expect(settings).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: MSG.frame.logout })).toHaveFocus();
  });

  it('logs out from the user menu: tells the server, ends the session, clears storage and shows the role’s login without a reload', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, reload: assign });
    localStorage.setItem('role', 'admin');
    localStorage.setItem('rememberMe', 'true');
    const user = userEvent.setup();
    const { router } = renderFrame(ADMIN, '/payments');

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: MSG.frame.logout }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login/admin'));
    expect(fetchMock).toHaveBeenCalledWith(API.auth.logout, expect.objectContaining({ method: 'POST' }));
    expect(localStorage).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('links the brand to the start page', () => {
    renderFrame(ADMIN, '/payments');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Bridge Talk' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('PageFrame: the skip link', () => {
  it('is the first focusable element and moves focus to the main content', async () => {
    renderFrame(ADMIN, '/payments');
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: MSG.frame.skipToMain });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Payments page' }));
  });
});

describe('PageFrame with a session restored from the refresh cookie', () => {
  it('shows the restored user', async () => {
    localStorage.setItem('role', 'entity');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(sessionOf(ENTITY)))),
    );
    renderWithProviders(null, {
      routes: ROUTES,
      initialEntries: ['/manage-families'],
      wrapper: (children) => <SessionProvider>{children}</SessionProvider>,
    });

    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(within(mainMenu()).getByRole('link', { name: MSG.nav.manageFamilies })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(screen.getByRole('banner')).getByText('Erin Entity')).toBeInTheDocument();
  });
});
