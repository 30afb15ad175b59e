import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import {
  ZCreateTermsRequest,
  ZId,
  ZSavedTerms,
  ZTerms,
  ZTermsDocumentQuery,
  ZTermsVersionList,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403);

export const termEndpoints = {
  /**
   * Public (the logged-out screens show the terms); null before a first version is saved — a state
   * every fresh portal is in, not a failed request.
   */
  last: { query: ZTermsDocumentQuery, responses: { 200: ZTerms.nullable(), ...errorAnswers(400) } },
  byId: { params: z.object({ id: ZId }), responses: { 200: ZTerms, ...refused, ...errorAnswers(404) } },
  /** Every version of one document, newest first, with who saved it and when (admin). */
  versions: { query: ZTermsDocumentQuery, responses: { 200: ZTermsVersionList, ...refused } },
  /** The html is sanitised; a text unchanged from the version in force saves nothing (200). */
  create: { body: ZCreateTermsRequest, responses: { 200: ZSavedTerms, 201: ZSavedTerms, ...refused } },
} satisfies SchemasOf<typeof ROUTES.terms>;
