// Entity Management: the searched, status-sortable, paginated list of agencies and lawyers. The search
// text, the sort and the page live in the address, so a reload, a deep link and Back keep them.
import { type Entity, entityStatusLabel, MSG } from '@bridge-talk/contract';
import { Button, Text } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import type { Column } from '../../shared/ui/data-table.js';
import { ListSearch, PagedList } from '../../shared/ui/list-parts.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import { useEntityList } from './api/list-entities.js';
import { useChangeEntityStatus } from './api/update-entity.js';

const STATUS_COLOURS = { Active: 'green', Disabled: 'gray', Pending: 'yellow' } as const;

export function EntityListPage() {
  const listState = useListState();
  const { state, go, typed, setTyped } = listState;
  const navigate = useNavigate();
  const list = useEntityList(state);
  const changeStatus = useChangeEntityStatus();
  const [toDisable, setToDisable] = useState<Entity | null>(null);
  const [toEnable, setToEnable] = useState<Entity | null>(null);

  useEffect(() => {
    if (list.isError) notify.error(MSG.common.somethingWrong);
  }, [list.isError]);

  useLastPageClamp(listState, list);

  // An access request has no address or contract yet: it is enabled by saving its completed form. A
  // disabled entity too, after the confirmation: nothing changes until its form is saved.
  function enable(entity: Entity) {
    if (entity.status === 'pending') navigate(`/entity-management/${entity._id}/edit`);
    else setToEnable(entity);
  }

  async function disable(entity: Entity) {
    try {
      await changeStatus.mutateAsync({ id: entity._id, status: 'inactive' });
      notify.success(MSG.entities.changeStatusSuccess);
    } catch {
      notify.error(MSG.common.somethingWrong);
    } finally {
      setToDisable(null);
    }
  }

  const columns: Column<Entity>[] = [
    {
      key: 'name',
      header: MSG.columns.name,
      fullText: (e) => e.name,
      render: (e) => <Text fw={500}>{e.name}</Text>,
    },
    { key: 'email', header: MSG.columns.email, fullText: (e) => e.email, render: (e) => e.email },
    {
      key: 'status',
      header: MSG.columns.status,
      sortable: true,
      render: (e) => {
        const label = entityStatusLabel(e.status);
        return (
          <StatusBadge color={STATUS_COLOURS[label as keyof typeof STATUS_COLOURS]}>{label}</StatusBadge>
        );
      },
    },
    {
      key: 'view',
      action: true,
      header: MSG.columns.view,
      // An access request is seen (and rejected) on its details page before it is enabled.
      render: (e) =>
        (e.active || e.status === 'pending') && (
          <Button
            component={Link}
            to={`/entity-management/${e._id}/details`}
            variant="subtle"
            size="compact-sm"
          >
            {MSG.columns.view}
          </Button>
        ),
    },
    {
      key: 'edit',
      action: true,
      header: MSG.columns.edit,
      render: (e) =>
        e.active && (
          <Button component={Link} to={`/entity-management/${e._id}/edit`} variant="subtle" size="compact-sm">
            {MSG.common.edit}
          </Button>
        ),
    },
    {
      key: 'toggle',
      action: true,
      header: 'Disable/enable',
      render: (e) =>
        e.active ? (
          <Button color="red" variant="light" size="compact-sm" onClick={() => setToDisable(e)}>
            {MSG.entities.disable}
          </Button>
        ) : (
          <Button
            color="green"
            variant="light"
            // Dark text on the green tint: green.9 on it is under 4.5:1.
            c="gray.9"
            size="compact-sm"
            loading={changeStatus.isPending && changeStatus.variables?.id === e._id}
            onClick={() => enable(e)}
          >
            {MSG.entities.enable}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={MSG.nav.entityManagement}
        actions={
          <Button component={Link} to="/entity-management/create" leftSection={<IconPlus size={16} />}>
            {MSG.common.addAccount}
          </Button>
        }
        search={<ListSearch label={MSG.entities.searchPlaceholder} value={typed} onChange={setTyped} />}
      />
      <PagedList
        list={list}
        search={state.search}
        empty={{
          icon: (
            <IconBuildingCommunity size={56} stroke={1.3} color="var(--mantine-color-blue-4)" aria-hidden />
          ),
          text: MSG.extra.noEntitiesYet,
          action: { label: MSG.common.addAccount, to: '/entity-management/create' },
        }}
        caption={MSG.nav.entityManagement}
        columns={columns}
        rowKey={(e) => e._id}
        sort={state.sort ? { key: 'status', direction: state.sort } : undefined}
        onSort={() => go({ sort: state.sort === 'asc' ? 'desc' : 'asc', page: 1 })}
        page={state.page}
        onPage={(page) => go({ page })}
      />
      <ConfirmDialog
        opened={toDisable !== null}
        message={MSG.entities.changeStatusConfirm}
        loading={changeStatus.isPending}
        destructive
        onCancel={() => setToDisable(null)}
        onConfirm={() => (toDisable ? disable(toDisable) : undefined)}
      />
      <ConfirmDialog
        opened={toEnable !== null}
        message={MSG.entities.changeStatusConfirm}
        onCancel={() => setToEnable(null)}
        onConfirm={() => toEnable && navigate(`/entity-management/${toEnable._id}/edit?enable=1`)}
      />
    </>
  );
}
