// The data table of the spec: header cells (optionally sortable), rows, a loading state, and a
// 'No data' placeholder row when there is nothing to show. Where the table has less room than a
// desktop gives it (a tablet, a phone, a narrow window), each row becomes a card of 'column: value'
// lines (data-table.css, a container query), so no column and no action is ever out of sight; the
// sortable headers stay as buttons above the cards. The roles are written out so that the table is
// still a table to assistive technology when its rows are laid out as cards.
import { MSG } from '@bridge-talk/contract';
import { Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import './data-table.css';

/**
 * An archived plan, an inactive member, a disabled channel: a grey row in the dimmed text colour, still
 * 4.5:1 and more (WCAG 1.4.3). Not opacity, which would take the text to 3.9:1 and a status badge to 3:1.
 */
const MUTED_ROW = {
  backgroundColor: 'var(--mantine-color-gray-0)',
  color: 'var(--mantine-color-dimmed)',
} as const;

type SortDirection = 'asc' | 'desc';

export interface Column<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  sortable?: boolean;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** A column of buttons or links (View, Edit, Disable): on a card they stand in a row, unlabelled. */
  action?: boolean;
  /**
   * The cell's full text, for a column of long text (names, e-mails): the cell then keeps to one line
   * of a bounded width, ends in an ellipsis when cut, and shows its full text as its title.
   */
  fullText?: (row: Row) => string;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading?: boolean;
  caption?: string;
  sort?: { key: string; direction: SortDirection };
  onSort?: (key: string) => void;
  rowProps?: (row: Row) => { muted?: boolean };
  emptyText?: string;
}

const NO_DATA = MSG.common.noData;

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading,
  caption,
  sort,
  onSort,
  rowProps,
  emptyText = NO_DATA,
}: DataTableProps<Row>) {
  return (
    <div className="bt-table-room">
      <Table
        className="bt-table"
        role="table"
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-busy={loading || undefined}
      >
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => {
              const active = sort?.key === column.key;
              const ariaSort = active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <Table.Th
                  key={column.key}
                  role="columnheader"
                  data-align={column.align}
                  style={{ width: column.width }}
                  aria-sort={ariaSort}
                  data-sortable={column.sortable && onSort ? true : undefined}
                  data-action={column.action || undefined}
                >
                  {column.sortable && onSort ? (
                    <UnstyledButton
                      onClick={() => onSort(column.key)}
                      fw={700}
                      fz="inherit"
                      style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
                    >
                      {column.header}
                      {active ? (
                        sort?.direction === 'asc' ? (
                          <IconArrowUp size={14} />
                        ) : (
                          <IconArrowDown size={14} />
                        )
                      ) : (
                        <IconArrowsSort size={14} />
                      )}
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {loading && !rows ? (
            <Table.Tr role="row">
              <Table.Td role="cell" colSpan={columns.length}>
                <Center py="lg">
                  <Loader size="sm" aria-label="Loading" />
                </Center>
              </Table.Td>
            </Table.Tr>
          ) : !rows || rows.length === 0 ? (
            <Table.Tr role="row">
              <Table.Td role="cell" colSpan={columns.length}>
                <Text ta="center" c="dimmed" py="md">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => {
              const muted = rowProps?.(row).muted === true;
              return (
                <Table.Tr
                  key={rowKey(row)}
                  role="row"
                  data-muted={muted || undefined}
                  style={muted ? MUTED_ROW : undefined}
                >
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      role="cell"
                      data-label={column.action ? undefined : column.header}
                      data-action={column.action || undefined}
                      data-align={column.align}
                    >
                      {column.fullText ? (
                        // A long text is a name or an e-mail: one in Hebrew or Arabic reads right to left.
                        <div className="bt-cell-truncate" title={column.fullText(row)} dir="auto">
                          {column.render(row)}
                        </div>
                      ) : (
                        column.render(row)
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
