import { API, apiPath, type Entity, type EntityListResponse, MSG } from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnsweredCall, answerApi, jsonResponse, renderWithProviders } from '../../test/render.js';
import { EntityListPage } from './entity-list-page.js';

function entity(overrides: Partial<Entity> & { _id: string; name: string }): Entity {
  return {
    email: `${overrides._id}@example.org`,
    phone: '(555) 010-2000',
    address: '1 Main Street',
    subtype: 'agency',
    status: 'active',
    active: true,
    startContract: '2026-01-01',
    endContract: '2027-01-01',
    coupon: null,
    version: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const OPEN_ARMS = entity({ _id: 'e1', name: 'Open Arms' });
const HOPE = entity({ _id: 'e2', name: 'Hope Bridge', status: 'inactive', active: false });
const PAULA = entity({
  _id: 'e3',
  name: 'Paula Pending',
  status: 'pending',
  active: false,
  subtype: 'lawyer',
});

/** Answers the list from `pages` (by page number) and status changes with the changed entity. */
function stubApi(list: (url: URL) => EntityListResponse | Response) {
  return answerApi(({ method, url, body }) => {
    if (method === 'GET' && url.pathname === API.entities.list) {
      const answer = list(url);
      return answer instanceof Response ? answer : jsonResponse(answer);
    }
    const edit = /^\/api\/entity\/edit\/(.+)$/.exec(url.pathname);
    if (method === 'PUT' && edit) {
      const found = [OPEN_ARMS, HOPE, PAULA].find((e) => e._id === edit[1])!;
      const status = (body as { status: string }).status;
      return jsonResponse({ ...found, status, active: status === 'active' });
    }
    return undefined;
  });
}

const listOf = (result: Entity[], total = result.length, page = 1): EntityListResponse => ({
  result,
  total,
  page,
  pageSize: 10,
});

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderList(at = '/entity-management') {
  return renderWithProviders(null, {
    routes: [
      {
        path: '/entity-management',
        element: (
          <>
            <EntityListPage />
            <Where />
          </>
        ),
      },
      { path: '/entity-management/:id/edit', element: <Where /> },
      { path: '/entity-management/:id/details', element: <Where /> },
      { path: '/entity-management/create', element: <Where /> },
    ],
    initialEntries: [at],
    wrapper: (children) => (
      <>
        {children}
        <ToastContainer />
      </>
    ),
  });
}

const location = () => screen.getByTestId('location').textContent;
const listCalls = (calls: AnsweredCall[]) => calls.filter((c) => c.url.pathname === API.entities.list);
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EntityListPage', () => {
  it('lists the entities with their status; View for active ones and access requests, Edit for active ones', async () => {
    const calls = stubApi(() => listOf([HOPE, OPEN_ARMS, PAULA]));
    renderList();

    expect(await screen.findByText('Open Arms')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Status',
      'View',
      'Edit',
      'Disable/enable',
    ]);
    const active = within(row('Open Arms'));
    expect(active.getByText(MSG.entities.statusActive)).toBeInTheDocument();
    expect(active.getByRole('link', { name: MSG.columns.view })).toHaveAttribute(
      'href',
      '/entity-management/e1/details',
    );
    expect(active.getByRole('link', { name: MSG.common.edit })).toHaveAttribute(
      'href',
      '/entity-management/e1/edit',
    );
    expect(active.getByRole('button', { name: MSG.entities.disable })).toBeInTheDocument();

    const disabled = within(row('Hope Bridge'));
    expect(disabled.getByText(MSG.entities.statusDisabled)).toBeInTheDocument();
    expect(disabled.queryByRole('link')).not.toBeInTheDocument();
    expect(disabled.getByRole('button', { name: MSG.entities.enable })).toBeInTheDocument();
    const pending = within(row('Paula Pending'));
    expect(pending.getByText(MSG.entities.statusPending)).toBeInTheDocument();
    // An access request is seen (and may be rejected) on its details page.
    expect(pending.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/entity-management/e3/details',
    ]);

    expect(screen.getByRole('link', { name: MSG.common.addAccount })).toHaveAttribute(
      'href',
      '/entity-management/create',
    );
    const [first] = listCalls(calls);
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({ page: '1', pageSize: '10' });
  });

  it('searches once typing pauses, keeps the text in the address, and starts at page 1', async () => {
    const calls = stubApi((url) =>
      url.searchParams.get('search') === 'hope' ? listOf([HOPE]) : listOf([OPEN_ARMS, HOPE], 25, 2),
    );
    const user = userEvent.setup();
    renderList('/entity-management?page=2');
    await screen.findByText('Open Arms');

    await user.type(screen.getByRole('searchbox', { name: MSG.entities.searchPlaceholder }), 'hope');
    await waitFor(() => expect(location()).toBe('/entity-management?search=hope'));
    await waitFor(() => expect(screen.queryByText('Open Arms')).not.toBeInTheDocument());
    const searched = listCalls(calls).at(-1)!;
    expect(Object.fromEntries(searched.url.searchParams)).toEqual({
      page: '1',
      pageSize: '10',
      search: 'hope',
    });
    // One request for the settled text, not one per key.
    expect(listCalls(calls).filter((c) => c.url.searchParams.has('search'))).toHaveLength(1);
  });

  it('opens with the search, sort and page of the address', async () => {
    const calls = stubApi(() => listOf([OPEN_ARMS], 31, 3));
    renderList('/entity-management?search=open&sort=desc&page=3');
    await screen.findByText('Open Arms');
    expect(screen.getByRole('searchbox', { name: MSG.entities.searchPlaceholder })).toHaveValue('open');
    expect(Object.fromEntries(listCalls(calls)[0]!.url.searchParams)).toEqual({
      page: '3',
      pageSize: '10',
      search: 'open',
      sort: 'desc',
    });
    expect(screen.getByRole('columnheader', { name: MSG.columns.status })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByText('21–30 of 31')).toBeInTheDocument();
  });

  it('sorts by status, toggling ascending and descending', async () => {
    const calls = stubApi(() => listOf([OPEN_ARMS, HOPE]));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Open Arms');
    const sortButton = () =>
      within(screen.getByRole('columnheader', { name: MSG.columns.status })).getByRole('button');

    await user.click(sortButton());
    await waitFor(() => expect(location()).toBe('/entity-management?sort=asc'));
    expect(screen.getByRole('columnheader', { name: MSG.columns.status })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(sortButton());
    await waitFor(() => expect(location()).toBe('/entity-management?sort=desc'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('sort')).toBe('desc'));
    await user.click(sortButton());
    await waitFor(() => expect(location()).toBe('/entity-management?sort=asc'));
  });

  it('turns pages through the address', async () => {
    const calls = stubApi((url) =>
      url.searchParams.get('page') === '2' ? listOf([HOPE], 11, 2) : listOf([OPEN_ARMS], 11, 1),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Open Arms');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('/entity-management?page=2'));
    expect(await screen.findByText('Hope Bridge')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('disables an active entity after the confirmation', async () => {
    const calls = stubApi(() => listOf([OPEN_ARMS]));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Open Arms');

    await user.click(within(row('Open Arms')).getByRole('button', { name: MSG.entities.disable }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.entities.changeStatusConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MSG.common.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(within(row('Open Arms')).getByRole('button', { name: MSG.entities.disable }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: MSG.common.confirm }),
    );
    expect(await screen.findByText(MSG.entities.changeStatusSuccess)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(apiPath(API.entities.edit, { id: 'e1' }));
    expect(put.body).toEqual({ status: 'inactive' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/entity-management');
  });

  it('asks before enabling a disabled entity, then opens its form to enable it there; nothing is sent', async () => {
    const calls = stubApi(() => listOf([HOPE]));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Hope Bridge');
    await user.click(within(row('Hope Bridge')).getByRole('button', { name: MSG.entities.enable }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.entities.changeStatusConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MSG.common.confirm }));
    await waitFor(() => expect(location()).toBe('/entity-management/e2/edit?enable=1'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('leaves a disabled entity as it is when the confirmation is cancelled', async () => {
    const calls = stubApi(() => listOf([HOPE]));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Hope Bridge');
    await user.click(within(row('Hope Bridge')).getByRole('button', { name: MSG.entities.enable }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: MSG.common.back }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/entity-management');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('opens the edit screen of a pending access request without enabling it: saving its completed form does', async () => {
    const calls = stubApi(() => listOf([PAULA]));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Paula Pending');
    await user.click(within(row('Paula Pending')).getByRole('button', { name: MSG.entities.enable }));
    await waitFor(() => expect(location()).toBe('/entity-management/e3/edit'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.queryByText(MSG.entities.changeStatusSuccess)).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no entities, and No data when a search finds none', async () => {
    stubApi(() => listOf([]));
    const { unmount } = renderList();
    expect(await screen.findByText(MSG.extra.noEntitiesYet)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();

    renderList('/entity-management?search=zzz');
    expect(await screen.findByText(MSG.common.noData)).toBeInTheDocument();
    expect(screen.queryByText(MSG.extra.noEntitiesYet)).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    stubApi(() => jsonResponse({ message: 'boom' }, 500));
    renderList();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent(MSG.common.somethingWrong);
    // And the generic toast.
    await waitFor(() => expect(screen.getAllByText(MSG.common.somethingWrong)).toHaveLength(2));
  });
});
