// The parts every list page shares: the search box of its header, the card shown before there is
// anything to list, the footer with the range shown and the pages, the table with its footer, and the
// body that chooses between them and the load error.
import { Button, Group, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { searchTextError } from '../routing/use-list-state.js';
import { DataTable, type DataTableProps } from './data-table.js';
import { LoadError } from './load-error.js';

/** The search box of a list: any length may be typed; one too long to search with says so under it. */
export function ListSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <TextInput
      type="search"
      maw={420}
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      value={value}
      error={searchTextError(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** Nothing to list yet: what will be here, and the way to add the first one. */
export interface EmptyListProps {
  icon: ReactNode;
  text: string;
  action: { label: string; to: string };
}

function EmptyList({ icon, text, action }: EmptyListProps) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" py="xl">
        {icon}
        <Text fw={600}>{text}</Text>
        <Button component={Link} to={action.to} leftSection={<IconPlus size={16} />}>
          {action.label}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * 'first–last of total' (when `showRange`) and the pages, when there is more than one; 'of more than
 * total' when the list's count stopped at its limit.
 */
export function ListFooter({
  total,
  moreThanTotal = false,
  pageSize,
  page,
  pages,
  onPage,
  showRange = true,
}: {
  total: number;
  moreThanTotal?: boolean;
  pageSize: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  showRange?: boolean;
}) {
  if (total === 0 || (!showRange && pages <= 1)) return null;
  const shown = Math.min(page, pages);
  const first = (shown - 1) * pageSize + 1;
  const last = Math.min(total, shown * pageSize);
  return (
    <Group justify={showRange ? 'space-between' : 'flex-end'} mt="md">
      {showRange && (
        <Text size="sm" c="dimmed">
          {first}–{last} of {moreThanTotal ? `more than ${total.toLocaleString('en-US')}` : total}
        </Text>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={shown}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}

/** A page of a server-paginated list: the table, then 'first–last of total' and the pages. */
type PagedTableProps<Row> = DataTableProps<Row> & {
  page: number;
  onPage: (page: number) => void;
  /**
   * The list's answer: how many rows there are in all (or, with `moreThanTotal`, how many of them can
   * be paged through), and per page (none yet while loading).
   */
  answer: { total: number; moreThanTotal?: boolean; pageSize: number } | undefined;
  showRange?: boolean;
  /** Said under the pages when the count stopped at its limit: how to find what is not listed. */
  moreNote?: string;
};

export function PagedTable<Row>({
  page,
  onPage,
  answer,
  showRange,
  moreNote,
  ...table
}: PagedTableProps<Row>) {
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  return (
    <>
      <DataTable {...table} />
      {answer && (
        <ListFooter
          total={answer.total}
          moreThanTotal={answer.moreThanTotal}
          pageSize={answer.pageSize}
          page={page}
          pages={pages}
          onPage={onPage}
          showRange={showRange}
        />
      )}
      {answer?.moreThanTotal && moreNote && (
        <Text size="sm" c="dimmed" mt="xs">
          {moreNote}
        </Text>
      )}
    </>
  );
}

/** A server list's query: its page of rows with the counts, and how it is going. */
export interface PagedListQuery<Row> {
  data: { result: Row[]; total: number; moreThanTotal?: boolean; pageSize: number } | undefined;
  isError: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * The body of a list page: the load error while nothing could be loaded, the card inviting the first
 * one when there is nothing at all (not merely nothing matching the search), or the paged table.
 */
export function PagedList<Row>({
  list,
  search,
  empty,
  ...table
}: Omit<PagedTableProps<Row>, 'rows' | 'loading' | 'answer'> & {
  list: PagedListQuery<Row>;
  /** The search typed: with one, no rows is said in the table, not by the card. */
  search?: string;
  empty?: EmptyListProps;
}) {
  const { data } = list;
  if (list.isError && !data) return <LoadError onRetry={() => void list.refetch()} />;
  if (empty && data?.total === 0 && !search && !list.isPlaceholderData) return <EmptyList {...empty} />;
  return (
    <Paper withBorder radius="md" p="md">
      <PagedTable {...table} rows={data?.result} loading={list.isPending} answer={data} />
    </Paper>
  );
}
