import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { route } from '../../lib/route.js';
import { actorOf } from '../../plugins/authenticate.js';
import { contentDisposition } from '../attachments/file-kinds.js';
import { createAgreementsService } from './agreements.service.js';

/** A CSV download: not JSON, so sent past the route's typed answers (its refusals stay JSON). */
function sendCsv(reply: FastifyReply, csv: string, fileName: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName, 'attachment'))
    .header('cache-control', 'no-store')
    .send(csv);
}

export async function agreementsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const service = createAgreementsService(ctx);
  const entityOnly = { onRequest: app.requireRole('entity') };
  const docs = { tags: ['agreements'] };

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
        summary: 'The agreement report of a period as CSV: each window due in it and what it came to',
      },
    },
    async (request, reply) => {
      const { csv, fileName } = await service.report({
        actor: actorOf(request),
        groupId: request.params.groupId,
        input: request.query,
      });
      return sendCsv(reply, csv, fileName);
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
