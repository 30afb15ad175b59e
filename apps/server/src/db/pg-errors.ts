// PostgreSQL's error codes, found on an error or on what it wraps (drizzle and the PGlite thread wrap
// the driver's error in their own).

/** Whether the error, or one it was caused by, carries this SQLSTATE (e.g. '23505', a unique index). */
export function hasPgCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === code) return true;
  }
  return false;
}

/** The statement ran past its statement_timeout and was cancelled. */
export const QUERY_CANCELED = '57014';
