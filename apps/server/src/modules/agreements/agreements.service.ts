// A family's contact agreement: read with every item's windows worked out against today in the
// agreement's zone, saved as a new version, and marked window by window by the caseworker.
import {
  AGREEMENT_DOCUMENT_MAX_BYTES,
  AGREEMENT_MSG,
  type AgreementResponse,
  type AgreementsDueCountResponse,
  type AgreementsDueResponse,
  type AgreementsSummaryResponse,
  type AgreementTally,
  COUNTED_KINDS,
  type ExportVerifyResponse,
  familyDisplayName,
  formatDate,
  MSG,
  todayIsoDate,
  type ZAgreementQuery,
  type ZAgreementReportQuery,
  type ZAgreementsDueQuery,
  type ZAgreementsSummaryQuery,
  type ZMarkAgreementWindowRequest,
  type ZSaveAgreementRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { recordAudit } from '../../db/audit.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { portalUrl } from '../../lib/portal-url.js';
import type { Valid } from '../../lib/route.js';
import { firstBytes } from '../../lib/upload-bytes.js';
import { cleanFileName, recogniseDocument } from '../attachments/file-kinds.js';
import { queueMail } from '../mail/mail.service.js';
import { entityIdOf, loadFamily } from '../tenancy/tenancy.service.js';
import { reminderMail } from './agreement-mail.js';
import type { ReportVersion } from './agreement-report-pdf.js';
import { type NoticeWindow, standingOf } from './agreement-standing.js';
import { addTally, count, emptyTally } from './agreement-tally.js';
import {
  addDays,
  itemWindows,
  lastGivenDay,
  startOfDayIn,
  type VersionSpan,
  type WindowMark,
  windowOutcomes,
} from './agreement-windows.js';
import * as repo from './agreements.repository.js';

const T = AGREEMENT_MSG;
const documentTooLarge = () => new AppError('TOO_LARGE', T.documentTooLarge);

/** Families of the agency's year worked out together: a few statements each, of bounded size. */
const SUMMARY_BATCH = 200;

/** The CSV's rows: a header, then a row per window of every item of every version. */
function reportRows(versions: ReportVersion[]): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [[...T.reportColumns]];
  for (const version of versions)
    for (const item of version.items)
      for (const window of item.windows)
        rows.push([
          version.version,
          T.kindLabel(item.kind),
          T.sideLabel(item.giver),
          T.sideLabel(item.receiver),
          window.from,
          window.to,
          window.due,
          T.stateLabel(window.state),
          window.givenOn,
          window.mark?.by ?? null,
          window.mark?.note ?? null,
        ]);
  return rows;
}

/** The days the item was given, from the family's messages: its giving side's, of the kind it counts. */
function countedDays(item: repo.AgreementItemRow, days: repo.GivenDay[]): string[] {
  const counted = COUNTED_KINDS[item.kind];
  if (!counted) return [];
  const flag = counted === 'text' ? 'letter' : counted === 'image' ? 'photos' : 'video';
  return days.filter((day) => day.side === item.giver && day[flag]).map((day) => day.day);
}

function spanOf(version: repo.AgreementVersionRow, next: repo.AgreementVersionRow | undefined): VersionSpan {
  return {
    from: version.effectiveFrom,
    nextFrom: next?.effectiveFrom ?? null,
    childBirthDate: version.childBirthDate,
  };
}

function versionSummaries(versions: repo.AgreementVersionRow[]): AgreementResponse['versions'] {
  return versions.map((v) => ({
    version: v.version,
    effectiveFrom: v.effectiveFrom,
    createdAt: v.createdAt.toISOString(),
    createdBy: v.createdByName,
  }));
}

/**
 * One version of a family's agreement worked out against `now`: each item's windows through today
 * (or through the day before the next version), what each came to from the days the family gave it
 * (`days`: any days, those outside a window count for none) and the caseworker's marks.
 */
function versionView(input: {
  /** The family's versions, newest first. */
  versions: repo.AgreementVersionRow[];
  index: number;
  items: repo.AgreementItemRow[];
  marks: repo.AgreementMarkRow[];
  days: repo.GivenDay[];
  /** The signed agreement attached to the version (the agency's year does without). */
  document: repo.AgreementDocumentRow | null;
  now: Date;
  counts: (item: repo.AgreementItemRow) => boolean;
}): NonNullable<AgreementResponse['agreement']> {
  const { versions, index, items, marks, days, counts, document } = input;
  const version = versions[index]!;
  // Newest first: the version after this one is the one before it in the list.
  const next = index > 0 ? versions[index - 1] : undefined;
  const span = spanOf(version, next);
  const today = todayIsoDate(version.timeZone, input.now);
  const through = span.nextFrom ? addDays(span.nextFrom, -1) : today;
  return {
    version: version.version,
    document: document && {
      fileName: document.fileName,
      contentType: document.contentType,
      size: document.byteSize,
      sha256: document.sha256,
      uploadedAt: document.uploadedAt.toISOString(),
      uploadedBy: document.uploadedByName,
    },
    effectiveFrom: version.effectiveFrom,
    endsBefore: span.nextFrom,
    timeZone: version.timeZone,
    reminderDays: version.reminderDays,
    childBirthDate: version.childBirthDate,
    today,
    items: items.map((item) => {
      const itemMarks = marks.filter((mark) => mark.itemId === item.id);
      const byDue = new Map<string, WindowMark>(
        itemMarks.map((mark) => [
          mark.due,
          mark.type === 'given' && mark.givenOn
            ? { type: 'given', givenOn: mark.givenOn }
            : { type: 'excused' },
        ]),
      );
      const windows = itemWindows({ frequency: item.frequency, until: item.until }, span, through);
      return {
        id: item.id,
        kind: item.kind,
        giver: item.giver,
        receiver: item.receiver,
        frequency: item.frequency,
        until: item.until,
        note: item.note,
        counted: counts(item),
        windows: windowOutcomes(windows, counts(item) ? countedDays(item, days) : [], byDue, today).map(
          (window) => {
            const mark = itemMarks.find((m) => m.due === window.due);
            return {
              from: window.from,
              due: window.due,
              cutAt: window.cutAt ?? null,
              state: window.state,
              givenOn: window.givenOn ?? null,
              mark: mark
                ? {
                    type: mark.type,
                    note: mark.note,
                    by: mark.createdByName,
                    at: mark.createdAt.toISOString(),
                  }
                : null,
            };
          },
        ),
      };
    }),
  };
}

/** The verify page's answer for an agreement report issued with this fingerprint, or null. */
export async function issuedAgreementReport(
  ctx: Pick<AppContext, 'db'>,
  sha256: string,
): Promise<ExportVerifyResponse | null> {
  const report = await repo.findIssuedReportBySha(ctx.db, sha256);
  if (!report) return null;
  return {
    issued: true,
    document: 'agreementReport',
    sha256,
    message: MSG.conversations.agreementReportIssued,
    issuedAt: report.issuedAt.toISOString(),
    from: report.from,
    to: report.to,
    windowCount: report.windowCount,
    byteSize: report.byteSize,
  };
}

export function createAgreementsService(ctx: AppContext, now: () => Date = () => ctx.clock.now()) {
  const { db } = ctx;
  // Messages are read from the local chat tables: with Stream the caseworker marks every item by hand.
  const counts = (item: repo.AgreementItemRow) =>
    ctx.chat.kind === 'local' && COUNTED_KINDS[item.kind] !== undefined;

  /** The version asked for (or the current one), its items' windows and the marks on them. */
  async function view(
    groupId: string,
    wanted?: number,
    // The family's versions, newest first, when the caller has read them already (the report).
    known?: repo.AgreementVersionRow[],
  ): Promise<AgreementResponse> {
    const versions = known ?? (await repo.versionsOf(db, groupId));
    const index = wanted === undefined ? 0 : versions.findIndex((v) => v.version === wanted);
    const version = versions[index];
    if (!version) {
      if (wanted !== undefined) throw new AppError('NOT_FOUND', T.versionUnknown);
      return { agreement: null, versions: versionSummaries(versions) };
    }
    const items = await repo.itemsOf(db, version.id);
    const marks = await repo.marksOf(
      db,
      items.map((item) => item.id),
    );
    // From a day before the version in UTC: every message of its first local day is in, whatever the zone.
    const since = new Date(`${addDays(version.effectiveFrom, -1)}T00:00:00Z`);
    const days = items.some(counts) ? await repo.givenDays(db, groupId, version.timeZone, since) : [];
    const document = await repo.documentOf(db, version.id);
    return {
      agreement: versionView({ versions, index, items, marks, days, document, now: now(), counts }),
      versions: versionSummaries(versions),
    };
  }

  /** Queues the reminders of these windows that no run sent before, to the giving members. */
  async function remind(
    family: { entityId: string; groupId: string; name: string },
    windows: NoticeWindow[],
  ): Promise<void> {
    const claimed = await repo.claimNotices(db, 'reminder', family, windows);
    for (const notice of claimed) {
      const window = windows.find((w) => w.itemId === notice.itemId && w.due === notice.due)!;
      try {
        for (const member of await repo.givingMembers(db, family.groupId, window.giver)) {
          const mail = reminderMail({
            to: member.email,
            firstName: member.firstName,
            familyName: family.name,
            kind: window.kind,
            due: window.due,
            appLink:
              ctx.chat.kind === 'local'
                ? portalUrl(ctx, `/family/sign-in?email=${encodeURIComponent(member.email)}`)
                : null,
          });
          await queueMail(ctx.queue, mail);
        }
      } catch (error) {
        // Not queued: the notice is taken back, so that the next run sends it.
        await repo.releaseNotices(db, [notice.id]);
        throw error;
      }
    }
  }

  /**
   * Works out the family's standing again and keeps it, sends the reminders now due to the giving
   * members, and records the windows newly overdue for the agency's alert (queued at once for an
   * entity that wants it so). Run after a save, a mark, a member's message, and by the sweep.
   */
  async function refresh(groupId: string): Promise<void> {
    const family = await repo.familyOfStanding(db, groupId);
    if (!family) return;
    const { agreement } = await view(groupId);
    if (!agreement) {
      await repo.removeStanding(db, groupId);
      return;
    }
    const standing = standingOf(agreement);
    const checkAt = standing.checkOn ? startOfDayIn(standing.checkOn, agreement.timeZone) : null;
    await repo.saveStanding(db, {
      groupId,
      entityId: family.entityId,
      standing: standing.standing,
      standingDate: standing.date,
      dueItems: standing.dueItems,
      familyCreatedAt: family.createdAt,
      checkAt,
    });
    const named = { entityId: family.entityId, groupId, name: family.name?.trim() || T.unnamedFamily };
    await remind(named, standing.reminders);
    const overdue = await repo.claimNotices(db, 'overdue', named, standing.overdue);
    if (overdue.length > 0 && family.alerts === 'immediate')
      await ctx.queue.send('agreements.alert', {}, { singletonKey: 'agreements.alert' });
  }

  /** Refreshes after a change the caller has committed; a failure is left to the sweep, not the caller. */
  async function refreshAfterChange(groupId: string): Promise<void> {
    try {
      await refresh(groupId);
    } catch (error) {
      ctx.logger.warn({ err: error, groupId }, 'agreement standing not refreshed; the sweep will');
      await repo.checkSoon(db, groupId);
    }
  }

  /** The versions in force during the period, oldest first, each item with its windows due in it. */
  async function reportVersions(
    groupId: string,
    period: { from: string; to: string },
  ): Promise<ReportVersion[]> {
    const versions = await repo.versionsOf(db, groupId);
    const report: ReportVersion[] = [];
    // Oldest first; each version's windows read once, its versions list not read again.
    for (const { version: number } of [...versions].reverse()) {
      const { agreement } = await view(groupId, number, versions);
      if (!agreement) continue;
      const until = agreement.endsBefore ? addDays(agreement.endsBefore, -1) : null;
      // A version that ended before the period, or began after it, has nothing to report.
      if (agreement.effectiveFrom > period.to || (until !== null && until < period.from)) continue;
      report.push({
        version: number,
        effectiveFrom: agreement.effectiveFrom,
        until,
        timeZone: agreement.timeZone,
        items: agreement.items.map((item) => ({
          title: T.itemTitle(item),
          schedule: T.itemSchedule(item),
          how: item.counted ? T.countedNote : T.markedNote,
          note: item.note,
          kind: item.kind,
          giver: item.giver,
          receiver: item.receiver,
          windows: item.windows
            .filter((window) => window.due >= period.from && window.due <= period.to)
            .map((window) => ({
              from: window.from,
              to: window.cutAt ?? window.due,
              due: window.due,
              state: window.state,
              givenOn: window.givenOn,
              mark: window.mark ? { by: window.mark.by, note: window.mark.note } : null,
            })),
        })),
      });
    }
    return report;
  }

  /**
   * The agency's calendar year: every family with an agreement in force by its end, and what the
   * windows due in the year came to, in every version. Families are read in batches — their versions,
   * items, marks and the days they gave, a few statements a batch — and worked out as one family's
   * agreement is, so the year says what each family's page says.
   */
  async function yearOf(entityId: string, year: number): Promise<AgreementsSummaryResponse> {
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    const families = await repo.familiesWithAgreements(db, entityId, to);
    const totals = emptyTally();
    const rows: AgreementsSummaryResponse['rows'] = [];
    for (let start = 0; start < families.length; start += SUMMARY_BATCH) {
      const batch = families.slice(start, start + SUMMARY_BATCH);
      const versions = await repo.versionsOfFamilies(
        db,
        batch.map((family) => family.groupId),
      );
      const items = await repo.itemsOfVersions(
        db,
        versions.map((version) => version.id),
      );
      const marks = await repo.marksOf(
        db,
        items.map((item) => item.id),
      );
      const days = await givenDaysByZone(versions, items);
      for (const family of batch) {
        const own = versions.filter((version) => version.groupId === family.groupId);
        const tally = emptyTally();
        own.forEach((version, index) => {
          const versionItems = items.filter((item) => item.versionId === version.id);
          const agreement = versionView({
            versions: own,
            index,
            items: versionItems,
            marks: marks.filter((mark) => versionItems.some((item) => item.id === mark.itemId)),
            days: days.get(`${family.groupId} ${version.timeZone}`) ?? [],
            document: null,
            now: now(),
            counts,
          });
          for (const item of agreement.items)
            for (const window of item.windows)
              if (window.due >= from && window.due <= to) count(tally, window.state);
        });
        addTally(totals, tally);
        rows.push({ groupId: family.groupId, familyName: family.name?.trim() || T.unnamedFamily, ...tally });
      }
    }
    // The families with most missed first: the ones an annual review asks about. Stable: by name after.
    rows.sort((a, b) => b.missed - a.missed);
    return { year, families: families.length, totals, rows };
  }

  /** The days each family gave, by family and zone, for the versions whose items count messages. */
  async function givenDaysByZone(versions: repo.AgreementVersionRow[], items: repo.AgreementItemRow[]) {
    const counting = versions.filter((version) =>
      items.some((item) => item.versionId === version.id && counts(item)),
    );
    const days = new Map<string, repo.GivenDay[]>();
    for (const zone of new Set(counting.map((version) => version.timeZone))) {
      const inZone = counting.filter((version) => version.timeZone === zone);
      const first = inZone.reduce((a, b) => (a.effectiveFrom < b.effectiveFrom ? a : b)).effectiveFrom;
      const since = new Date(`${addDays(first, -1)}T00:00:00Z`);
      const groupIds = [...new Set(inZone.map((version) => version.groupId))];
      for (const day of await repo.givenDaysOfFamilies(db, groupIds, zone, since)) {
        const key = `${day.groupId} ${zone}`;
        days.set(key, [...(days.get(key) ?? []), day]);
      }
    }
    return days;
  }

  return {
    refresh,

    /**
     * After a member of the family posts: a family with an agreement has its standing worked out
     * again by a job (one queued at a time per family), so that the post does not wait for it.
     */
    async afterMemberPost(groupId: string): Promise<void> {
      if (!(await repo.hasStanding(db, groupId))) return;
      await ctx.queue.send(
        'agreements.refresh',
        { groupId },
        { singletonKey: `agreements.refresh:${groupId}` },
      );
    },

    /** Only with TEST_CLOCK=true: sets the agreements' clock and has every standing looked at again. */
    async setTestClock(at: string | null): Promise<{ now: string }> {
      if (!ctx.config.testClock) throw new AppError('NOT_FOUND', MSG.extra.notFound);
      ctx.clock.set(at === null ? null : new Date(at));
      await repo.checkAllSoon(db);
      await ctx.queue.send('agreements.sweep', {});
      return { now: ctx.clock.now().toISOString() };
    },

    /** The desk's 'Agreements due': the entity's families with an item overdue or due soon. */
    async due({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZAgreementsDueQuery>;
    }): Promise<AgreementsDueResponse> {
      const entityId = entityIdOf(actor);
      const offset = (input.page - 1) * input.pageSize;
      const [rows, counts] = await Promise.all([
        repo.dueFamilies(db, entityId, { limit: input.pageSize, offset }),
        repo.dueCounts(db, entityId),
      ]);
      return {
        result: rows.map((row) => ({
          groupId: row.groupId,
          familyName: row.name?.trim() || T.unnamedFamily,
          standing: row.standing === 'overdue' ? 'overdue' : 'dueSoon',
          date: row.date ?? '',
          items: row.items,
        })),
        total: counts.overdue + counts.dueSoon,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    /** The agency's year of agreements, on screen. */
    async summary({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZAgreementsSummaryQuery>;
    }): Promise<AgreementsSummaryResponse> {
      return yearOf(entityIdOf(actor), input.year);
    },

    /** The agency's year as CSV: a row per family and the totals; recorded in the agency's activity. */
    async summaryFile({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZAgreementsSummaryQuery>;
    }): Promise<{ body: string; fileName: string; format: 'csv' }> {
      const entityId = entityIdOf(actor);
      const summary = await yearOf(entityId, input.year);
      const line = (name: string, t: AgreementTally) => [
        name,
        t.windows,
        t.kept,
        t.late,
        t.missed,
        t.excused,
        t.open,
      ];
      await recordAudit(db, {
        actorUserId: actor.userId,
        action: 'agreement.summary_exported',
        entityId,
        details: { year: input.year, families: summary.families },
      });
      return {
        body: toCsv([
          [...T.summaryColumns],
          ...summary.rows.map((row) => line(row.familyName, row)),
          line(T.summaryTotalRow, summary.totals),
        ]),
        fileName: T.summaryFileName(actor.entityName ?? '', input.year),
        format: 'csv',
      };
    },

    async dueCount({ actor }: { actor: Actor }): Promise<AgreementsDueCountResponse> {
      return repo.dueCounts(db, entityIdOf(actor));
    },

    async get({
      actor,
      groupId,
      input,
    }: {
      actor: Actor;
      groupId: string;
      input: Valid<typeof ZAgreementQuery>;
    }) {
      await loadFamily(ctx, entityIdOf(actor), groupId);
      return view(groupId, input.version);
    },

    async save({
      actor,
      groupId,
      input,
    }: {
      actor: Actor;
      groupId: string;
      input: Valid<typeof ZSaveAgreementRequest>;
    }): Promise<AgreementResponse> {
      const entityId = entityIdOf(actor);
      await loadFamily(ctx, entityId, groupId);
      // An item that could never fall due (it ends before its first due date) is a mistake in the form.
      const span: VersionSpan = {
        from: input.effectiveFrom,
        nextFrom: null,
        childBirthDate: input.childBirthDate,
      };
      const fields: Record<string, string> = {};
      input.items.forEach((item, index) => {
        const first = itemWindows(
          { frequency: item.frequency, until: item.until },
          span,
          input.effectiveFrom,
        );
        if (first.length === 0) fields[`items.${index}.until`] = T.untilBeforeStart;
      });
      const today = todayIsoDate(input.timeZone, now());
      if (input.childBirthDate !== null && input.childBirthDate > today)
        fields.childBirthDate = T.birthDateNotFuture;
      const refuse = (found: Record<string, string>) => {
        throw new AppError('BAD_REQUEST', Object.values(found)[0]!, found);
      };
      if (Object.keys(fields).length > 0) refuse(fields);

      await db.transaction(async (tx) => {
        const latest = await repo.latestVersionLocked(tx, groupId);
        if (latest && input.effectiveFrom <= latest.effectiveFrom) {
          refuse({ effectiveFrom: T.effectiveFromNotAfter(formatDate(latest.effectiveFrom)) });
        }
        const version = (latest?.version ?? 0) + 1;
        await repo.insertVersion(tx, {
          entityId,
          groupId,
          version,
          createdBy: actor.userId,
          createdByName: actor.name,
          agreement: input,
        });
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'agreement.saved',
          entityId,
          groupId,
          details: { version, effectiveFrom: input.effectiveFrom, items: input.items.length },
        });
      });
      await refreshAfterChange(groupId);
      return view(groupId);
    },

    /**
     * The report of a period: every window due in it, in every version (oldest first), with what it
     * came to, when it was given and the caseworker's mark — never a message's text. As CSV, or as a
     * PDF whose fingerprint is kept for the verify page. Recorded in the family's activity.
     */
    async report({
      actor,
      groupId,
      input,
    }: {
      actor: Actor;
      groupId: string;
      input: Valid<typeof ZAgreementReportQuery>;
    }): Promise<{ body: string | Buffer; fileName: string; format: 'csv' | 'pdf' }> {
      const entityId = entityIdOf(actor);
      const family = await loadFamily(ctx, entityId, groupId);
      const name = familyDisplayName(family);
      const versions = await reportVersions(groupId, input);
      const windowCount = versions.reduce(
        (sum, version) => sum + version.items.reduce((n, item) => n + item.windows.length, 0),
        0,
      );
      // A PDF's fingerprint is in its activity: the file the family's record says was issued.
      const audit = (tx: typeof db, sha256?: string) =>
        recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'agreement.report_exported',
          entityId,
          groupId,
          details: {
            from: input.from,
            to: input.to,
            format: input.format,
            windows: windowCount,
            ...(sha256 ? { sha256 } : {}),
          },
        });
      if (input.format === 'csv') {
        await audit(db);
        return {
          body: toCsv(reportRows(versions)),
          fileName: T.reportFileName(name, input.from, input.to),
          format: 'csv',
        };
      }
      // The PDF writer loads with the first report, not with the server (as the transcripts' does).
      const { buildAgreementReportPdf } = await import('./agreement-report-pdf.js');
      const issuedAt = new Date();
      const file = await buildAgreementReportPdf(
        {
          familyName: name,
          entityName: actor.entityName ?? '',
          from: input.from,
          to: input.to,
          issuedAt,
          issuedBy: { name: actor.name, email: actor.email },
          verifyUrl: portalUrl(ctx, '/verify'),
        },
        versions,
      );
      await repo.insertIssuedReport(
        db,
        {
          entityId,
          groupId,
          from: input.from,
          to: input.to,
          windowCount,
          sha256: file.sha256,
          byteSize: file.byteSize,
          issuedBy: actor.userId,
          issuedAt,
        },
        (tx) => audit(tx, file.sha256),
      );
      return { body: file.bytes, fileName: T.reportPdfFileName(name, input.from, input.to), format: 'pdf' };
    },

    /**
     * Attaches the signed agreement to the current version, in place of the one it had: a PDF or a
     * picture recognised from its first bytes, stored as it arrives and cut off past its largest size.
     * The file replaced is removed once the new one is recorded. Recorded in the family's activity.
     */
    async attachDocument({
      actor,
      groupId,
      upload,
    }: {
      actor: Actor;
      groupId: string;
      upload: {
        body: AsyncIterable<Uint8Array>;
        fileName: string | undefined;
        /** Throws when the request holds more than the one file. */
        requestEnded: () => Promise<void>;
      };
    }): Promise<AgreementResponse> {
      const entityId = entityIdOf(actor);
      await loadFamily(ctx, entityId, groupId);
      const [current] = await repo.versionsOf(db, groupId);
      if (!current) throw new AppError('CONFLICT', T.documentNoAgreement);
      const start = await firstBytes(upload.body);
      const type = await recogniseDocument(start.bytes);
      if (!type) {
        await start.discard();
        if (start.bytes.length === 0) throw new AppError('BAD_REQUEST', T.documentMissing);
        throw new AppError('UNSUPPORTED_TYPE', T.documentTypeNotAllowed);
      }
      const stored = await ctx.storage.put({
        body: start.upTo(AGREEMENT_DOCUMENT_MAX_BYTES, documentTooLarge),
        contentType: type.contentType,
      });
      let replaced: string | null;
      try {
        await upload.requestEnded();
        const fileName = cleanFileName(upload.fileName, type);
        replaced = await db.transaction(async (tx) => {
          const previous = await repo.replaceDocument(tx, {
            versionId: current.id,
            storageKey: stored.key,
            fileName,
            contentType: type.contentType,
            byteSize: stored.size,
            sha256: stored.sha256,
            uploadedBy: actor.userId,
            uploadedByName: actor.name,
          });
          await recordAudit(tx, {
            actorUserId: actor.userId,
            action: 'agreement.document_attached',
            entityId,
            groupId,
            subject: fileName,
            details: { version: current.version, size: stored.size, sha256: stored.sha256 },
          });
          return previous;
        });
      } catch (error) {
        await ctx.storage.delete(stored.key);
        throw error;
      }
      // Left behind, it would be removed by the sweep of files no row names.
      if (replaced) await ctx.storage.delete(replaced).catch(() => undefined);
      return view(groupId);
    },

    /** The signed agreement of the current version (or `version`): its bytes, name, type and size. */
    async document({
      actor,
      groupId,
      input,
    }: {
      actor: Actor;
      groupId: string;
      input: Valid<typeof ZAgreementQuery>;
    }) {
      await loadFamily(ctx, entityIdOf(actor), groupId);
      const versions = await repo.versionsOf(db, groupId);
      const version =
        input.version === undefined ? versions[0] : versions.find((v) => v.version === input.version);
      const document = version ? await repo.documentOf(db, version.id) : null;
      const body = document ? await ctx.storage.get(document.storageKey) : null;
      if (!document || !body) throw new AppError('NOT_FOUND', T.documentNone);
      return {
        body,
        fileName: document.fileName,
        contentType: document.contentType,
        size: document.byteSize,
      };
    },

    async mark({
      actor,
      groupId,
      input,
    }: {
      actor: Actor;
      groupId: string;
      input: Valid<typeof ZMarkAgreementWindowRequest>;
    }): Promise<AgreementResponse> {
      const entityId = entityIdOf(actor);
      await loadFamily(ctx, entityId, groupId);
      // Only the current version's items are marked: an older version's windows are history.
      const current = await view(groupId);
      const item = current.agreement?.items.find((candidate) => candidate.id === input.itemId);
      const window = item?.windows.find((candidate) => candidate.due === input.due);
      if (!item || !window) throw new AppError('NOT_FOUND', T.windowUnknown);
      if (window.mark) throw new AppError('CONFLICT', T.alreadyMarked);
      // A window the family's messages kept (or a newer version cut short) has nothing left to mark.
      if (['kept', 'late', 'superseded'].includes(window.state))
        throw new AppError('CONFLICT', T.alreadyKept);
      if (input.type === 'given') {
        const today = current.agreement!.today;
        const last = lastGivenDay({ from: window.from, due: window.due, cutAt: window.cutAt ?? undefined });
        if (input.date > today) throw new AppError('BAD_REQUEST', T.givenInFuture, { date: T.givenInFuture });
        if (input.date < window.from || input.date > last) {
          const message = T.givenOutsideWindow(formatDate(window.from), formatDate(last));
          throw new AppError('BAD_REQUEST', message, { date: message });
        }
      }
      await db.transaction(async (tx) => {
        const added = await repo.insertMark(tx, {
          itemId: item.id,
          due: input.due,
          type: input.type,
          givenOn: input.type === 'given' ? input.date : null,
          note: input.note,
          createdBy: actor.userId,
          createdByName: actor.name,
        });
        if (!added) throw new AppError('CONFLICT', T.alreadyMarked);
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'agreement.marked',
          entityId,
          groupId,
          subject: AGREEMENT_MSG.kindLabel(item.kind),
          details: {
            itemId: item.id,
            due: input.due,
            type: input.type,
            givenOn: input.type === 'given' ? input.date : null,
            note: input.note,
          },
        });
      });
      await refreshAfterChange(groupId);
      return view(groupId);
    },
  };
}
