import type { ROUTES } from '../routes.js';
import { ZHealthResponse, ZNotReadyResponse, ZReadyResponse } from '../schemas/index.js';
import type { SchemasOf } from './endpoint.js';

export const systemEndpoints = {
  health: { responses: { 200: ZHealthResponse } },
  ready: { responses: { 200: ZReadyResponse, 503: ZNotReadyResponse } },
  /** Pages of @fastify/swagger-ui (HTML), registered under this path by the server. */
  docs: { responses: {} },
} satisfies SchemasOf<typeof ROUTES.system>;
