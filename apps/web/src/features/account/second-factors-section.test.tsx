import {
  API,
  apiPath,
  MSG,
  type SecondFactor,
  type SecondFactorsResponse,
  type SessionUser,
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
import { ADMIN_USER, ENTITY_USER } from '../../test/sessions.js';
import { ResetSecondFactorButton, SecondFactorPolicySetting } from './index.js';
import { SecondFactorsSection } from './second-factors-section.js';

const USER = ENTITY_USER;

const PHONE: SecondFactor = {
  _id: 'f1',
  name: 'Erin’s phone with a very long name that goes on and on past the edge of a small screen',
  kind: 'totp',
  createdAt: '2026-03-02T10:00:00.000Z',
  lastUsedAt: null,
};
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD-EFGH-JK${String(i + 20).padStart(2, '2')}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection(handlers: Record<string, ApiHandler>, user: SessionUser = USER) {
  const api = stubApi(handlers);
  renderWithProviders(<SecondFactorsSection user={user} />, { wrapper: withToasts });
  return api;
}

const listing = (factors: SecondFactor[], recoveryCodesLeft: number): SecondFactorsResponse => ({
  factors,
  recoveryCodesLeft,
});

describe('SecondFactorsSection', () => {
  it('says when the account has no second factor, and offers to add an authenticator app', async () => {
    renderSection({ [`GET ${API.secondFactors.list}`]: () => jsonResponse(listing([], 0)) });
    expect(await screen.findByText(MSG.secondFactor.noFactors)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MSG.secondFactor.sectionTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.secondFactor.addTotp })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: MSG.secondFactor.replaceRecoveryCodes }),
    ).not.toBeInTheDocument();
  });

  it('lists each factor with its kind, when it was added and last used, and the recovery codes left', async () => {
    renderSection({
      [`GET ${API.secondFactors.list}`]: () =>
        jsonResponse(
          listing(
            [PHONE, { ...PHONE, _id: 'f2', name: 'Tablet', lastUsedAt: '2026-11-20T09:00:00.000Z' }],
            7,
          ),
        ),
    });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(PHONE.name);
    expect(items[0]).toHaveTextContent(
      `${MSG.secondFactor.kindTotp} · ${MSG.secondFactor.addedOn('03.02.2026')}, ${MSG.secondFactor.neverUsed}`,
    );
    expect(items[1]).toHaveTextContent(MSG.secondFactor.lastUsed('11.20.2026'));
    expect(screen.getByText(MSG.secondFactor.recoveryCodesLeft(7))).toBeInTheDocument();
  });

  it('adds an authenticator app from its QR code and key: a wrong code is said, then the recovery codes are shown once', async () => {
    const user = userEvent.setup();
    let listed = listing([], 0);
    const api = renderSection({
      [`GET ${API.secondFactors.list}`]: () => jsonResponse(listed),
      [`POST ${API.secondFactors.totpStart}`]: () =>
        jsonResponse({
          factorId: '0b5f7a52-1b7e-4a43-9d0c-0f2f3b1c2d3e',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          uri: 'otpauth://totp/Bridge%20Talk:erin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Bridge%20Talk',
        }),
      [`POST ${API.secondFactors.totpConfirm}`]: (body) => {
        if ((body as { code: string }).code !== '123456')
          return jsonResponse(
            { message: MSG.secondFactor.codeWrong, fields: { code: MSG.secondFactor.codeWrong } },
            422,
          );
        listed = listing([{ ...PHONE, name: 'Work phone' }], 10);
        return jsonResponse({
          message: MSG.secondFactor.enrolled,
          factor: { ...PHONE, name: 'Work phone' },
          recoveryCodes: CODES,
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: MSG.secondFactor.addTotp }));
    const dialog = await screen.findByRole('dialog', { name: MSG.secondFactor.totpTitle });
    expect(
      await within(dialog).findByRole('img', { name: MSG.secondFactor.totpQrLabel }),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('totp-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    // Checked before any call: a name is needed.
    await user.type(within(dialog).getByLabelText(/^Code/), '654321');
    await user.click(within(dialog).getByRole('button', { name: MSG.secondFactor.addTotp }));
    expect(await within(dialog).findByText(MSG.secondFactor.nameRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', API.secondFactors.totpConfirm)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Work phone');
    await user.click(within(dialog).getByRole('button', { name: MSG.secondFactor.addTotp }));
    expect(await within(dialog).findByText(MSG.secondFactor.codeWrong)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Code/));
    await user.type(within(dialog).getByLabelText(/^Code/), '123 456');
    await user.click(within(dialog).getByRole('button', { name: MSG.secondFactor.addTotp }));
    const codes = await screen.findByRole('dialog', { name: MSG.secondFactor.recoveryCodesTitle });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(api.callsTo('POST', API.secondFactors.totpConfirm).at(-1)?.body).toEqual({
      factorId: '0b5f7a52-1b7e-4a43-9d0c-0f2f3b1c2d3e',
      code: '123456',
      name: 'Work phone',
    });
    await user.click(within(codes).getByRole('button', { name: MSG.secondFactor.codesSaved }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Work phone')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  it('removes a factor after the password: a wrong one is said under the field', async () => {
    const user = userEvent.setup();
    let listed = listing([PHONE], 10);
    const api = renderSection({
      [`GET ${API.secondFactors.list}`]: () => jsonResponse(listed),
      [`POST ${apiPath(API.secondFactors.remove, { id: 'f1' })}`]: (body) => {
        if ((body as { password: string }).password !== 'Right-Pass-1')
          return jsonResponse(
            { message: MSG.secondFactor.passwordWrong, fields: { password: MSG.secondFactor.passwordWrong } },
            422,
          );
        listed = listing([], 0);
        return jsonResponse({ message: MSG.secondFactor.removed });
      },
    });
    await user.click(await screen.findByRole('button', { name: `${MSG.secondFactor.remove} ${PHONE.name}` }));
    const dialog = await screen.findByRole('dialog', { name: MSG.secondFactor.removeTitle(PHONE.name) });
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: MSG.secondFactor.remove }));
    expect(await within(dialog).findByText(MSG.secondFactor.passwordWrong)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'Right-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: MSG.secondFactor.remove }));
    expect(await screen.findByText(MSG.secondFactor.removed)).toBeInTheDocument();
    expect(await screen.findByText(MSG.secondFactor.noFactors)).toBeInTheDocument();
    expect(api.callsTo('POST', apiPath(API.secondFactors.remove, { id: 'f1' }))).toHaveLength(2);
  });

  it('makes new recovery codes after the password and shows them once', async () => {
    const user = userEvent.setup();
    renderSection({
      [`GET ${API.secondFactors.list}`]: () => jsonResponse(listing([PHONE], 2)),
      [`POST ${API.secondFactors.recoveryCodes}`]: () =>
        jsonResponse({ message: MSG.secondFactor.recoveryCodesReplaced, recoveryCodes: CODES }),
    });
    await user.click(await screen.findByRole('button', { name: MSG.secondFactor.replaceRecoveryCodes }));
    const dialog = await screen.findByRole('dialog', { name: MSG.secondFactor.replaceTitle });
    expect(within(dialog).getByText(MSG.secondFactor.replaceText)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Password/), 'Right-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: MSG.secondFactor.replaceRecoveryCodes }));
    const codes = await screen.findByRole('dialog', { name: MSG.secondFactor.recoveryCodesTitle });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(await screen.findByText(MSG.secondFactor.recoveryCodesReplaced)).toBeInTheDocument();
  });

  it('tells an admin the platform requires a second factor of them', async () => {
    renderSection(
      { [`GET ${API.secondFactors.list}`]: () => jsonResponse(listing([], 0)) },
      { ...ADMIN_USER, mustAddSecondFactor: true },
    );
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.secondFactor.mustAdd);
  });

  it('says when the factors cannot be loaded', async () => {
    renderSection({ [`GET ${API.secondFactors.list}`]: () => jsonResponse({ message: 'down' }, 500) });
    expect(await screen.findByText(MSG.secondFactor.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.common.tryAgain })).toBeInTheDocument();
  });
});

describe('the administrator’s second-factor controls', () => {
  it('requires a second factor of all admins after a confirmation', async () => {
    const user = userEvent.setup();
    let required = false;
    const api = stubApi({
      [`GET ${API.secondFactors.policy}`]: () => jsonResponse({ requiredForAdmins: required }),
      [`PUT ${API.secondFactors.policyEdit}`]: (body) => {
        required = (body as { requiredForAdmins: boolean }).requiredForAdmins;
        return jsonResponse({ message: MSG.secondFactor.policyOn });
      },
    });
    renderWithProviders(<SecondFactorPolicySetting />, { wrapper: withToasts });
    const toggle = await screen.findByRole('switch', {
      name: new RegExp(`^${MSG.secondFactor.policyRequired}`),
    });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.secondFactor.policyOnConfirm);
    await user.click(within(dialog).getByRole('button', { name: MSG.common.confirm }));
    expect(await screen.findByText(MSG.secondFactor.policyOn)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.callsTo('PUT', API.secondFactors.policyEdit)[0]?.body).toEqual({ requiredForAdmins: true });
  });

  it('changes nothing when the confirmation is declined', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [`GET ${API.secondFactors.policy}`]: () => jsonResponse({ requiredForAdmins: true }),
    });
    renderWithProviders(<SecondFactorPolicySetting />, { wrapper: withToasts });
    const toggle = await screen.findByRole('switch', {
      name: new RegExp(`^${MSG.secondFactor.policyRequired}`),
    });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.secondFactor.policyOffConfirm);
    await user.click(within(dialog).getByRole('button', { name: MSG.common.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).toBeChecked();
    expect(api.callsTo('PUT', API.secondFactors.policyEdit)).toHaveLength(0);
  });

  it('resets another account’s second factor after a confirmation naming it', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [`POST ${apiPath(API.secondFactors.reset, { id: 'u9' })}`]: () =>
        jsonResponse({ message: MSG.secondFactor.reset }),
    });
    renderWithProviders(<ResetSecondFactorButton userId="u9" name="Grace Hopper" />, { wrapper: withToasts });
    await user.click(screen.getByRole('button', { name: MSG.secondFactor.resetButton }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.secondFactor.resetConfirm('Grace Hopper'));
    await user.click(within(dialog).getByRole('button', { name: MSG.secondFactor.resetButton }));
    expect(await screen.findByText(MSG.secondFactor.reset)).toBeInTheDocument();
    expect(api.callsTo('POST', apiPath(API.secondFactors.reset, { id: 'u9' }))).toHaveLength(1);
  });
});
