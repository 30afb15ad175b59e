import { z } from 'zod';
import { MSG } from '../messages.js';

/** Verification and activation codes are exactly 6 characters. */
export const VERIFICATION_CODE_LENGTH = 6;

/** A code as typed or pasted: surrounding spaces are dropped, then exactly 6 characters remain. */
export const ZVerificationCode = z.string().trim().length(VERIFICATION_CODE_LENGTH, MSG.extra.codeLength);
export type VerificationCode = z.infer<typeof ZVerificationCode>;
