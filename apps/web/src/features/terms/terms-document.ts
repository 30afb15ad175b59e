// The two documents the administrator keeps — the terms of use and the privacy policy — and what each
// is called. The page's address names the document (`?document=privacy`), so a reload keeps it.
import { MSG, type TermsDocument } from '@bridge-talk/contract';

export function documentOf(search: URLSearchParams): TermsDocument {
  return search.get('document') === 'privacy' ? 'privacy' : 'terms';
}

/** The address of a terms page for the document: the terms' own without a query. */
export function withDocument(path: string, document: TermsDocument): string {
  return document === 'privacy' ? `${path}?document=privacy` : path;
}

export const DOCUMENT_TEXTS: Record<
  TermsDocument,
  { label: string; title: string; saved: string; notPublished: string; writeFirst: string }
> = {
  terms: {
    label: MSG.auth.termsOfUse,
    // The spec's fixed title of a terms version.
    title: MSG.terms.defaultTitle,
    saved: MSG.extra.termsSaved,
    notPublished: MSG.extra.termsNotPublished,
    writeFirst: MSG.extra.writeFirstTerms,
  },
  privacy: {
    label: MSG.auth.privacyPolicy,
    title: MSG.auth.privacyPolicy,
    saved: MSG.terms.privacySaved,
    notPublished: MSG.terms.privacyNotPublished,
    writeFirst: MSG.terms.writeFirstPrivacy,
  },
};
