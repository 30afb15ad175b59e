// A rolling upgrade without downtime (docs/deployment.md, 6): two built API processes behind nginx
// running deploy/nginx.conf, on one fresh PostgreSQL database, while a signed-in family manager keeps
// reading and writing through nginx. A copy of the build with one more migration (EXPAND: a column on
// the busy `groups` table, kept by a trigger and backfilled, an index and a table) starts beside them
// and migrates at start while the old processes serve; then each old process is stopped (SIGTERM) and
// started again from the new build on its port; an old process started after that (a rollback) applies
// nothing and serves. A third build (CONTRACT: drops what the expand added) rolls in the same way. Every
// request must answer 2xx, old and new processes must both have answered while they ran side by side,
// and each migration must be recorded once. Last, a control: a contract applied while processes still
// read what it removes makes requests fail, so the check can fail. Runs on PostgreSQL
// (TEST_DATABASE_URL) with nginx installed, against apps/server/dist (`npx tsc -b`).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, endpoints } from '@bridge-talk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { urlOf } from '../../test/api-client.js';
import { createPersistentTestDatabase } from '../../test/databases.js';
import { createEntityUser } from '../../test/factories.js';
import {
  assertBuildIsFresh,
  call,
  freePort,
  nginxBinary,
  nodeArgs,
  type Proc,
  printLastOutput,
  queryRows,
  ready,
  serverEnv,
  serverRoot,
  startNginx,
  startProcess,
  stopAll,
  waitFor,
  within,
} from '../../test/processes.js';
import { eventually } from '../../test/test-app.js';
import { type Database, openDatabase } from '../db/client.js';

const postgres = inject('postgresTemplate');
const runId = Math.random().toString(36).slice(2, 8);

/** The expand: a column of `groups` the old build never names, kept by a trigger, backfilled; an index; a table. */
const EXPAND_SQL = `ALTER TABLE "groups" ADD COLUMN "upgrade_label" text;
--> statement-breakpoint
CREATE FUNCTION "groups_upgrade_label_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."upgrade_label" := lower(coalesce(NEW."name", ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "groups_upgrade_label" BEFORE INSERT OR UPDATE OF "name" ON "groups"
  FOR EACH ROW EXECUTE FUNCTION "groups_upgrade_label_keep"();
--> statement-breakpoint
UPDATE "groups" SET "upgrade_label" = lower(coalesce("name", ''));
--> statement-breakpoint
CREATE INDEX "groups_upgrade_label_idx" ON "groups" ("entity_id", "upgrade_label");
--> statement-breakpoint
CREATE TABLE "upgrade_notes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
  "note" text NOT NULL
);
`;

/** The contract: what the expand added, dropped (no build reads it any more). */
const CONTRACT_SQL = `DROP TABLE "upgrade_notes";
--> statement-breakpoint
DROP TRIGGER "groups_upgrade_label" ON "groups";
--> statement-breakpoint
DROP FUNCTION "groups_upgrade_label_keep"();
--> statement-breakpoint
DROP INDEX "groups_upgrade_label_idx";
--> statement-breakpoint
ALTER TABLE "groups" DROP COLUMN "upgrade_label";
`;

/** A contract too early: a column every running build still reads, taken away (the negative control). */
const PREMATURE_SQL = `ALTER TABLE "groups" RENAME COLUMN "child_last_name" TO "child_last_name_retired";
`;

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

type BuildName = 'old' | 'expand' | 'contract' | 'premature';

/**
 * A build of the server: its dist and its migrations. `old` is apps/server itself; the others are
 * copies inside apps/server (so Node finds node_modules by walking up) with more migrations.
 */
interface Build {
  name: BuildName;
  dir: string;
  migrations: { tag: string; when: number }[];
}

function oldBuild(): Build {
  return { name: 'old', dir: serverRoot, migrations: [] };
}

/** `base` copied (dist and drizzle, files not links), its journal given one more migration. */
function buildWithMigration(base: Build, name: BuildName, tag: string, text: string): Build {
  const dir = path.join(serverRoot, `.upgrade-build-${runId}-${name}`);
  cpSync(path.join(base.dir, 'dist'), path.join(dir, 'dist'), { recursive: true, dereference: true });
  cpSync(path.join(base.dir, 'drizzle'), path.join(dir, 'drizzle'), { recursive: true, dereference: true });
  const journalFile = path.join(dir, 'drizzle/meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] };
  const last = journal.entries.at(-1)!;
  // drizzle applies the entries whose `when` is later than the last one recorded in the database.
  const entry = {
    ...last,
    idx: last.idx + 1,
    when: last.when + 1000,
    tag: `${String(last.idx + 1).padStart(4, '0')}_${tag}`,
  };
  journal.entries.push(entry);
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  writeFileSync(path.join(dir, 'drizzle', `${entry.tag}.sql`), text);
  return { name, dir, migrations: [...base.migrations, { tag: entry.tag, when: entry.when }] };
}

const isOk = (status: number) => status >= 200 && status < 300;

interface Sample {
  op: string;
  status: number;
  /** The process's port that answered last (nginx may have tried another first), 0 when none. */
  port: number;
  /** The build that answered: the build on that port when the request was sent and answered, if one. */
  build: BuildName | 'unknown';
  sentAt: number;
  error?: string;
}

describe.skipIf(!postgres || !nginxBinary)(
  'rolling upgrade: old and new builds side by side behind nginx, expand then contract',
  () => {
    let store: Awaited<ReturnType<typeof createPersistentTestDatabase>>;
    let database: Database;
    let dataDir: string;
    let nginxDir: string;
    let nginxPort = 0;
    let viaNginx: string;
    const procs: Proc[] = [];
    const buildDirs: string[] = [];
    /** The build each port's process runs now (a port is rebound only after its process exited). */
    const buildOn = new Map<number, BuildName>();
    const running = new Map<number, Proc>();
    /** When each port's process last became ready, and when it was last asked to stop. */
    const readyAt = new Map<number, number>();
    const stoppedAt = new Map<number, number>();
    let portA = 0;
    let portB = 0;
    let portC = 0;
    let builds: Record<BuildName, Build>;
    let client: ReturnType<typeof startClient>;

    const rows = <T>(query: SQL) => queryRows<T>(database, query);

    /** Starts a process of `build` on `port` and waits for its /api/ready (after its migrations). */
    async function start(name: string, build: Build, port: number): Promise<Proc> {
      buildOn.set(port, build.name);
      const proc = startProcess(
        name,
        process.execPath,
        nodeArgs(path.join(build.dir, 'dist'), 'main.js'),
        serverEnv({
          port,
          workers: false,
          databaseUrl: store.url!,
          dataDir,
          publicUrl: `http://127.0.0.1:${nginxPort}`,
        }),
      );
      procs.push(proc);
      running.set(port, proc);
      await waitFor(proc, ready(`http://127.0.0.1:${port}`), 45_000);
      readyAt.set(port, Date.now());
      return proc;
    }

    /** SIGTERM to the process on `port`; it must finish its requests and exit 0. */
    async function stop(port: number) {
      const proc = running.get(port)!;
      stoppedAt.set(port, Date.now());
      proc.child.kill('SIGTERM');
      expect(await within(proc.exited, 25_000, `${proc.name} to stop`)).toEqual({ code: 0, signal: null });
      running.delete(port);
    }

    /**
     * The client: two lanes of requests through nginx, one after another in each (reads of the
     * families list, of one family and of the account, a rename of a family, a person added to a family),
     * every answer recorded; until stopped, at most `maxRequests`.
     */
    function startClient(authorization: string, families: string[], spare: string[], maxRequests: number) {
      const samples: Sample[] = [];
      /** POSTs nginx answered 502 without reaching the portal, sent again. */
      const resent: Sample[] = [];
      let stopped = false;
      let sent = 0;
      const ops: ((i: number) => [string, string, { method?: string; body?: unknown }])[] = [
        () => ['list', API.families.list, {}],
        (i) => ['read', urlOf(endpoints.families.byId, { id: families[i % families.length]! }), {}],
        (i) => [
          'rename',
          urlOf(endpoints.families.edit, { groupId: families[i % families.length]! }),
          { method: 'PUT', body: { name: `Robin Rolling ${String.fromCharCode(65 + (i % 26))}` } },
        ],
        () => ['me', API.auth.me, {}],
        () => {
          const groupId = spare.pop();
          return groupId
            ? [
                'create',
                API.families.createUser,
                { method: 'POST', body: { groupId, name: 'Casey Upgrade', subtype: 'child' } },
              ]
            : ['members', urlOf(endpoints.families.members, { id: families[0]! }), {}];
        },
      ];
      const lane = async () => {
        while (!stopped && sent < maxRequests) {
          const i = sent++;
          const [op, url, options] = ops[i % ops.length]!(i);
          let sample = await send(op, url, options);
          // nginx answers 502 to a POST when the process it reused an idle keep-alive connection to
          // closed that connection at that instant (a process stopping): nginx resends any other method
          // itself, never a POST, and the request never reached the portal. The client sends it again, as
          // a browser does after a reset connection. Had the first one been applied, the second would be
          // refused (a family holds one child), and the checks below would see it.
          if (sample.status === 502 && options.method === 'POST') {
            resent.push(sample);
            sample = await send(op, url, options);
          }
          samples.push(sample);
        }
      };
      const send = async (op: string, url: string, options: { method?: string; body?: unknown }) => {
        const before = new Map(buildOn);
        const sentAt = Date.now();
        return call(viaNginx, url, { ...options, authorization }).then(
          (answer) => {
            const port = Number(answer.upstream.split(', ').at(-1)?.split(':')[1] ?? 0);
            const build =
              before.get(port) === buildOn.get(port) ? (buildOn.get(port) ?? 'unknown') : 'unknown';
            return { op, status: answer.status, port, build, sentAt } satisfies Sample;
          },
          (error: Error) =>
            ({ op, status: 0, port: 0, build: 'unknown', sentAt, error: error.message }) satisfies Sample,
        );
      };
      const lanes = Promise.all([lane(), lane()]);
      return {
        samples,
        resent,
        /** Waits until `count` answers to requests sent since `from` match `match` (at most 20 s). */
        async awaitAnswers(count: number, match: (sample: Sample) => boolean, from = Date.now()) {
          await eventually(async () => {
            if (sent >= maxRequests) throw new Error(`the client reached its ${maxRequests} requests`);
            return samples.filter((s) => s.sentAt >= from && match(s)).length >= count;
          }, 20_000);
        },
        async stop() {
          stopped = true;
          await lanes;
        },
      };
    }

    /**
     * One process after the other: stop it (SIGTERM) and start it again from `build` on its port. nginx
     * leaves a server that refused a connection out for fail_timeout (10 s): before a process stops, the
     * other one must be back in nginx's rotation (have answered since it started), or nginx has no
     * server left to send to.
     */
    async function rollOut(build: Build) {
      for (const [port, other, label] of [
        [portA, portB, 'A'],
        [portB, portA, 'B'],
      ] as const) {
        await client.awaitAnswers(3, (s) => s.port === other && isOk(s.status), readyAt.get(other));
        await stop(port);
        await start(`${label} (${build.name})`, build, port);
      }
    }

    async function recordedMigrations(when: number) {
      return rows<{ hash: string }>(
        sql`select hash from drizzle.__drizzle_migrations where created_at = ${when}`,
      );
    }

    beforeAll(async () => {
      assertBuildIsFresh();
      store = await createPersistentTestDatabase({ pglite: inject('pgliteTemplate'), postgres });
      database = await openDatabase({ url: store.url!, poolMax: 3 });
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-upgrade-data-'));
      nginxDir = mkdtempSync(path.join(os.tmpdir(), 'bt-upgrade-nginx-'));
      [portA, portB, portC, nginxPort] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      viaNginx = `http://127.0.0.1:${nginxPort}`;
      const old = oldBuild();
      const copy = (base: Build, name: BuildName, text: string) => {
        const build = buildWithMigration(base, name, `upgrade_test_${name}`, text);
        buildDirs.push(build.dir);
        return build;
      };
      const expand = copy(old, 'expand', EXPAND_SQL);
      const contract = copy(expand, 'contract', CONTRACT_SQL);
      builds = { old, expand, contract, premature: copy(contract, 'premature', PREMATURE_SQL) };

      const nginx = startNginx(nginxDir, nginxPort, [portA, portB]);
      procs.push(nginx);
      await Promise.all([start('A (old)', old, portA), start('B (old)', old, portB)]);
      await waitFor(nginx, ready(viaNginx), 10_000);
    }, 60_000);

    beforeEach((context) => {
      context.onTestFailed(() => printLastOutput(procs, nginxDir));
    });

    afterAll(async () => {
      await client?.stop();
      await stopAll(procs);
      await database?.close();
      await store?.drop();
      for (const dir of [dataDir, nginxDir, ...buildDirs])
        if (dir) rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    it('expand: a new build migrates and replaces the old one process by process, every request answered 2xx', async () => {
      const entity = await createEntityUser(database.db);
      // Families to read and rename, and families the client adds a child to (one each, one request in
      // five, so there are enough for all the client's requests): 60 + 8000 rows.
      const made = await rows<{ id: string; n: number }>(sql`
        insert into groups (entity_id, name, child_first_name, child_last_name)
        select ${entity.entityId}::uuid, 'Robin Family ' || n, 'Robin', 'Family ' || n from generate_series(1, 8060) n
        returning id, substring(child_last_name from 8)::int as n`);
      const families = made.filter((g) => g.n <= 60).map((g) => g.id);
      const spare = made.filter((g) => g.n > 60).map((g) => g.id);
      // One the client never touches, for the rollback's rename below.
      const untouched = spare.shift()!;
      const login = await call(viaNginx, API.auth.login, {
        method: 'POST',
        body: { email: entity.email, password: entity.password, role: 'entity' },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const authorization = `Bearer ${login.body.accessToken}`;
      client = startClient(authorization, families, spare, 40_000);
      await client.awaitAnswers(10, (s) => s.build === 'old' && isOk(s.status));

      // C, of the new build, migrates at start while A and B (old) serve; it takes no traffic from nginx.
      const migrating = Date.now();
      await start('C (expand)', builds.expand, portC);
      const migrated = Date.now();
      const expandWhen = builds.expand.migrations[0]!.when;
      expect(await recordedMigrations(expandWhen)).toHaveLength(1);
      await client.awaitAnswers(10, (s) => s.build === 'old' && isOk(s.status));

      await rollOut(builds.expand);
      await stop(portC);

      const samples = client.samples;
      const answeredDuring = samples.filter((s) => s.sentAt >= migrating && s.sentAt <= migrated);
      // Old and new side by side: while B was still old, A (new) answered, and so did B, on the new schema.
      const overlap = samples.filter(
        (s) => s.sentAt > migrated && s.sentAt < stoppedAt.get(portB)! && isOk(s.status),
      );
      const summary = {
        requests: samples.length,
        resent: client.resent.length,
        answeredWhileCMigrated: answeredDuring.length,
        overlapOld: overlap.filter((s) => s.build === 'old').length,
        overlapNew: overlap.filter((s) => s.build === 'expand').length,
        oldRenamesAfterMigration: overlap.filter((s) => s.op === 'rename' && s.build === 'old').length,
        created: samples.filter((s) => s.op === 'create' && isOk(s.status)).length,
        // Writes nginx never sends twice (POST), sent while A stopped and started again.
        createdWhileARestarted: samples.filter(
          (s) => s.op === 'create' && s.sentAt >= stoppedAt.get(portA)! && s.sentAt <= readyAt.get(portA)!,
        ).length,
      };
      console.info(`expand: ${JSON.stringify(summary)}`);
      expect(samples.filter((s) => !isOk(s.status))).toEqual([]);
      expect(summary.answeredWhileCMigrated).toBeGreaterThan(0);
      expect(summary.overlapOld).toBeGreaterThan(0);
      expect(summary.overlapNew).toBeGreaterThan(0);
      expect(summary.oldRenamesAfterMigration).toBeGreaterThan(0);
      expect(summary.createdWhileARestarted).toBeGreaterThan(0);

      // Recorded once, though three processes of the new build started; backfilled, and kept by the
      // trigger through the old build's renames and the new rows.
      expect(await recordedMigrations(expandWhen)).toHaveLength(1);
      const [label] = await rows<{ total: number; labelled: number; wrong: number }>(sql`
        select count(*)::int as total, count(upgrade_label)::int as labelled,
               count(*) filter (where upgrade_label is distinct from lower(coalesce(name, '')))::int as wrong
          from groups where entity_id = ${entity.entityId}`);
      expect(label).toEqual({ total: 8060, labelled: 8060, wrong: 0 });
      const [notes] = await rows<{ n: number }>(sql`select count(*)::int as n from upgrade_notes`);
      expect(notes!.n).toBe(0);

      // Rolled back: a process of the old build started now applies nothing (its migrations are older
      // than the last one recorded) and serves on the expanded schema, its renames kept by the trigger.
      const [recorded] = await rows<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      await start('C (old again)', builds.old, portC);
      const direct = `http://127.0.0.1:${portC}`;
      expect((await call(direct, API.families.list, { authorization })).status).toBe(200);
      const renamed = await call(direct, urlOf(endpoints.families.edit, { groupId: untouched }), {
        method: 'PUT',
        body: { name: 'Robin Rolled Back' },
        authorization,
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      const [after] = await rows<{ n: number; label: string }>(sql`
        select (select count(*)::int from drizzle.__drizzle_migrations) as n,
               (select upgrade_label from groups where id = ${untouched}) as label`);
      expect(after).toEqual({ n: recorded!.n, label: 'robin rolled back' });
      await stop(portC);
    }, 90_000);

    it('contract: once no old process runs, a build that drops what the expand added rolls in the same way', async () => {
      const from = client.samples.length;
      await start('C (contract)', builds.contract, portC);
      const contractWhen = builds.contract.migrations.at(-1)!.when;
      expect(await recordedMigrations(contractWhen)).toHaveLength(1);
      await rollOut(builds.contract);
      const samples = client.samples.slice(from);
      console.info(
        `contract: ${JSON.stringify({ requests: samples.length, resent: client.resent.length, byContract: samples.filter((s) => s.build === 'contract').length, byExpand: samples.filter((s) => s.build === 'expand').length })}`,
      );
      expect(samples.filter((s) => !isOk(s.status))).toEqual([]);
      expect(samples.filter((s) => s.build === 'expand' && isOk(s.status)).length).toBeGreaterThan(0);
      expect(samples.filter((s) => s.build === 'contract' && isOk(s.status)).length).toBeGreaterThan(0);
      const columns = await rows<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_name = 'groups' and column_name = 'upgrade_label'`,
      );
      expect(columns).toEqual([]);
      const [migrations] = await rows<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(
        readFileSync(path.join(builds.contract.dir, 'drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: JournalEntry[] };
      expect(migrations!.n).toBe(journal.entries.length);
    }, 90_000);

    it('control: a contract applied while running processes still read what it removes makes requests fail', async () => {
      await stop(portC);
      const from = client.samples.length;
      await start('C (premature)', builds.premature, portC);
      await client.awaitAnswers(1, (s) => !isOk(s.status));
      await client.stop();
      const failed = client.samples.slice(from).filter((s) => !isOk(s.status));
      console.info(`control: ${JSON.stringify(failed.slice(0, 3))} (${failed.length} failed)`);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((s) => s.status === 500)).toBe(true);
    }, 60_000);
  },
);
