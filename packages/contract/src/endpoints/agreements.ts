import type { ROUTES } from '../routes.js';
import {
  ZAgreementParams,
  ZAgreementQuery,
  ZAgreementReportQuery,
  ZAgreementResponse,
  ZAgreementsDueCountResponse,
  ZAgreementsDueQuery,
  ZAgreementsDueResponse,
  ZAgreementsSummaryQuery,
  ZAgreementsSummaryResponse,
  ZMarkAgreementWindowRequest,
  ZSaveAgreementRequest,
  ZTestClockRequest,
  ZTestClockResponse,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const notFound = errorAnswers(400, 401, 403, 404);

/** A family's contact agreement; a family of another entity answers 404. */
export const agreementEndpoints = {
  /** The current version (or `?version=N`), its items and their windows, and every version. */
  get: {
    params: ZAgreementParams,
    query: ZAgreementQuery,
    responses: { 200: ZAgreementResponse, ...notFound },
  },
  /** Writes a new version from its first day; answers the agreement as `get` does. */
  save: {
    params: ZAgreementParams,
    body: ZSaveAgreementRequest,
    responses: { 200: ZAgreementResponse, ...notFound },
  },
  /** Marks one window of a current item given or excused; 409 when it is already marked. */
  mark: {
    params: ZAgreementParams,
    body: ZMarkAgreementWindowRequest,
    responses: { 200: ZAgreementResponse, ...notFound, ...errorAnswers(409) },
  },
  /** The report as CSV (text/csv, an attachment): only its refusals are JSON. */
  report: { params: ZAgreementParams, query: ZAgreementReportQuery, responses: notFound },
  /** Multipart (one file, 'file'): checked by its bytes; answers the agreement with its document. */
  attachDocument: {
    params: ZAgreementParams,
    responses: { 200: ZAgreementResponse, ...notFound, ...errorAnswers(409, 413, 415) },
  },
  /** The file's bytes (an attachment); 404 when the version has none. */
  document: { params: ZAgreementParams, query: ZAgreementQuery, responses: notFound },
  due: {
    query: ZAgreementsDueQuery,
    responses: { 200: ZAgreementsDueResponse, ...errorAnswers(400, 401, 403) },
  },
  dueCount: { responses: { 200: ZAgreementsDueCountResponse, ...errorAnswers(401, 403) } },
  summary: {
    query: ZAgreementsSummaryQuery,
    responses: { 200: ZAgreementsSummaryResponse, ...errorAnswers(400, 401, 403) },
  },
  /** The summary as CSV (text/csv, an attachment): only its refusals are JSON. */
  summaryFile: { query: ZAgreementsSummaryQuery, responses: errorAnswers(400, 401, 403) },
  testClock: { body: ZTestClockRequest, responses: { 200: ZTestClockResponse, ...errorAnswers(400, 404) } },
} satisfies SchemasOf<typeof ROUTES.agreements>;
