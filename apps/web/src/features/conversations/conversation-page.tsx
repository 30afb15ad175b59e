// /manage-families/{id}/channel/{channelId}: the conversation history of a channel.
// Breadcrumb Manage Families › family › channel › Conversation History: the family's name and the
// channel's label come with the navigation from the family page, and are fetched when the page is
// opened directly (a deep link, a reload). The messages load at once and the open conversation looks
// for new ones every 50 s (docs/architecture.md). EXPORT e-mails the whole conversation as a PDF; the
// switch disables or enables the channel after a confirmation.
import { MSG, memberRoleLabel } from '@bridge-talk/contract';
import { Alert, Button, Center, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { conversationKeys } from './api/conversation-keys.js';
import { useConversationChannels } from './api/get-channels.js';
import { useLatestMessages, useMessageHistory } from './api/list-messages.js';
import { useSetChannelStatus } from './api/set-channel-status.js';
import { ExportDialog } from './components/export-dialog.js';
import { mergeConversation } from './components/merge-messages.js';
import { MessageViewer } from './components/message-viewer.js';

/** What the family page passes along (spec: the group name and channel label come from there). */
interface ConversationState {
  groupName?: string;
  channelLabel?: string;
}

function stateOf(value: unknown): ConversationState {
  if (!value || typeof value !== 'object') return {};
  const { groupName, channelLabel } = value as Record<string, unknown>;
  return {
    ...(typeof groupName === 'string' ? { groupName } : {}),
    ...(typeof channelLabel === 'string' ? { channelLabel } : {}),
  };
}

export function ConversationPage() {
  const { id: groupId = '', channelId = '' } = useParams();
  const passed = stateOf(useLocation().state);
  const queryClient = useQueryClient();
  const channels = useConversationChannels(groupId);
  const channel = channels.data?.channels.find((c) => c.id === channelId);
  const history = useMessageHistory(groupId, channelId);
  const latest = useLatestMessages(groupId, channelId, history.data?.pages[0]);
  const setStatus = useSetChannelStatus(groupId, channelId);
  const [confirmingStatus, setConfirmingStatus] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState(false);

  const merged = useMemo(
    () => mergeConversation(history.data?.pages ?? [], latest.data),
    [history.data, latest.data],
  );
  useEffect(() => {
    // More arrived than one refresh holds: start again from the newest page.
    if (merged.gap) void queryClient.resetQueries({ queryKey: conversationKeys.history(groupId, channelId) });
  }, [merged.gap, queryClient, groupId, channelId]);

  const groupName = channels.data ? (channels.data.groupName ?? MSG.families.notNamedYet) : passed.groupName;
  const channelLabel = channel ? MSG.families.channelLabel(channel.number) : passed.channelLabel;
  const familyPath = `/manage-families/${groupId}/details`;
  const missing =
    (channels.isSuccess && !channel) || (history.error as { status?: number } | null)?.status === 404;

  async function changeStatus() {
    if (!channel) return;
    try {
      const result = await setStatus.mutateAsync({ active: channel.disabled });
      notify.success(result.message);
    } catch {
      notify.error(MSG.common.somethingWrong);
    } finally {
      setConfirmingStatus(false);
    }
  }

  return (
    <>
      <PageHeader
        title={MSG.families.conversationHistory}
        back={familyPath}
        breadcrumbs={[
          { label: MSG.nav.manageFamilies, to: '/manage-families' },
          { label: groupName ?? '…', to: familyPath },
          { label: channelLabel ?? '…', to: familyPath },
          { label: MSG.families.conversationHistory },
        ]}
        info={
          channel && channel.members.length > 0 ? (
            <Text size="sm" c="dimmed" component="span">
              {channel.members.map((m, i) => (
                <span key={m.user_id}>
                  {i > 0 && ' · '}
                  {m.name} ({memberRoleLabel(m.role)}
                  {m.permission === 'read' ? `, ${MSG.families.permissionRead.toLowerCase()}` : ''})
                </span>
              ))}
            </Text>
          ) : undefined
        }
        actions={
          channel && (
            <>
              <Switch
                checked={!channel.disabled}
                onChange={() => setConfirmingStatus(true)}
                label={channel.disabled ? MSG.families.statusInactive : MSG.families.statusActive}
                aria-label={MSG.conversations.channelStatus}
              />
              <Button leftSection={<IconDownload size={16} />} onClick={() => setExporting(true)}>
                {MSG.families.export}
              </Button>
            </>
          )
        }
      />

      {missing ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text fw={600}>{MSG.conversations.channelNotFound}</Text>
            <Button component={Link} to={familyPath} variant="light">
              {MSG.conversations.backToFamily}
            </Button>
          </Stack>
        </Paper>
      ) : history.isError ? (
        <Alert color="red" variant="light" title={MSG.conversations.loadFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
            {MSG.common.tryAgain}
          </Button>
        </Alert>
      ) : history.isPending ? (
        <Paper withBorder radius="md" h={360}>
          <Center h="100%">
            <Loader aria-label="Loading" />
          </Center>
        </Paper>
      ) : merged.messages.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed" py="xl">
            {MSG.conversations.noMessages}
          </Text>
        </Paper>
      ) : (
        <MessageViewer
          messages={merged.messages}
          hasOlder={history.hasNextPage}
          loadingOlder={history.isFetchingNextPage}
          onLoadOlder={() => void history.fetchNextPage()}
        />
      )}

      <ConfirmDialog
        opened={confirmingStatus}
        message={MSG.families.channelStatusConfirm}
        loading={setStatus.isPending}
        destructive={channel?.disabled === false}
        onCancel={() => setConfirmingStatus(false)}
        onConfirm={() => void changeStatus()}
      />
      <ExportDialog
        channelId={channelId}
        opened={exporting}
        done={exported}
        onDone={() => setExported(true)}
        onClose={() => setExporting(false)}
      />
    </>
  );
}
