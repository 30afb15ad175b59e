// The caseworker's desk: the reports queue (every reported message of the entity's families), the
// review of a report, and the alert setting.
import { z } from 'zod';
import { MSG } from '../messages.js';

export const REPORT_PAGE_SIZE = 25;
export const REVIEW_NOTE_MAX = 2000;
/** The first line of a reported message as the queue shows it, at most this long. */
export const REPORT_EXCERPT_MAX = 200;

export const REPORT_STATES = ['open', 'reviewed'] as const;
export const ZReportState = z.enum(REPORT_STATES);
export type ReportState = z.infer<typeof ZReportState>;

/** GET /api/reports: open ones first, newest first; filtered by state and family. */
export const ZReportListQuery = z.object({
  /** `all` (the default) lists open reports before reviewed ones. */
  state: z.enum(['all', ...REPORT_STATES]).default('all'),
  groupId: z.uuid(MSG.reports.reportNotFound).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type ReportListQuery = z.input<typeof ZReportListQuery>;

export const ZReport = z.object({
  id: z.string(),
  groupId: z.string(),
  /** The family's name as the families list shows it. */
  familyName: z.string(),
  channelId: z.string(),
  /** 'Channel n'; null when the channel is no longer known. */
  channelNumber: z.number().int().nullable(),
  messageId: z.string(),
  reportedBy: z.string(),
  /** Who wrote the reported message; null when the chat provider did not say. */
  author: z.string().nullable(),
  reason: z.string().nullable(),
  /** ISO date-time. */
  reportedAt: z.string(),
  /** The message's first line as plain text (empty for a picture alone). */
  excerpt: z.string(),
  state: ZReportState,
  reviewedAt: z.string().nullable(),
  /** The reviewer's name; null when open, or when the account is gone. */
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type Report = z.infer<typeof ZReport>;

export const ZReportListResponse = z.object({
  reports: z.array(ZReport),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportListResponse = z.infer<typeof ZReportListResponse>;

/** The side menu's badge: the entity's open reports. */
export const ZReportCountResponse = z.object({ open: z.number().int() });
export type ReportCountResponse = z.infer<typeof ZReportCountResponse>;

export const ZReportParams = z.object({ id: z.uuid(MSG.reports.reportNotFound) });

export const ZReviewReportRequest = z.object({
  note: z
    .string(MSG.reports.reviewNoteRequired)
    .trim()
    .min(1, MSG.reports.reviewNoteRequired)
    .max(REVIEW_NOTE_MAX, MSG.validation.tooLong(MSG.fields.reviewNote, REVIEW_NOTE_MAX)),
});
export type ReviewReportRequest = z.input<typeof ZReviewReportRequest>;

/** Reopening says why: the reason is kept in the family's activity. */
export const ZReopenReportRequest = z.object({
  reason: z
    .string(MSG.reports.reopenReasonRequired)
    .trim()
    .min(1, MSG.reports.reopenReasonRequired)
    .max(REVIEW_NOTE_MAX, MSG.validation.tooLong(MSG.fields.reopenReason, REVIEW_NOTE_MAX)),
});
export type ReopenReportRequest = z.input<typeof ZReopenReportRequest>;

export const ZReportActionResponse = z.object({ message: z.string(), report: ZReport });

export const REPORT_ALERT_MODES = ['immediate', 'daily'] as const;
export const ZReportAlertMode = z.enum(REPORT_ALERT_MODES);
export type ReportAlertMode = z.infer<typeof ZReportAlertMode>;

/** GET and PUT /api/reports/alerts: how the entity's sign-in e-mail hears of new reports. */
export const ZReportAlertSetting = z.object({ mode: ZReportAlertMode });
export type ReportAlertSetting = z.infer<typeof ZReportAlertSetting>;
