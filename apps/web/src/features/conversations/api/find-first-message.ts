import { ROUTES } from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

/** The channel's first message, or its first on or after `from` (an ISO time); null when none. */
function findFirstMessage(groupId: string, channelId: string, from?: string) {
  return callApi(ROUTES.conversations.firstMessage, { params: { groupId, channelId }, query: { from } });
}

export const useFindFirstMessage = (groupId: string, channelId: string) =>
  useMutation({ mutationFn: (from: string | undefined) => findFirstMessage(groupId, channelId, from) });
