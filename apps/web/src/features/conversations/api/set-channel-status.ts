import { type ChannelStatusRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

function setChannelStatus(groupId: string, channelId: string, input: ChannelStatusRequest) {
  return callApi(ROUTES.conversations.manager, { params: { groupId, channelId }, body: input });
}

/** After a channel's status changes, every query about its family (here and on its pages) refreshes. */
function useRefreshFamily(groupId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(groupId) });
}

/** Enables or disables the open conversation's channel. */
export function useSetChannelStatus(groupId: string, channelId: string) {
  const onSuccess = useRefreshFamily(groupId);
  return useMutation({
    mutationFn: (input: ChannelStatusRequest) => setChannelStatus(groupId, channelId, input),
    onSuccess,
  });
}

/** Enables or disables any channel of the family (the family page's channel list); a disabled channel accepts no messages. */
export function useSetFamilyChannelStatus(groupId: string) {
  const onSuccess = useRefreshFamily(groupId);
  return useMutation({
    mutationFn: ({ channelId, active }: { channelId: string; active: boolean }) =>
      setChannelStatus(groupId, channelId, { active }),
    onSuccess,
  });
}
