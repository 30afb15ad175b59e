import { API, MSG, type SessionUser } from '@bridge-talk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from '../../shared/session/session-provider.js';
import { publishSession } from '../../shared/session/token.js';
import {
  type ApiHandler,
  jsonResponse,
  renderWithProviders,
  stubApi,
  withToasts,
} from '../../test/render.js';
import { ADMIN_USER, ENTITY_USER, sessionOf } from '../../test/sessions.js';
import { ChangePasswordPage } from './change-password-page.js';

const ENTITY: SessionUser = ENTITY_USER;

const ADMIN: SessionUser = ADMIN_USER;

const PASSWORD_STATE = 'flow-state-for-the-password';

/** The page needs a signed-in user, as in the app's signed-in route tables. */
function SignedIn() {
  const session = useSession();
  return session.status === 'authenticated' ? <Outlet /> : <p>Signed out</p>;
}

const sendOk: ApiHandler = () => jsonResponse({ message: MSG.account.verificationCodeSent });
const verifyOk: ApiHandler = () => jsonResponse({ message: MSG.account.stepOkay, state: PASSWORD_STATE });
const changeOk: ApiHandler = () => jsonResponse({ message: MSG.account.passwordChanged });

function stubAccountApi(handlers: { send?: ApiHandler; verify?: ApiHandler; change?: ApiHandler } = {}) {
  return stubApi({
    [`POST ${API.auth.accountCode}`]: handlers.send ?? sendOk,
    [`POST ${API.auth.accountVerify}`]: handlers.verify ?? verifyOk,
    [`POST ${API.auth.accountChange}`]: handlers.change ?? changeOk,
  });
}

function renderChangePassword(user: SessionUser = ENTITY) {
  const result = renderWithProviders(null, {
    routes: [
      {
        element: <SignedIn />,
        children: [
          { path: '/account-settings', element: <h1>Account settings screen</h1> },
          { path: '/account-settings/:id/change-password', element: <ChangePasswordPage /> },
        ],
      },
      { path: '/login/:role', element: <h1>Login screen</h1> },
    ],
    initialEntries: [`/account-settings/${user._id}/change-password`],
    wrapper: (children) => <SessionProvider>{withToasts(children)}</SessionProvider>,
    // As in main.tsx: effects run twice on mount, and the page must still send one code.
    strictMode: true,
  });
  act(() => publishSession(sessionOf(user)));
  return result;
}

const codeField = () => screen.getByLabelText(/^Received code/);
const passwordField = () => screen.getByLabelText(/^New password/);
const confirmationField = () => screen.getByLabelText(/^Re-type password/);
const queryPasswordField = () => screen.queryByLabelText(/^New password/);
const submit = () => screen.getByRole('button', { name: MSG.account.changePassword });
const checklistItems = () =>
  within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
const metCount = () => checklistItems().filter((item) => item.getAttribute('data-met') === 'true').length;
const unmetCount = () => checklistItems().filter((item) => item.getAttribute('data-met') === 'false').length;

/** Arrives, waits for the code e-mail, and passes the code step. */
async function passCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText(MSG.account.verificationCodeSent);
  await user.type(codeField(), 'AB12CD');
  await user.tab();
  await screen.findByLabelText(/^New password/);
}

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  publishSession(null);
  // A reload would lose the toast: the page must never reload.
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => publishSession(null));
});

describe('ChangePasswordPage', () => {
  it('asks for the code e-mailed once on arrival, even with StrictMode effects run twice', async () => {
    const api = stubAccountApi();
    renderChangePassword();

    expect(await screen.findByText(MSG.account.verificationCodeSent)).toBeInTheDocument();
    expect(api.callsTo('POST', API.auth.accountCode)).toHaveLength(1);
    expect(api.calls).toHaveLength(1);
    // Sent as the signed-in user.
    const init = api.fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-e1');

    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByText('erin@example.com')).toBeInTheDocument();
    expect(codeField()).toHaveValue('');
    expect(queryPasswordField()).not.toBeInTheDocument();
  });

  it("toasts the server's message when the code cannot be sent", async () => {
    stubAccountApi({ send: () => jsonResponse({ message: MSG.extra.tooManyAttempts }, 429) });
    renderChangePassword();

    expect(await screen.findByText(MSG.extra.tooManyAttempts)).toBeInTheDocument();
  });

  it('sends a new code on request', async () => {
    const api = stubAccountApi();
    const user = userEvent.setup();
    renderChangePassword();
    await screen.findByText(MSG.account.verificationCodeSent);

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    await waitFor(() => expect(api.callsTo('POST', API.auth.accountCode)).toHaveLength(2));
    // The same toast raised again is not stacked beside the first.
    expect(screen.getAllByText(MSG.account.verificationCodeSent)).toHaveLength(1);
  });

  it('does not check a code shorter than 6 characters, and says so', async () => {
    const api = stubAccountApi();
    const user = userEvent.setup();
    renderChangePassword();
    await screen.findByText(MSG.account.verificationCodeSent);

    await user.type(codeField(), 'AB12C');
    await user.tab();
    await user.type(codeField(), '{Enter}');

    expect(api.callsTo('POST', API.auth.accountVerify)).toHaveLength(0);
    expect(queryPasswordField()).not.toBeInTheDocument();
    expect(codeField()).toHaveAccessibleDescription(MSG.extra.codeLength);
  });

  it('checks the code when the 6-character field is left, and Step okay! reveals the password fields', async () => {
    const api = stubAccountApi();
    const user = userEvent.setup();
    renderChangePassword();
    await screen.findByText(MSG.account.verificationCodeSent);

    await user.type(codeField(), 'AB12CD');
    expect(api.callsTo('POST', API.auth.accountVerify)).toHaveLength(0);
    await user.tab();

    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
    expect(api.callsTo('POST', API.auth.accountVerify).map((c) => c.body)).toEqual([{ code: 'AB12CD' }]);
    expect(confirmationField()).toBeInTheDocument();
    expect(codeField()).toBeDisabled();
    // The server's 'Step okay!' is a signal between programs, not a text for people.
    expect(codeField()).toHaveAccessibleDescription(MSG.extra.codeAccepted);
    expect(screen.queryByText(MSG.account.stepOkay)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
  });

  it('checks the code on Enter as well, once', async () => {
    const api = stubAccountApi();
    const user = userEvent.setup();
    renderChangePassword();
    await screen.findByText(MSG.account.verificationCodeSent);

    await user.type(codeField(), 'AB12CD{Enter}');
    await screen.findByLabelText(/^New password/);
    await user.tab();

    expect(api.callsTo('POST', API.auth.accountVerify)).toHaveLength(1);
  });

  it('keeps the password fields hidden when the answer is not Step okay!', async () => {
    const api = stubAccountApi({
      verify: () => jsonResponse({ message: 'Something else', state: PASSWORD_STATE }),
    });
    const user = userEvent.setup();
    renderChangePassword();
    await screen.findByText(MSG.account.verificationCodeSent);

    await user.type(codeField(), 'AB12CD');
    await user.tab();

    await waitFor(() => expect(api.callsTo('POST', API.auth.accountVerify)).toHaveLength(1));
    expect(queryPasswordField()).not.toBeInTheDocument();
    expect(codeField()).toBeEnabled();
  });

  it('toasts the code-check failure and goes back to account settings', async () => {
    stubAccountApi({
      verify: () =>
        jsonResponse(
          { message: MSG.account.codeCheckFailed, fields: { code: MSG.account.codeCheckFailed } },
          422,
        ),
    });
    const user = userEvent.setup();
    renderChangePassword();
    await screen.findByText(MSG.account.verificationCodeSent);

    await user.type(codeField(), 'ZZZZZZ');
    await user.tab();

    expect(await screen.findByRole('heading', { name: 'Account settings screen' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.account.codeCheckFailed)).toBeInTheDocument();
  });

  it('says on the field that an expired code needs a new one, and stays', async () => {
    stubAccountApi({
      verify: () =>
        jsonResponse({ message: MSG.extra.codeExpired, fields: { code: MSG.extra.codeExpired } }, 422),
    });
    const user = userEvent.setup();
    renderChangePassword();
    await screen.findByText(MSG.account.verificationCodeSent);

    await user.type(codeField(), 'AB12CD');
    await user.tab();

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(MSG.extra.codeExpired));
    expect(screen.queryByRole('heading', { name: 'Account settings screen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('shows the code-check failure text whatever the server said', async () => {
    stubAccountApi({ verify: () => jsonResponse({ message: MSG.extra.tooManyAttempts }, 429) });
    const user = userEvent.setup();
    renderChangePassword();
    await screen.findByText(MSG.account.verificationCodeSent);

    await user.type(codeField(), 'AB12CD');
    await user.tab();

    expect(await screen.findByText(MSG.account.codeCheckFailed)).toBeInTheDocument();
    expect(screen.queryByText(MSG.extra.tooManyAttempts)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account settings screen' })).toBeInTheDocument();
  });

  it('says both passwords need 6 characters when they are empty', async () => {
    const api = stubAccountApi();
    const user = userEvent.setup();
    renderChangePassword();
    await passCodeStep(user);

    await user.click(submit());

    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(MSG.validation.passwordMin));
    expect(confirmationField()).toHaveAccessibleDescription(MSG.validation.passwordMin);
    expect(api.callsTo('POST', API.auth.accountChange)).toHaveLength(0);
  });

  it('says a short password is too short, a weak one invalid, and different ones different', async () => {
    const api = stubAccountApi();
    const user = userEvent.setup();
    renderChangePassword();
    await passCodeStep(user);

    await user.type(passwordField(), 'Ab1');
    await user.tab();
    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(MSG.validation.passwordMin));

    // Long enough, but without an uppercase letter.
    await user.clear(passwordField());
    await user.type(passwordField(), 'ab1cdefg');
    await user.type(confirmationField(), 'ab1cdefg');
    await user.click(submit());
    await waitFor(() => expect(passwordField()).toHaveAccessibleDescription(MSG.validation.invalidPassword));

    await user.clear(passwordField());
    await user.type(passwordField(), 'Abcdefg1');
    await user.click(submit());
    await waitFor(() =>
      expect(confirmationField()).toHaveAccessibleDescription(MSG.validation.passwordsDifferent),
    );
    expect(passwordField()).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', API.auth.accountChange)).toHaveLength(0);
  });

  it('ticks the checklist rows as the person types', async () => {
    stubAccountApi();
    const user = userEvent.setup();
    renderChangePassword();
    await passCodeStep(user);

    expect(metCount()).toBe(0);
    await user.type(passwordField(), 'abc');
    expect(metCount()).toBe(1);
    expect(unmetCount()).toBe(4);

    await user.clear(passwordField());
    await user.type(passwordField(), 'Abcdefg1');
    expect(metCount()).toBe(4);
    expect(unmetCount()).toBe(1);

    await user.type(confirmationField(), 'Abcdefg1');
    expect(metCount()).toBe(5);
    expect(unmetCount()).toBe(0);
  });

  it('posts state and password, clears storage and shows the login of the role with the toast, without a reload', async () => {
    const api = stubAccountApi();
    const user = userEvent.setup();
    const { router } = renderChangePassword();
    await passCodeStep(user);
    localStorage.setItem('role', 'entity');
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('groupId', 'g1');
    sessionStorage.setItem('anything', 'x');

    await user.type(passwordField(), 'Abcdefg1');
    await user.type(confirmationField(), 'Abcdefg1');
    await user.click(submit());

    expect(await screen.findByText(MSG.account.passwordChanged)).toBeInTheDocument();
    expect(api.callsTo('POST', API.auth.accountChange).map((c) => c.body)).toEqual([
      { state: PASSWORD_STATE, password: 'Abcdefg1' },
    ]);
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/entity');
    expect(screen.getByText(MSG.account.passwordChanged)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends an admin to the admin login', async () => {
    stubAccountApi();
    const user = userEvent.setup();
    const { router } = renderChangePassword(ADMIN);
    await passCodeStep(user);

    await user.type(passwordField(), 'Abcdefg1');
    await user.type(confirmationField(), 'Abcdefg1');
    await user.click(submit());

    await screen.findByRole('heading', { name: 'Login screen' });
    expect(router.state.location.pathname).toBe('/login/admin');
  });

  it('toasts the change failure and stays on the page', async () => {
    stubAccountApi({ change: () => jsonResponse({ message: MSG.extra.stepExpired }, 410) });
    const user = userEvent.setup();
    renderChangePassword();
    await passCodeStep(user);
    localStorage.setItem('role', 'entity');

    await user.type(passwordField(), 'Abcdefg1');
    await user.type(confirmationField(), 'Abcdefg1');
    await user.click(submit());

    expect(await screen.findByText(MSG.account.passwordChangeFailed)).toBeInTheDocument();
    expect(screen.queryByText(MSG.extra.stepExpired)).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect({ ...localStorage }).toEqual({ role: 'entity' });
    expect(passwordField()).toBeInTheDocument();
  });
});
