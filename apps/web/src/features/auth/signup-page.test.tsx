import { API, MSG } from '@bridge-talk/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressOn, releaseOn } from '../../test/pointer-press.js';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../test/render.js';
import { SignupPage } from './signup-page.js';

function renderSignup() {
  return renderWithProviders(null, {
    routes: [
      { path: '/signup/entity', element: <SignupPage /> },
      { path: '/login/entity', element: <h1>Login screen</h1> },
    ],
    initialEntries: ['/signup/entity'],
    wrapper: withToasts,
  });
}

const nameField = () => screen.getByLabelText(/^Name/);
const entityNameField = () => screen.getByLabelText(/^Entity name/);
const queryEntityNameField = () => screen.queryByLabelText(/^Entity name/);
const emailField = () => screen.getByLabelText(/^Email/);
const phoneField = () => screen.getByLabelText(/^Phone/);
const lawyer = () => screen.getByRole('radio', { name: MSG.extra.subtypeLawyer });
const agency = () => screen.getByRole('radio', { name: MSG.extra.subtypeAgency });
const submit = () => screen.getByRole('button', { name: 'Send request' });

async function fillValidLawyer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(nameField(), 'Lena Lawyer');
  await user.type(emailField(), 'Lena@Example.com');
  await user.type(phoneField(), '5551234567');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignupPage', () => {
  it('starts as a lawyer, without the entity name, and offers the login', () => {
    renderSignup();

    expect(screen.getByRole('heading', { name: MSG.auth.requestYourAccess })).toBeInTheDocument();
    expect(lawyer()).toBeChecked();
    expect(agency()).not.toBeChecked();
    expect(queryEntityNameField()).not.toBeInTheDocument();
    expect(screen.getByText(MSG.auth.haveAnAccount)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/entity');
    expect(screen.queryByRole('link', { name: 'Contact form' })).not.toBeInTheDocument();
    expect({ ...localStorage }).toEqual({ role: 'entity' });
  });

  it('leads to the entity login from the Have an account? card', async () => {
    const user = userEvent.setup();
    renderSignup();

    await user.click(screen.getByRole('link', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
  });

  it('follows the Have an account? link on the first click while a field has focus', async () => {
    const user = userEvent.setup();
    renderSignup();
    await user.click(nameField());
    const login = screen.getByRole('link', { name: 'Log in' });

    await pressOn(user, login);
    expect(screen.queryByText(MSG.validation.nameMin)).not.toBeInTheDocument();
    await releaseOn(user, login);

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
  });

  it('opens the Terms of use on the first click while a field has focus', async () => {
    stubApi({ 'GET /api/term/last': () => jsonResponse({ message: 'Not found' }, 404) });
    const user = userEvent.setup();
    renderSignup();
    await user.type(phoneField(), '555');
    const terms = screen.getByRole('button', { name: MSG.auth.termsOfUse });

    await pressOn(user, terms);
    expect(screen.queryByText(MSG.validation.phoneWrong)).not.toBeInTheDocument();
    await releaseOn(user, terms);

    expect(await screen.findByRole('dialog', { name: MSG.auth.termsOfUse })).toBeInTheDocument();
    expect(await screen.findByText(MSG.validation.phoneWrong)).toBeInTheDocument();
  });

  it('shows the entity name for an agency, and hides it again for a lawyer', async () => {
    const user = userEvent.setup();
    renderSignup();

    await user.click(agency());
    expect(agency()).toBeChecked();
    expect(entityNameField()).toBeRequired();

    await user.click(lawyer());
    expect(queryEntityNameField()).not.toBeInTheDocument();
  });

  it('shows the messages of an empty lawyer form and sends nothing', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.click(submit());

    await waitFor(() => expect(nameField()).toHaveAccessibleDescription(MSG.validation.nameMin));
    expect(emailField()).toHaveAccessibleDescription(MSG.validation.emailWrong);
    expect(phoneField()).toHaveAccessibleDescription(MSG.validation.phoneWrong);
    expect(screen.queryByText(MSG.validation.signupEntityNameMin)).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('requires an entity name of at least 3 characters from an agency', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.click(agency());
    await fillValidLawyer(user);
    await user.click(submit());

    await waitFor(() =>
      expect(entityNameField()).toHaveAccessibleDescription(MSG.validation.signupEntityNameMin),
    );

    await user.type(entityNameField(), ' Ab ');
    await user.click(submit());
    expect(entityNameField()).toHaveAccessibleDescription(MSG.validation.signupEntityNameMin);
    expect(nameField()).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says a name shorter than 3 characters is too short, as soon as the field is left', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.type(nameField(), ' Al ');
    await user.tab();

    expect(await screen.findByText(MSG.validation.nameMin)).toBeInTheDocument();
    await user.type(nameField(), 'ex');
    await waitFor(() => expect(screen.queryByText(MSG.validation.nameMin)).not.toBeInTheDocument());
  });

  it('says a malformed e-mail is wrong', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.type(emailField(), 'lena@example');
    await user.tab();

    expect(await screen.findByText(MSG.validation.emailWrong)).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('formats the phone as it is typed and says an incomplete one is wrong', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.type(phoneField(), '555');
    expect(phoneField()).toHaveValue('(555');
    await user.type(phoneField(), '123');
    expect(phoneField()).toHaveValue('(555) 123');
    await user.tab();
    expect(await screen.findByText(MSG.validation.phoneWrong)).toBeInTheDocument();

    await user.type(phoneField(), '4567');
    expect(phoneField()).toHaveValue('(555) 123-4567');
    await waitFor(() => expect(screen.queryByText(MSG.validation.phoneWrong)).not.toBeInTheDocument());
  });

  it('keeps only the digits of the phone, and no more than ten', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderSignup();

    await user.type(phoneField(), '555-12a3 45678');

    expect(phoneField()).toHaveValue('(555) 123-4567');
  });

  it('shows the e-mail-in-use message on the e-mail field and as a toast after a 409', async () => {
    stubApi({
      [`POST ${API.auth.register}`]: () =>
        jsonResponse({ message: MSG.signup.emailInUse, fields: { email: MSG.signup.emailInUseField } }, 409),
    });
    const user = userEvent.setup();
    renderSignup();

    await fillValidLawyer(user);
    await user.click(submit());

    await waitFor(() => expect(emailField()).toHaveAccessibleDescription(MSG.signup.emailInUseField));
    expect(await screen.findByText(MSG.signup.emailInUse)).toBeInTheDocument();
    expect(screen.queryByText(MSG.signup.thankYou)).not.toBeInTheDocument();
  });

  it('shows the generic toast when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup();
    renderSignup();

    await fillValidLawyer(user);
    await user.click(submit());

    expect(await screen.findByText(MSG.common.somethingWrong)).toBeInTheDocument();
    expect(submit()).toBeInTheDocument();
  });

  it('sends a lawyer with entityName null and thanks the visitor', async () => {
    const api = stubApi({
      [`POST ${API.auth.register}`]: () => jsonResponse({ message: 'ok' }, 201),
    });
    const user = userEvent.setup();
    renderSignup();

    await fillValidLawyer(user);
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(MSG.signup.thankYou);
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: API.auth.register,
        body: {
          name: 'Lena Lawyer',
          entityName: null,
          email: 'lena@example.com',
          phone: '(555) 123-4567',
          subtype: 'lawyer',
        },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
    expect(screen.getByText(MSG.auth.haveAnAccount)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/entity');
  });

  it('sends no entity name for a lawyer even after one was typed as an agency', async () => {
    const api = stubApi({
      [`POST ${API.auth.register}`]: () => jsonResponse({ message: 'ok' }, 201),
    });
    const user = userEvent.setup();
    renderSignup();

    await user.click(agency());
    await user.type(entityNameField(), 'Open Arms');
    await user.click(lawyer());
    await fillValidLawyer(user);
    await user.click(submit());

    expect(await screen.findByText(MSG.signup.thankYou)).toBeInTheDocument();
    expect(api.calls[0]?.body).toMatchObject({ subtype: 'lawyer', entityName: null });
  });

  it('sends an agency with its entity name', async () => {
    const api = stubApi({
      [`POST ${API.auth.register}`]: () => jsonResponse({ message: 'ok' }, 201),
    });
    const user = userEvent.setup();
    renderSignup();

    await user.click(agency());
    await user.type(entityNameField(), '  Open Arms ');
    await fillValidLawyer(user);
    await user.click(submit());

    expect(await screen.findByText(MSG.signup.thankYou)).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({
      name: 'Lena Lawyer',
      entityName: 'Open Arms',
      email: 'lena@example.com',
      phone: '(555) 123-4567',
      subtype: 'agency',
    });
  });
});
