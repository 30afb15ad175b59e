import type { FastifyReply } from 'fastify';
import type { ServedAttachment } from './attachments.service.js';

/** Writes a served attachment: its status, its headers (type, length, range, caching) and its bytes. */
export function sendAttachment(reply: FastifyReply, served: ServedAttachment) {
  return reply.code(served.status).headers(served.headers).send(served.body);
}
