// One error type for every expected failure; the error handler maps its code to an HTTP status once.
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PASSWORD_NOT_SET: 406,
  CONFLICT: 409,
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
