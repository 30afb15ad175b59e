import { MSG, SEARCH_MAX } from '@bridge-talk/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { SEARCH_DELAY_MS, useListState } from '../routing/use-list-state.js';
import type { Column } from './data-table.js';
import { ListSearch, PagedList, type PagedListQuery } from './list-parts.js';

interface Person {
  id: string;
  name: string;
}

const COLUMNS: Column<Person>[] = [{ key: 'name', header: MSG.columns.name, render: (p) => p.name }];
const EMPTY = { icon: null, text: 'No people yet', action: { label: 'Add a person', to: '/people/new' } };

function query(overrides: Partial<PagedListQuery<Person>>): PagedListQuery<Person> {
  return {
    data: { result: [], total: 0, pageSize: 10 },
    isError: false,
    isPending: false,
    isPlaceholderData: false,
    refetch: () => undefined,
    ...overrides,
  };
}

function renderList(list: PagedListQuery<Person>, search?: string) {
  return renderWithProviders(
    <PagedList
      list={list}
      search={search}
      empty={EMPTY}
      caption="People"
      columns={COLUMNS}
      rowKey={(p) => p.id}
      page={1}
      onPage={() => {}}
    />,
  );
}

describe('PagedList', () => {
  it('shows the rows in the table', () => {
    renderList(query({ data: { result: [{ id: '1', name: 'Ada' }], total: 1, pageSize: 10 } }));
    expect(screen.getByRole('table', { name: 'People' })).toHaveTextContent('Ada');
  });

  it('invites the first one when there is nothing at all', () => {
    renderList(query({}));
    expect(screen.getByText('No people yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says nothing matches in the table when a search finds nothing, or while an old answer shows', () => {
    const { unmount } = renderList(query({}), 'zed');
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(screen.queryByText('No people yet')).not.toBeInTheDocument();
    unmount();
    renderList(query({ isPlaceholderData: true }));
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
  });

  it('shows the load error, with a retry, when nothing could be loaded', async () => {
    const refetch = vi.fn();
    renderList(query({ data: undefined, isError: true, refetch }));
    await userEvent.setup().click(screen.getByRole('button', { name: MSG.common.tryAgain }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

/** A list page's header search, and the search its list is asked for. */
function SearchedList() {
  const { state, typed, setTyped } = useListState();
  return (
    <>
      <ListSearch label="Search people" value={typed} onChange={setTyped} />
      <output data-testid="listed-search">{state.search}</output>
    </>
  );
}

function renderSearch(at: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { router } = renderWithProviders(null, {
    routes: [{ path: '/people', element: <SearchedList /> }],
    initialEntries: [at],
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const box = screen.getByRole('searchbox', { name: 'Search people' });
  return { router, user, box };
}

/** Past the pause after which the box's text becomes the list's search. */
const pastTheSearchDelay = () => act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS * 2));

const TOO_LONG_MESSAGE = MSG.validation.tooLong(MSG.fields.search, SEARCH_MAX);

describe('ListSearch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a search over the maximum whole, says it is too long, and leaves the list as it was', async () => {
    const { router, user, box } = renderSearch('/people?search=ada');
    const tooLong = 'b'.repeat(SEARCH_MAX + 1);
    await user.clear(box);
    await user.paste(tooLong);
    expect(box).toHaveValue(tooLong);
    expect(box).toHaveAccessibleDescription(TOO_LONG_MESSAGE);
    expect(TOO_LONG_MESSAGE).toBe('Search must be at most 200 characters');
    await pastTheSearchDelay();
    expect(router.state.location.search).toBe('?search=ada');
    expect(screen.getByTestId('listed-search')).toHaveTextContent(/^ada$/);

    // One character less is a search the server takes: the message goes and the list follows.
    await user.type(box, '{Backspace}');
    expect(box).not.toHaveAccessibleDescription();
    await pastTheSearchDelay();
    expect(router.state.location.search).toBe(`?search=${'b'.repeat(SEARCH_MAX)}`);
    expect(screen.getByTestId('listed-search')).toHaveTextContent('b'.repeat(SEARCH_MAX));
  });

  it("shows a link's search over the maximum in the box, with its message, and lists without it", async () => {
    const tooLong = 'b'.repeat(SEARCH_MAX + 1);
    const { router, box } = renderSearch(`/people?search=${tooLong}`);
    expect(box).toHaveValue(tooLong);
    expect(box).toHaveAccessibleDescription(TOO_LONG_MESSAGE);
    expect(screen.getByTestId('listed-search')).toBeEmptyDOMElement();
    await pastTheSearchDelay();
    expect(router.state.location.search).toBe(`?search=${tooLong}`);
  });
});
