// Terms and conditions: the latest version (public: the logged-out modal reads it), one version and
// saving a new version (admin only). Html is sanitised here, on save, by an allow-list.
import {
  type CreateTermsRequest,
  isEmptyTermsHtml,
  MSG,
  type Terms,
  ZCreateTermsRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { AppError, isUuid, notFound } from '../../lib/app-error.js';
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
  return {
    _id: row.id,
    content: sanitizeTermsHtml(row.content),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createTermsService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** The terms in force, or null before a first version is saved. */
    async getLatestTerms(): Promise<Terms | null> {
      const row = await repo.findLatestTerms(db);
      return row ? toTerms(row) : null;
    },

    async getTerms({ actor, input }: { actor: Actor; input: { id: string } }): Promise<Terms> {
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN', MSG.extra.forbidden);
      const row = isUuid(input.id) ? await repo.findTermsById(db, input.id) : null;
      if (!row) throw notFound();
      return toTerms(row);
    },

    /** Saves a new version (every earlier one is kept): the next number, the html sanitised. */
    async createTerms({ actor, input }: { actor: Actor; input: CreateTermsRequest }): Promise<Terms> {
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN', MSG.extra.forbidden);
      const { title, content } = ZCreateTermsRequest.parse(input);
      const { sanitizeTermsHtml } = await termsHtml();
      const values = { title, content: sanitizeTermsHtml(content), createdBy: actor.userId };
      // Text that only disallowed html held (a script, an image) is gone once sanitised.
      if (isEmptyTermsHtml(values.content)) {
        throw new AppError('BAD_REQUEST', MSG.extra.termsEmpty, { content: MSG.extra.termsEmpty });
      }
      for (let attempt = 1; ; attempt++) {
        try {
          return await toTerms(await repo.insertNextVersion(db, values));
        } catch (error) {
          if (attempt >= VERSION_ATTEMPTS) throw error;
        }
      }
    },
  };
}
