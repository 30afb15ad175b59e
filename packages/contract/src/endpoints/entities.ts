import { z } from 'zod';
import type { ROUTES } from '../routes.js';
import {
  ZCreateEntityRequest,
  ZEntity,
  ZEntityDetails,
  ZEntityListQuery,
  ZEntityListResponse,
  ZId,
  ZMessageResponse,
  ZRejectAccessRequest,
  ZUpdateEntityRequest,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403);
const ZIdParams = z.object({ id: ZId });

export const entityEndpoints = {
  list: { query: ZEntityListQuery, responses: { 200: ZEntityListResponse, ...refused } },
  byId: { params: ZIdParams, responses: { 200: ZEntityDetails, ...refused, ...errorAnswers(404) } },
  create: { body: ZCreateEntityRequest, responses: { 201: ZEntity, ...refused, ...errorAnswers(409) } },
  /** The form, or `status` alone: disabling ends the entity's sessions, enabling invites. */
  edit: {
    params: ZIdParams,
    body: ZUpdateEntityRequest,
    responses: { 200: ZEntity, ...refused, ...errorAnswers(404, 409) },
  },
  /** A pending access request is removed; its requester may be told by e-mail. */
  reject: {
    params: ZIdParams,
    body: ZRejectAccessRequest,
    responses: { 200: ZMessageResponse, ...refused, ...errorAnswers(404, 409) },
  },
} satisfies SchemasOf<typeof ROUTES.entities>;
