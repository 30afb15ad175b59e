import type { ROUTES } from '../routes.js';
import {
  ZMessageResponse,
  ZReopenReportRequest,
  ZReportActionResponse,
  ZReportAlertSetting,
  ZReportCountResponse,
  ZReportListQuery,
  ZReportListResponse,
  ZReportParams,
  ZReviewReportRequest,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403);
const notFound = errorAnswers(400, 401, 403, 404);

/** The entity's reported messages; a report of another entity answers 404. */
export const reportEndpoints = {
  list: { query: ZReportListQuery, responses: { 200: ZReportListResponse, ...refused } },
  count: { responses: { 200: ZReportCountResponse, ...refused } },
  /** 409 when it is already reviewed. */
  review: {
    params: ZReportParams,
    body: ZReviewReportRequest,
    responses: { 200: ZReportActionResponse, ...notFound, ...errorAnswers(409) },
  },
  /** 409 when it is already open. */
  reopen: {
    params: ZReportParams,
    body: ZReopenReportRequest,
    responses: { 200: ZReportActionResponse, ...notFound, ...errorAnswers(409) },
  },
  alerts: { responses: { 200: ZReportAlertSetting, ...refused } },
  setAlerts: { body: ZReportAlertSetting, responses: { 200: ZMessageResponse, ...refused } },
  /** Signed by Stream with the API secret (x-signature); 401 when the signature is wrong. */
  streamWebhook: { responses: { 200: ZMessageResponse, ...errorAnswers(400, 401, 404) } },
} satisfies SchemasOf<typeof ROUTES.reports>;
