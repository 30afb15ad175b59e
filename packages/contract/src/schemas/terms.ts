// Terms and conditions, and the privacy policy beside them: two documents, each versioned alike —
// every saved version is kept; the latest of a document is the one in force.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { isEmptyTermsHtml } from '../rules/terms.js';

/** The terms editor's html may be long, but not unbounded (the body limit is 1 MB). */
export const TERMS_CONTENT_MAX = 500_000;
export const TERMS_TITLE_MAX = 200;

/** 'terms': the terms of use (the terms and conditions); 'privacy': the privacy policy. */
export const TERMS_DOCUMENTS = ['terms', 'privacy'] as const;
export const ZTermsDocument = z.enum(TERMS_DOCUMENTS);
export type TermsDocument = z.infer<typeof ZTermsDocument>;

/** Which document a read or a list is about; the terms of use when not said. */
export const ZTermsDocumentQuery = z.object({ document: ZTermsDocument.default('terms') });

/** One saved version as a list shows it: no text. */
export const ZTermsVersion = z.object({
  _id: z.string(),
  document: ZTermsDocument,
  /** Numbered per document: the privacy policy's versions count on their own. */
  version: z.number().int().positive(),
  /** ISO date-time. */
  updatedAt: z.string(),
  /** The administrator who saved it; null once their account is removed. */
  author: z.string().nullable(),
});
export type TermsVersion = z.infer<typeof ZTermsVersion>;

export const ZTerms = ZTermsVersion.extend({
  /** Sanitised html: the server sanitises on save, the browser again (DOMPurify) when showing it. */
  content: z.string(),
});
export type Terms = z.infer<typeof ZTerms>;

/** The versions of one document, newest first. */
export const ZTermsVersionList = z.object({ versions: z.array(ZTermsVersion) });

/**
 * A save's answer: the new version (201), or — when the text is the version in force's, once
 * sanitised — that version, `unchanged`, and nothing saved (200).
 */
export const ZSavedTerms = ZTerms.extend({ unchanged: z.boolean() });

/** POST /api/term/create: whatever the editor holds; the title is the fixed 'Term 1'. */
export const ZCreateTermsRequest = z.object({
  document: ZTermsDocument.default('terms'),
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
