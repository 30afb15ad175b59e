import type { ROUTES } from '../routes.js';
import { ZHealthResponse, ZReadyResponse } from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

export const systemEndpoints = {
  health: { responses: { 200: ZHealthResponse } },
  ready: { responses: { 200: ZReadyResponse, ...errorAnswers(503) } },
  /** Pages of @fastify/swagger-ui (HTML), registered under this path by the server. */
  docs: { responses: {} },
} satisfies SchemasOf<typeof ROUTES.system>;
