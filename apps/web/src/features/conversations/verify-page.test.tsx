import { createHash } from 'node:crypto';
import { AGREEMENT_MSG, API, apiPath, type ExportVerifyResponse, MSG } from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../test/render.js';
import { verifyRoutes } from './verify-routes.js';

const ISSUED = 'a'.repeat(64);

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderVerify(path: string) {
  const routes = verifyRoutes.map((route) => ({
    ...route,
    element: (
      <>
        {route.element}
        <Where />
      </>
    ),
  }));
  return renderWithProviders(null, { routes, initialEntries: [path] });
}

/** The page is a lazy chunk: its first render in a test file waits for the import. */
const LOADED = { timeout: 10_000 };

const verifyPath = (hash: string) => apiPath(API.conversations.verifyExport, { hash });

const issuedAnswer = (sha256: string) =>
  ({
    issued: true,
    document: 'transcript',
    sha256,
    message: MSG.conversations.exportIssued,
    issuedAt: '2026-03-09T09:31:05.000Z',
    channelId: 'c1',
    channelLabel: 'Channel 2',
    messageCount: 10_000,
    byteSize: 1_048_576,
  }) satisfies ExportVerifyResponse;

const reportAnswer = (sha256: string) =>
  ({
    issued: true,
    document: 'agreementReport',
    sha256,
    message: MSG.conversations.agreementReportIssued,
    issuedAt: '2026-07-06T15:04:05.000Z',
    from: '2026-01-01',
    to: '2026-06-30',
    windowCount: 1_204,
    byteSize: 24_576,
  }) satisfies ExportVerifyResponse;

const fileInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type="file"]')!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerifyPage', () => {
  it('opened from the e-mail’s link, says a transcript with this fingerprint was issued — when, which channel, how many messages — and asks for the file, never green', async () => {
    stubApi({ [`GET ${verifyPath(ISSUED)}`]: () => jsonResponse(issuedAnswer(ISSUED)) });
    renderVerify(`/verify/${ISSUED}`);
    const result = await screen.findByTestId('verify-result', {}, LOADED);
    expect(within(result).getByText(MSG.conversations.exportIssued)).toBeInTheDocument();
    expect(within(result).getByText(MSG.conversations.verifyChooseFile)).toBeInTheDocument();
    expect(screen.queryByText(MSG.conversations.verifyFileMatches)).not.toBeInTheDocument();
    expect(result).toHaveAttribute('data-outcome', 'issued');
    const row = (label: string) => within(result).getByRole('row', { name: new RegExp(`^${label}`) });
    expect(row(MSG.conversations.verifyDocument)).toHaveTextContent(MSG.conversations.verifyTranscript);
    expect(row(MSG.conversations.verifyIssuedOn)).toHaveTextContent('03.09.2026 9:31:05 AM (UTC)');
    expect(row(MSG.conversations.verifyChannel)).toHaveTextContent('Channel 2');
    expect(row(MSG.conversations.verifyMessages)).toHaveTextContent('10,000');
    expect(row(MSG.conversations.verifyFileSize)).toHaveTextContent('1.0 MB');
    expect(screen.getByRole('heading', { name: MSG.conversations.verifyTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(MSG.conversations.verifyFingerprintLabel)).toHaveValue(ISSUED);
  });

  it('opened from the link, shows green only when the chosen file’s fingerprint is the link’s', async () => {
    const pdf = Buffer.from('%PDF-1.7 the issued transcript');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const api = stubApi({ [`GET ${verifyPath(sha256)}`]: () => jsonResponse(issuedAnswer(sha256)) });
    const { container } = renderVerify(`/verify/${sha256}`);
    await screen.findByText(MSG.conversations.verifyChooseFile, {}, LOADED);
    await userEvent.upload(
      fileInput(container),
      new File([pdf], 'transcript.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('verify-result')).toHaveTextContent(MSG.conversations.verifyFileMatches),
    );
    expect(screen.getByTestId('verify-result')).toHaveAttribute('data-outcome', 'verified');
    expect(screen.queryByText(MSG.conversations.verifyChooseFile)).not.toBeInTheDocument();
    expect(screen.queryByTestId('verify-file')).not.toBeInTheDocument();
    // The file was hashed here: only the fingerprint was ever asked about.
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${verifyPath(sha256)}`]);
  });

  it('opened from the link, says clearly when the chosen file is not that transcript (a forged PDF beside a real link)', async () => {
    const forged = Buffer.from('%PDF-1.7 a forged transcript');
    const forgedSha = createHash('sha256').update(forged).digest('hex');
    stubApi({ [`GET ${verifyPath(ISSUED)}`]: () => jsonResponse(issuedAnswer(ISSUED)) });
    const { container } = renderVerify(`/verify/${ISSUED}`);
    await screen.findByText(MSG.conversations.verifyChooseFile, {}, LOADED);
    await userEvent.upload(
      fileInput(container),
      new File([forged], 'forged.pdf', { type: 'application/pdf' }),
    );
    const mismatch = await screen.findByTestId('verify-file');
    expect(within(mismatch).getByText(MSG.conversations.verifyFileDiffers)).toBeInTheDocument();
    expect(mismatch).toHaveTextContent(`${MSG.conversations.verifyChosenFile('forged.pdf')}${forgedSha}`);
    expect(screen.queryByText(MSG.conversations.verifyFileMatches)).not.toBeInTheDocument();
    expect(screen.getByTestId('verify-result')).toHaveAttribute('data-outcome', 'issued');
    // The link's fingerprint stays the question; the forged file's is not looked up instead.
    expect(screen.getByTestId('where')).toHaveTextContent(`/verify/${ISSUED}`);
  });

  it('for an agreement report, says which period and how many windows it reported, and asks for the report', async () => {
    stubApi({ [`GET ${verifyPath(ISSUED)}`]: () => jsonResponse(reportAnswer(ISSUED)) });
    renderVerify(`/verify/${ISSUED}`);
    const result = await screen.findByTestId('verify-result', {}, LOADED);
    expect(within(result).getByText(MSG.conversations.agreementReportIssued)).toBeInTheDocument();
    expect(within(result).getByText(MSG.conversations.verifyChooseReport)).toBeInTheDocument();
    expect(result).toHaveAttribute('data-outcome', 'issued');
    const row = (label: string) => within(result).getByRole('row', { name: new RegExp(`^${label}`) });
    expect(row(MSG.conversations.verifyDocument)).toHaveTextContent(MSG.conversations.verifyAgreementReport);
    expect(row(MSG.conversations.verifyIssuedOn)).toHaveTextContent('07.06.2026 3:04:05 PM (UTC)');
    expect(row(MSG.conversations.verifyPeriod)).toHaveTextContent(
      AGREEMENT_MSG.windowRange('01.01.2026', '06.30.2026'),
    );
    expect(row(MSG.conversations.verifyWindows)).toHaveTextContent('1,204');
    expect(row(MSG.conversations.verifyFileSize)).toHaveTextContent('24.0 KB');
    // What a transcript says is not said of a report.
    expect(within(result).queryByRole('row', { name: /^Channel/ })).not.toBeInTheDocument();
    expect(within(result).queryByText(MSG.conversations.verifyChooseFile)).not.toBeInTheDocument();
  });

  it('for an agreement report, says clearly when the chosen file is not that report', async () => {
    const other = Buffer.from('%PDF-1.7 another report');
    const otherSha = createHash('sha256').update(other).digest('hex');
    stubApi({ [`GET ${verifyPath(ISSUED)}`]: () => jsonResponse(reportAnswer(ISSUED)) });
    const { container } = renderVerify(`/verify/${ISSUED}`);
    await screen.findByText(MSG.conversations.verifyChooseReport, {}, LOADED);
    await userEvent.upload(
      fileInput(container),
      new File([other], 'report.pdf', { type: 'application/pdf' }),
    );
    const mismatch = await screen.findByTestId('verify-file');
    expect(within(mismatch).getByText(MSG.conversations.verifyReportDiffers)).toBeInTheDocument();
    expect(within(mismatch).queryByText(MSG.conversations.verifyFileDiffers)).not.toBeInTheDocument();
    expect(mismatch).toHaveTextContent(`${MSG.conversations.verifyChosenFile('report.pdf')}${otherSha}`);
    expect(screen.getByTestId('verify-result')).toHaveAttribute('data-outcome', 'issued');
    expect(screen.queryByText(MSG.conversations.verifyFileMatches)).not.toBeInTheDocument();
  });

  it('says when no file with the fingerprint was issued', async () => {
    const unknown = 'b'.repeat(64);
    stubApi({
      [`GET ${verifyPath(unknown)}`]: () =>
        jsonResponse({ issued: false, sha256: unknown, message: MSG.conversations.exportNotIssued }),
    });
    renderVerify(`/verify/${unknown.toUpperCase()}`);
    const result = await screen.findByTestId('verify-result', {}, LOADED);
    expect(within(result).getByText(MSG.conversations.exportNotIssued)).toBeInTheDocument();
    expect(result).toHaveTextContent(unknown);
  });

  it('refuses a typed fingerprint that is not 64 hexadecimal characters, and asks nothing', async () => {
    const api = stubApi({});
    renderVerify('/verify');
    await userEvent.type(screen.getByLabelText(MSG.conversations.verifyFingerprintLabel), 'not-a-hash');
    await userEvent.click(screen.getByRole('button', { name: MSG.conversations.verifyCheck }));
    expect(await screen.findByText(MSG.conversations.invalidFingerprint)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/verify');
    expect(api.calls).toEqual([]);
  });

  it('takes a fingerprint pasted with spaces, line breaks and capitals, and never cuts a long paste short', async () => {
    const hash = 'd'.repeat(64);
    const api = stubApi({
      [`GET ${verifyPath(hash)}`]: () =>
        jsonResponse({ issued: false, sha256: hash, message: MSG.conversations.exportNotIssued }),
    });
    renderVerify('/verify');
    const field = screen.getByLabelText(MSG.conversations.verifyFingerprintLabel);
    await userEvent.click(field);
    await userEvent.paste(` ${'D'.repeat(32)}\n${'d'.repeat(32)} `);
    await userEvent.click(screen.getByRole('button', { name: MSG.conversations.verifyCheck }));
    expect(await screen.findByTestId('verify-result', {}, LOADED)).toHaveTextContent(
      MSG.conversations.exportNotIssued,
    );
    expect(api.calls.map((c) => c.path)).toEqual([verifyPath(hash)]);

    await userEvent.clear(field);
    await userEvent.paste(`${hash}e`);
    expect(field).toHaveValue(`${hash}e`);
    await userEvent.click(screen.getByRole('button', { name: MSG.conversations.verifyCheck }));
    expect(await screen.findByText(MSG.conversations.invalidFingerprint)).toBeInTheDocument();
  });

  it('on /verify, works out the fingerprint of the chosen PDF in the browser and checks that file — the file is not sent', async () => {
    const pdf = Buffer.from('%PDF-1.7 a transcript');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const api = stubApi({ [`GET ${verifyPath(sha256)}`]: () => jsonResponse(issuedAnswer(sha256)) });
    const { container } = renderVerify('/verify');
    expect(screen.getByRole('button', { name: MSG.conversations.verifyFileLabel })).toBeInTheDocument();
    await userEvent.upload(
      fileInput(container),
      new File([pdf], 'transcript.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByTestId('verify-result', {}, LOADED)).toHaveTextContent(
      MSG.conversations.verifyFileMatches,
    );
    expect(screen.getByTestId('where')).toHaveTextContent(`/verify/${sha256}`);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${verifyPath(sha256)}`]);
  });

  it('on /verify, a chosen file the portal never issued is refused', async () => {
    const pdf = Buffer.from('%PDF-1.7 unknown');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    stubApi({
      [`GET ${verifyPath(sha256)}`]: () =>
        jsonResponse({ issued: false, sha256, message: MSG.conversations.exportNotIssued }),
    });
    const { container } = renderVerify('/verify');
    await userEvent.upload(fileInput(container), new File([pdf], 'other.pdf', { type: 'application/pdf' }));
    expect(await screen.findByTestId('verify-result', {}, LOADED)).toHaveTextContent(
      MSG.conversations.exportNotIssued,
    );
    expect(screen.queryByText(MSG.conversations.verifyFileMatches)).not.toBeInTheDocument();
  });
});
