// The e-mails of contact agreements: the reminder to the members who give an item, some days before
// it is due, and the agency's alert of items that passed their due date with nothing given. Neither
// holds a message; the alert links to the agreements due and to each family's agreement.
import { AGREEMENT_MSG, formatDate, MAIL_TEXTS, type ReportAlertMode } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { portalUrl } from '../../lib/portal-url.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { compose } from '../mail/templates.js';
import type { UnalertedNotice } from './agreements.repository.js';

const T = AGREEMENT_MSG;
const what = (kind: Parameters<typeof T.kindLabel>[0]) => T.kindLabel(kind).toLowerCase();

export function reminderMail(input: {
  to: string;
  firstName: string;
  familyName: string;
  kind: Parameters<typeof T.kindLabel>[0];
  due: string;
  /** The families' app's sign-in for this address (local chat provider); none with Stream's app. */
  appLink?: string | null;
}): MailMessage {
  const R = MAIL_TEXTS.agreementReminder;
  const due = formatDate(input.due);
  return compose(input.to, R.subject(T.kindLabel(input.kind), due), [
    R.greeting(input.firstName),
    R.body(what(input.kind), due, input.familyName),
    ...(input.appLink ? [R.openApp(input.appLink)] : []),
    R.footer,
  ]);
}

const AGREEMENTS_DUE_PATH = '/agreements-due';

export function agreementAlertMail(
  ctx: Pick<AppContext, 'config'>,
  to: string,
  notices: UnalertedNotice[],
  mode: ReportAlertMode,
): MailMessage {
  const A = MAIL_TEXTS.agreementAlerts;
  const name = (notice: UnalertedNotice) => notice.familyName?.trim() || T.unnamedFamily;
  const subject =
    mode === 'daily'
      ? A.subjectDigest(notices.length)
      : notices.length === 1
        ? A.subjectOne(name(notices[0]!))
        : A.subjectMany(notices.length);
  const lines = notices.map(
    (notice) =>
      `${A.line(name(notice), T.kindLabel(notice.kind), formatDate(notice.due))}\n${portalUrl(
        ctx,
        `/manage-families/${encodeURIComponent(notice.groupId)}/agreement`,
      )}`,
  );
  return compose(to, subject, [
    'Hello,',
    A.intro,
    ...lines,
    `${A.openAll}\n${portalUrl(ctx, AGREEMENTS_DUE_PATH)}`,
    A.footer,
  ]);
}
