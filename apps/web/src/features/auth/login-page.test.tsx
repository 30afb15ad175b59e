import { API, EMAIL_MAX, MSG, PASSWORD_MAX, type Role, type SessionResponse } from '@bridge-talk/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentAccessToken, publishSession } from '../../shared/session/token.js';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import { ENTITY_USER, sessionOf } from '../../test/sessions.js';
import { LoggedOutLayout } from './components/logged-out-layout.js';
import { LoginPage } from './login-page.js';

const SESSION: SessionResponse = sessionOf(ENTITY_USER, 'access-token-1');

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

function RoleLogin() {
  const { role } = useParams();
  return <LoginPage key={role} role={role as Role} />;
}

function ActivationProbe() {
  const { role } = useParams();
  const location = useLocation();
  return (
    <div>
      <h1>Activation code for {role}</h1>
      <pre data-testid="flow-state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

function renderLogin(
  role: Role = 'entity',
  entry: string | { pathname: string; search?: string; state: unknown } = `/login/${role}`,
) {
  return renderWithProviders(null, {
    routes: [
      { path: '/login/:role', element: <RoleLogin /> },
      { path: '/activation-code/:role', element: <ActivationProbe /> },
    ],
    initialEntries: [entry],
    wrapper: (children) => (
      <>
        {children}
        <ToastContainer />
      </>
    ),
  });
}

function stubFetch(respond: () => Response) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(respond()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const emailField = () => screen.getByLabelText(/^Email/);
const passwordField = () => screen.getByLabelText(/^Password/);
const submit = () => screen.getByRole('button', { name: 'Log in' });

beforeEach(() => {
  publishSession(null);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  browser.startAuthentication.mockReset();
});

describe('LoginPage', () => {
  it('offers the skip link first; it moves focus to the login form', async () => {
    renderLogin();
    // From the top of the page, as after a reload (the e-mail field takes focus when the form shows).
    await waitFor(() => expect(emailField()).toHaveFocus());
    emailField().blur();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: MSG.frame.skipToMain })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    expect(emailField()).toHaveFocus();
  });

  it('shows the form with Remember me checked by default', () => {
    renderLogin();

    expect(screen.getByRole('heading', { name: 'Agency and lawyer login' })).toBeInTheDocument();
    expect(emailField()).toHaveValue('');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: MSG.auth.rememberMe })).toBeChecked();
    expect(screen.getByRole('link', { name: MSG.auth.forgotPassword })).toHaveAttribute(
      'href',
      '/forgot-password/entity',
    );
    expect(screen.getByText(MSG.auth.requestYourAccess)).toBeInTheDocument();
  });

  it.each([
    ['removed', MSG.extra.accountRemoved],
    ['disabled', MSG.extra.accountDisabled],
    ['expired', MSG.extra.sessionExpired],
    ['signed-out', MSG.extra.signedOutElsewhere],
  ])('says why the session ended (%s), from the address, so a reload still says it', (end, message) => {
    renderLogin('admin', `/login/admin?ended=${end}`);
    expect(screen.getByRole('status')).toHaveTextContent(message);
  });

  it('says nothing of an unknown end, and fills in the e-mail it is given (a changed password)', () => {
    renderLogin('entity', {
      pathname: '/login/entity',
      search: '?ended=whatever',
      state: { email: 'ann@example.org' },
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('ann@example.org');
  });

  it('titles the administrator login', () => {
    renderLogin('admin');
    expect(screen.getByRole('heading', { name: 'Administrator login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.auth.forgotPassword })).toHaveAttribute(
      'href',
      '/forgot-password/admin',
    );
  });

  it('shows the validation messages for empty values and sends nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse(SESSION));
    const user = userEvent.setup();
    renderLogin();

    await user.click(submit());

    expect(await screen.findByText(MSG.validation.emailWrong)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.passwordMin)).toBeInTheDocument();
    expect(emailField()).toHaveAccessibleDescription(MSG.validation.emailWrong);
    expect(passwordField()).toHaveAccessibleDescription(MSG.validation.passwordMin);
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the validation messages for a malformed e-mail and a short password', async () => {
    const fetchMock = stubFetch(() => jsonResponse(SESSION));
    const user = userEvent.setup();
    renderLogin();

    await user.type(emailField(), 'not-an-email');
    await user.type(passwordField(), '12345');
    await user.click(submit());

    expect(await screen.findByText(MSG.validation.emailWrong)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.passwordMin)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps an e-mail and a password one character over the maximum whole, says so, and sends nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse(SESSION));
    const user = userEvent.setup();
    renderLogin();
    const domain = '@example.org';
    const email = `${'a'.repeat(EMAIL_MAX + 1 - domain.length)}${domain}`;
    const password = 'p'.repeat(PASSWORD_MAX + 1);

    await user.click(emailField());
    await user.paste(email);
    await user.click(passwordField());
    await user.paste(password);
    expect(emailField()).toHaveValue(email);
    expect(passwordField()).toHaveValue(password);
    await user.click(submit());

    await waitFor(() =>
      expect(emailField()).toHaveAccessibleDescription(MSG.validation.tooLong(MSG.fields.email, EMAIL_MAX)),
    );
    expect(passwordField()).toHaveAccessibleDescription(
      MSG.validation.tooLong(MSG.fields.password, PASSWORD_MAX),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the invalid-credentials message on both fields after a 401', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          message: MSG.auth.invalidCredentials,
          fields: { email: MSG.auth.invalidCredentials, password: MSG.auth.invalidCredentials },
        },
        401,
      ),
    );
    const user = userEvent.setup();
    renderLogin();

    await user.type(emailField(), 'erin@example.com');
    await user.type(passwordField(), 'wrong-password');
    await user.click(submit());

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription(MSG.auth.invalidCredentials));
    expect(passwordField()).toHaveAccessibleDescription(MSG.auth.invalidCredentials);
    // Under each field, and once more as the toast.
    expect(await screen.findAllByText(MSG.auth.invalidCredentials)).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Agency and lawyer login' })).toBeInTheDocument();
    expect(currentAccessToken()).toBeNull();
  });

  it('shows the not-yet-activated toast after a 403', async () => {
    stubFetch(() => jsonResponse({ message: MSG.auth.notYetActivated }, 403));
    const user = userEvent.setup();
    renderLogin();

    await user.type(emailField(), 'erin@example.com');
    await user.type(passwordField(), 'secret-password');
    await user.click(submit());

    expect(await screen.findByText(MSG.auth.notYetActivated)).toBeInTheDocument();
    expect(emailField()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('goes to the activation-code screen with the e-mail and flow state after a 406', async () => {
    stubFetch(() =>
      jsonResponse({ message: MSG.auth.redirectToCreatePassword, state: 'signed-flow-state' }, 406),
    );
    const user = userEvent.setup();
    renderLogin('admin');

    await user.type(emailField(), 'Invited@Example.com');
    await user.type(passwordField(), 'anything-at-all');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Activation code for admin' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('flow-state').textContent ?? 'null')).toMatchObject({
      email: 'invited@example.com',
      state: 'signed-flow-state',
    });
    expect(await screen.findByText(MSG.auth.redirectToCreatePassword)).toBeInTheDocument();
    expect(currentAccessToken()).toBeNull();
  });

  it('asks for the e-mailed code after a 428, signs in with it, and goes back to the password on request', async () => {
    const answers = [
      jsonResponse({ message: MSG.auth.signInCodeNeeded, state: 'sign-in-state', method: 'email-code' }, 428),
      jsonResponse(
        { message: MSG.auth.confirmationCodeNotFound, fields: { code: MSG.auth.confirmationCodeNotFound } },
        422,
      ),
      jsonResponse(SESSION),
    ];
    const fetchMock = stubFetch(() => answers.shift()!);
    const user = userEvent.setup();
    const { router } = renderLogin();

    await user.type(emailField(), 'Erin@Example.com');
    await user.type(passwordField(), 'correct-horse');
    await user.click(screen.getByRole('checkbox', { name: MSG.auth.rememberMe }));
    await user.click(submit());

    const step = await screen.findByRole('form', { name: MSG.auth.signInCodeTitle });
    expect(screen.getByText(MSG.auth.signInCodeNeeded)).toBeInTheDocument();
    expect(screen.getByText(MSG.auth.signInCodeHelp('erin@example.com'))).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /^Code/ });
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, 'wrong1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText(MSG.auth.confirmationCodeNotFound, { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, ' k7qx2m ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(currentAccessToken()).toBe('access-token-1'));
    const [url, init] = fetchMock.mock.calls[2]!;
    expect(url).toBe(API.auth.loginCode);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'erin@example.com',
      role: 'entity',
      code: 'k7qx2m',
      state: 'sign-in-state',
    });
    expect({ ...localStorage }).toEqual({ role: 'entity', rememberMe: 'false' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-families'));
    expect(step).not.toBeInTheDocument();
  });

  it('asks an account with an authenticator app for its code or a recovery code, and signs in with it', async () => {
    const answers = [
      jsonResponse(
        {
          message: MSG.secondFactor.codeNeeded,
          state: 'factor-state',
          method: 'second-factor',
          kinds: ['totp'],
        },
        428,
      ),
      jsonResponse(SESSION),
    ];
    const fetchMock = stubFetch(() => answers.shift()!);
    const user = userEvent.setup();
    renderLogin('admin');

    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'correct-horse');
    await user.click(submit());

    await screen.findByRole('form', { name: MSG.auth.signInCodeTitle });
    expect(screen.getByText(MSG.secondFactor.codeNeeded)).toBeInTheDocument();
    expect(screen.queryByText(MSG.auth.signInCodeNeeded)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(currentAccessToken()).toBe('access-token-1'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe(API.auth.loginSecondFactor);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      role: 'admin',
      code: 'abcd-efgh-jkmn',
      state: 'factor-state',
    });
  });

  it("offers an account's passkey: the server's challenge, the browser's prompt, its answer signs in", async () => {
    const options = { challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }] };
    const assertion = {
      id: 'Y3JlZA',
      rawId: 'Y3JlZA',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
      type: 'public-key',
    };
    const answers = [
      jsonResponse(
        {
          message: MSG.secondFactor.passkeyNeeded,
          state: 'factor-state',
          method: 'second-factor',
          kinds: ['passkey'],
        },
        428,
      ),
      jsonResponse({ challengeId: 'challenge-1', options }),
      jsonResponse(SESSION),
    ];
    const fetchMock = stubFetch(() => answers.shift()!);
    browser.startAuthentication.mockResolvedValue(assertion);
    const user = userEvent.setup();
    renderLogin();

    await user.type(emailField(), 'erin@example.com');
    await user.type(passwordField(), 'correct-horse');
    await user.click(submit());
    await screen.findByRole('form', { name: MSG.auth.signInCodeTitle });
    expect(screen.getByText(MSG.secondFactor.passkeyNeeded)).toBeInTheDocument();
    // A recovery code still signs in.
    expect(screen.getByRole('textbox', { name: /^Code/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));

    await waitFor(() => expect(currentAccessToken()).toBe('access-token-1'));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    const calls = fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    expect(calls.slice(1)).toEqual([
      [API.auth.loginPasskeyOptions, { email: 'erin@example.com', role: 'entity', state: 'factor-state' }],
      [
        API.auth.loginPasskey,
        {
          email: 'erin@example.com',
          role: 'entity',
          state: 'factor-state',
          challengeId: 'challenge-1',
          response: assertion,
        },
      ],
    ]);
  });

  it('says so when the passkey prompt is closed, and keeps the step open', async () => {
    const answers = [
      jsonResponse(
        {
          message: MSG.secondFactor.passkeyOrCodeNeeded,
          state: 'factor-state',
          method: 'second-factor',
          kinds: ['totp', 'passkey'],
        },
        428,
      ),
      jsonResponse({ challengeId: 'challenge-1', options: { challenge: 'Y2hhbGxlbmdl' } }),
    ];
    const fetchMock = stubFetch(() => answers.shift()!);
    browser.startAuthentication.mockRejectedValue(new DOMException('Not allowed.', 'NotAllowedError'));
    const user = userEvent.setup();
    renderLogin();

    await user.type(emailField(), 'erin@example.com');
    await user.type(passwordField(), 'correct-horse');
    await user.click(submit());
    await screen.findByText(MSG.secondFactor.passkeyOrCodeNeeded);
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.secondFactor.passkeyCancelled);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(currentAccessToken()).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Code/ })).toBeInTheDocument();
  });

  it('goes back from the code to the password form', async () => {
    stubFetch(() =>
      jsonResponse({ message: MSG.auth.signInCodeNeeded, state: 'sign-in-state', method: 'email-code' }, 428),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailField(), 'erin@example.com');
    await user.type(passwordField(), 'correct-horse');
    await user.click(submit());
    await screen.findByRole('form', { name: MSG.auth.signInCodeTitle });
    expect(passwordField()).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to the password' }));
    expect(screen.queryByRole('form', { name: MSG.auth.signInCodeTitle })).not.toBeInTheDocument();
    expect(passwordField()).toBeVisible();
    expect(emailField()).toHaveValue('erin@example.com');
  });

  it('posts the credentials and keeps only the role and Remember me in storage', async () => {
    const fetchMock = stubFetch(() => jsonResponse(SESSION));
    const user = userEvent.setup();
    const { router } = renderLogin();

    await user.type(emailField(), 'Erin@Example.com');
    await user.type(passwordField(), 'correct-horse');
    await user.click(submit());

    expect(await screen.findByText(MSG.auth.loginSuccess)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(API.auth.login);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'erin@example.com',
      password: 'correct-horse',
      role: 'entity',
      rememberMe: true,
    });

    expect({ ...localStorage }).toEqual({ role: 'entity', rememberMe: 'true' });
    expect(sessionStorage).toHaveLength(0);
    // The access token is in memory only, and the router is on the role's start page.
    expect(currentAccessToken()).toBe('access-token-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-families'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends and stores Remember me when it is unchecked', async () => {
    const fetchMock = stubFetch(() => jsonResponse(SESSION));
    const user = userEvent.setup();
    renderLogin();

    await user.type(emailField(), 'erin@example.com');
    await user.type(passwordField(), 'correct-horse');
    await user.click(screen.getByRole('checkbox', { name: MSG.auth.rememberMe }));
    await user.click(submit());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ rememberMe: false });
    await waitFor(() => expect({ ...localStorage }).toEqual({ role: 'entity', rememberMe: 'false' }));
  });

  it('lands on the page that sent the user to the login', async () => {
    stubFetch(() => jsonResponse(SESSION));
    const user = userEvent.setup();
    const { router } = renderLogin();
    await router.navigate('/login/entity', {
      replace: true,
      state: { from: '/manage-families/7/details?tab=members' },
    });

    await user.type(emailField(), 'erin@example.com');
    await user.type(passwordField(), 'correct-horse');
    await user.click(submit());

    await waitFor(() => expect(currentAccessToken()).toBe('access-token-1'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/manage-families/7/details?tab=members',
      ),
    );
  });
});

describe('LoggedOutLayout', () => {
  it('clears what a previous session left in storage and keeps the role from the path', async () => {
    localStorage.setItem('role', 'entity');
    localStorage.setItem('rememberMe', 'true');
    localStorage.setItem('groupId', 'g-1');
    localStorage.setItem('password', 'left over by an old version');
    sessionStorage.setItem('anything', 'x');

    renderLogin('admin');

    expect(screen.getByRole('heading', { name: 'Administrator login' })).toBeInTheDocument();
    expect({ ...localStorage }).toEqual({ role: 'admin' });
    expect(sessionStorage).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Contact form' })).toHaveAttribute('href', '/signup/entity');
  });

  it('stores the role of a screen rendered on its own', () => {
    localStorage.setItem('groupId', 'g-1');
    renderWithProviders(
      <LoggedOutLayout userRole="entity" title="Forgot password">
        form
      </LoggedOutLayout>,
    );

    expect({ ...localStorage }).toEqual({ role: 'entity' });
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('offers the login instead of the access request on the signup screen', () => {
    renderWithProviders(
      <LoggedOutLayout userRole="entity" title={MSG.auth.requestYourAccess} aside="have-account">
        form
      </LoggedOutLayout>,
    );

    expect(screen.getByText(MSG.auth.haveAnAccount)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/entity');
    expect(screen.queryByRole('link', { name: 'Contact form' })).not.toBeInTheDocument();
  });
});
