import { SECOND_FACTOR_KINDS, type SecondFactorKind } from '@bridge-talk/contract';

/** The kinds a 428's answer names (read without zod: the login page loads no schema up front). */
export function secondFactorKindsOf(body: Record<string, unknown>): SecondFactorKind[] {
  const named = Array.isArray(body.kinds) ? (body.kinds as unknown[]) : [];
  return SECOND_FACTOR_KINDS.filter((kind) => named.includes(kind));
}
