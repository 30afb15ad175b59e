import { createHash } from 'node:crypto';
import {
  AGREEMENT_DOCUMENT_MAX_BYTES,
  AGREEMENT_MSG,
  type AgreementDocument,
  type AgreementItem,
  type AgreementResponse,
  type AgreementWindowView,
  addCalendarDays,
  formatByteSize,
  MSG,
  todayIsoDate,
} from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiHandler,
  jsonResponse,
  renderWithProviders,
  stubApi,
  withToasts,
} from '../../test/render.js';
import { AgreementEditPage } from './agreement-edit-page.js';
import { AgreementPage } from './agreement-page.js';
import { AgreementSummary } from './components/agreement-summary.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const T = AGREEMENT_MSG;
const GROUP = '11111111-1111-4111-8111-111111111111';
const PHOTOS_ID = '22222222-2222-4222-8222-222222222222';
const VISIT_ID = '33333333-3333-4333-8333-333333333333';
const AGREEMENT_PATH = `/api/group/agreement/${GROUP}`;

const win = (overrides: Partial<AgreementWindowView>): AgreementWindowView => ({
  from: '2026-01-01',
  due: '2026-04-01',
  cutAt: null,
  state: 'open',
  givenOn: null,
  mark: null,
  ...overrides,
});

const photos: AgreementItem = {
  id: PHOTOS_ID,
  kind: 'photos',
  giver: 'adoptive',
  receiver: 'birth',
  frequency: { type: 'everyMonths', months: 3, start: '2026-01-01' },
  until: { type: 'childAge', years: 5 },
  note: '',
  counted: true,
  windows: [
    win({ from: '2026-01-01', due: '2026-04-01', state: 'kept', givenOn: '2026-03-20' }),
    win({ from: '2026-04-02', due: '2026-07-01', state: 'overdue' }),
    win({ from: '2026-07-02', due: '2026-10-01', state: 'open' }),
  ],
};

const visit: AgreementItem = {
  id: VISIT_ID,
  kind: 'visit',
  giver: 'adoptive',
  receiver: 'birth',
  frequency: { type: 'yearlyDates', dates: ['08-01'] },
  until: null,
  note: 'At the park near the agency.',
  counted: false,
  windows: [win({ from: '2026-01-01', due: '2026-08-01', state: 'open' })],
};

function agreement(overrides: Partial<NonNullable<AgreementResponse['agreement']>> = {}): AgreementResponse {
  return {
    agreement: {
      version: 2,
      document: null,
      effectiveFrom: '2026-01-01',
      endsBefore: null,
      timeZone: 'America/Chicago',
      reminderDays: 7,
      childBirthDate: '2024-02-29',
      items: [photos, visit],
      today: '2026-07-06',
      ...overrides,
    },
    versions: [
      {
        version: 2,
        effectiveFrom: '2026-01-01',
        createdAt: '2026-01-01T10:00:00Z',
        createdBy: 'Casey Worker',
      },
      {
        version: 1,
        effectiveFrom: '2025-06-01',
        createdAt: '2025-06-01T10:00:00Z',
        createdBy: 'Casey Worker',
      },
    ],
  };
}

const NONE: AgreementResponse = { agreement: null, versions: [] };

function render(entry: string, handlers: Record<string, ApiHandler>) {
  const api = stubApi({
    [`GET /api/group/list/${GROUP}`]: () => jsonResponse({ _id: GROUP, name: 'Robin Lee' }),
    ...handlers,
  });
  const view = renderWithProviders(null, {
    routes: [
      { path: '/family', element: <AgreementSummary groupId={GROUP} groupName="Robin Lee" /> },
      { path: '/manage-families/:id/agreement', element: withToasts(<AgreementPage />) },
      { path: '/manage-families/:id/agreement/edit', element: withToasts(<AgreementEditPage />) },
      { path: '/manage-families/:id/details', element: <p>Family page</p> },
    ],
    initialEntries: [entry],
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

describe('the family page’s agreement box', () => {
  it('says there is none yet and leads to writing it', async () => {
    const { user, router } = render('/family', { [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(NONE) });
    expect(await screen.findByText(T.none)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: T.write }));
    expect(router.state.location.pathname).toBe(`/manage-families/${GROUP}/agreement/edit`);
  });

  it('shows each item with where it stands today, and leads to the agreement', async () => {
    const { user, router } = render('/family', {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
    });
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      // The quarter before is still owed: it shows before the one now open.
      'Photos — Adoptive parents to Birth familyEvery 3 months from 01.01.2026, until the child is 5Overdue since 07.01.2026',
      'Visit — Adoptive parents to Birth familyEach year on 08.01Due in 26 days',
    ]);
    await user.click(screen.getByRole('link', { name: T.open }));
    expect(router.state.location.pathname).toBe(`/manage-families/${GROUP}/agreement`);
  });

  it('says when it cannot be loaded, and asks again', async () => {
    let calls = 0;
    const { user } = render('/family', {
      [`GET ${AGREEMENT_PATH}`]: () =>
        ++calls === 1 ? jsonResponse({ message: 'down' }, 503) : jsonResponse(NONE),
    });
    await user.click(await screen.findByRole('button', { name: MSG.common.tryAgain }));
    expect(await screen.findByText(T.none)).toBeInTheDocument();
  });
});

describe('AgreementPage', () => {
  it('lists each item’s windows newest first, with marks offered only where one is still possible', async () => {
    render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
    });
    const table = await screen.findByRole('table', { name: 'Photos — Adoptive parents to Birth family' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Due in 87 days',
      'Overdue since 07.01.2026',
      'Kept on 03.20.2026',
    ]);
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(
      within(rows[1]!).getByRole('button', {
        name: `${T.markGiven}: Photos — Adoptive parents to Birth family, 07.01.2026`,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('At the park near the agency.')).toBeInTheDocument();
    expect(screen.getByText(`${T.timeZoneNote('America/Chicago')} ${T.reminderNote(7)}`)).toBeInTheDocument();
  });

  it('marks an overdue window given on a day: the date starts at the last one allowed, and the answer is shown', async () => {
    const marked = agreement({
      items: [
        {
          ...photos,
          windows: [
            photos.windows[0]!,
            win({
              from: '2026-04-02',
              due: '2026-07-01',
              state: 'late',
              givenOn: '2026-07-03',
              mark: { type: 'given', note: 'Sent by post.', by: 'Casey Worker', at: '2026-07-06T10:00:00Z' },
            }),
            photos.windows[2]!,
          ],
        },
        visit,
      ],
    });
    const { api, user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
      [`POST ${AGREEMENT_PATH}/mark`]: () => jsonResponse(marked),
    });
    await user.click(
      await screen.findByRole('button', {
        name: `${T.markGiven}: Photos — Adoptive parents to Birth family, 07.01.2026`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: T.markGivenTitle });
    const date = within(dialog).getByLabelText(T.givenDateLabel, { exact: false });
    // The grace ends on 07.15, but today is 07.06: no later than today.
    expect(date).toHaveValue('2026-07-06');
    await user.clear(date);
    await user.type(date, '2026-07-03');
    await user.type(within(dialog).getByLabelText(T.givenNoteLabel), 'Sent by post.');
    await user.click(within(dialog).getByRole('button', { name: T.markGiven }));
    await waitFor(() => expect(api.callsTo('POST', `${AGREEMENT_PATH}/mark`)).toHaveLength(1));
    expect(api.callsTo('POST', `${AGREEMENT_PATH}/mark`)[0]!.body).toEqual({
      type: 'given',
      itemId: PHOTOS_ID,
      due: '2026-07-01',
      date: '2026-07-03',
      note: 'Sent by post.',
    });
    expect(await screen.findByText('Given late, on 07.03.2026')).toBeInTheDocument();
    expect(screen.getByText('Sent by post.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an excuse needs its reason: without one nothing is sent', async () => {
    const { api, user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
    });
    await user.click(
      await screen.findByRole('button', {
        name: `${T.excuse}: Photos — Adoptive parents to Birth family, 07.01.2026`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: T.excuseTitle });
    await user.click(within(dialog).getByRole('button', { name: T.excuse }));
    expect(await within(dialog).findByText(T.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', `${AGREEMENT_PATH}/mark`)).toHaveLength(0);
  });

  it('reads an earlier version from the address, and marks nothing in it', async () => {
    const old = agreement({
      version: 1,
      effectiveFrom: '2025-06-01',
      endsBefore: '2026-01-01',
      items: [visit],
    });
    const { api, user, router } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
    });
    api.fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      return jsonResponse(url.searchParams.get('version') === '1' ? old : agreement());
    });
    await user.click(await screen.findByRole('combobox', { name: T.versionLabel }));
    await user.click(await screen.findByRole('option', { name: T.versionOption(1, '06.01.2025') }));
    expect(await screen.findByText(T.pastVersionNote('01.01.2026'))).toBeInTheDocument();
    expect(router.state.location.search).toBe('?version=1');
    expect(screen.queryByRole('button', { name: new RegExp(`^${T.markGiven}`) })).toBeNull();
  });
});

describe('AgreementEditPage', () => {
  it('writes a first agreement: checked as the fields are left, sent with the other side as receiver', async () => {
    const today = todayIsoDate();
    const { api, user, router } = render(`/manage-families/${GROUP}/agreement/edit`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(NONE),
      [`PUT ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
    });
    expect(await screen.findByLabelText(T.effectiveFromLabel, { exact: false })).toHaveValue(today);
    const months = screen.getByRole('textbox', { name: T.monthsField });
    await user.clear(months);
    await user.type(months, '0');
    await user.tab();
    expect(await screen.findByText(T.everyMonthsRange(24))).toBeInTheDocument();
    await user.clear(months);
    await user.type(months, '6');

    // An item ending at an age asks for the child's birth date before anything is sent.
    await user.click(screen.getByRole('combobox', { name: T.untilField }));
    await user.click(await screen.findByRole('option', { name: T.untilAgeOption }));
    await user.type(screen.getByRole('textbox', { name: T.untilAgeField }), '5');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByText(T.birthDateNeeded)).toBeInTheDocument();
    expect(api.callsTo('PUT', AGREEMENT_PATH)).toHaveLength(0);

    await user.type(screen.getByLabelText(T.childBirthDateLabel, { exact: false }), '2024-02-29');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${GROUP}/agreement`));
    expect(api.callsTo('PUT', AGREEMENT_PATH)[0]!.body).toEqual({
      effectiveFrom: today,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      reminderDays: 7,
      childBirthDate: '2024-02-29',
      items: [
        {
          kind: 'photos',
          giver: 'adoptive',
          receiver: 'birth',
          frequency: { type: 'everyMonths', months: 6, start: today },
          until: { type: 'childAge', years: 5 },
          note: '',
        },
      ],
    });
    expect(await screen.findByText(T.saved)).toBeInTheDocument();
  });

  it('starts a new version from the current one, the day after it began at the earliest, and shows a refusal where it belongs', async () => {
    const tomorrow = addCalendarDays(todayIsoDate(), 1);
    const { api, user } = render(`/manage-families/${GROUP}/agreement/edit`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement({ effectiveFrom: todayIsoDate() })),
      [`PUT ${AGREEMENT_PATH}`]: () =>
        jsonResponse({ message: T.untilBeforeStart, fields: { 'items.1.until': T.untilBeforeStart } }, 400),
    });
    expect(await screen.findByLabelText(T.effectiveFromLabel, { exact: false })).toHaveValue(tomorrow);
    expect(screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      T.itemHeading(1),
      T.itemHeading(2),
    ]);
    expect(screen.getByRole('textbox', { name: T.untilAgeField })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: T.datesField })).toHaveValue('08-01');
    // The refusal of item 2's end: said under the field of its end, chosen first.
    await user.click(screen.getAllByRole('combobox', { name: T.untilField })[1]!);
    await user.click(await screen.findByRole('option', { name: T.untilDateOption }));
    await user.type(screen.getByLabelText(T.untilDateField, { exact: false }), '2026-01-02');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByText(T.untilBeforeStart)).toBeInTheDocument();
    expect(api.callsTo('PUT', AGREEMENT_PATH)).toHaveLength(1);
  });

  it('removes an item and leaves the next one whole in its place; an added item starts afresh', async () => {
    const { api, user } = render(`/manage-families/${GROUP}/agreement/edit`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
      [`PUT ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
    });
    await user.click(await screen.findByRole('button', { name: T.removeItem(1) }));
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: T.datesField })).toHaveValue('08-01');
    expect(screen.getByRole('textbox', { name: T.noteField })).toHaveValue('At the park near the agency.');
    await user.click(screen.getByRole('button', { name: T.addItem }));
    expect(screen.getByRole('textbox', { name: T.monthsField })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    await waitFor(() => expect(api.callsTo('PUT', AGREEMENT_PATH)).toHaveLength(1));
    const sent = api.callsTo('PUT', AGREEMENT_PATH)[0]!.body as { items: { kind: string; note: string }[] };
    expect(sent.items.map((item) => [item.kind, item.note])).toEqual([
      ['visit', 'At the park near the agency.'],
      ['photos', ''],
    ]);
  });
});

describe('the agreement report', () => {
  it('downloads the period as a CSV file named after the family; a backwards period asks nothing', async () => {
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const { api, user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
      [`GET ${AGREEMENT_PATH}/report`]: () =>
        new Response('Version,Item\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const report = await screen.findByRole('region', { name: T.reportTitle });
    const from = within(report).getByLabelText(T.reportFrom);
    expect(from).toHaveValue('2026-01-01');
    await user.clear(from);
    await user.type(from, '2026-08-01');
    await user.click(within(report).getByRole('button', { name: T.reportDownload }));
    expect(await within(report).findByText(T.periodBackwards)).toBeInTheDocument();
    expect(api.callsTo('GET', `${AGREEMENT_PATH}/report`)).toHaveLength(0);

    await user.clear(from);
    await user.type(from, '2026-02-01');
    await user.click(within(report).getByRole('button', { name: T.reportDownload }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const asked = api.fetchMock.mock.calls
      .map(([input]) => String(input))
      .find((url) => url.includes('/report'))!;
    expect(new URL(asked, 'http://localhost').search).toBe('?from=2026-02-01&to=2026-07-06&format=csv');
    expect(saved[0]).toEqual({
      href: 'blob:report',
      download: T.reportFileName('Robin Lee', '2026-02-01', '2026-07-06'),
    });
    click.mockRestore();
  });

  it('downloads the period as a PDF, one file for a double click, then shows its fingerprint and where to check it, until the period changes', async () => {
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const pdf = Buffer.from('%PDF-1.7 a contact agreement report');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    let send = () => {};
    const { api, user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
      [`GET ${AGREEMENT_PATH}/report`]: () =>
        new Promise<Response>((resolve) => {
          send = () => resolve(new Response(pdf, { headers: { 'content-type': 'application/pdf' } }));
        }),
    });
    const report = await screen.findByRole('region', { name: T.reportTitle });
    const csvButton = within(report).getByRole('button', { name: T.reportDownload });
    const pdfButton = within(report).getByRole('button', { name: T.reportDownloadPdf });
    await user.dblClick(pdfButton);
    // While the PDF comes, neither button asks again.
    expect(pdfButton).toBeDisabled();
    expect(pdfButton).toHaveAttribute('data-loading');
    expect(csvButton).toBeDisabled();
    expect(csvButton).not.toHaveAttribute('data-loading');
    send();

    const status = within(report).getByRole('status');
    const fileName = T.reportPdfFileName('Robin Lee', '2026-01-01', '2026-07-06');
    expect(await within(status).findByText(sha256)).toBeInTheDocument();
    expect(status).toHaveTextContent(T.reportIssued(fileName));
    expect(within(status).getByRole('link', { name: T.reportCheckLink })).toHaveAttribute(
      'href',
      `/verify/${sha256}`,
    );
    expect(saved).toEqual([{ href: 'blob:report', download: fileName }]);
    const asked = api.fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes('/report'));
    expect(asked.map((url) => new URL(url, 'http://localhost').search)).toEqual([
      '?from=2026-01-01&to=2026-07-06&format=pdf',
    ]);
    expect(csvButton).toBeEnabled();
    expect(pdfButton).toBeEnabled();

    // Another period: the fingerprint shown was not its PDF's.
    const from = within(report).getByLabelText(T.reportFrom);
    await user.clear(from);
    await user.type(from, '2026-02-01');
    expect(status).toBeEmptyDOMElement();
    click.mockRestore();
  });

  it('saves a PDF that arrives after the period changed, but shows no fingerprint for the new period', async () => {
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    let send = () => {};
    const { user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
      [`GET ${AGREEMENT_PATH}/report`]: () =>
        new Promise<Response>((resolve) => {
          send = () =>
            resolve(
              new Response(Buffer.from('%PDF-1.7 late'), { headers: { 'content-type': 'application/pdf' } }),
            );
        }),
    });
    const report = await screen.findByRole('region', { name: T.reportTitle });
    const pdfButton = within(report).getByRole('button', { name: T.reportDownloadPdf });
    await user.click(pdfButton);
    const from = within(report).getByLabelText(T.reportFrom);
    await user.clear(from);
    await user.type(from, '2026-02-01');
    send();
    await waitFor(() => expect(pdfButton).toBeEnabled());
    expect(saved).toEqual([T.reportPdfFileName('Robin Lee', '2026-01-01', '2026-07-06')]);
    expect(within(report).getByRole('status')).toBeEmptyDOMElement();
    click.mockRestore();
  });

  it('says why a PDF was refused, and shows no fingerprint', async () => {
    const { user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
      [`GET ${AGREEMENT_PATH}/report`]: () => jsonResponse({ message: T.periodBackwards }, 400),
    });
    const report = await screen.findByRole('region', { name: T.reportTitle });
    await user.click(within(report).getByRole('button', { name: T.reportDownloadPdf }));
    expect(await within(report).findByText(T.periodBackwards)).toBeInTheDocument();
    expect(within(report).getByRole('status')).toBeEmptyDOMElement();
    expect(within(report).queryByRole('link', { name: T.reportCheckLink })).not.toBeInTheDocument();
  });
});

describe('the signed agreement', () => {
  const DOCUMENT_PATH = `${AGREEMENT_PATH}/document`;
  const signed: AgreementDocument = {
    fileName: 'Contact agreement Robin Lee, signed by both families on the first of January.pdf',
    contentType: 'application/pdf',
    size: 48_213,
    sha256: 'a'.repeat(64),
    uploadedAt: '2026-01-05T15:00:00Z',
    uploadedBy: 'Casey Worker',
  };
  const pastVersion = () =>
    agreement({ version: 1, effectiveFrom: '2025-06-01', endsBefore: '2026-01-01', document: signed });

  /** Saves what the page saves: each link clicked, its address and its file name. */
  function catchSavedFiles() {
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:document'), revokeObjectURL: vi.fn() });
    return { saved, restore: () => click.mockRestore() };
  }

  /** The paths (with their query) the page asked the file at. */
  const documentRequests = (api: ReturnType<typeof render>['api']) =>
    api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === DOCUMENT_PATH)
      .map((url) => `${url.pathname}${url.search}`);

  const fileInput = (section: HTMLElement) => section.querySelector<HTMLInputElement>('input[type="file"]')!;

  it('shows the version’s file and downloads it under its name, one file for a double click', async () => {
    const files = catchSavedFiles();
    let send = () => {};
    const { api, user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement({ document: signed })),
      [`GET ${DOCUMENT_PATH}`]: () =>
        new Promise<Response>((resolve) => {
          send = () => resolve(new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
        }),
    });
    const section = await screen.findByRole('region', { name: T.documentTitle });
    expect(within(section).getByText(signed.fileName)).toBeInTheDocument();
    expect(
      within(section).getByText(
        `${formatByteSize(signed.size)} · ${T.documentUploaded('Casey Worker', '01.05.2026')}`,
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: T.documentReplace })).toBeInTheDocument();

    const download = within(section).getByRole('button', { name: T.documentDownload });
    await user.dblClick(download);
    expect(download).toBeDisabled();
    expect(download).toHaveAttribute('data-loading');
    send();
    await waitFor(() => expect(files.saved).toEqual([{ href: 'blob:document', download: signed.fileName }]));
    expect(download).toBeEnabled();
    expect(documentRequests(api)).toEqual([DOCUMENT_PATH]);
    files.restore();
  });

  it('on a past version, downloads that version’s file and offers nothing to attach', async () => {
    const files = catchSavedFiles();
    const { api, user } = render(`/manage-families/${GROUP}/agreement?version=1`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(pastVersion()),
      [`GET ${DOCUMENT_PATH}`]: () =>
        new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
    });
    const section = await screen.findByRole('region', { name: T.documentTitle });
    expect(within(section).queryByRole('button', { name: T.documentReplace })).toBeNull();
    expect(within(section).queryByText(T.documentHint)).toBeNull();
    expect(fileInput(section)).toBeNull();
    await user.click(within(section).getByRole('button', { name: T.documentDownload }));
    await waitFor(() => expect(files.saved).toHaveLength(1));
    expect(documentRequests(api)).toEqual([`${DOCUMENT_PATH}?version=1`]);
    files.restore();
  });

  it('says when a past version has none, and offers nothing to attach', async () => {
    render(`/manage-families/${GROUP}/agreement?version=1`, {
      [`GET ${AGREEMENT_PATH}`]: () =>
        jsonResponse({ ...pastVersion(), agreement: { ...pastVersion().agreement!, document: null } }),
    });
    const section = await screen.findByRole('region', { name: T.documentTitle });
    expect(within(section).getByText(T.documentNone)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('attaches a PDF to the current version: one multipart part named file, then the new file and a notification', async () => {
    let answer = () => {};
    const { api, user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
      [`PUT ${DOCUMENT_PATH}`]: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(jsonResponse(agreement({ document: signed })));
        }),
    });
    const section = await screen.findByRole('region', { name: T.documentTitle });
    expect(within(section).getByText(T.documentNone)).toBeInTheDocument();
    const attach = within(section).getByRole('button', { name: T.documentAttach });
    expect(attach).toHaveAccessibleDescription(T.documentHint);
    const pdf = new File(['%PDF-1.7 signed'], signed.fileName, { type: 'application/pdf' });
    expect(fileInput(section)).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png');
    await user.upload(fileInput(section), pdf);

    await waitFor(() => expect(attach).toBeDisabled());
    expect(attach).toHaveAttribute('data-loading');
    const [, init] = api.fetchMock.mock.calls.find(([input]) => String(input) === DOCUMENT_PATH)!;
    expect(init?.method).toBe('PUT');
    // The browser writes the multipart type with its boundary: none is set by hand.
    expect(init?.headers).not.toHaveProperty('content-type');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['file']);
    expect(form.get('file')).toBe(pdf);
    answer();

    expect(await within(section).findByText(signed.fileName)).toBeInTheDocument();
    expect(await screen.findByText(T.documentAttached)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: T.documentReplace })).toBeEnabled();
    expect(within(section).queryByText(T.documentNone)).toBeNull();
    expect(api.callsTo('PUT', DOCUMENT_PATH)).toHaveLength(1);
  });

  it('shows why the server refused a file, and keeps the file there was', async () => {
    const { api, user } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement({ document: signed })),
      [`PUT ${DOCUMENT_PATH}`]: () => jsonResponse({ message: T.documentTypeNotAllowed }, 415),
    });
    const section = await screen.findByRole('region', { name: T.documentTitle });
    // Named a PDF, but its bytes are not one: only the server can tell.
    await user.upload(fileInput(section), new File(['MZ'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(T.documentTypeNotAllowed);
    expect(api.callsTo('PUT', DOCUMENT_PATH)).toHaveLength(1);
    expect(within(section).getByText(signed.fileName)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: T.documentReplace })).toBeEnabled();
    expect(screen.queryByText(T.documentAttached)).toBeNull();
  });

  it('refuses a file too large or of another type without sending it', async () => {
    const { api } = render(`/manage-families/${GROUP}/agreement`, {
      [`GET ${AGREEMENT_PATH}`]: () => jsonResponse(agreement()),
    });
    // A picker set to 'All files' lets any file through the accept list.
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const section = await screen.findByRole('region', { name: T.documentTitle });
    const large = new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: AGREEMENT_DOCUMENT_MAX_BYTES + 1 });
    await user.upload(fileInput(section), large);
    expect(await within(section).findByRole('alert')).toHaveTextContent(T.documentTooLarge);

    await user.upload(
      fileInput(section),
      new File(['hello'], 'agreement.docx', { type: 'application/msword' }),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent(T.documentTypeNotAllowed);
    expect(api.callsTo('PUT', DOCUMENT_PATH)).toHaveLength(0);
    expect(within(section).getByText(T.documentNone)).toBeInTheDocument();
  });
});
