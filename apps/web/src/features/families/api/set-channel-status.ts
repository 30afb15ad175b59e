import { API, apiPath, type ChannelStatusRequest, type MessageResponse } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

export function setChannelStatus(groupId: string, channelId: string, input: ChannelStatusRequest) {
  return apiRequest<MessageResponse>(apiPath(API.channels.manager, { groupId, channelId }), {
    method: 'POST',
    body: input,
  });
}

/** Enables or disables a channel of the family (a disabled channel accepts no messages). */
export function useSetChannelStatus(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, active }: { channelId: string; active: boolean }) =>
      setChannelStatus(groupId, channelId, { active }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.channels(groupId) }),
  });
}
