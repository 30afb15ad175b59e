import { API, MSG, type SecondFactorAddedResponse } from '@bridge-talk/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../test/render.js';
import { AddPasskeyButton } from './passkey-enrol.js';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const OPTIONS = {
  rp: { id: 'localhost', name: 'Bridge Talk' },
  user: { id: 'dXNlcg', name: 'erin@example.com', displayName: 'Erin Entity' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
const BROWSER_ANSWER = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
  type: 'public-key',
};
const ADDED: SecondFactorAddedResponse = {
  message: MSG.secondFactor.passkeyEnrolled,
  factor: {
    _id: 'f1',
    name: 'Work laptop',
    kind: 'passkey',
    createdAt: '2026-11-28T12:00:00.000Z',
    lastUsedAt: null,
  },
  recoveryCodes: ['ABCD-EFGH-JKLM'],
};

function stubPasskeyApi() {
  return stubApi({
    [`POST ${API.secondFactors.passkeyStart}`]: () =>
      jsonResponse({ challengeId: 'challenge-1', options: OPTIONS }),
    [`POST ${API.secondFactors.passkeyConfirm}`]: () => jsonResponse(ADDED),
  });
}

async function addNamed(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
  if (name) await user.type(await screen.findByRole('textbox', { name: /^Name/ }), name);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  browser.startRegistration.mockReset();
});

describe('AddPasskeyButton', () => {
  it("names the passkey, opens the browser's prompt with the server's options, and hands the answer over", async () => {
    const api = stubPasskeyApi();
    browser.startRegistration.mockResolvedValue(BROWSER_ANSWER);
    const onAdded = vi.fn();
    renderWithProviders(withToasts(<AddPasskeyButton onAdded={onAdded} />));

    await addNamed('Work laptop');

    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(ADDED));
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.callsTo('POST', API.secondFactors.passkeyConfirm)[0]!.body).toEqual({
      challengeId: 'challenge-1',
      name: 'Work laptop',
      response: BROWSER_ANSWER,
    });
    expect(await screen.findByText(MSG.secondFactor.passkeyEnrolled)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the browser prompt is closed, and sends nothing to confirm', async () => {
    const api = stubPasskeyApi();
    browser.startRegistration.mockRejectedValue(
      new DOMException('The operation was aborted.', 'NotAllowedError'),
    );
    const onAdded = vi.fn();
    renderWithProviders(withToasts(<AddPasskeyButton onAdded={onAdded} />));

    await addNamed('Work laptop');

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.secondFactor.passkeyCancelled);
    expect(api.callsTo('POST', API.secondFactors.passkeyConfirm)).toHaveLength(0);
    expect(onAdded).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows the server's refusal of the answer in the dialog", async () => {
    stubApi({
      [`POST ${API.secondFactors.passkeyStart}`]: () =>
        jsonResponse({ challengeId: 'challenge-1', options: OPTIONS }),
      [`POST ${API.secondFactors.passkeyConfirm}`]: () =>
        jsonResponse({ message: MSG.secondFactor.passkeyExists }, 409),
    });
    browser.startRegistration.mockResolvedValue(BROWSER_ANSWER);
    renderWithProviders(withToasts(<AddPasskeyButton onAdded={vi.fn()} />));

    await addNamed('Work laptop');

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.secondFactor.passkeyExists);
  });

  it('asks for a name first', async () => {
    const api = stubPasskeyApi();
    renderWithProviders(withToasts(<AddPasskeyButton onAdded={vi.fn()} />));

    await addNamed('');

    expect(await screen.findByText(MSG.secondFactor.nameRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(browser.startRegistration).not.toHaveBeenCalled();
  });
});
