// The agency's year of agreements: every family with an agreement in force by the year's end, and
// what the windows due in the year came to, in every version — the same as each family's own page
// says — on screen and as CSV, for the agency's own families only.
import {
  AGREEMENT_MSG,
  type AgreementResponse,
  type AgreementTally,
  endpoints,
  LETTER_MIN_LENGTH,
  type SaveAgreementRequest,
} from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { auditEvents } from '../../db/schema-families.js';

type Entity = Awaited<ReturnType<typeof signedInEntity>>;
type Family = Awaited<ReturnType<typeof familyWithChannel>>;

const T = AGREEMENT_MSG;
/** Last year: a whole year, all of it in the past. */
const YEAR = new Date().getUTCFullYear() - 1;
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

const photosMonthly = (from: string): SaveAgreementRequest => ({
  effectiveFrom: from,
  timeZone: 'UTC',
  items: [
    {
      kind: 'photos',
      giver: 'birth',
      receiver: 'adoptive',
      frequency: { type: 'everyMonths', months: 1, start: from },
    },
  ],
});

describe("the agency's year of agreements", () => {
  let c: ConversationApp;
  let entity: Entity;
  let other: Entity;
  let families: { photos: Family; changed: Family; later: Family; foreign: Family };
  beforeAll(async () => {
    c = await createConversationApp('local');
    entity = await signedInEntity(c.t);
    other = await signedInEntity(c.t);
    families = {
      photos: await familyWithChannel(c, entity.entityId, 'Ada Photos'),
      changed: await familyWithChannel(c, entity.entityId, 'Bo Changed'),
      later: await familyWithChannel(c, entity.entityId, 'Cy Later'),
      foreign: await familyWithChannel(c, other.entityId, 'Di Foreign'),
    };
    const save = async (by: Entity, f: Family, body: SaveAgreementRequest) => {
      const answer = await call(c.t.app, endpoints.agreements.save, {
        auth: by.authorization,
        params: { groupId: f.groupId },
        body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    // Photos every month through the year: two kept (one late), one excused, the rest missed.
    const { photos, changed, later, foreign } = families;
    for (const day of ['01-20', '03-10'])
      await c.post({
        channelId: photos.channelId,
        userId: photos.birth.memberId,
        html: '<p>Pictures</p>',
        attachments: [{ type: 'image', url: 'https://cdn.example.test/y.jpg', title: null }],
        createdAt: atNoon(`${YEAR}-${day}`),
      });
    const first = await save(entity, photos, photosMonthly(`${YEAR}-01-01`));
    const item = first.agreement!.items[0]!;
    const marked = await call(c.t.app, endpoints.agreements.mark, {
      auth: entity.authorization,
      params: { groupId: photos.groupId },
      body: { type: 'excused', itemId: item.id, due: `${YEAR}-05-01`, note: 'Moved house.' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    // A letter twice a year from the year before, then changed mid-year to photos every two months.
    await save(entity, changed, {
      effectiveFrom: `${YEAR - 1}-06-01`,
      timeZone: 'America/Chicago',
      items: [
        {
          kind: 'letter',
          giver: 'adoptive',
          receiver: 'birth',
          frequency: { type: 'yearlyDates', dates: ['06-30', '12-31'] },
        },
      ],
    });
    await c.post({
      channelId: changed.channelId,
      userId: changed.parent.memberId,
      html: `<p>${'News of the child. '.repeat(Math.ceil(LETTER_MIN_LENGTH / 19))}</p>`,
      createdAt: atNoon(`${YEAR}-06-20`),
    });
    await save(entity, changed, {
      effectiveFrom: `${YEAR}-07-01`,
      timeZone: 'America/Chicago',
      items: [
        {
          kind: 'photos',
          giver: 'birth',
          receiver: 'adoptive',
          frequency: { type: 'everyMonths', months: 2, start: `${YEAR}-07-01` },
        },
      ],
    });
    // In force only from the next year, and another agency's: neither is in this year.
    await save(entity, later, photosMonthly(`${YEAR + 1}-01-01`));
    await save(other, foreign, photosMonthly(`${YEAR}-01-01`));
  }, 90_000);
  afterAll(() => c.close());

  /** What a family's own page says of the windows due in the year, every version counted. */
  async function pageTally(f: Family): Promise<AgreementTally> {
    const tally: AgreementTally = { windows: 0, kept: 0, late: 0, missed: 0, excused: 0, open: 0 };
    const read = (version?: number) =>
      call(c.t.app, endpoints.agreements.get, {
        auth: entity.authorization,
        params: { groupId: f.groupId },
        ...(version ? { query: { version } } : {}),
      });
    const current: AgreementResponse = (await read()).json();
    for (const { version } of current.versions) {
      const { agreement } = (await read(version)).json();
      for (const item of agreement!.items)
        for (const window of item.windows) {
          if (!window.due.startsWith(`${YEAR}-`) || window.state === 'superseded') continue;
          tally.windows += 1;
          tally[window.state === 'overdue' ? 'open' : window.state] += 1;
        }
    }
    return tally;
  }

  it("counts every window due in the year as each family's page does, most missed first", async () => {
    const answer = await call(c.t.app, endpoints.agreements.summary, {
      auth: entity.authorization,
      query: { year: YEAR },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const summary = answer.json();
    expect(summary.year).toBe(YEAR);
    expect(summary.families).toBe(2);
    const photos = await pageTally(families.photos);
    const changed = await pageTally(families.changed);
    // Due on the 1st of February to December: January's picture kept the first, March's came late.
    expect(photos).toEqual({ windows: 11, kept: 1, late: 1, missed: 8, excused: 1, open: 0 });
    // The letter of June kept before the change; the photos due in September and November missed.
    expect(changed).toEqual({ windows: 3, kept: 1, late: 0, missed: 2, excused: 0, open: 0 });
    expect(summary.rows).toEqual([
      { groupId: families.photos.groupId, familyName: 'Ada Photos', ...photos },
      { groupId: families.changed.groupId, familyName: 'Bo Changed', ...changed },
    ]);
    expect(summary.totals).toEqual({
      windows: 14,
      kept: 2,
      late: 1,
      missed: 10,
      excused: 1,
      open: 0,
    });

    const nextYear = await call(c.t.app, endpoints.agreements.summary, {
      auth: entity.authorization,
      query: { year: YEAR + 1 },
    });
    expect(nextYear.json().families).toBe(3);
  });

  it('downloads the year as CSV, a row per family and the totals, and records it', async () => {
    const answer = await call(c.t.app, endpoints.agreements.summaryFile, {
      auth: entity.authorization,
      query: { year: YEAR },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain(
      `attachment; filename="${T.summaryFileName(entity.entityName, YEAR)}"`,
    );
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      T.summaryColumns.join(','),
      'Ada Photos,11,1,1,8,1,0',
      'Bo Changed,3,1,0,2,0,0',
      `${T.summaryTotalRow},14,2,1,10,1,0`,
    ]);
    const events = await c.t
      .db()
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, entity.entityId));
    expect(events).toContainEqual({
      action: 'agreement.summary_exported',
      details: { year: YEAR, families: 2 },
    });
  });

  it("refuses a year that is not one with the catalogue's words", async () => {
    for (const year of ['1999', 'last', '2025.5', '']) {
      const answer = await callLoose(c.t.app, endpoints.agreements.summary, {
        auth: entity.authorization,
        query: `year=${year}`,
      });
      expect(answer.statusCode, year).toBe(400);
      expect(answer.error().fields).toEqual({ year: T.summaryYearInvalid });
    }
  });

  it("another agency sees only its own family, and a family's member nothing", async () => {
    const answer = await call(c.t.app, endpoints.agreements.summary, {
      auth: other.authorization,
      query: { year: YEAR },
    });
    expect(answer.json().rows.map((row) => row.familyName)).toEqual(['Di Foreign']);
    const anonymous = await call(c.t.app, endpoints.agreements.summary, { query: { year: YEAR } });
    expect(anonymous.statusCode).toBe(401);
  });
});
