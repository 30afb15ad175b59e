// Terms and conditions and the privacy policy: each document's latest version (public: the logged-out
// modal reads it), its list of versions, one version and saving a new version (admin only). Html is
// sanitised here, on save, by an allow-list.
import {
  isEmptyTermsHtml,
  MSG,
  type Terms,
  type TermsDocument,
  type TermsVersion,
  type ZCreateTermsRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { AppError, isUuid, notFound } from '../../lib/app-error.js';
import type { Valid } from '../../lib/route.js';
import * as repo from './terms.repository.js';

/** Saves racing for the same version number retry this often before giving up. */
const VERSION_ATTEMPTS = 3;

/** The HTML sanitiser loads with the first terms read or saved, not with the server. */
const termsHtml = () => import('./terms-html.js');

/**
 * A version as answered: its html passed through today's allow-list, so a version stored with inline
 * styles (which the pages' Content-Security-Policy refuses) is read with the classes that show them.
 */
async function toTerms(row: repo.TermsRow): Promise<Terms> {
  const { sanitizeTermsHtml } = await termsHtml();
  return { ...toVersion(row), content: sanitizeTermsHtml(row.content) };
}

function toVersion(row: repo.TermsVersionRow): TermsVersion {
  return {
    _id: row.id,
    document: row.document,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    author: row.author,
  };
}

function requireAdmin(actor: Actor) {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', MSG.extra.forbidden);
}

export function createTermsService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** The document's version in force, or null before a first version is saved. */
    async getLatestTerms({ input }: { input: { document: TermsDocument } }): Promise<Terms | null> {
      const row = await repo.findLatestTerms(db, input.document);
      return row ? toTerms(row) : null;
    },

    async listTermsVersions({
      actor,
      input,
    }: {
      actor: Actor;
      input: { document: TermsDocument };
    }): Promise<{ versions: TermsVersion[] }> {
      requireAdmin(actor);
      return { versions: (await repo.listTermsVersions(db, input.document)).map(toVersion) };
    },

    async getTerms({ actor, input }: { actor: Actor; input: { id: string } }): Promise<Terms> {
      requireAdmin(actor);
      const row = isUuid(input.id) ? await repo.findTermsById(db, input.id) : null;
      if (!row) throw notFound();
      return toTerms(row);
    },

    /**
     * Saves a new version of the document (every earlier one is kept): the next number, the html
     * sanitised. A text that is, once sanitised, the version in force's saves nothing: that version is
     * answered, `unchanged`.
     */
    async createTerms({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZCreateTermsRequest>;
    }): Promise<Terms & { unchanged: boolean }> {
      requireAdmin(actor);
      const { document, title, content } = input;
      const { sanitizeTermsHtml } = await termsHtml();
      const values = { document, title, content: sanitizeTermsHtml(content), createdBy: actor.userId };
      // Text that only disallowed html held (a script, an image) is gone once sanitised.
      if (isEmptyTermsHtml(values.content)) {
        throw new AppError('BAD_REQUEST', MSG.extra.termsEmpty, { content: MSG.extra.termsEmpty });
      }
      for (let attempt = 1; ; attempt++) {
        try {
          const { row, unchanged } = await repo.insertNextVersion(db, values);
          return { ...(await toTerms(row)), unchanged };
        } catch (error) {
          if (attempt >= VERSION_ATTEMPTS) throw error;
        }
      }
    },
  };
}
