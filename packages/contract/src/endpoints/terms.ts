import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import { ZCreateTermsRequest, ZId, ZTerms } from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403);

export const termEndpoints = {
  /**
   * Public (the logged-out screens show the terms); null before a first version is saved — a state
   * every fresh portal is in, not a failed request.
   */
  last: { responses: { 200: ZTerms.nullable() } },
  byId: { params: z.object({ id: ZId }), responses: { 200: ZTerms, ...refused, ...errorAnswers(404) } },
  /** The html is sanitised. */
  create: { body: ZCreateTermsRequest, responses: { 201: ZTerms, ...refused } },
} satisfies SchemasOf<typeof ROUTES.term>;
