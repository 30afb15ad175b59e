import { type AgreementsSummaryQuery, ROUTES } from '@bridge-talk/contract';
import { apiDownload, queryString } from '../../../shared/api/api-client.js';

/** The year's summary as the CSV file the agency keeps: a row per family and one of totals. */
export function downloadAgreementsSummary(year: number): Promise<Blob> {
  const query: AgreementsSummaryQuery = { year };
  return apiDownload(`${ROUTES.agreements.summaryFile.path}${queryString(query)}`);
}
