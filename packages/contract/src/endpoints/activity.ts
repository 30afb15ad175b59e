import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import { ZActivityListResponse, ZActivityQuery, ZPlatformActivityQuery } from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

/** Who did what; a family of another entity answers 404. */
export const activityEndpoints = {
  family: {
    params: z.object({ groupId: z.uuid() }),
    query: ZActivityQuery,
    responses: { 200: ZActivityListResponse, ...errorAnswers(400, 401, 403, 404) },
  },
  /** Administrator only: entities, access requests, admins, plans, coupons and terms; filtered. */
  platform: {
    query: ZPlatformActivityQuery,
    responses: { 200: ZActivityListResponse, ...errorAnswers(400, 401, 403) },
  },
} satisfies SchemasOf<typeof ROUTES.activity>;
