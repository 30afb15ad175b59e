import { API, MSG, type Role } from '@bridge-talk/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressOn, releaseOn } from '../../test/pointer-press.js';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../test/render.js';
import { ActivationCodePage } from './activation-code-page.js';

const OLD_STATE = 'flow-state-before-the-code';
const NEW_STATE = 'flow-state-after-the-code';

function RoleActivationCode() {
  const { role } = useParams();
  return <ActivationCodePage key={role} role={role as Role} />;
}

/** Stands in for the other screens of the flow and shows what each received. */
function Probe({ name }: { name: string }) {
  const { role } = useParams();
  const location = useLocation();
  return (
    <div>
      <h1>
        {name} for {role}
      </h1>
      <pre data-testid="flow-state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

function renderActivationCode(
  role: Role = 'entity',
  state: unknown = { email: 'erin@example.com', state: OLD_STATE },
) {
  return renderWithProviders(null, {
    routes: [
      { path: '/activation-code/:role', element: <RoleActivationCode /> },
      { path: '/forgot-password/:role', element: <Probe name="Forgot password" /> },
      { path: '/new-password/:role', element: <Probe name="New password" /> },
    ],
    initialEntries: [{ pathname: `/activation-code/${role}`, state }],
    wrapper: withToasts,
  });
}

const codeField = () => screen.getByLabelText(/^Code/);
const submit = () => screen.getByRole('button', { name: 'Continue' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivationCodePage', () => {
  it('names the e-mail the code went to and offers a new code', () => {
    renderActivationCode('admin');

    expect(screen.getByRole('heading', { name: 'Activation code' })).toBeInTheDocument();
    expect(screen.getByText('erin@example.com')).toBeInTheDocument();
    expect(codeField()).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Send a new code' })).toHaveAttribute(
      'href',
      '/forgot-password/admin',
    );
    expect({ ...localStorage }).toEqual({ role: 'admin' });
  });

  it('follows Send a new code on the first click while the code field has focus', async () => {
    const user = userEvent.setup();
    renderActivationCode('admin');
    await user.type(codeField(), 'AB');
    const again = screen.getByRole('link', { name: 'Send a new code' });

    await pressOn(user, again);
    expect(codeField()).not.toHaveAttribute('aria-invalid', 'true');
    await releaseOn(user, again);

    expect(await screen.findByRole('heading', { name: 'Forgot password for admin' })).toBeInTheDocument();
  });

  it.each([
    ['no navigation state', null],
    ['a state without the e-mail', { state: OLD_STATE }],
    ['a state without the flow state', { email: 'erin@example.com' }],
  ])('sends the user back to the forgot-password screen with %s', async (_, state) => {
    const api = stubApi({});
    renderActivationCode('admin', state);

    expect(await screen.findByRole('heading', { name: 'Forgot password for admin' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.extra.startAgain)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Code/)).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a code when none is typed, and sends nothing', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderActivationCode();

    await user.click(submit());

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(MSG.extra.codeLength));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says the code must be 6 characters when it is shorter, as soon as the field is left', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderActivationCode();

    await user.type(codeField(), 'AB12C');
    await user.tab();

    expect(await screen.findByText(MSG.extra.codeLength)).toBeInTheDocument();
    await user.click(submit());
    expect(screen.getByText(MSG.extra.codeLength)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('does not count surrounding spaces towards the 6 characters', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderActivationCode();

    await user.type(codeField(), ' AB12 ');
    await user.click(submit());

    expect(await screen.findByText(MSG.extra.codeLength)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('takes no more than 6 characters', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderActivationCode();

    await user.type(codeField(), 'AB12CD9');

    expect(codeField()).toHaveValue('AB12CD');
  });

  it('drops the spaces and line breaks a code copied from an e-mail brings with it', async () => {
    const api = stubApi({
      [`POST ${API.auth.passwordValidate}`]: () =>
        jsonResponse({ message: MSG.auth.validationCodeSuccess, state: NEW_STATE }),
    });
    const user = userEvent.setup();
    renderActivationCode();

    await user.click(codeField());
    await user.paste(' eungr4 \n');
    expect(codeField()).toHaveValue('eungr4');
    await user.click(submit());

    await screen.findByRole('heading', { name: 'New password for entity' });
    expect(api.calls[0]?.body).toMatchObject({ code: 'eungr4' });
  });

  it('says when the code has expired, on the field', async () => {
    stubApi({
      [`POST ${API.auth.passwordValidate}`]: () =>
        jsonResponse({ message: MSG.extra.codeExpired, fields: { code: MSG.extra.codeExpired } }, 422),
    });
    const user = userEvent.setup();
    renderActivationCode();

    await user.type(codeField(), 'AB12CD');
    await user.click(submit());

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(MSG.extra.codeExpired));
  });

  it('goes to Send a new code with the e-mail the code went to', () => {
    renderActivationCode();
    return userEvent
      .setup()
      .click(screen.getByRole('link', { name: 'Send a new code' }))
      .then(async () => {
        await screen.findByRole('heading', { name: 'Forgot password for entity' });
        expect(JSON.parse(screen.getByTestId('flow-state').textContent ?? 'null')).toEqual({
          email: 'erin@example.com',
        });
      });
  });

  it('shows the code-not-found message on the code field after a 422, without a toast', async () => {
    stubApi({
      [`POST ${API.auth.passwordValidate}`]: () =>
        jsonResponse(
          { message: MSG.auth.confirmationCodeNotFound, fields: { code: MSG.auth.confirmationCodeNotFound } },
          422,
        ),
    });
    const user = userEvent.setup();
    renderActivationCode();

    await user.type(codeField(), 'ZZZZZZ');
    await user.click(submit());

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(MSG.auth.confirmationCodeNotFound));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(MSG.auth.confirmationCodeNotFound)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Activation code' })).toBeInTheDocument();
  });

  it('shows an answer that names no field both on the code field and as a toast', async () => {
    stubApi({
      [`POST ${API.auth.passwordValidate}`]: () => jsonResponse({ message: MSG.extra.stepExpired }, 410),
    });
    const user = userEvent.setup();
    renderActivationCode();

    await user.type(codeField(), 'AB12CD');
    await user.click(submit());

    await waitFor(() => expect(codeField()).toHaveAccessibleDescription(MSG.extra.stepExpired));
    await waitFor(() => expect(screen.getAllByText(MSG.extra.stepExpired)).toHaveLength(2));
  });

  it('posts e-mail, role, state and code, toasts and goes on with the NEW state', async () => {
    const api = stubApi({
      [`POST ${API.auth.passwordValidate}`]: () =>
        jsonResponse({ message: MSG.auth.validationCodeSuccess, state: NEW_STATE }),
    });
    const user = userEvent.setup();
    const { router } = renderActivationCode('admin');

    await user.type(codeField(), 'AB12CD');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'New password for admin' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('flow-state').textContent ?? 'null')).toEqual({
      email: 'erin@example.com',
      state: NEW_STATE,
    });
    expect(await screen.findByText(MSG.auth.validationCodeSuccess)).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: API.auth.passwordValidate,
        body: { email: 'erin@example.com', role: 'admin', state: OLD_STATE, code: 'AB12CD' },
      },
    ]);
    // The used code screen is replaced, so Back does not return to it.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
