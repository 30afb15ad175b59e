import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import { ZExportVerifyResponse, ZSha256 } from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

export const exportEndpoints = {
  /** Public: was a file with this SHA-256 issued by the portal? When, and of which channel. */
  verify: {
    params: z.object({ hash: ZSha256 }),
    responses: { 200: ZExportVerifyResponse, ...errorAnswers(400, 429) },
  },
} satisfies SchemasOf<typeof ROUTES.exports>;
