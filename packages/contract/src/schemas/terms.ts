// Terms and conditions: every saved version is kept; the latest is the one in force.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { isEmptyTermsHtml } from '../rules/terms.js';

/** The terms editor's html may be long, but not unbounded (the body limit is 1 MB). */
export const TERMS_CONTENT_MAX = 500_000;
export const TERMS_TITLE_MAX = 200;

export const ZTerms = z.object({
  _id: z.string(),
  /** Sanitised html: the server sanitises on save, the browser again (DOMPurify) when showing it. */
  content: z.string(),
  version: z.number().int().positive(),
  /** ISO date-time. */
  updatedAt: z.string(),
});
export type Terms = z.infer<typeof ZTerms>;

/** POST /api/term/create: whatever the editor holds; the title is the fixed 'Term 1'. */
export const ZCreateTermsRequest = z.object({
  title: z
    .string()
    .trim()
    .min(1)
    .max(TERMS_TITLE_MAX, MSG.validation.tooLong(MSG.fields.title, TERMS_TITLE_MAX))
    .default(MSG.terms.defaultTitle),
  // An editor emptied by hand still holds empty paragraphs: that would publish blank terms.
  content: z
    .string()
    .max(TERMS_CONTENT_MAX, MSG.validation.tooLong(MSG.fields.content, TERMS_CONTENT_MAX))
    .refine((html) => !isEmptyTermsHtml(html), MSG.extra.termsEmpty),
});
export type CreateTermsRequest = z.input<typeof ZCreateTermsRequest>;
