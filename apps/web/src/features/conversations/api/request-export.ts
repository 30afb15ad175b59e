import { type ExportRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

/** Asks for the channel's transcript by e-mail (the server builds and sends it in the background). */
function requestExport(channelId: string, input: ExportRequest) {
  return callApi(ROUTES.conversations.exportRequest, { params: { channelId }, body: input });
}

export const useRequestExport = (channelId: string) =>
  useMutation({ mutationFn: (input: ExportRequest) => requestExport(channelId, input) });
