// /manage-families/{id}/details (also /edit): the family page. The header says how the family pays
// ('Payment method: Card', 'Plan: Lifetime' or 'Monthly'), with edit icons only for a monthly plan;
// the members table toggles a person's status and the channels table a channel's, each after a
// confirmation; 'Add member' or 'Edit' leads to the family's members form. Its billing section says
// what the family pays and lists its charges.
import {
  type Channel,
  type FamilyMember,
  familyDisplayName,
  formatDate,
  groupPlanLabel,
  MSG,
  memberRoleLabel,
} from '@bridge-talk/contract';
import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconHistory, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import { type Column, DataTable } from '../../shared/ui/data-table.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { AgreementSummary } from '../agreements/index.js';
import { FamilyBilling } from '../billing/index.js';
import { useSetFamilyChannelStatus } from '../conversations/index.js';
import { useFamily } from './api/get-family.js';
import { channelsQuery, useChannels } from './api/list-channels.js';
import { membersQuery, useMembers } from './api/list-members.js';
import { useSetMemberStatus } from './api/set-member-status.js';
import { type FamilyNavigationState, familyCrumbs, isMissingFamily } from './components/family-header.js';

const PERMISSION_LABEL = { read: MSG.families.permissionRead, write: MSG.families.permissionWrite } as const;

export function FamilyPage() {
  const { id = '' } = useParams();
  const family = useFamily(id);
  // The sections below show once the family has come, but their lists are asked for with it, not after
  // it: the page is whole one round trip sooner.
  usePrefetchQuery(membersQuery(id));
  usePrefetchQuery(channelsQuery(id));
  const missing = isMissingFamily(family.error);
  const name = family.data ? familyDisplayName(family.data) : '';
  const state: FamilyNavigationState = { groupName: name };

  return (
    <>
      <PageHeader
        title={name || MSG.families.familyDetails}
        back="/manage-families"
        breadcrumbs={familyCrumbs(id, name)}
        actions={
          // Shown from the start (they need the family's id only), so that the header does not grow
          // and push the page down when the family arrives.
          !family.isError && (
            <Group gap="sm">
              <Button
                component={Link}
                to={`/manage-families/${id}/activity`}
                state={state}
                variant="default"
                leftSection={<IconHistory size={16} />}
              >
                {MSG.activity.familyTab}
              </Button>
              <Button
                component={Link}
                to={`/manage-families/${id}/edit-group`}
                state={state}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                {MSG.families.editGroupName}
              </Button>
            </Group>
          )
        }
      />
      {family.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={family.isPending}>
          {family.data && (
            <Stack gap="lg">
              <Paper withBorder radius="md" p="md">
                <Group gap="xl" wrap="wrap">
                  <Group gap={6}>
                    <Text fw={600}>{MSG.families.paymentMethodCard}</Text>
                    {!family.data.oneTime && family.data.plan && (
                      <Tooltip label={MSG.families.updateBilling}>
                        <ActionIcon
                          component={Link}
                          to={`/manage-families/${id}/update-billing`}
                          state={state}
                          variant="subtle"
                          aria-label={MSG.families.updateBilling}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                  {family.data.plan && (
                    <Group gap={6}>
                      <Text fw={600}>{groupPlanLabel(family.data)}</Text>
                      {!family.data.oneTime && (
                        <Tooltip label={MSG.families.changePlan}>
                          <ActionIcon
                            component={Link}
                            to={`/manage-families/${id}/update-plan`}
                            state={state}
                            variant="subtle"
                            aria-label={MSG.families.changePlan}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  )}
                  {family.data.billingInformation && (
                    <Text c="dimmed" size="sm">
                      {family.data.billingInformation.email}
                    </Text>
                  )}
                </Group>
              </Paper>
              {family.data.plan && <FamilyBilling groupId={id} />}
              <MembersSection groupId={id} groupName={name} />
              <ChannelsSection groupId={id} groupName={name} />
              <AgreementSummary groupId={id} groupName={name} />
            </Stack>
          )}
        </LoadingOverlay>
      )}
    </>
  );
}

function MembersSection({ groupId, groupName }: { groupId: string; groupName: string }) {
  const members = useMembers(groupId);
  const setStatus = useSetMemberStatus(groupId);
  const [toToggle, setToToggle] = useState<FamilyMember | null>(null);
  const none = members.data?.result.length === 0;

  async function confirm(member: FamilyMember) {
    try {
      const result = await setStatus.mutateAsync({ userId: member._id, active: !member.active });
      notify.success(result.message);
    } catch {
      notify.error(MSG.common.somethingWrong);
    } finally {
      setToToggle(null);
    }
  }

  const columns: Column<FamilyMember>[] = [
    {
      key: 'name',
      header: MSG.columns.name,
      fullText: (m) => m.name,
      render: (m) => <Text fw={600}>{m.name}</Text>,
    },
    { key: 'email', header: MSG.columns.email, fullText: (m) => m.email ?? '', render: (m) => m.email ?? '' },
    { key: 'role', header: MSG.columns.role, render: (m) => memberRoleLabel(m.role) },
    { key: 'created', header: MSG.columns.created, render: (m) => formatDate(m.createdAt) },
    {
      key: 'status',
      header: MSG.columns.status,
      render: (m) => (
        <Switch
          checked={m.active}
          onChange={() => setToToggle(m)}
          label={m.active ? MSG.families.statusActive : MSG.families.statusInactive}
          aria-label={`Status of ${m.name}`}
        />
      ),
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {MSG.families.members}
        </Title>
        <Button
          component={Link}
          to={`/manage-families/${groupId}/update-families`}
          state={{ groupName } satisfies FamilyNavigationState}
          leftSection={none ? <IconUserPlus size={16} /> : <IconPencil size={16} />}
        >
          {none ? MSG.families.addMember : MSG.common.edit}
        </Button>
      </Group>
      {members.isError ? (
        <LoadError onRetry={() => void members.refetch()} />
      ) : (
        <DataTable
          caption={MSG.families.members}
          columns={columns}
          rows={members.data?.result}
          rowKey={(m) => m._id}
          loading={members.isPending}
          rowProps={(m) => ({ muted: !m.active })}
        />
      )}
      <ConfirmDialog
        opened={toToggle !== null}
        message={toToggle?.active ? MSG.extra.memberDeactivateConfirm : MSG.extra.memberActivateConfirm}
        loading={setStatus.isPending}
        destructive={toToggle?.active === true}
        onCancel={() => setToToggle(null)}
        onConfirm={() => (toToggle ? confirm(toToggle) : undefined)}
      />
    </Paper>
  );
}

function ChannelsSection({ groupId, groupName }: { groupId: string; groupName: string }) {
  const channels = useChannels(groupId);
  const setStatus = useSetFamilyChannelStatus(groupId);
  const [toToggle, setToToggle] = useState<Channel | null>(null);

  async function confirm(channel: Channel) {
    try {
      const result = await setStatus.mutateAsync({ channelId: channel.id, active: channel.disabled });
      notify.success(result.message);
    } catch {
      notify.error(MSG.common.somethingWrong);
    } finally {
      setToToggle(null);
    }
  }

  const columns: Column<Channel>[] = [
    {
      key: 'channel',
      header: MSG.families.channelColumn,
      render: (c) => <Text fw={600}>{MSG.families.channelLabel(c.number)}</Text>,
    },
    {
      key: 'users',
      header: MSG.columns.users,
      render: (c) => (
        <Stack gap={2}>
          {c.members.map((m) => (
            <Text key={m.user_id} size="sm">
              <bdi>{m.name}</bdi>{' '}
              <Text span c="dimmed" size="xs">
                ({memberRoleLabel(m.role)})
              </Text>
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'permission',
      header: MSG.columns.permission,
      render: (c) => (
        <Stack gap={2}>
          {c.members.map((m) => (
            <Text key={m.user_id} size="sm">
              {PERMISSION_LABEL[m.permission]}
            </Text>
          ))}
        </Stack>
      ),
    },
    { key: 'created', header: MSG.columns.created, render: (c) => formatDate(c.created) },
    {
      key: 'reports',
      header: MSG.columns.reports,
      align: 'center',
      render: (c) =>
        c.hasReports ? (
          <Text component="span" c="red.9" fw={800} size="lg" aria-label={MSG.families.reportedMessages}>
            {MSG.families.reportsFlag}
          </Text>
        ) : null,
    },
    {
      key: 'view',
      action: true,
      header: MSG.columns.view,
      render: (c) => (
        <Button
          component={Link}
          to={`/manage-families/${groupId}/channel/${c.id}`}
          state={{ groupName, channelLabel: MSG.families.channelLabel(c.number) }}
          variant="subtle"
          size="compact-sm"
          aria-label={`${MSG.columns.view} ${MSG.families.channelLabel(c.number)}`}
        >
          {MSG.columns.view}
        </Button>
      ),
    },
    {
      key: 'status',
      header: MSG.columns.status,
      render: (c) => (
        <Switch
          checked={!c.disabled}
          onChange={() => setToToggle(c)}
          label={c.disabled ? MSG.families.statusInactive : MSG.families.statusActive}
          aria-label={`Status of ${MSG.families.channelLabel(c.number)}`}
        />
      ),
    },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {MSG.families.channels}
      </Title>
      {channels.isError ? (
        <LoadError onRetry={() => void channels.refetch()} />
      ) : (
        <DataTable
          caption={MSG.families.channels}
          columns={columns}
          rows={channels.data?.channels}
          rowKey={(c) => c.id}
          loading={channels.isPending}
          rowProps={(c) => ({ muted: c.disabled })}
        />
      )}
      <ConfirmDialog
        opened={toToggle !== null}
        message={MSG.families.channelStatusConfirm}
        loading={setStatus.isPending}
        destructive={toToggle?.disabled === false}
        onCancel={() => setToToggle(null)}
        onConfirm={() => (toToggle ? confirm(toToggle) : undefined)}
      />
    </Paper>
  );
}
