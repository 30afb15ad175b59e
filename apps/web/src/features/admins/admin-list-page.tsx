// Bridge Talk Admin: the administrators of the portal, a page at a time (`?page=`), with the count of
// users, Add Account, Edit and Remove (after a confirmation; not one's own account); and whether every
// admin must have a second factor.
import { type AdminUser, MSG } from '@bridge-talk/contract';
import { Button, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import { useSessionUser } from '../../shared/session/session-provider.js';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import type { Column } from '../../shared/ui/data-table.js';
import { PagedList } from '../../shared/ui/list-parts.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { SecondFactorPolicySetting } from '../account/index.js';
import { useAdminList } from './api/list-admins.js';
import { useRemoveAdmin } from './api/remove-admin.js';

export function AdminListPage() {
  const me = useSessionUser();
  const listState = useListState();
  const { page } = listState.state;
  const list = useAdminList(page);
  const remove = useRemoveAdmin();
  const [toRemove, setToRemove] = useState<AdminUser | null>(null);

  useEffect(() => {
    if (list.isError) notify.error(MSG.common.somethingWrong);
  }, [list.isError]);

  const data = list.data;
  // After removing the last admin of the last page, or from an old link: show the last page.
  useLastPageClamp(listState, list);

  async function confirmRemove() {
    if (!toRemove) return;
    try {
      await remove.mutateAsync(toRemove._id);
      notify.success(MSG.extra.adminRemoved);
    } catch (error) {
      // A refusal the admin can understand (their own account, the last admin) is said as it is.
      notify.error(
        error instanceof ApiError && error.status === 409 ? error.message : MSG.common.somethingWrong,
      );
    } finally {
      setToRemove(null);
    }
  }

  const columns: Column<AdminUser>[] = [
    {
      key: 'name',
      header: MSG.columns.name,
      fullText: (a) => a.name,
      render: (a) => <Text fw={500}>{a.name}</Text>,
    },
    { key: 'email', header: MSG.columns.email, fullText: (a) => a.email, render: (a) => a.email },
    {
      key: 'edit',
      action: true,
      header: MSG.columns.edit,
      render: (a) => (
        <Button component={Link} to={`/bridge-talk-admin/${a._id}/edit`} variant="subtle" size="compact-sm">
          {MSG.common.edit}
        </Button>
      ),
    },
    {
      key: 'remove',
      action: true,
      header: MSG.columns.remove,
      render: (a) =>
        a._id === me._id ? (
          <>
            {/* Disabled in a way that still shows the reason on hover and to screen readers. */}
            <Tooltip label={MSG.extra.cannotRemoveSelf}>
              <Button
                color="red"
                variant="light"
                size="compact-sm"
                data-disabled
                aria-disabled
                aria-describedby={`own-account-${a._id}`}
                onClick={(event) => event.preventDefault()}
              >
                {MSG.columns.remove}
              </Button>
            </Tooltip>
            <span id={`own-account-${a._id}`} className="visually-hidden">
              {MSG.extra.cannotRemoveSelf}
            </span>
          </>
        ) : (
          <Button color="red" variant="light" size="compact-sm" onClick={() => setToRemove(a)}>
            {MSG.columns.remove}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={MSG.nav.bridgeTalkAdmin}
        info={data ? MSG.extra.userCount(data.total) : undefined}
        actions={
          <Button component={Link} to="/bridge-talk-admin/create" leftSection={<IconPlus size={16} />}>
            {MSG.common.addAccount}
          </Button>
        }
      />
      <PagedList
        list={list}
        caption={MSG.nav.bridgeTalkAdmin}
        columns={columns}
        rowKey={(a) => a._id}
        page={page}
        onPage={(next) => listState.go({ page: next })}
        showRange={false}
      />
      <SecondFactorPolicySetting />
      <ConfirmDialog
        opened={toRemove !== null}
        message={MSG.admins.removeConfirm}
        loading={remove.isPending}
        destructive
        onCancel={() => setToRemove(null)}
        onConfirm={confirmRemove}
      />
    </>
  );
}
