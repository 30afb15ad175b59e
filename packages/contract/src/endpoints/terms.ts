import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import { ZCreateTermsRequest, ZId, ZTerms } from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403);

export const termEndpoints = {
  /** Public (the logged-out screens show the terms); 404 before a first version is saved. */
  last: { responses: { 200: ZTerms, ...errorAnswers(404) } },
  byId: { params: z.object({ id: ZId }), responses: { 200: ZTerms, ...refused, ...errorAnswers(404) } },
  /** The html is sanitised. */
  create: { body: ZCreateTermsRequest, responses: { 201: ZTerms, ...refused } },
} satisfies SchemasOf<typeof ROUTES.term>;
