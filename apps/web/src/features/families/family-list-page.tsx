// /manage-families: the entity's families — searched by the family's name or any e-mail of the family,
// sortable by status, paginated on the server. Search, sort and page live in the address, so a reload,
// a deep link and Back keep them. View opens the family page, or the wizard at step 2 for a family not
// named yet.
import {
  familyDisplayName,
  type GroupListItem,
  groupStatusLabel,
  MSG,
  SEARCH_MAX,
  type SortDirection,
} from '@bridge-talk/contract';
import { Button, Group, Pagination, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../shared/ui/data-table.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import { useFamilyList } from './api/list-families.js';
import { wizardPath } from './wizard-path.js';

const SEARCH_DELAY_MS = 300;

interface ListState {
  search: string;
  sort: SortDirection | undefined;
  page: number;
}

function readState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: params.get('search') ?? '',
    sort: sort === 'asc' || sort === 'desc' ? sort : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function toParams({ search, sort, page }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (sort) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Where View goes: the family page, or the wizard's second step for a family not named yet. */
export function familyViewPath(family: Pick<GroupListItem, '_id' | 'name'>): string {
  return family.name === null ? wizardPath(2, family._id) : `/manage-families/${family._id}/details`;
}

export function FamilyListPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const list = useFamilyList(state);

  const go = (next: Partial<ListState>, replace = false) =>
    setParams(toParams({ ...state, ...next }), { replace, preventScrollReset: true });

  // The box follows the address (Back, a link) and the address follows the box, once typing pauses.
  const [typed, setTyped] = useState(state.search);
  const [settled] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const [lastSearch, setLastSearch] = useState(state.search);
  if (state.search !== lastSearch) {
    setLastSearch(state.search);
    if (typed.trim() !== state.search) setTyped(state.search);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the box moves the address.
  useEffect(() => {
    if (settled !== state.search) go({ search: settled, page: 1 }, true);
  }, [settled]);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A page beyond the last (an old link) shows the last page instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: go() is rebuilt every render.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.total > 0 && state.page > pages) go({ page: pages }, true);
  }, [data, pages, state.page, list.isPlaceholderData]);

  const columns: Column<GroupListItem>[] = [
    {
      key: 'child',
      header: MSG.columns.childName,
      fullText: (g) => (g.name === null ? MSG.families.notNamedYet : familyDisplayName(g)),
      render: (g) =>
        g.name === null ? (
          <Text c="dimmed" fs="italic">
            {MSG.families.notNamedYet}
          </Text>
        ) : (
          <Text fw={600}>{familyDisplayName(g)}</Text>
        ),
    },
    {
      key: 'email',
      header: MSG.columns.paymentEmail,
      fullText: (g) => g.billingInformation?.email ?? '',
      render: (g) => g.billingInformation?.email ?? '',
    },
    {
      key: 'status',
      header: MSG.columns.status,
      sortable: true,
      render: (g) => (
        <StatusBadge color={g.active ? 'green' : 'gray'} uppercase>
          {groupStatusLabel(g.active)}
        </StatusBadge>
      ),
    },
    {
      key: 'reports',
      header: MSG.columns.reports,
      align: 'center',
      render: (g) =>
        g.reports ? (
          <Tooltip label={MSG.families.reportedMessages}>
            <Text component="span" c="red.9" fw={800} size="lg" aria-label={MSG.families.reportedMessages}>
              {MSG.families.reportsFlag}
            </Text>
          </Tooltip>
        ) : null,
    },
    {
      key: 'view',
      header: MSG.columns.view,
      render: (g) => (
        <Button
          component={Link}
          to={familyViewPath(g)}
          variant="subtle"
          size="compact-sm"
          aria-label={`${MSG.columns.view} ${g.name === null ? 'family not named yet' : familyDisplayName(g)}`}
        >
          {MSG.columns.view}
        </Button>
      ),
    },
  ];

  const nothingYet = data && data.total === 0 && !state.search && !list.isPlaceholderData;
  const first = data ? (state.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, state.page * data.pageSize) : 0;

  return (
    <>
      <PageHeader
        title={MSG.nav.manageFamilies}
        actions={
          <Button component={Link} to="/add-new-family" leftSection={<IconPlus size={16} />}>
            {MSG.nav.addNewFamily}
          </Button>
        }
        search={
          <TextInput
            type="search"
            maw={420}
            aria-label={MSG.families.searchPlaceholder}
            maxLength={SEARCH_MAX}
            placeholder={MSG.families.searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        }
      />
      {list.isError && !data ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : nothingYet ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" py="xl">
            <IconUsersGroup size={56} stroke={1.3} color="var(--mantine-color-blue-4)" aria-hidden />
            <Text fw={600}>{MSG.families.noFamiliesYet}</Text>
            <Button component={Link} to="/add-new-family" leftSection={<IconPlus size={16} />}>
              {MSG.nav.addNewFamily}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={MSG.nav.manageFamilies}
            columns={columns}
            rows={data?.result}
            rowKey={(g) => g._id}
            loading={list.isPending}
            sort={state.sort ? { key: 'status', direction: state.sort } : undefined}
            onSort={() => go({ sort: state.sort === 'asc' ? 'desc' : 'asc', page: 1 })}
          />
          {data && data.total > 0 && (
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed">
                {first}–{last} of {data.total}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={Math.min(state.page, pages)}
                  onChange={(page) => go({ page })}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                />
              )}
            </Group>
          )}
        </Paper>
      )}
    </>
  );
}
