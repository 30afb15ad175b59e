import { API, apiPath, type ChannelStatusRequest, type MessageResponse } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';

export function setChannelStatus(groupId: string, channelId: string, input: ChannelStatusRequest) {
  return apiRequest<MessageResponse>(apiPath(API.channels.manager, { groupId, channelId }), {
    method: 'POST',
    body: input,
  });
}

/** Enables or disables the channel; every query about this family (here and on its pages) refreshes. */
export function useSetChannelStatus(groupId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChannelStatusRequest) => setChannelStatus(groupId, channelId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(groupId) }),
  });
}
