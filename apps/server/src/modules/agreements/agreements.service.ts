// A family's contact agreement: read with every item's windows worked out against today in the
// agreement's zone, saved as a new version, and marked window by window by the caseworker.
import {
  type AgreementResponse,
  type AgreementsDueCountResponse,
  type AgreementsDueResponse,
  COUNTED_KINDS,
  familyDisplayName,
  formatDate,
  MSG,
  todayIsoDate,
  type ZAgreementQuery,
  type ZAgreementReportQuery,
  type ZAgreementsDueQuery,
  type ZMarkAgreementWindowRequest,
  type ZSaveAgreementRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { recordAudit } from '../../db/audit.js';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import type { Valid } from '../../lib/route.js';
import { queueMail } from '../mail/mail.service.js';
import { entityIdOf, loadFamily } from '../tenancy/tenancy.service.js';
import { reminderMail } from './agreement-mail.js';
import { type NoticeWindow, standingOf } from './agreement-standing.js';
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

const T = MSG.agreements;

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
    const summaries = versions.map((v) => ({
      version: v.version,
      effectiveFrom: v.effectiveFrom,
      createdAt: v.createdAt.toISOString(),
      createdBy: v.createdByName,
    }));
    const index = wanted === undefined ? 0 : versions.findIndex((v) => v.version === wanted);
    const version = versions[index];
    if (!version) {
      if (wanted !== undefined) throw new AppError('NOT_FOUND', T.versionUnknown);
      return { agreement: null, versions: summaries };
    }
    // Newest first: the version after this one is the one before it in the list.
    const next = index > 0 ? versions[index - 1] : undefined;
    const span = spanOf(version, next);
    const today = todayIsoDate(version.timeZone, now());
    const through = span.nextFrom ? addDays(span.nextFrom, -1) : today;
    const items = await repo.itemsOf(db, version.id);
    const marks = await repo.marksOf(
      db,
      items.map((item) => item.id),
    );
    // From a day before the version in UTC: every message of its first local day is in, whatever the zone.
    const since = new Date(`${addDays(version.effectiveFrom, -1)}T00:00:00Z`);
    const days = items.some(counts) ? await repo.givenDays(db, groupId, version.timeZone, since) : [];
    return {
      agreement: {
        version: version.version,
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
      },
      versions: summaries,
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
     * came to, when it was given and the caseworker's mark — never a message's text. Recorded in the
     * family's activity.
     */
    async report({
      actor,
      groupId,
      input,
    }: {
      actor: Actor;
      groupId: string;
      input: Valid<typeof ZAgreementReportQuery>;
    }): Promise<{ csv: string; fileName: string }> {
      const entityId = entityIdOf(actor);
      const family = await loadFamily(ctx, entityId, groupId);
      const versions = await repo.versionsOf(db, groupId);
      const rows: (string | number | null)[][] = [[...T.reportColumns]];
      // Oldest first; each version's windows read once, its versions list not read again.
      for (const { version: number } of [...versions].reverse()) {
        const { agreement } = await view(groupId, number, versions);
        for (const item of agreement?.items ?? []) {
          for (const window of item.windows) {
            if (window.due < input.from || window.due > input.to) continue;
            rows.push([
              number,
              T.kindLabel(item.kind),
              T.sideLabel(item.giver),
              T.sideLabel(item.receiver),
              window.from,
              window.cutAt ?? window.due,
              window.due,
              T.stateLabel(window.state),
              window.givenOn,
              window.mark?.by ?? null,
              window.mark?.note ?? null,
            ]);
          }
        }
      }
      await recordAudit(db, {
        actorUserId: actor.userId,
        action: 'agreement.report_exported',
        entityId,
        groupId,
        details: { from: input.from, to: input.to, format: 'csv', windows: rows.length - 1 },
      });
      const name = familyDisplayName(family);
      return { csv: toCsv(rows), fileName: T.reportFileName(name, input.from, input.to) };
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
          subject: MSG.agreements.kindLabel(item.kind),
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
