import { z } from 'zod';

/** Every error the API answers: a message for a toast, and per-field messages for forms. */
export const ZErrorResponse = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A refusal for too many attempts: when the next one is taken (also sent as Retry-After). */
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZMessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof ZMessageResponse>;

export const ZId = z.string().min(1).max(64);

export const ZHealthResponse = z.object({ status: z.literal('ok') });
/** Each dependency the portal needs: whether it answered the readiness probe in time. */
const ZReadyChecks = z.object({
  database: z.enum(['ok', 'down']),
  storage: z.enum(['ok', 'down']),
  mail: z.enum(['ok', 'down']),
});
export const ZReadyResponse = ZReadyChecks.extend({ status: z.literal('ready') });
/** 503: which dependency is down, with the message every error answer has. */
export const ZNotReadyResponse = ZReadyChecks.extend({ status: z.literal('unready'), message: z.string() });
