import { MSG } from '@bridge-talk/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.js';
import { type Column, DataTable } from './data-table.js';

interface Person {
  id: string;
  name: string;
  email: string;
  active: boolean;
}

const PEOPLE: Person[] = [
  { id: '1', name: 'Ada', email: 'ada@example.com', active: true },
  { id: '2', name: 'Bob', email: 'bob@example.com', active: false },
];

const COLUMNS: Column<Person>[] = [
  { key: 'name', header: MSG.columns.name, render: (p) => p.name, sortable: true },
  { key: 'email', header: MSG.columns.email, render: (p) => p.email, sortable: true },
  { key: 'status', header: MSG.columns.status, render: (p) => (p.active ? 'Active' : 'Disabled') },
];

function renderTable(ui: ReactElement) {
  return render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('DataTable', () => {
  it("shows one 'No data' row spanning every column when there are no rows", () => {
    renderTable(<DataTable columns={COLUMNS} rows={[]} rowKey={(p) => p.id} caption="People" />);

    const rows = bodyRows();
    expect(rows).toHaveLength(1);
    const cell = within(rows[0]!).getByRole('cell');
    expect(cell).toHaveTextContent(MSG.common.noData);
    expect(cell).toHaveAttribute('colspan', '3');
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
  });

  it("shows 'No data' when rows are undefined and nothing is loading", () => {
    renderTable(<DataTable columns={COLUMNS} rows={undefined} rowKey={(p) => p.id} />);
    expect(within(bodyRows()[0]!).getByRole('cell')).toHaveTextContent(MSG.common.noData);
  });

  it('shows its own empty text when given one', () => {
    renderTable(<DataTable columns={COLUMNS} rows={[]} rowKey={(p) => p.id} emptyText="No families yet" />);
    expect(screen.getByText('No families yet')).toBeInTheDocument();
    expect(screen.queryByText(MSG.common.noData)).not.toBeInTheDocument();
  });

  it('shows a loader, not the empty row, while the first page loads', () => {
    renderTable(<DataTable columns={COLUMNS} rows={undefined} loading rowKey={(p) => p.id} />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText(MSG.common.noData)).not.toBeInTheDocument();
  });

  it('renders one row per item, cell by column', () => {
    renderTable(<DataTable columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} />);

    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      MSG.columns.name,
      MSG.columns.email,
      MSG.columns.status,
    ]);
    expect(
      bodyRows().map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Ada', 'ada@example.com', 'Active'],
      ['Bob', 'bob@example.com', 'Disabled'],
    ]);
    expect(screen.queryByText(MSG.common.noData)).not.toBeInTheDocument();
  });

  it('calls onSort with the key of a sortable header and marks the sorted column with aria-sort', async () => {
    const onSort = vi.fn();
    const user = userEvent.setup();
    const { rerender } = renderTable(
      <DataTable
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        sort={{ key: 'name', direction: 'asc' }}
        onSort={onSort}
      />,
    );

    const nameHeader = screen.getByRole('columnheader', { name: MSG.columns.name });
    const emailHeader = screen.getByRole('columnheader', { name: MSG.columns.email });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(emailHeader).not.toHaveAttribute('aria-sort');

    await user.click(within(emailHeader).getByRole('button', { name: MSG.columns.email }));
    expect(onSort).toHaveBeenCalledExactlyOnceWith('email');

    await user.click(within(nameHeader).getByRole('button', { name: MSG.columns.name }));
    expect(onSort).toHaveBeenLastCalledWith('name');

    rerender(
      <MantineProvider theme={theme}>
        <DataTable
          columns={COLUMNS}
          rows={PEOPLE}
          rowKey={(p) => p.id}
          sort={{ key: 'email', direction: 'desc' }}
          onSort={onSort}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('columnheader', { name: MSG.columns.email })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: MSG.columns.name })).not.toHaveAttribute('aria-sort');
  });

  it('offers no sort button on a column that is not sortable, nor without onSort', () => {
    const { rerender } = renderTable(
      <DataTable columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} onSort={() => {}} />,
    );
    const statusHeader = screen.getByRole('columnheader', { name: MSG.columns.status });
    expect(within(statusHeader).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(2);

    rerender(
      <MantineProvider theme={theme}>
        <DataTable columns={COLUMNS} rows={PEOPLE} rowKey={(p) => p.id} />
      </MantineProvider>,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('dims muted rows only', () => {
    renderTable(
      <DataTable
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ muted: !p.active })}
      />,
    );

    const [ada, bob] = bodyRows();
    expect(ada).not.toHaveAttribute('data-muted');
    expect(bob).toHaveAttribute('data-muted', 'true');
    // Greyed by colour, not by opacity: a transparent row fails the contrast its text needs.
    expect(bob).toHaveStyle({ color: 'var(--mantine-color-dimmed)' });
    expect(bob).not.toHaveStyle({ opacity: '0.5' });
  });
});
