import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import {
  ZAdminListQuery,
  ZAdminListResponse,
  ZAdminRequest,
  ZAdminUser,
  ZId,
  ZMessageResponse,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403);
const ZIdParams = z.object({ id: ZId });

export const adminEndpoints = {
  /** A page of admins (`?page=`), or one admin (`?id=`). */
  list: {
    query: ZAdminListQuery,
    responses: { 200: z.union([ZAdminListResponse, ZAdminUser]), ...refused, ...errorAnswers(404) },
  },
  create: { body: ZAdminRequest, responses: { 201: ZAdminUser, ...refused, ...errorAnswers(409) } },
  edit: {
    params: ZIdParams,
    body: ZAdminRequest,
    responses: { 200: ZAdminUser, ...refused, ...errorAnswers(404, 409) },
  },
  /** Not yourself, not the last one; the admin's sessions end. */
  remove: { params: ZIdParams, responses: { 200: ZMessageResponse, ...refused, ...errorAnswers(404, 409) } },
} satisfies SchemasOf<typeof ROUTES.admins>;
