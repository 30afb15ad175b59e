import { API, apiPath, type ExportRequest, type ExportRequestResponse } from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';

/** Asks for the channel's transcript by e-mail (the server builds and sends it in the background). */
export function requestExport(channelId: string, input: ExportRequest) {
  return apiRequest<ExportRequestResponse>(apiPath(API.channels.exportRequest, { channelId }), {
    method: 'POST',
    body: input,
  });
}

export const useRequestExport = (channelId: string) =>
  useMutation({ mutationFn: (input: ExportRequest) => requestExport(channelId, input) });
