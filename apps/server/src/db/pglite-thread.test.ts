// The embedded database in its own thread: what drizzle and pg-boss rely on (rows in both modes, dates
// kept as text, transactions that commit or roll back, PostgreSQL's error fields, LISTEN/NOTIFY, a dump
// to reopen), and what the thread is for: the server's event loop runs while a long statement does.
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGliteThread } from './pglite-thread.js';

// Each thread starts from the run's migrated template (a fresh initdb takes seconds); each test makes
// tables of its own names.
const opened: PGliteThread[] = [];
afterAll(async () => {
  await Promise.all(opened.map((thread) => thread.close()));
});

async function open(loadDataDir = new Blob([readFileSync(inject('pgliteTemplate'))])) {
  const thread = await PGliteThread.create({ loadDataDir });
  opened.push(thread);
  return thread;
}

let sharedThread: Promise<PGliteThread> | undefined;
const shared = () => {
  sharedThread ??= open();
  return sharedThread;
};

describe('PGlite in its own thread', () => {
  it('answers rows as objects or arrays, and keeps the types drizzle asks for as text', async () => {
    const db = await shared();
    const sql = `select 1 as n, 'a' as s, timestamptz '2026-01-02 03:04:05+00' as at, '{"k":1}'::jsonb as j`;
    const objects = await db.query(sql);
    expect(objects.rows).toEqual([{ n: 1, s: 'a', at: new Date('2026-01-02T03:04:05Z'), j: { k: 1 } }]);
    // 1184 is timestamptz: drizzle's parsers keep it as PostgreSQL wrote it.
    const arrays = await db.query(sql, [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows).toEqual([[1, 'a', '2026-01-02 03:04:05+00', { k: 1 }]]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['n', 's', 'at', 'j']);
  });

  it('runs several statements in one exec, and parameters in a query', async () => {
    const db = await shared();
    const results = await db.exec(
      'create table t2 (id int primary key, v text); insert into t2 values (1, $$x$$)',
    );
    expect(results).toHaveLength(2);
    const { rows, affectedRows } = await db.query('insert into t2 values ($1, $2) returning v', [2, 'y']);
    expect(rows).toEqual([{ v: 'y' }]);
    expect(affectedRows).toBe(1);
  });

  it('commits a transaction whose callback resolves and rolls back one whose callback throws', async () => {
    const db = await shared();
    await db.exec('create table t3 (id int primary key)');
    const answer = await db.transaction(async (tx) => {
      await tx.query('insert into t3 values (1)');
      return (await tx.query<{ n: number }>('select count(*)::int as n from t3')).rows[0]?.n;
    });
    expect(answer).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t3 values (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('select id from t3 order by id')).rows).toEqual([{ id: 1 }]);
  });

  it('a statement outside the transaction waits for it, and sees only what it committed', async () => {
    const db = await shared();
    await db.exec('create table t4 (id int primary key)');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.query('insert into t4 values (1)');
      await held;
      await t.query('insert into t4 values (2)');
    });
    const outside = db.query<{ n: number }>('select count(*)::int as n from t4');
    release();
    await tx;
    expect((await outside).rows).toEqual([{ n: 2 }]);
  });

  it('two transactions at once: the second breaks a unique index and rolls back, the first commits', async () => {
    const db = await shared();
    await db.exec('create table t10 (email text unique)');
    const insert = (email: string) =>
      db.transaction(async (tx) => {
        await tx.query('insert into t10 values ($1)', [email]);
        await tx.query('select 1');
      });
    const outcomes = await Promise.allSettled([insert('a@x'), insert('a@x')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect((await db.query('select email from t10')).rows).toEqual([{ email: 'a@x' }]);
  });

  it('a failed statement in a drizzle transaction reaches the caller as 23505, and the next statement runs', async () => {
    // PGlite's error holds values that cannot cross threads: only its plain fields are sent.
    const db = await shared();
    await db.exec('create table t11 (email text unique)');
    const orm = drizzle(db as unknown as PGlite);
    const insert = () => orm.transaction((tx) => tx.execute(sql`insert into t11 values ('a')`));
    await insert();
    const error = await insert().catch((e: unknown) => e);
    expect((error as { cause?: unknown }).cause).toMatchObject({ code: '23505' });
    expect((await orm.execute(sql`select count(*)::int as n from t11`)).rows).toEqual([{ n: 1 }]);
  });

  it('gives PostgreSQL’s error fields to the caller: a unique violation is 23505 with its constraint', async () => {
    const db = await shared();
    await db.exec('create table t5 (id int constraint t_pk primary key)');
    await db.query('insert into t5 values (1)');
    const error = await db.query('insert into t5 values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 't_pk',
      message: expect.stringContaining('duplicate'),
    });
    // The failed statement left nothing behind: the next one runs.
    expect((await db.query('select count(*)::int as n from t5')).rows).toEqual([{ n: 1 }]);
  });

  it('delivers NOTIFY to a listener until it stops listening', async () => {
    const db = await shared();
    const heard: string[] = [];
    const stop = await db.listen('news', (payload) => heard.push(payload));
    await db.query(`select pg_notify('news', 'one')`);
    await expect.poll(() => heard).toEqual(['one']);
    await stop();
    await db.query(`select pg_notify('news', 'two')`);
    await db.query('select 1');
    expect(heard).toEqual(['one']);
  });

  it('dumps its data directory, and a new thread opens the dump', async () => {
    const db = await open();
    await db.exec(`create table t7 (v text); insert into t7 values ('kept')`);
    const dump = await db.dumpDataDir('none');
    await db.close();
    const reopened = await open(dump);
    expect((await reopened.query('select v from t7')).rows).toEqual([{ v: 'kept' }]);
  });

  it('keeps the event loop turning while a long statement runs', async () => {
    const db = await shared();
    let turns = 0;
    const timer = setInterval(() => {
      turns++;
    }, 1);
    try {
      // Long enough that the loop turns many times if it is free (in the server's thread it turned none).
      await db.query(
        'select count(*) from generate_series(1, 3000000) a join generate_series(1, 2) b on true',
      );
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(10);
  });

  it('tells its owner when the thread ends without close, and fails every later call', async () => {
    const db = await open();
    const stopped = new Promise<Error>((resolve) => db.onUnexpectedStop(resolve));
    // What a WebAssembly abort does to the thread.
    await (db as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expect((await stopped).message).toBe('the database thread stopped');
    expect(db.closed).toBe(true);
    await expect(db.query('select 1')).rejects.toThrow('the database thread stopped');
  });

  it('refuses calls after close, and a second close does nothing', async () => {
    const db = await open();
    db.onUnexpectedStop(() => {
      throw new Error('a closed database is not an unexpected stop');
    });
    await db.close();
    expect(db.closed).toBe(true);
    await expect(db.query('select 1')).rejects.toThrow('the database is closed');
    await db.close();
  });
});
