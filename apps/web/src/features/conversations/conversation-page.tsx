// /manage-families/{id}/channel/{channelId}: the conversation history of a channel.
// Breadcrumb Manage Families › family › channel › Conversation History: the family's name and the
// channel's label come with the navigation from the family page, and are fetched when the page is
// opened directly (a deep link, a reload). The messages load at once and the open conversation looks
// for new ones every 50 s (docs/architecture.md). EXPORT e-mails the whole conversation as a PDF; the
// switch disables or enables the channel after a confirmation. `?message=<id>` (a search hit, a link)
// opens the conversation at that message, highlighted, with newer pages below it until the newest;
// search in the conversation, and going to a date or to the first message, sit above the messages.
import { MSG, memberRoleLabel } from '@bridge-talk/contract';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useChannelEvents } from './api/channel-events.js';
import { conversationKeys } from './api/conversation-keys.js';
import { useConversationChannels } from './api/get-channels.js';
import { useMessagesAround } from './api/get-messages-around.js';
import { useLatestMessages, useMessageHistory } from './api/list-messages.js';
import { useSetChannelStatus } from './api/set-channel-status.js';
import { ConversationJump } from './components/conversation-jump.js';
import { ConversationSearch } from './components/conversation-search.js';
import { ExportDialog } from './components/export-dialog.js';
import { mergeConversation } from './components/merge-messages.js';
import { MessageViewer } from './components/message-viewer.js';

/** What the family page passes along (spec: the group name and channel label come from there). */
interface ConversationState {
  groupName?: string;
  channelLabel?: string;
  /** Opened from the reported messages: the queue's address, filters and page included, to go back to. */
  fromReports?: string;
}

function stateOf(value: unknown): ConversationState {
  if (!value || typeof value !== 'object') return {};
  const { groupName, channelLabel, fromReports } = value as Record<string, unknown>;
  return {
    ...(typeof groupName === 'string' ? { groupName } : {}),
    ...(typeof channelLabel === 'string' ? { channelLabel } : {}),
    ...(typeof fromReports === 'string' && /^\/reports(\?|$)/.test(fromReports) ? { fromReports } : {}),
  };
}

export function ConversationPage() {
  const { id: groupId = '', channelId = '' } = useParams();
  const location = useLocation();
  const passed = stateOf(location.state);
  const queryClient = useQueryClient();
  const channels = useConversationChannels(groupId);
  const channel = channels.data?.channels.find((c) => c.id === channelId);
  const [searchParams, setSearchParams] = useSearchParams();
  const openAt = searchParams.get('message');
  const history = useMessageHistory(groupId, channelId, !openAt);
  const around = useMessagesAround(groupId, channelId, openAt);
  // Opened at a message, the pages are the window's; the newest are reached when no newer page is left.
  const pages = openAt ? around : history;
  const atNewest = !openAt || (around.isSuccess && !around.hasPreviousPage);
  const latest = useLatestMessages(groupId, channelId, atNewest ? pages.data?.pages[0] : undefined);
  // A new message or report fetches the newest page at once (the 50-second refresh is the fallback).
  useChannelEvents(groupId, channelId, atNewest && pages.isSuccess);
  const setStatus = useSetChannelStatus(groupId, channelId);
  const [confirmingStatus, setConfirmingStatus] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState(false);

  const merged = useMemo(
    () => mergeConversation(pages.data?.pages ?? [], atNewest ? latest.data : undefined),
    [pages.data, atNewest, latest.data],
  );
  useEffect(() => {
    // More arrived than one refresh holds: start again from the newest page (or the message).
    if (!merged.gap) return;
    const queryKey = openAt
      ? conversationKeys.around(groupId, channelId, openAt)
      : conversationKeys.history(groupId, channelId);
    void queryClient.resetQueries({ queryKey });
  }, [merged.gap, queryClient, groupId, channelId, openAt]);

  // Moving within the conversation keeps what the page was opened with (the way back to the queue).
  const openMessage = (messageId: string) =>
    setSearchParams({ message: messageId }, { state: location.state });
  const backToLatest = () => setSearchParams({}, { state: location.state });

  const groupName = channels.data ? (channels.data.groupName ?? MSG.families.notNamedYet) : passed.groupName;
  const channelLabel = channel ? MSG.families.channelLabel(channel.number) : passed.channelLabel;
  const familyPath = `/manage-families/${groupId}/details`;
  const notFound = (pages.error as { status?: number } | null)?.status === 404;
  const missing = (channels.isSuccess && !channel) || (notFound && !openAt);

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
                  <bdi>{m.name}</bdi> ({memberRoleLabel(m.role)}
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
      ) : (
        <Stack gap="sm">
          <ConversationSearch groupId={groupId} channelId={channelId} onOpen={openMessage} openId={openAt} />
          <ConversationJump groupId={groupId} channelId={channelId} onOpen={openMessage} />
          {(openAt || passed.fromReports) && (
            <Group justify="flex-end">
              {passed.fromReports && (
                <Button component={Link} to={passed.fromReports} variant="subtle" size="compact-sm">
                  {MSG.viewer.backToReports}
                </Button>
              )}
              {openAt && (
                <Button variant="light" size="compact-sm" onClick={backToLatest}>
                  {MSG.viewer.backToLatest}
                </Button>
              )}
            </Group>
          )}
          {openAt && notFound ? (
            <Paper withBorder radius="md" p="xl">
              <Text ta="center" fw={600} py="xl">
                {MSG.viewer.messageNotFound}
              </Text>
            </Paper>
          ) : pages.isError ? (
            <Alert color="red" variant="light" title={MSG.conversations.loadFailed}>
              <Button size="xs" variant="light" color="red" onClick={() => void pages.refetch()}>
                {MSG.common.tryAgain}
              </Button>
            </Alert>
          ) : pages.isPending ? (
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
              // A new message to open at is a new opening: the viewer starts again, centred on it.
              key={openAt ?? 'latest'}
              messages={merged.messages}
              hasOlder={pages.hasNextPage}
              loadingOlder={pages.isFetchingNextPage}
              onLoadOlder={() => void pages.fetchNextPage()}
              hasNewer={Boolean(openAt) && around.hasPreviousPage}
              loadingNewer={around.isFetchingPreviousPage}
              onLoadNewer={() => void around.fetchPreviousPage()}
              highlightedId={openAt}
            />
          )}
        </Stack>
      )}

      <ConfirmDialog
        opened={confirmingStatus}
        message={MSG.families.channelStatusConfirm}
        loading={setStatus.isPending}
        destructive={channel?.disabled === false}
        onCancel={() => setConfirmingStatus(false)}
        onConfirm={changeStatus}
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
