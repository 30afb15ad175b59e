import { MSG } from '@bridge-talk/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import type { Column } from './data-table.js';
import { PagedList, type PagedListQuery } from './list-parts.js';

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
