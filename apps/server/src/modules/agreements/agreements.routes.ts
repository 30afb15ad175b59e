import type { Readable } from 'node:stream';
import { AGREEMENT_DOCUMENT_MAX_BYTES, AGREEMENT_MSG, endpoints, MSG } from '@bridge-talk/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { readingErrorsAsRefusals } from '../../lib/upload-bytes.js';
import { actorOf } from '../../plugins/authenticate.js';
import { contentDisposition } from '../attachments/file-kinds.js';
import { createAgreementsService } from './agreements.service.js';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

/** A file download: not JSON, so sent past the route's typed answers (its refusals stay JSON). */
function sendFile(
  reply: FastifyReply,
  file: { body: string | Buffer; fileName: string; format: 'csv' | 'pdf' },
) {
  return reply
    .header('content-type', CONTENT_TYPES[file.format])
    .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** The signed agreement's bytes as a download, past the route's typed answers. */
function sendDocument(
  reply: FastifyReply,
  file: { body: Readable; fileName: string; contentType: string; size: number },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
    .header('cache-control', 'no-store')
    .send(file.body);
}

export async function agreementsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createAgreementsService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const docs = { tags: ['agreements'] };
  // The signed agreement is read here only (this plugin's routes), one file, never beyond its largest
  // size: a bigger body is cut off and refused, not buffered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: AGREEMENT_DOCUMENT_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });
  const tooLarge = () => new AppError('TOO_LARGE', AGREEMENT_MSG.documentTooLarge);

  // Multipart, not JSON: the entry checks the address and the answers; the file is read here.
  route(
    app,
    endpoints.agreements.attachDocument,
    {
      ...entityOnly,
      config: { rateLimit: { max: 30, timeWindow: 10 * 60_000 } },
      schema: {
        ...docs,
        consumes: ['multipart/form-data'],
        summary: 'Attach the signed agreement (a PDF or a JPEG or PNG picture) to the current version',
      },
    },
    async (request, reply) => {
      try {
        if (!request.isMultipart()) throw new AppError('BAD_REQUEST', AGREEMENT_MSG.documentMissing);
        const parts = readingErrorsAsRefusals(request.files(), tooLarge)[Symbol.asyncIterator]();
        const first = await parts.next();
        if (first.done) throw new AppError('BAD_REQUEST', AGREEMENT_MSG.documentMissing);
        return await service.attachDocument({
          actor: actorOf(request),
          groupId: request.params.groupId,
          upload: {
            body: readingErrorsAsRefusals(first.value.file, tooLarge),
            fileName: first.value.filename,
            requestEnded: async () => {
              if (!(await parts.next()).done)
                throw new AppError('BAD_REQUEST', MSG.conversations.fileTooMany);
            },
          },
        });
      } catch (error) {
        // A refused upload's remaining bytes are not read: the connection closes after the answer.
        reply.header('connection', 'close');
        throw error;
      }
    },
  );

  // Bytes, not JSON: its JSON answers are the refusals.
  route(
    app,
    endpoints.agreements.document,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'The signed agreement of the current version (or ?version=N), as a file' },
    },
    async (request, reply) => {
      const file = await service.document({
        actor: actorOf(request),
        groupId: request.params.groupId,
        input: request.query,
      });
      return sendDocument(reply, file);
    },
  );

  route(
    app,
    endpoints.agreements.get,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          "A family's contact agreement: a version's items and the state of each window, and every version",
      },
    },
    async (request) =>
      service.get({ actor: actorOf(request), groupId: request.params.groupId, input: request.query }),
  );

  route(
    app,
    endpoints.agreements.save,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'Write a new version of the contact agreement, from its first day' },
    },
    async (request) =>
      service.save({ actor: actorOf(request), groupId: request.params.groupId, input: request.body }),
  );

  route(
    app,
    endpoints.agreements.report,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          'The agreement report of a period as CSV or PDF (fingerprinted): each window due in it and what it came to',
      },
    },
    async (request, reply) => {
      const file = await service.report({
        actor: actorOf(request),
        groupId: request.params.groupId,
        input: request.query,
      });
      return sendFile(reply, file);
    },
  );

  route(
    app,
    endpoints.agreements.due,
    {
      ...entityOnly,
      schema: { ...docs, summary: "The entity's families with an agreement item overdue or due soon" },
    },
    async (request) => service.due({ actor: actorOf(request), input: request.query }),
  );

  route(
    app,
    endpoints.agreements.dueCount,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'How many families have an agreement item overdue or due soon' },
    },
    async (request) => service.dueCount({ actor: actorOf(request) }),
  );

  route(
    app,
    endpoints.agreements.summary,
    {
      ...entityOnly,
      schema: {
        ...docs,
        summary:
          "The entity's year of agreements: families, windows due, kept on time, late, missed, excused",
      },
    },
    async (request) => service.summary({ actor: actorOf(request), input: request.query }),
  );

  route(
    app,
    endpoints.agreements.summaryFile,
    {
      ...entityOnly,
      schema: { ...docs, summary: "The entity's year of agreements as CSV, a row per family and the totals" },
    },
    async (request, reply) =>
      sendFile(reply, await service.summaryFile({ actor: actorOf(request), input: request.query })),
  );

  // Answers 404 unless the server runs with TEST_CLOCK=true (journeys that let time pass).
  route(
    app,
    endpoints.agreements.testClock,
    { schema: { ...docs, summary: "Tests only (TEST_CLOCK=true): set the agreements' clock" } },
    async (request) => service.setTestClock(request.body.now),
  );

  route(
    app,
    endpoints.agreements.mark,
    {
      ...entityOnly,
      schema: { ...docs, summary: 'Mark a window of an item given on a day, or excused with a reason' },
    },
    async (request) =>
      service.mark({ actor: actorOf(request), groupId: request.params.groupId, input: request.body }),
  );
}
