// A family's contact agreement through the API: written as versions, its windows counted from the
// family's messages (the giving side's, of the promised kind) and from the caseworker's marks, every
// refusal said with the catalogue's words and changing nothing, and each change in the activity.

import { createHash } from 'node:crypto';
import {
  AGREEMENT_DOCUMENT_MAX_BYTES,
  AGREEMENT_MSG,
  type AgreementResponse,
  endpoints,
  LETTER_MIN_LENGTH,
  MSG,
  type SaveAgreementRequest,
} from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { postPictureAsMember, signedMemberAuthorization } from '../../../test/member-chat.js';
import { multipartBody } from '../../../test/multipart.js';
import { extractPdfText } from '../../../test/pdf-text.js';
import { agreementDocuments, agreementVersions } from '../../db/schema-agreements.js';
import { deleteOrphanFiles, ORPHAN_FILE_GRACE_MS } from '../attachments/unsent-uploads.js';
import { addDays } from './agreement-windows.js';

type Entity = Awaited<ReturnType<typeof signedInEntity>>;
type Family = Awaited<ReturnType<typeof familyWithChannel>>;

const T = AGREEMENT_MSG;
/** Today in UTC, and a day `n` days from it. */
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (n: number) => addDays(today(), n);
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The birth family member posts a picture (by its address, as Stream keeps them), at noon on a day. */
function postPicture(c: ConversationApp, f: Family, on?: string) {
  return c.post({
    channelId: f.channelId,
    userId: f.birth.memberId,
    html: '<p>A picture</p>',
    attachments: [{ type: 'image', url: 'https://cdn.example.test/p.jpg', title: null }],
    ...(on ? { createdAt: atNoon(on) } : {}),
  });
}

describe('contact agreements', () => {
  let c: ConversationApp;
  let entity: Entity;
  let other: Entity;
  beforeAll(async () => {
    c = await createConversationApp('local');
    entity = await signedInEntity(c.t);
    other = await signedInEntity(c.t);
  }, 60_000);
  afterAll(() => c.close());

  const get = (f: Family, version?: number, auth = entity.authorization) =>
    call(c.t.app, endpoints.agreements.get, {
      auth,
      params: { groupId: f.groupId },
      ...(version === undefined ? {} : { query: { version } }),
    });
  const save = (f: Family, body: SaveAgreementRequest) =>
    call(c.t.app, endpoints.agreements.save, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      body,
    });
  const saved = async (f: Family, body: SaveAgreementRequest): Promise<AgreementResponse> => {
    const answer = await save(f, body);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const states = (answer: AgreementResponse, index = 0) =>
    answer.agreement!.items[index]!.windows.map((w) => [w.due, w.state, w.givenOn]);

  /** Photos every month and a letter every two, from the birth family to the adoptive parents. */
  const birthFamilyPromises = (from: string): SaveAgreementRequest => ({
    effectiveFrom: from,
    timeZone: 'UTC',
    items: [
      {
        kind: 'photos',
        giver: 'birth',
        receiver: 'adoptive',
        frequency: { type: 'everyMonths', months: 1, start: from },
      },
      {
        kind: 'letter',
        giver: 'birth',
        receiver: 'adoptive',
        frequency: { type: 'everyMonths', months: 2, start: from },
      },
    ],
  });

  it('a family without an agreement has none, and no versions', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada None');
    const answer = await get(f);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ agreement: null, versions: [] });
  });

  it('counts a window kept by a picture or a long text of the giving side, and nothing of the other side', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Counted');
    const from = daysFromToday(-75);
    await saved(f, birthFamilyPromises(from));
    // The adoptive parent's picture counts for nothing: the photos are the birth family's to give.
    await c.post({
      channelId: f.channelId,
      userId: f.parent.memberId,
      html: '<p>Our picture</p>',
      attachments: [{ type: 'image', url: 'https://cdn.example.test/p.jpg', title: null }],
      createdAt: atNoon(daysFromToday(-70)),
    });
    // The birth family's picture keeps the first month's window; a short text is no letter.
    await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: '<p>Thinking of you</p>',
      attachments: [{ type: 'image', url: 'https://cdn.example.test/b.jpg', title: null }],
      createdAt: atNoon(daysFromToday(-60)),
    });
    const afterPicture = (await get(f)).json() as AgreementResponse;
    const photos = afterPicture.agreement!.items[0]!;
    expect(photos.counted).toBe(true);
    expect(photos.windows[0]).toMatchObject({ from, state: 'kept', givenOn: daysFromToday(-60), mark: null });
    expect(afterPicture.agreement!.items[1]!.windows[0]!.state).not.toBe('kept');

    // A letter: LETTER_MIN_LENGTH characters of text, tags left out.
    const letter = `<p>${'a'.repeat(LETTER_MIN_LENGTH - 1)}</p>`;
    await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: letter,
      createdAt: atNoon(daysFromToday(-50)),
    });
    expect(((await get(f)).json() as AgreementResponse).agreement!.items[1]!.windows[0]!.state).not.toBe(
      'kept',
    );
    // Counted as read: an ampersand is one character, however the message's html writes it.
    await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: `<p>${'&amp;'.repeat(LETTER_MIN_LENGTH - 2)}&#39;</p>`,
      createdAt: atNoon(daysFromToday(-45)),
    });
    expect(((await get(f)).json() as AgreementResponse).agreement!.items[1]!.windows[0]!.state).not.toBe(
      'kept',
    );
    await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: `<p>${'a'.repeat(LETTER_MIN_LENGTH)}</p>`,
      createdAt: atNoon(daysFromToday(-40)),
    });
    const afterLetter = (await get(f)).json() as AgreementResponse;
    expect(afterLetter.agreement!.items[1]!.windows[0]).toMatchObject({
      state: 'kept',
      givenOn: daysFromToday(-40),
    });
    expect(afterLetter.versions).toEqual([
      { version: 1, effectiveFrom: from, createdAt: expect.any(String), createdBy: expect.any(String) },
    ]);
    expect(afterLetter.agreement).toMatchObject({
      version: 1,
      effectiveFrom: from,
      endsBefore: null,
      today: today(),
    });
  });

  it('a picture a member uploads and posts through the member API keeps the window of today', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Uploaded');
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    await postPictureAsMember(c.t.app, birth, f.channelId);
    // Monthly from 50 days back: the first month's grace is over, so today's picture is this month's.
    const answer = await saved(f, birthFamilyPromises(daysFromToday(-50)));
    const windows = answer.agreement!.items[0]!.windows;
    expect(windows.at(-1)).toMatchObject({ state: 'kept', givenOn: today() });
    expect(windows.at(-2)).toMatchObject({ state: 'missed', givenOn: null });
  });

  it('a message keeps counting for its writer’s side after they leave the channel', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Left');
    await postPicture(c, f, daysFromToday(-5));
    // The channel is made again without the birth mother (she left the family).
    await c.chat.ensureChannel({
      groupId: f.groupId,
      key: f.birth.memberId,
      members: [
        { userId: f.parent.memberId, role: 'adoptive_parent', permission: 'write' },
        { userId: f.child.memberId, role: 'child', permission: 'read' },
      ],
    });
    const answer = await saved(f, birthFamilyPromises(daysFromToday(-20)));
    expect(answer.agreement!.items[0]!.windows.at(-1)).toMatchObject({
      state: 'kept',
      givenOn: daysFromToday(-5),
    });
  });

  it('a message counts on the date it was sent in the agreement’s zone', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Zone');
    const due = daysFromToday(-20);
    await saved(f, {
      effectiveFrom: daysFromToday(-40),
      timeZone: 'Pacific/Kiritimati', // UTC+14: 11:00 UTC is already the next day there
      items: [
        { kind: 'photos', giver: 'birth', receiver: 'adoptive', frequency: { type: 'once', date: due } },
      ],
    });
    await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: '<p>late by a day, there</p>',
      attachments: [{ type: 'image', url: 'https://cdn.example.test/z.jpg', title: null }],
      createdAt: new Date(`${due}T11:00:00Z`),
    });
    const answer = (await get(f)).json() as AgreementResponse;
    expect(answer.agreement!.items[0]!.windows[0]).toMatchObject({ state: 'late', givenOn: addDays(due, 1) });
  });

  it('refuses what cannot be an agreement with the catalogue’s words, and keeps nothing of it', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Refused');
    const base = birthFamilyPromises(daysFromToday(-10));
    const refusals: [SaveAgreementRequest, string, string][] = [
      [{ ...base, items: [] }, 'items', T.itemsRequired],
      [{ ...base, items: [{ ...base.items[0]!, receiver: 'birth' }] }, 'items.0.receiver', T.sidesDiffer],
      [
        {
          ...base,
          items: [{ ...base.items[0]!, frequency: { type: 'everyMonths', months: 0, start: today() } }],
        },
        'items.0.frequency.months',
        T.everyMonthsRange(24),
      ],
      [
        { ...base, items: [{ ...base.items[0]!, frequency: { type: 'birthday' } }] },
        'childBirthDate',
        T.birthDateNeeded,
      ],
      [
        { ...base, items: [{ ...base.items[0]!, frequency: { type: 'yearlyDates', dates: ['02-30'] } }] },
        'items.0.frequency.dates.0',
        T.fixedDateInvalid,
      ],
      [{ ...base, timeZone: 'Mars/Olympus' }, 'timeZone', T.timeZoneInvalid],
      [{ ...base, effectiveFrom: '2026-02-30' }, 'effectiveFrom', T.dateInvalid],
      [
        { ...base, items: [{ ...base.items[0]!, until: { type: 'date', date: daysFromToday(-5) } }] },
        'items.0.until',
        T.untilBeforeStart,
      ],
      [{ ...base, childBirthDate: daysFromToday(3) }, 'childBirthDate', T.birthDateNotFuture],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await save(f, body);
      expect(answer.statusCode, field).toBe(400);
      expect(answer.error().fields?.[field], field).toBe(message);
    }
    expect((await get(f)).json()).toEqual({ agreement: null, versions: [] });
  });

  it('a new version starts after the current one; the old one stays readable, its open window cut', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Versions');
    const first = daysFromToday(-45);
    await saved(f, birthFamilyPromises(first));
    const sameDay = await save(f, birthFamilyPromises(first));
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.error().fields).toEqual({
      effectiveFrom: T.effectiveFromNotAfter(formatUs(first)),
    });

    const second = daysFromToday(-5);
    const now = await saved(f, {
      effectiveFrom: second,
      timeZone: 'UTC',
      items: [
        {
          kind: 'visit',
          giver: 'adoptive',
          receiver: 'birth',
          frequency: { type: 'once', date: daysFromToday(30) },
        },
      ],
    });
    expect(now.agreement).toMatchObject({ version: 2, effectiveFrom: second, endsBefore: null });
    expect(now.agreement!.items.map((item) => [item.kind, item.counted])).toEqual([['visit', false]]);
    expect(now.versions.map((v) => v.version)).toEqual([2, 1]);

    const old = (await get(f, 1)).json() as AgreementResponse;
    expect(old.agreement).toMatchObject({ version: 1, endsBefore: second });
    const photos = old.agreement!.items[0]!.windows;
    expect(photos.at(-1)).toMatchObject({ cutAt: addDays(second, -1), state: 'superseded' });
    expect(photos.every((w) => w.due < second || w.cutAt !== null)).toBe(true);

    const missing = await get(f, 9);
    expect(missing.statusCode).toBe(404);
    expect(missing.error().message).toBe(T.versionUnknown);
  });

  it('marks a window excused with a reason or given on a day within it, once, and records both', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Marks');
    const from = daysFromToday(-100);
    const answer = await saved(f, {
      effectiveFrom: from,
      timeZone: 'UTC',
      items: [
        {
          kind: 'call',
          giver: 'adoptive',
          receiver: 'birth',
          frequency: { type: 'everyMonths', months: 1, start: from },
        },
      ],
    });
    const item = answer.agreement!.items[0]!;
    const [firstWindow, secondWindow] = item.windows;
    const mark = (body: object) =>
      call(c.t.app, endpoints.agreements.mark, {
        auth: entity.authorization,
        params: { groupId: f.groupId },
        body: { itemId: item.id, ...body } as never,
      });

    const noReason = await mark({ type: 'excused', due: firstWindow!.due, note: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.error().fields).toEqual({ note: T.reasonRequired });
    const outside = await mark({
      type: 'given',
      due: firstWindow!.due,
      date: addDays(firstWindow!.from, -1),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.error().message).toBe(
      T.givenOutsideWindow(formatUs(firstWindow!.from), formatUs(addDays(firstWindow!.due, 14))),
    );
    const unknown = await mark({ type: 'excused', due: addDays(firstWindow!.due, 1), note: 'why' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error().message).toBe(T.windowUnknown);
    expect(states((await get(f)).json() as AgreementResponse)[0]![1]).toBe('missed');

    const excused = await mark({ type: 'excused', due: firstWindow!.due, note: 'Birth mother in hospital.' });
    expect(excused.statusCode).toBe(200);
    const given = await mark({
      type: 'given',
      due: secondWindow!.due,
      date: secondWindow!.due,
      note: 'Phoned.',
    });
    expect(given.statusCode).toBe(200);
    const windows = (given.json() as AgreementResponse).agreement!.items[0]!.windows;
    expect(windows[0]).toMatchObject({
      state: 'excused',
      mark: { type: 'excused', note: 'Birth mother in hospital.' },
    });
    expect(windows[1]).toMatchObject({
      state: 'kept',
      givenOn: secondWindow!.due,
      mark: { type: 'given', note: 'Phoned.' },
    });

    const again = await mark({ type: 'excused', due: firstWindow!.due, note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.error().message).toBe(T.alreadyMarked);

    const activity = await call(c.t.app, endpoints.activity.family, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
    });
    const events = activity
      .json()
      .events.map((e: { action: string; detail: string | null }) => [e.action, e.detail]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['agreement.saved', `Version 1, from ${formatUs(from)}`],
        ['agreement.marked', `Window due ${formatUs(firstWindow!.due)}: excused · Birth mother in hospital.`],
        [
          'agreement.marked',
          `Window due ${formatUs(secondWindow!.due)}: given on ${formatUs(secondWindow!.due)} · Phoned.`,
        ],
      ]),
    );
  });

  it('a window the messages kept has nothing left to mark', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Kept');
    const from = daysFromToday(-40);
    await postPicture(c, f, daysFromToday(-35));
    const answer = await saved(f, birthFamilyPromises(from));
    const item = answer.agreement!.items[0]!;
    expect(item.windows[0]!.state).toBe('kept');
    const excuse = await call(c.t.app, endpoints.agreements.mark, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      body: { type: 'excused', itemId: item.id, due: item.windows[0]!.due, note: 'Over it' },
    });
    expect(excuse.statusCode).toBe(409);
    expect(excuse.error().message).toBe(T.alreadyKept);
  });

  /**
   * A family whose birth mother's picture (with words the report must never show) keeps the first
   * month of monthly photos from 100 days back, and whose second month is excused with `note`.
   */
  async function reportedFamily(name: string, note: string) {
    const f = await familyWithChannel(c, entity.entityId, name);
    const from = daysFromToday(-100);
    await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: '<p>Secret words of the family</p>',
      attachments: [{ type: 'image', url: 'https://cdn.example.test/r.jpg', title: null }],
      createdAt: atNoon(addDays(from, 5)),
    });
    const first = await saved(f, {
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
    const item = first.agreement!.items[0]!;
    const [kept, second] = item.windows;
    const excused = await call(c.t.app, endpoints.agreements.mark, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      body: { type: 'excused', itemId: item.id, due: second!.due, note },
    });
    expect(excused.statusCode).toBe(200);
    return { f, from, kept: kept!, second: second!, excused };
  }

  it('reports a period as CSV: each window due in it, in every version, with no message text', async () => {
    const { f, from, kept, second: missed, excused } = await reportedFamily('=Ada Report', '=cmd|"/c calc"');
    expect(excused.json().agreement!.items[0]!.windows[1]!.mark!.by).toMatch(/^Erin Agent /);
    const answer = await call(c.t.app, endpoints.agreements.report, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      query: { from, to: today() },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain(
      `attachment; filename="${T.reportFileName('=Ada Report', from, today())}"`,
    );
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(T.reportColumns.join(','));
    expect(lines[1]).toBe(
      `1,Photos,Birth family,Adoptive parents,${kept.from},${kept.due},${kept.due},Kept,${addDays(from, 5)},,`,
    );
    // The caseworker's note is data: a formula in it is not run by a spreadsheet.
    expect(lines[2]).toBe(
      `1,Photos,Birth family,Adoptive parents,${missed.from},${missed.due},${missed.due},Excused,,${excused.json().agreement!.items[0]!.windows[1]!.mark!.by},"'=cmd|""/c calc"""`,
    );
    expect(answer.body).not.toContain('Secret words');
    // Only the windows due in the period: the one open now is due after today.
    expect(lines.slice(1).map((line) => line.split(',')[6]! <= today())).not.toContain(false);

    const backwards = await call(c.t.app, endpoints.agreements.report, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      query: { from: today(), to: from },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.error().fields).toEqual({ to: T.periodBackwards });

    const activity = await call(c.t.app, endpoints.activity.family, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
    });
    expect(activity.json().events[0]).toMatchObject({
      action: 'agreement.report_exported',
      detail: `From ${formatUs(from)} to ${formatUs(today())}`,
    });
  });

  it('reports a period as a PDF whose fingerprint the verify page knows: its windows, never a message', async () => {
    const { f, from, kept, excused: marked } = await reportedFamily('Ada Paper', 'In hospital that month.');
    const answer = await call(c.t.app, endpoints.agreements.report, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      query: { from, to: today(), format: 'pdf' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain(
      `attachment; filename="${T.reportPdfFileName('Ada Paper', from, today())}"`,
    );
    const pdf = answer.response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = extractPdfText(pdf).join('\n');
    expect(text).toContain(T.reportPdfTitle);
    expect(text).toContain('Ada Paper');
    expect(text).toContain(T.reportPdfVersion(1, formatUs(from), null));
    expect(text).toContain('Photos — Birth family to Adoptive parents');
    expect(text).toContain(T.windowRange(formatUs(kept.from), formatUs(kept.due)));
    expect(text).toContain(`Erin Agent`);
    expect(text).toContain('In hospital');
    expect(text).not.toContain('Secret words');
    const dueInPeriod = marked.json().agreement!.items[0]!.windows.filter((w) => w.due <= today());
    const count = (...states: string[]) => dueInPeriod.filter((w) => states.includes(w.state)).length;
    expect([count('kept'), count('excused')]).toEqual([1, 1]);
    expect(text).toContain(
      T.reportPdfTotals({
        windows: dueInPeriod.length,
        kept: 1,
        late: 0,
        missed: count('missed'),
        excused: 1,
        open: count('open', 'overdue'),
      }),
    );

    // Anyone holding the file checks it by its SHA-256: an agreement report, its period and windows.
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const verified = await call(c.t.app, endpoints.conversations.verifyExport, { params: { hash: sha256 } });
    expect(verified.json()).toEqual({
      issued: true,
      document: 'agreementReport',
      sha256,
      message: MSG.conversations.agreementReportIssued,
      issuedAt: expect.any(String),
      from,
      to: today(),
      windowCount: dueInPeriod.length,
      byteSize: pdf.length,
    });
    const tampered = Buffer.from(pdf);
    tampered[tampered.length - 10]! ^= 1;
    const forged = createHash('sha256').update(tampered).digest('hex');
    const notIssued = await call(c.t.app, endpoints.conversations.verifyExport, { params: { hash: forged } });
    expect(notIssued.json()).toMatchObject({ issued: false, message: MSG.conversations.exportNotIssued });

    const activity = await call(c.t.app, endpoints.activity.family, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
    });
    expect(activity.json().events[0]).toMatchObject({ action: 'agreement.report_exported' });

    const unknownFormat = await call(c.t.app, endpoints.agreements.report, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      query: { from, to: today(), format: 'docx' as 'pdf' },
    });
    expect(unknownFormat.statusCode).toBe(400);
    expect(unknownFormat.error().fields).toEqual({ format: T.reportFormatUnknown });
    const foreign = await call(c.t.app, endpoints.agreements.report, {
      auth: other.authorization,
      params: { groupId: f.groupId },
      query: { from, to: today(), format: 'pdf' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the signed agreement of each version, checked by its bytes, replaced, and past the sweep', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Signed');
    const attach = (bytes: Buffer, fileName: string, auth = entity.authorization) => {
      const upload = multipartBody([{ bytes, fileName, contentType: 'application/octet-stream' }]);
      return callLoose(c.t.app, endpoints.agreements.attachDocument, {
        params: { groupId: f.groupId },
        body: upload.payload,
        headers: upload.headers,
        auth,
      });
    };
    const download = (version?: number, auth = entity.authorization) =>
      call(c.t.app, endpoints.agreements.document, {
        auth,
        params: { groupId: f.groupId },
        ...(version ? { query: { version } } : {}),
      });
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );

    const early = await attach(pdf, 'signed.pdf');
    expect(early.statusCode).toBe(409);
    expect(early.error().message).toBe(T.documentNoAgreement);

    await saved(f, birthFamilyPromises(daysFromToday(-30)));
    expect((await get(f)).json().agreement!.document).toBeNull();
    const attached = await attach(pdf, 'scans/Signed agreement.PDF');
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().agreement!.document).toEqual({
      fileName: 'Signed agreement.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      uploadedAt: expect.any(String),
      uploadedBy: expect.stringMatching(/^Erin Agent /),
    });
    const file = await download();
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Signed agreement.pdf"');
    expect(file.response.rawPayload.equals(pdf)).toBe(true);

    // What the bytes are decides, not the name: a web page called .pdf is refused, nothing changes.
    const page = await attach(Buffer.from('<html><script>alert(1)</script></html>'), 'signed.pdf');
    expect(page.statusCode).toBe(415);
    expect(page.error().message).toBe(T.documentTypeNotAllowed);
    const empty = await attach(Buffer.alloc(0), 'signed.pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.error().message).toBe(T.documentMissing);
    const huge = await attach(Buffer.concat([pdf, Buffer.alloc(AGREEMENT_DOCUMENT_MAX_BYTES)]), 'signed.pdf');
    expect(huge.statusCode).toBe(413);
    expect(huge.error().message).toBe(T.documentTooLarge);
    expect((await download()).response.rawPayload.equals(pdf)).toBe(true);

    // A picture replaces the PDF; the PDF's bytes are removed from storage.
    const [first] = await c.t
      .db()
      .select({ key: agreementDocuments.storageKey })
      .from(agreementDocuments)
      .innerJoin(agreementVersions, eq(agreementVersions.id, agreementDocuments.versionId))
      .where(eq(agreementVersions.groupId, f.groupId));
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const replaced = await attach(png, 'scan.jpeg');
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().agreement!.document).toMatchObject({
      fileName: 'scan.png',
      contentType: 'image/png',
    });
    expect(await c.t.app.ctx.storage.head(first!.key)).toBeNull();

    // A new version starts without one; the first keeps its own, past the sweep of unnamed files.
    const second = await saved(f, birthFamilyPromises(daysFromToday(-5)));
    expect(second.agreement!.document).toBeNull();
    expect((await download()).statusCode).toBe(404);
    await deleteOrphanFiles(c.t.app.ctx, new Date(Date.now() + 2 * ORPHAN_FILE_GRACE_MS));
    const kept = await download(1);
    expect(kept.statusCode).toBe(200);
    expect(kept.response.rawPayload.equals(png)).toBe(true);
    expect((await get(f, 1)).json().agreement!.document).toMatchObject({ fileName: 'scan.png' });

    const activity = await call(c.t.app, endpoints.activity.family, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
    });
    expect(activity.json().events.filter((e) => e.action === 'agreement.document_attached')).toHaveLength(2);

    // Another agency's: not found, for the file and for attaching one.
    expect((await download(1, other.authorization)).statusCode).toBe(404);
    expect((await attach(pdf, 'signed.pdf', other.authorization)).statusCode).toBe(404);
  });

  it('another entity’s family is not found, and its agreement is not written', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Private');
    const foreign = await get(f, undefined, other.authorization);
    expect(foreign.statusCode).toBe(404);
    const written = await call(c.t.app, endpoints.agreements.save, {
      auth: other.authorization,
      params: { groupId: f.groupId },
      body: birthFamilyPromises(today()),
    });
    expect(written.statusCode).toBe(404);
    expect((await get(f)).json()).toEqual({ agreement: null, versions: [] });
  });
});

/** A contract date as the portal shows it: MM.DD.YYYY. */
function formatUs(iso: string): string {
  return `${iso.slice(5, 7)}.${iso.slice(8, 10)}.${iso.slice(0, 4)}`;
}

describe('contact agreements with Stream holding the conversations', () => {
  let c: ConversationApp;
  let entity: Entity;
  beforeAll(async () => {
    c = await createConversationApp('stream');
    entity = await signedInEntity(c.t);
  }, 60_000);
  afterAll(() => c.close());

  it('counts nothing from messages it does not hold: every item is marked by the caseworker', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Ada Stream');
    const from = daysFromToday(-20);
    await postPicture(c, f);
    const answer = await call(c.t.app, endpoints.agreements.save, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      body: {
        effectiveFrom: from,
        timeZone: 'UTC',
        items: [
          {
            kind: 'photos',
            giver: 'birth',
            receiver: 'adoptive',
            frequency: { type: 'once', date: daysFromToday(10) },
          },
        ],
      },
    });
    expect(answer.statusCode).toBe(200);
    const [item] = answer.json().agreement!.items;
    expect(item).toMatchObject({ counted: false, windows: [{ state: 'open', givenOn: null }] });
  });
});
