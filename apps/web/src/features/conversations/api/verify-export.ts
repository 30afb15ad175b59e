import { ROUTES } from '@bridge-talk/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

/** Public: whether the portal issued a file with this fingerprint (no session needed, none refreshed). */
function verifyExport(sha256: string, signal?: AbortSignal) {
  return callApi(ROUTES.conversations.verifyExport, { params: { hash: sha256 }, signal, skipRefresh: true });
}

export const useExportVerification = (sha256: string | null) =>
  useQuery({
    queryKey: ['export-verification', sha256],
    queryFn: ({ signal }) => verifyExport(sha256!, signal),
    enabled: sha256 !== null,
    retry: false,
  });
