import { apiPath, ROUTES } from '@bridge-talk/contract';
import { apiDownload, queryString } from '../../../shared/api/api-client.js';

/** The signed agreement's bytes: of `version`, or of the current version when it is left out. */
export function downloadAgreementDocument(groupId: string, version?: number): Promise<Blob> {
  return apiDownload(`${apiPath(ROUTES.agreements.document.path, { groupId })}${queryString({ version })}`);
}
