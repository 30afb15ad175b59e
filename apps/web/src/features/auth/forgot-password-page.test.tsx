import { API, MSG, type Role } from '@bridge-talk/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressOn, releaseOn } from '../../test/pointer-press.js';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../test/render.js';
import { ForgotPasswordPage } from './forgot-password-page.js';

const FLOW_STATE = 'signed-flow-state-1';

function RoleForgotPassword() {
  const { role } = useParams();
  return <ForgotPasswordPage key={role} role={role as Role} />;
}

/** Stands in for the next screen and shows what it received through navigation state. */
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

function renderForgotPassword(role: Role = 'entity', state: unknown = null) {
  return renderWithProviders(null, {
    routes: [
      { path: '/forgot-password/:role', element: <RoleForgotPassword /> },
      { path: '/activation-code/:role', element: <ActivationProbe /> },
      { path: '/login/:role', element: <h1>Login page</h1> },
    ],
    initialEntries: [{ pathname: `/forgot-password/${role}`, state }],
    wrapper: withToasts,
  });
}

const emailField = () => screen.getByLabelText(/^Email/);
const submit = () => screen.getByRole('button', { name: 'Send code' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ForgotPasswordPage', () => {
  it('shows the form with a link back to the login of the role', () => {
    renderForgotPassword('admin');

    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(emailField()).toHaveValue('');
    expect(emailField()).toBeRequired();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login/admin');
    expect(screen.getByText(MSG.auth.requestYourAccess)).toBeInTheDocument();
    expect({ ...localStorage }).toEqual({ role: 'admin' });
  });

  it('fills in the e-mail a code was sent to when it comes back for a new code', () => {
    renderForgotPassword('entity', { email: 'erin@example.com' });

    expect(emailField()).toHaveValue('erin@example.com');
  });

  it('follows Back to login on the first click while the e-mail field has focus', async () => {
    const user = userEvent.setup();
    renderForgotPassword('admin');
    await user.click(emailField());
    const back = screen.getByRole('link', { name: 'Back to login' });

    // Leaving the empty field says it is required: not before the click, which would move the link.
    await pressOn(user, back);
    expect(screen.queryByText(MSG.validation.emailRequired)).not.toBeInTheDocument();
    await releaseOn(user, back);

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('says the e-mail is required when it is left empty, and sends nothing', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderForgotPassword();

    await user.click(submit());

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription(MSG.validation.emailRequired));
    expect(screen.getByText(MSG.validation.emailRequired)).toBeInTheDocument();
    expect(screen.queryByText(MSG.validation.emailWrong)).not.toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('counts an e-mail of spaces as empty', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderForgotPassword();

    await user.type(emailField(), '   ');
    await user.click(submit());

    expect(await screen.findByText(MSG.validation.emailRequired)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says the e-mail is wrong when it is malformed, as soon as the field is left', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderForgotPassword();

    await user.type(emailField(), 'not-an-email');
    await user.tab();

    expect(await screen.findByText(MSG.validation.emailWrong)).toBeInTheDocument();
    expect(emailField()).toHaveAccessibleDescription(MSG.validation.emailWrong);

    await user.click(submit());
    expect(screen.getByText(MSG.validation.emailWrong)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('clears the message once the e-mail is corrected', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderForgotPassword();

    await user.type(emailField(), 'erin@');
    await user.tab();
    expect(await screen.findByText(MSG.validation.emailWrong)).toBeInTheDocument();

    await user.type(emailField(), 'example.com');
    await waitFor(() => expect(screen.queryByText(MSG.validation.emailWrong)).not.toBeInTheDocument());
    expect(emailField()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the not-registered message on the field and as a toast after a 422', async () => {
    stubApi({
      [`POST ${API.auth.passwordRequest}`]: () =>
        jsonResponse(
          { message: MSG.auth.emailNotRegistered, fields: { email: MSG.auth.emailNotRegistered } },
          422,
        ),
    });
    const user = userEvent.setup();
    renderForgotPassword();

    await user.type(emailField(), 'nobody@example.com');
    await user.click(submit());

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription(MSG.auth.emailNotRegistered));
    // Under the field, and once more as the toast.
    await waitFor(() => expect(screen.getAllByText(MSG.auth.emailNotRegistered)).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('shows the user-not-found message after a 404', async () => {
    stubApi({
      [`POST ${API.auth.passwordRequest}`]: () =>
        jsonResponse({ message: MSG.auth.userNotFound, fields: { email: MSG.auth.userNotFound } }, 404),
    });
    const user = userEvent.setup();
    renderForgotPassword('admin');

    await user.type(emailField(), 'erin@example.com');
    await user.click(submit());

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription(MSG.auth.userNotFound));
    await waitFor(() => expect(screen.getAllByText(MSG.auth.userNotFound)).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('shows a toast alone when the answer names no field', async () => {
    stubApi({
      [`POST ${API.auth.passwordRequest}`]: () => jsonResponse({ message: MSG.extra.tooManyAttempts }, 429),
    });
    const user = userEvent.setup();
    renderForgotPassword();

    await user.type(emailField(), 'erin@example.com');
    await user.click(submit());

    expect(await screen.findByText(MSG.extra.tooManyAttempts)).toBeInTheDocument();
    expect(emailField()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the generic toast when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup();
    renderForgotPassword();

    await user.type(emailField(), 'erin@example.com');
    await user.click(submit());

    expect(await screen.findByText(MSG.common.somethingWrong)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('posts the e-mail and role, toasts and hands the lower-cased e-mail and state to the next step', async () => {
    const api = stubApi({
      [`POST ${API.auth.passwordRequest}`]: () =>
        jsonResponse({ message: MSG.auth.verificationCodeSent, state: FLOW_STATE }),
    });
    const user = userEvent.setup();
    renderForgotPassword('admin');

    await user.type(emailField(), '  Ada@Example.COM ');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Activation code for admin' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('flow-state').textContent ?? 'null')).toEqual({
      email: 'ada@example.com',
      state: FLOW_STATE,
    });
    expect(await screen.findByText(MSG.auth.verificationCodeSent)).toBeInTheDocument();
    expect(api.calls).toEqual([
      { method: 'POST', path: API.auth.passwordRequest, body: { email: 'ada@example.com', role: 'admin' } },
    ]);
  });
});
