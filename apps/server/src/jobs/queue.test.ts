import { sql } from 'drizzle-orm';
import PgBoss10 from 'pg-boss-10';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPersistentTestDatabase, openTestDatabase, silentLogger } from '../../test/databases.js';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, eventually } from '../../test/test-app.js';
import { currentRequestId, runInRequestScope } from '../lib/request-scope.js';
import { findSentMailTo } from '../modules/mail/mail.repository.js';
import { queueMail } from '../modules/mail/mail.service.js';
import { pgliteBossDb } from './pglite-boss-db.js';
import { createJobQueue } from './queue.js';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

describe('mail through the job queue', () => {
  it('delivers a queued message over SMTP and records it once', async () => {
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@test.local>' });
    try {
      await queueMail(t.app.ctx.queue, {
        to: 'someone@test.local',
        subject: 'Hello there',
        text: 'Line one',
      });
      const mail = await eventually(async () => smtp.messages.find((m) => m.subject === 'Hello there'));
      expect(mail.text?.trim()).toBe('Line one');
      expect(mail.from?.text).toContain('portal@test.local');
      const rows = await eventually(async () => {
        const sent = await findSentMailTo(t.db(), 'someone@test.local');
        return sent.length ? sent : null;
      });
      expect(rows).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('keeps a message in the outbox table when no SMTP server is configured', async () => {
    const t = await createTestApp();
    try {
      await queueMail(t.app.ctx.queue, {
        to: 'outbox@test.local',
        subject: 'Code',
        text: 'Your code is K7QZXW',
      });
      const rows = await eventually(async () => {
        const sent = await findSentMailTo(t.db(), 'outbox@test.local');
        return sent.length ? sent : null;
      });
      expect(rows[0]).toMatchObject({ subject: 'Code', text: 'Your code is K7QZXW' });
      // OUTBOX_LOG_TEXT=false in tests: the body stays out of the log.
      expect(t.logs.join('')).not.toContain('K7QZXW');
    } finally {
      await t.close();
    }
  });

  it('runs a job queued before a restart after the restart', async () => {
    const store = await createPersistentTestDatabase({
      pglite: inject('pgliteTemplate'),
      postgres: inject('postgresTemplate'),
    });
    try {
      const firstDb = await store.open();
      const first = await createTestApp({ SMTP_URL: smtp.url }, { database: firstDb, startWorkers: false });
      await queueMail(first.app.ctx.queue, {
        to: 'restart@test.local',
        subject: 'Survives restarts',
        text: 'x',
      });
      await first.close();
      await firstDb.close();
      expect(smtp.messages.some((m) => m.subject === 'Survives restarts')).toBe(false);

      const secondDb = await store.open();
      const second = await createTestApp({ SMTP_URL: smtp.url }, { database: secondDb });
      try {
        await eventually(async () => smtp.messages.find((m) => m.subject === 'Survives restarts'), 20_000);
        expect(smtp.messages.filter((m) => m.subject === 'Survives restarts')).toHaveLength(1);
      } finally {
        await second.close();
        await secondDb.close();
      }
    } finally {
      await store.drop();
    }
  });

  it('retries a delivery that failed until the SMTP server answers', async () => {
    const down = 'smtp://127.0.0.1:1';
    const t = await createTestApp({ SMTP_URL: down });
    try {
      await queueMail(t.app.ctx.queue, { to: 'retry@test.local', subject: 'Retried', text: 'x' });
      await eventually(async () => t.logs.some((l) => l.includes('job failed')), 15_000);
      const sent = await findSentMailTo(t.db(), 'retry@test.local');
      expect(sent).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it("brings over a queue in pg-boss 10's schema: its waiting jobs run once", async () => {
    const { database, drop } = await openTestDatabase({
      pglite: inject('pgliteTemplate'),
      postgres: inject('postgresTemplate'),
    });
    try {
      // A queue in pg-boss 10's schema with a mail job waiting.
      await database.db.execute(sql`drop schema pgboss cascade`);
      const earlier =
        database.kind === 'pglite' && database.pglite
          ? new PgBoss10({ db: pgliteBossDb(database.pglite) as never })
          : new PgBoss10({ connectionString: database.connectionString, max: 2 });
      await earlier.start();
      await earlier.createQueue('mail.send', { name: 'mail.send', retryLimit: 10, retryDelay: 5 });
      await earlier.send('mail.send', {
        to: 'upgrade@test.local',
        subject: 'Queued by pg-boss 10',
        text: 'x',
      });
      await earlier.stop({ graceful: false, close: database.kind !== 'pglite' });
      const [before] = (
        (await database.db.execute(sql`select version from pgboss.version`)) as unknown as {
          rows: { version: number }[];
        }
      ).rows;
      expect(Number(before!.version)).toBe(24);

      const t = await createTestApp({ SMTP_URL: smtp.url }, { database });
      try {
        await eventually(async () => smtp.messages.find((m) => m.subject === 'Queued by pg-boss 10'), 20_000);
        expect(smtp.messages.filter((m) => m.subject === 'Queued by pg-boss 10')).toHaveLength(1);
        const [after] = (
          (await database.db.execute(sql`select version from pgboss.version`)) as unknown as {
            rows: { version: number }[];
          }
        ).rows;
        expect(Number(after!.version)).toBeGreaterThan(24);
        // The old queue, emptied, is gone.
        const [old] = (
          (await database.db.execute(
            sql`select to_regclass('pgboss_v10.job') is null as gone`,
          )) as unknown as {
            rows: { gone: boolean }[];
          }
        ).rows;
        expect(old!.gone).toBe(true);
      } finally {
        await t.close();
      }
    } finally {
      await drop();
    }
  });

  it('runs a job in the scope of the request that queued it, its id kept out of the data; reports a failed attempt', async () => {
    const { database, drop } = await openTestDatabase({
      pglite: inject('pgliteTemplate'),
      postgres: inject('postgresTemplate'),
    });
    const queue = await createJobQueue(database, silentLogger, { pollSeconds: 0.5 });
    try {
      const seen = new Map<string, { data: unknown; requestId: string | undefined }>();
      const failures: [string, boolean][] = [];
      queue.onJobFailed((name, final) => failures.push([name, final]));
      queue.register('conversation.export', async (data) => {
        seen.set(data.exportId, { data, requestId: currentRequestId() });
        if (data.exportId === 'of-a-request') throw new Error('the first attempt fails');
      });
      await queue.startWorkers();
      await runInRequestScope('queue-test-request', () =>
        queue.send('conversation.export', { exportId: 'of-a-request' }),
      );
      await queue.send('conversation.export', { exportId: 'of-nobody' });
      await eventually(async () => seen.size === 2 && failures.length === 1);
      expect(Object.fromEntries(seen)).toEqual({
        'of-a-request': { data: { exportId: 'of-a-request' }, requestId: 'queue-test-request' },
        'of-nobody': { data: { exportId: 'of-nobody' }, requestId: undefined },
      });
      expect(failures).toEqual([['conversation.export', false]]);
    } finally {
      await queue.stop();
      await drop();
    }
  });

  it('lets a job that is running when the queue stops finish, and records it before the stop returns', async () => {
    const { database, drop } = await openTestDatabase({
      pglite: inject('pgliteTemplate'),
      postgres: inject('postgresTemplate'),
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const queue = await createJobQueue(database, silentLogger, { pollSeconds: 0.5 });
      let started = () => {};
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      queue.register('attachments.cleanup', async () => {
        started();
        await finished;
      });
      await queue.startWorkers();
      const id = await queue.send('attachments.cleanup', {});
      await running;
      const stopping = queue.stop();
      setTimeout(finish, 300);
      await stopping;
      const rows = await database.db.execute(sql`select state from pgboss.job where id = ${id}`);
      const [job] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { state: string }[];
      expect(job?.state).toBe('completed');
    } finally {
      await drop();
      // A statement left behind by the stop would fail now that the database is closed.
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
