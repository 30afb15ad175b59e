// Vitest global setup for the server tests: prepares one migrated template database per run, so each
// test file gets a fresh database in milliseconds (a PGlite dump, or a PostgreSQL TEMPLATE copy).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { createJobQueue } from '../src/jobs/queue.js';
import { adminConnectionString, dropDatabase, silentLogger } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bt-test-'));
  const templateFile = path.join(dir, 'template.tar');
  const pglite = await openDatabase({ pglite: { dataDir: 'memory://' } });
  // pg-boss installs its schema on first start: do it once here, not in every test file.
  const queue = await createJobQueue(pglite, silentLogger, { pollSeconds: 1 });
  await queue.stop();
  // The portal uses the database 'postgres' only: without initdb's two templates the dump is a third
  // smaller, and each test file opens it about 0.35 s sooner (92 files, two at a time).
  await pglite.db.execute(
    sql.raw(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`),
  );
  await pglite.db.execute(sql.raw('drop database template0'));
  await pglite.db.execute(sql.raw('drop database template1'));
  await pglite.db.execute(sql.raw('checkpoint'));
  const dump = await pglite.pglite!.dumpDataDir('none');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', templateFile);

  let postgresTemplate: string | null = null;
  const admin = adminConnectionString();
  if (admin) {
    postgresTemplate = `bt_tpl_${process.pid}_${Date.now()}`;
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${postgresTemplate}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${postgresTemplate}`;
    const database = await openDatabase({ url: url.toString(), poolMax: 2 });
    const pgQueue = await createJobQueue(database, silentLogger, { pollSeconds: 1 });
    await pgQueue.stop();
    await database.close();
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate) await dropDatabase(postgresTemplate);
  };
}
