// The hot reads map their rows with a mapping worked out once per statement: the rows must be exactly
// drizzle's own, for every kind of field the repositories select.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityUser } from '../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { entities, sessions, users } from '../db/schema.js';
import { mappedOnce } from './prepared.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { startWorkers: false });
  const entity = await createEntityUser(t.db());
  // A session of the entity's person, and one that is revoked: a timestamp and a null in the rows.
  for (let i = 0; i < 2; i++)
    await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' });
  await t
    .db()
    .update(sessions)
    .set({ revokedAt: new Date('2026-01-02T03:04:05.678Z') })
    .where(eq(sessions.id, (await t.db().select({ id: sessions.id }).from(sessions).limit(1))[0]!.id));
});
afterAll(() => t.close());

const flat = () =>
  t
    .db()
    .select({
      id: sessions.id,
      persistent: sessions.persistent,
      revokedAt: sessions.revokedAt,
      createdAt: sessions.createdAt,
      coupon: entities.coupon,
      name: entities.name,
      sessionsOfUser: sql<number>`(select count(*) from sessions s where s.user_id = ${users.id})`.mapWith(
        Number,
      ),
      upper: sql<string>`upper(${users.email})`.as('upper'),
      who: sql<{
        first: string;
        at: string;
      }>`json_build_object('first', ${users.firstName}, 'at', ${sessions.createdAt})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(entities, eq(entities.id, users.entityId))
    .orderBy(sessions.createdAt, sessions.id);

describe('rows mapped once per statement', () => {
  it('are the rows drizzle maps, field for field: columns, nulls, times, expressions, aliases, json', async () => {
    const ours = await mappedOnce(flat().prepare('mapped_once_flat')).execute();
    const drizzles = await flat().prepare('mapped_by_drizzle_flat').execute();
    expect(ours).toEqual(drizzles);
    expect(ours).toHaveLength(2);
    expect(ours.map((row) => row.revokedAt)).toContainEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(ours.map((row) => row.revokedAt)).toContain(null);
    expect(ours[0]!.createdAt).toBeInstanceOf(Date);
    expect(ours[0]!.sessionsOfUser).toBe(2);
    expect(typeof ours[0]!.who).toBe('object');
  });

  it('read the fields of a subquery by name, as the shared look-ups do', async () => {
    const inner = t
      .db()
      .select({ id: sessions.id, createdAt: sessions.createdAt, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .as('inner_read');
    const outer = () =>
      t.db().select({ id: inner.id, createdAt: inner.createdAt, email: inner.email }).from(inner);
    expect(await mappedOnce(outer().prepare('mapped_once_sub')).execute()).toEqual(
      await outer().prepare('mapped_by_drizzle_sub').execute(),
    );
  });

  it('leave a selection with nested objects to drizzle, which makes a left join’s missing row null', async () => {
    const nested = () =>
      t
        .db()
        .select({ id: sessions.id, entity: { name: entities.name, coupon: entities.coupon } })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .leftJoin(entities, eq(entities.id, sql`null::uuid`));
    const prepared = mappedOnce(nested().prepare('mapped_once_nested'));
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const rows = await prepared.execute();
    expect(rows.map((row) => row.entity)).toEqual([null, null]);
  });
});
