import { createHash } from 'node:crypto';
import { API, apiPath, MSG } from '@bridge-talk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../test/render.js';
import { verifyRoutes } from './routes.js';

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

const verifyPath = (hash: string) => apiPath(API.exports.verify, { hash });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerifyPage', () => {
  it('opened from the e-mail’s link, says the file was issued: when, which channel, how many messages — no content', async () => {
    stubApi({
      [`GET ${verifyPath(ISSUED)}`]: () =>
        jsonResponse({
          issued: true,
          sha256: ISSUED,
          message: MSG.conversations.exportIssued,
          issuedAt: '2026-03-09T09:31:05.000Z',
          channelId: 'c1',
          channelLabel: 'Channel 2',
          messageCount: 10_000,
          byteSize: 1_048_576,
        }),
    });
    renderVerify(`/verify/${ISSUED}`);
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByText(MSG.conversations.exportIssued)).toBeInTheDocument();
    const row = (label: string) => within(result).getByRole('row', { name: new RegExp(`^${label}`) });
    expect(row(MSG.conversations.verifyIssuedOn)).toHaveTextContent('03.09.2026 9:31:05 AM (UTC)');
    expect(row(MSG.conversations.verifyChannel)).toHaveTextContent('Channel 2');
    expect(row(MSG.conversations.verifyMessages)).toHaveTextContent('10,000');
    expect(row(MSG.conversations.verifyFileSize)).toHaveTextContent('1.0 MB');
    expect(screen.getByRole('heading', { name: MSG.conversations.verifyTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(MSG.conversations.verifyFingerprintLabel)).toHaveValue(ISSUED);
  });

  it('says when no file with the fingerprint was issued', async () => {
    const unknown = 'b'.repeat(64);
    stubApi({
      [`GET ${verifyPath(unknown)}`]: () =>
        jsonResponse({ issued: false, sha256: unknown, message: MSG.conversations.exportNotIssued }),
    });
    renderVerify(`/verify/${unknown.toUpperCase()}`);
    const result = await screen.findByTestId('verify-result');
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
    expect(await screen.findByTestId('verify-result')).toHaveTextContent(MSG.conversations.exportNotIssued);
    expect(api.calls.map((c) => c.path)).toEqual([verifyPath(hash)]);

    await userEvent.clear(field);
    await userEvent.paste(`${hash}e`);
    expect(field).toHaveValue(`${hash}e`);
    await userEvent.click(screen.getByRole('button', { name: MSG.conversations.verifyCheck }));
    expect(await screen.findByText(MSG.conversations.invalidFingerprint)).toBeInTheDocument();
  });

  it('works out the fingerprint of the chosen PDF in the browser, and checks it — the file is not sent', async () => {
    const pdf = Buffer.from('%PDF-1.7 a transcript');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const api = stubApi({
      [`GET ${verifyPath(sha256)}`]: () =>
        jsonResponse({ issued: false, sha256, message: MSG.conversations.exportNotIssued }),
    });
    const { container } = renderVerify('/verify');
    expect(screen.getByRole('button', { name: MSG.conversations.verifyFileLabel })).toBeInTheDocument();
    await userEvent.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([pdf], 'transcript.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByTestId('verify-result')).toHaveTextContent(MSG.conversations.exportNotIssued);
    expect(screen.getByTestId('where')).toHaveTextContent(`/verify/${sha256}`);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${verifyPath(sha256)}`]);
  });
});
