// One error type for every expected failure; the error handler maps its code to an HTTP status once.
import { MSG } from '@bridge-talk/contract';
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PASSWORD_NOT_SET: 406,
  SECOND_STEP_REQUIRED: 428,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** More of the answer's body, for the rare error the client acts on (e.g. a 406 carries `state`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.extra = extra;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** The answer for an id that names nothing the caller may see: unknown, foreign and malformed alike. */
export function notFound(): AppError {
  return new AppError('NOT_FOUND', MSG.extra.notFound);
}

/** Admin-only services refuse any other role, whatever the route guard let through. */
export function assertAdmin(actor: { role: string }): void {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', MSG.extra.forbidden);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a row id at all (a malformed one is looked up as nothing). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
