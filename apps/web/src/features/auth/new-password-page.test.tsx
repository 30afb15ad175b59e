import { API, MSG, type Role, type SessionResponse } from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentAccessToken, publishSession } from '../../shared/session/token.js';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../test/render.js';
import { NewPasswordPage } from './new-password-page.js';

const FLOW_STATE = 'flow-state-after-the-code';

function sessionFor(role: Role): SessionResponse {
  return {
    accessToken: 'access-token-1',
    expiresIn: 900,
    message: MSG.auth.changePasswordSuccess,
    user: {
      _id: 'u1',
      name: 'Erin Entity',
      email: 'erin@example.com',
      role,
      subtype: role === 'admin' ? 'admin' : 'agency',
      entityName: role === 'admin' ? null : 'Open Arms',
      coupon: null,
    },
  };
}

function RoleNewPassword() {
  const { role } = useParams();
  return <NewPasswordPage key={role} role={role as Role} />;
}

function renderNewPassword(
  role: Role = 'entity',
  state: unknown = { email: 'erin@example.com', state: FLOW_STATE },
) {
  return renderWithProviders(null, {
    routes: [
      { path: '/new-password/:role', element: <RoleNewPassword /> },
      { path: '/forgot-password/:role', element: <h1>Forgot password screen</h1> },
    ],
    initialEntries: [{ pathname: `/new-password/${role}`, state }],
    wrapper: withToasts,
  });
}

const passwordField = () => screen.getByLabelText(/^New password/);
const confirmationField = () => screen.getByLabelText(/^Re-type password/);
const submit = () => screen.getByRole('button', { name: 'Save password' });
const checklistItems = () =>
  within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
const metCount = () => checklistItems().filter((item) => item.getAttribute('data-met') === 'true').length;
const unmetCount = () => checklistItems().filter((item) => item.getAttribute('data-met') === 'false').length;
const row = (label: string) => checklistItems().find((item) => item.textContent?.startsWith(label));

beforeEach(() => {
  publishSession(null);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  publishSession(null);
});

describe('NewPasswordPage', () => {
  it('shows the two fields, the e-mail and an unticked checklist', () => {
    renderNewPassword();

    expect(screen.getByRole('heading', { name: 'New password' })).toBeInTheDocument();
    expect(screen.getByText('erin@example.com')).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(confirmationField()).toHaveAttribute('type', 'password');
    expect(checklistItems().map((item) => item.textContent)).toEqual([
      `${MSG.password.checklist.minLength} (not met)`,
      `${MSG.password.checklist.uppercase} (not met)`,
      `${MSG.password.checklist.lowercase} (not met)`,
      `${MSG.password.checklist.digit} (not met)`,
      `${MSG.password.checklist.equal} (not met)`,
    ]);
    expect(metCount()).toBe(0);
    expect(unmetCount()).toBe(5);
  });

  it.each([
    ['no navigation state', null],
    ['a state without the flow state', { email: 'erin@example.com' }],
  ])('sends the user back to the forgot-password screen with %s', async (_, state) => {
    const api = stubApi({});
    renderNewPassword('entity', state);

    expect(await screen.findByRole('heading', { name: 'Forgot password screen' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.extra.startAgain)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says both fields need 6 characters when they are empty, and sends nothing', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderNewPassword();

    await user.click(submit());

    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(MSG.validation.passwordMin));
    expect(confirmationField()).toHaveAccessibleDescription(MSG.validation.passwordMin);
    expect(screen.getAllByText(MSG.validation.passwordMin)).toHaveLength(2);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says a password of fewer than 6 characters is too short', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderNewPassword();

    await user.type(passwordField(), 'Ab1');
    await user.tab();

    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(MSG.validation.passwordMin));
    expect(screen.queryByText(MSG.validation.invalidPassword)).not.toBeInTheDocument();

    await user.type(confirmationField(), 'Ab1');
    await user.click(submit());
    expect(screen.getAllByText(MSG.validation.passwordMin)).toHaveLength(2);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['fewer than 8 characters', 'Abcde1'],
    ['no uppercase letter', 'abcdefg1'],
    ['no lowercase letter', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
  ])('says the password is invalid with %s', async (_, password) => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderNewPassword();

    await user.type(passwordField(), password);
    await user.type(confirmationField(), password);
    await user.click(submit());

    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(MSG.validation.invalidPassword));
    expect(screen.queryByText(MSG.validation.passwordsDifferent)).not.toBeInTheDocument();
    expect(confirmationField()).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says the passwords cannot be different', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderNewPassword();

    await user.type(passwordField(), 'Abcdefg1');
    await user.type(confirmationField(), 'Abcdefg2');
    await user.click(submit());

    await waitFor(() =>
      expect(confirmationField()).toHaveAccessibleDescription(MSG.validation.passwordsDifferent),
    );
    expect(passwordField()).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(MSG.validation.invalidPassword)).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('ticks the checklist rows as the person types', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderNewPassword();

    await user.type(passwordField(), 'abc');
    expect(metCount()).toBe(1);
    expect(unmetCount()).toBe(4);
    expect(row(MSG.password.checklist.lowercase)).toHaveAttribute('data-met', 'true');
    expect(row(MSG.password.checklist.lowercase)).toHaveTextContent('(met)');

    await user.clear(passwordField());
    await user.type(passwordField(), 'Abcdefg1');
    expect(metCount()).toBe(4);
    expect(unmetCount()).toBe(1);
    expect(row(MSG.password.checklist.equal)).toHaveAttribute('data-met', 'false');

    await user.type(confirmationField(), 'Abcdefg');
    expect(row(MSG.password.checklist.equal)).toHaveAttribute('data-met', 'false');
    await user.type(confirmationField(), '1');
    expect(metCount()).toBe(5);
    expect(unmetCount()).toBe(0);

    await user.type(passwordField(), 'X');
    expect(row(MSG.password.checklist.equal)).toHaveAttribute('data-met', 'false');
    expect(metCount()).toBe(4);
  });

  it.each([
    ['ABC', [MSG.password.checklist.uppercase]],
    ['1234', [MSG.password.checklist.digit]],
    ['abcdefgh', [MSG.password.checklist.minLength, MSG.password.checklist.lowercase]],
  ])('ticks exactly the rows that %s meets', async (password, met) => {
    stubApi({});
    const user = userEvent.setup();
    renderNewPassword();

    await user.type(passwordField(), password);

    const ticked = checklistItems()
      .filter((item) => item.getAttribute('data-met') === 'true')
      .map((item) => item.textContent?.replace(' (met)', ''));
    expect(ticked).toEqual(met);
  });

  it('posts e-mail, role, state and password, toasts, and keeps only role and Remember me', async () => {
    const api = stubApi({
      [`POST ${API.auth.passwordChange}`]: () => jsonResponse(sessionFor('admin')),
    });
    localStorage.setItem('groupId', 'left-over');
    localStorage.setItem('rememberMe', 'false');
    const user = userEvent.setup();
    const { router } = renderNewPassword('admin');

    await user.type(passwordField(), 'Abcdefg1');
    await user.type(confirmationField(), 'Abcdefg1');
    await user.click(submit());

    expect(await screen.findByText(MSG.auth.changePasswordSuccess)).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: API.auth.passwordChange,
        body: { email: 'erin@example.com', role: 'admin', state: FLOW_STATE, password: 'Abcdefg1' },
      },
    ]);
    expect({ ...localStorage }).toEqual({ role: 'admin', rememberMe: 'true' });
    expect(sessionStorage).toHaveLength(0);
    // Signed in: the token is in memory only and the router is on the role's start page.
    expect(currentAccessToken()).toBe('access-token-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity-management'));
  });

  it('toasts the error of a refused change and stays signed out', async () => {
    stubApi({
      [`POST ${API.auth.passwordChange}`]: () => jsonResponse({ message: MSG.extra.stepExpired }, 410),
    });
    const user = userEvent.setup();
    renderNewPassword();

    await user.type(passwordField(), 'Abcdefg1');
    await user.type(confirmationField(), 'Abcdefg1');
    await user.click(submit());

    expect(await screen.findByText(MSG.extra.stepExpired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New password' })).toBeInTheDocument();
    expect(currentAccessToken()).toBeNull();
    expect({ ...localStorage }).toEqual({ role: 'entity' });
  });

  it('asks an account with an authenticator app for its code once the password is saved, then signs in', async () => {
    const api = stubApi({
      [`POST ${API.auth.passwordChange}`]: () =>
        jsonResponse(
          {
            message: MSG.secondFactor.codeNeeded,
            state: 'factor-state',
            method: 'second-factor',
            kinds: ['totp'],
          },
          428,
        ),
      [`POST ${API.auth.loginSecondFactor}`]: () => jsonResponse(sessionFor('entity')),
    });
    const user = userEvent.setup();
    const { router } = renderNewPassword();

    await user.type(passwordField(), 'Abcdefg1');
    await user.type(confirmationField(), 'Abcdefg1');
    await user.click(submit());

    expect(await screen.findByText(MSG.secondFactor.codeNeeded)).toBeInTheDocument();
    expect(currentAccessToken()).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(currentAccessToken()).toBe('access-token-1'));
    expect(api.calls.at(-1)).toEqual({
      method: 'POST',
      path: API.auth.loginSecondFactor,
      body: { email: 'erin@example.com', role: 'entity', state: 'factor-state', code: '123456' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-families'));
  });

  it('offers the passkey of an account that holds one once the password is saved', async () => {
    stubApi({
      [`POST ${API.auth.passwordChange}`]: () =>
        jsonResponse(
          {
            message: MSG.secondFactor.passkeyNeeded,
            state: 'factor-state',
            method: 'second-factor',
            kinds: ['passkey'],
          },
          428,
        ),
    });
    const user = userEvent.setup();
    renderNewPassword();

    await user.type(passwordField(), 'Abcdefg1');
    await user.type(confirmationField(), 'Abcdefg1');
    await user.click(submit());

    expect(await screen.findByText(MSG.secondFactor.passkeyNeeded)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
  });
});
