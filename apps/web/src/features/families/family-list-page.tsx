// /manage-families: the entity's families — searched by the family's name or any e-mail of the family,
// filtered by where their contact agreement stands, sortable by status, paginated on the server.
// Search, filter, sort and page live in the address, so a reload, a deep link and Back keep them. View
// opens the family page, or the wizard at step 2 for a family not named yet, which may also be
// discarded (after a confirmation; its saved card is detached).
import {
  AGREEMENT_LIST_FILTERS,
  AGREEMENT_MSG,
  type AgreementListFilter,
  FAMILY_SEARCH_COUNT_LIMIT,
  type FamilyListItem,
  familyDisplayName,
  groupStatusLabel,
  MSG,
} from '@bridge-talk/contract';
import { Box, Button, Group, NativeSelect, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { refusalMessage } from '../../shared/api/refusal-message.js';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import { storedGroupId, storeGroupId } from '../../shared/session/storage.js';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import type { Column } from '../../shared/ui/data-table.js';
import { ListSearch, PagedList } from '../../shared/ui/list-parts.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import { AgreementStanding } from '../agreements/index.js';
import { useDiscardFamily } from './api/discard-family.js';
import { useFamilyList } from './api/list-families.js';
import { wizardPath } from './wizard-path.js';

const T = AGREEMENT_MSG;

/** The agreement filter's choices: every family, or those of one standing (or with no agreement). */
const ALL = 'all';
const AGREEMENT_OPTIONS: { value: AgreementListFilter | typeof ALL; label: string }[] = [
  { value: ALL, label: T.filterAll },
  { value: 'overdue', label: T.filterOverdue },
  { value: 'dueSoon', label: T.filterDueSoon },
  { value: 'none', label: T.filterNone },
];

/** The filter in the address (`?agreement=`); anything else is no filter. */
const agreementFilterOf = (value: string | null): AgreementListFilter | undefined =>
  AGREEMENT_LIST_FILTERS.find((filter) => filter === value);

/** Where View goes: the family page, or the wizard's second step for a family not named yet. */
export function familyViewPath(family: Pick<FamilyListItem, '_id' | 'name'>): string {
  return family.name === null ? wizardPath(2, family._id) : `/manage-families/${family._id}/details`;
}

export function FamilyListPage() {
  const listState = useListState();
  const { state, go, typed, setTyped } = listState;
  const [params, setParams] = useSearchParams();
  const agreement = agreementFilterOf(params.get('agreement'));
  const list = useFamilyList({ ...state, agreement });
  const discard = useDiscardFamily();
  const [discarding, setDiscarding] = useState<string | null>(null);

  const confirmDiscard = async () => {
    if (!discarding) return;
    try {
      const answer = await discard.mutateAsync(discarding);
      // The wizard must not resume a family that is gone.
      if (storedGroupId() === discarding) storeGroupId(null);
      notify.success(answer.message);
    } catch (error) {
      notify.error(refusalMessage(error, MSG.common.somethingWrong));
    } finally {
      setDiscarding(null);
    }
  };

  useLastPageClamp(listState, list);

  /** Another filter shows its first page; search and sort stay. */
  function filterByAgreement(value: string) {
    const next = new URLSearchParams(params);
    const chosen = agreementFilterOf(value);
    if (chosen) next.set('agreement', chosen);
    else next.delete('agreement');
    next.delete('page');
    setParams(next, { preventScrollReset: true });
  }

  const columns: Column<FamilyListItem>[] = [
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
        <StatusBadge color={g.active ? 'green' : 'gray'}>{groupStatusLabel(g.active)}</StatusBadge>
      ),
    },
    {
      key: 'agreement',
      header: T.listColumn,
      render: (g) => <AgreementStanding standing={g.agreement} />,
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
      action: true,
      header: MSG.columns.view,
      render: (g) => (
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={familyViewPath(g)}
            variant="subtle"
            size="compact-sm"
            aria-label={`${MSG.columns.view} ${g.name === null ? 'family not named yet' : familyDisplayName(g)}`}
          >
            {MSG.columns.view}
          </Button>
          {g.name === null && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={MSG.families.discardLabel}
              onClick={() => setDiscarding(g._id)}
            >
              {MSG.families.discard}
            </Button>
          )}
        </Group>
      ),
    },
  ];

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
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Box flex="1 1 16rem" maw={420}>
              <ListSearch label={MSG.families.searchPlaceholder} value={typed} onChange={setTyped} />
            </Box>
            {/* The browser's own list: a phone shows its picker, and the library's combobox stays out of
                the agency's start page. */}
            <NativeSelect
              label={T.filterLabel}
              data={AGREEMENT_OPTIONS}
              value={agreement ?? ALL}
              onChange={(event) => filterByAgreement(event.currentTarget.value)}
              w={200}
              maw="100%"
            />
          </Group>
        }
      />
      <PagedList
        list={list}
        search={state.search}
        // With a filter, no families is said in the table ('No data', as for a search), not by the
        // card that invites the first one.
        empty={
          agreement
            ? undefined
            : {
                icon: (
                  <IconUsersGroup size={56} stroke={1.3} color="var(--mantine-color-blue-4)" aria-hidden />
                ),
                text: MSG.families.noFamiliesYet,
                action: { label: MSG.nav.addNewFamily, to: '/add-new-family' },
              }
        }
        caption={MSG.nav.manageFamilies}
        columns={columns}
        rowKey={(g) => g._id}
        sort={state.sort ? { key: 'status', direction: state.sort } : undefined}
        onSort={() => go({ sort: state.sort === 'asc' ? 'desc' : 'asc', page: 1 })}
        page={state.page}
        onPage={(page) => go({ page })}
        moreNote={MSG.families.moreFamiliesMatch(FAMILY_SEARCH_COUNT_LIMIT.toLocaleString('en-US'))}
      />
      <ConfirmDialog
        opened={discarding !== null}
        title={MSG.families.discardTitle}
        message={MSG.families.discardConfirm}
        confirmLabel={MSG.families.discard}
        loading={discard.isPending}
        destructive
        onCancel={() => setDiscarding(null)}
        onConfirm={confirmDiscard}
      />
    </>
  );
}
