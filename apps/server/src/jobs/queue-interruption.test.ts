// A job whose worker died in the middle of it — the process killed while it built the transcript — is
// left 'active' in the queue with nobody working on it. The queue's supervisor times it out, a live
// worker retries it, and the work is done exactly once: one e-mail, one completed export.
import { endpoints } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../test/conversations.js';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { eventually } from '../../test/test-app.js';
import { listExports } from '../modules/conversations/exports.repository.js';

let smtp: SmtpCapture;
let c: ConversationApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Workers start later, in the test: first the job is stranded as a killed worker leaves it.
  c = await createConversationApp('local', { SMTP_URL: smtp.url }, { startWorkers: false });
});
afterAll(async () => {
  await c.close();
  await smtp.close();
});

interface JobRow {
  state: string;
  retry_count: number;
}

async function jobOf(exportId: string): Promise<JobRow & { id: string }> {
  const result = (await c.t.sql(
    `select id, state, retry_count from pgboss.job where name = 'conversation.export' and data->>'exportId' = '${exportId}'`,
  )) as { rows: (JobRow & { id: string })[] };
  return result.rows[0]!;
}

describe('a job interrupted mid-run', () => {
  it('is timed out, retried by a live worker and completes exactly once', async () => {
    const owner = await signedInEntity(c.t);
    const f = await familyWithChannel(c, owner.entityId);
    await c.post({ channelId: f.channelId, userId: f.parent.memberId, html: '<p>Before the crash</p>' });
    const email = `interrupted-${Date.now()}@records.test`;
    const requested = await call(c.t.app, endpoints.conversations.exportRequest, {
      params: { channelId: f.channelId },
      auth: owner.authorization,
      body: { email },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const { exportId } = requested.json();
    const job = await jobOf(exportId);
    expect(job.state).toBe('created');

    // What a worker killed mid-run leaves behind: the job claimed ('active', started, never settled).
    // Its start is put back past the job's expiry and the retry delay to none, so that the test need
    // not wait the production timeout (10 minutes) and the backoff (30 s); the tests' app checks for
    // expired jobs every second.
    await c.t.sql(
      `update pgboss.job set state = 'active',
         started_on = now() - expire_seconds * interval '1 second' - interval '5 seconds',
         retry_delay = 0, retry_backoff = false where id = '${job.id}'`,
    );

    await c.t.app.ctx.queue.startWorkers();
    const [sent] = await eventually(async () => {
      const rows = await listExports(c.t.db(), owner.entityId, f.groupId);
      return rows[0]?.status === 'sent' ? rows : null;
    }, 20_000);
    expect(sent?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const settled = await eventually(async () => {
      const row = await jobOf(exportId);
      return row.state === 'completed' ? row : null;
    });
    // Retried once: the stranded attempt was counted as failed, the live worker's attempt completed.
    expect(settled.retry_count).toBe(1);
    // Exactly one e-mail, also after the queue had time to do anything more.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const delivered = smtp.messages.filter((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)),
    );
    expect(delivered).toHaveLength(1);
  });
});
