import {
  API,
  apiPath,
  EMAIL_MAX,
  type Group,
  type GroupMember,
  MSG,
  PERSON_NAME_MAX,
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
import { UpdateFamiliesPage } from './update-families-page.js';

const ID = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GROUP: Group = {
  _id: ID,
  name: 'Robin Lee',
  childFirstName: 'Robin',
  childLastName: 'Lee',
  active: true,
  billingInformation: { email: 'payer@example.org' },
  plan: { priceId: 'price_month', type: 'recurring' },
  paymentId: null,
  subscriptionId: 'sub_1',
  oneTime: false,
  createdAt: '2026-03-01T10:00:00Z',
};

function member(overrides: Partial<GroupMember>): GroupMember {
  return {
    _id: 'm',
    role: 'adoptive_parent',
    position: 1,
    active: true,
    createdAt: '2026-03-02T10:00:00Z',
    name: 'Alice Adams',
    firstName: 'Alice',
    lastName: 'Adams',
    email: 'alice@example.org',
    ...overrides,
  };
}

const MEMBERS = [
  member({
    _id: 'm-child',
    role: 'child',
    name: 'Robin Lee',
    firstName: 'Robin',
    lastName: 'Lee',
    email: null,
  }),
  member({ _id: 'm-alice' }),
  member({
    _id: 'm-bella',
    role: 'birth_family',
    name: 'Bella Birch',
    firstName: 'Bella',
    lastName: 'Birch',
    email: 'bella@example.org',
  }),
];

function renderPage(handlers: Record<string, ApiHandler> = {}) {
  const api = stubApi({
    [`GET /api/group/list/${ID}`]: () => jsonResponse(GROUP),
    [`GET /api/group/member/list/${ID}`]: () => jsonResponse({ result: MEMBERS }),
    'POST /api/group/user/check': () => jsonResponse({ message: MSG.extra.notFound }, 404),
    ...handlers,
  });
  const view = renderWithProviders(null, {
    routes: [
      { path: '/manage-families/:id/update-families', element: <UpdateFamiliesPage /> },
      { path: '/manage-families/:id/details', element: <p>Family page</p> },
    ],
    initialEntries: [
      { pathname: `/manage-families/${ID}/update-families`, state: { groupName: 'Robin Lee' } },
    ],
    wrapper: withToasts,
  });
  return { api, router: view.router, user: userEvent.setup({ delay: null }) };
}

const slot = (name: string) => within(screen.getByRole('group', { name }));

describe('UpdateFamiliesPage', { timeout: 20_000 }, () => {
  it('fills the places with the family’s people, under the name carried from the family page', async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Adoptive parent 1' });
    expect(screen.getByRole('heading', { name: MSG.families.editFamilyMembers })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Robin Lee' })).toHaveAttribute(
      'href',
      `/manage-families/${ID}/details`,
    );
    expect(slot('Adoptive parent 1').getByRole('textbox', { name: /^Email/ })).toHaveValue(
      'alice@example.org',
    );
    expect(slot('Birth family 1').getByRole('textbox', { name: /^First name/ })).toHaveValue('Bella');
    expect(slot('Child').getByRole('textbox', { name: /^Last name/ })).toHaveValue('Lee');
    // Editing is not the wizard: the second rows are open.
    expect(slot('Birth family 2').getByRole('textbox', { name: /^Email/ })).toBeEnabled();
  });

  it('needs an adoptive parent and a birth family member, and names for an e-mail', async () => {
    const { user } = renderPage();
    await screen.findByRole('group', { name: 'Adoptive parent 1' });
    for (const name of ['Adoptive parent 1', 'Birth family 1']) {
      for (const field of [/^Email/, /^First name/, /^Last name/])
        await user.clear(slot(name).getByRole('textbox', { name: field }));
    }
    await user.type(slot('Birth family 2').getByRole('textbox', { name: /^Email/ }), 'ben@example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least one adoptive parent is required')).toBeInTheDocument();
    expect(screen.getByText('At least one birth family is required')).toBeInTheDocument();
    expect(
      slot('Birth family 2').getByText('First name is required when email is provided'),
    ).toBeInTheDocument();
    expect(
      slot('Birth family 2').getByText('Last name is required when email is provided'),
    ).toBeInTheDocument();
  });

  it('refuses names shorter than 3 characters, as the wizard’s child step does, and saves nothing', async () => {
    const { api, user } = renderPage();
    await screen.findByRole('group', { name: 'Adoptive parent 1' });
    const childFirst = slot('Child').getByRole('textbox', { name: /^First name/ });
    await user.clear(childFirst);
    await user.type(childFirst, 'J');
    const parentLast = slot('Adoptive parent 1').getByRole('textbox', { name: /^Last name/ });
    await user.clear(parentLast);
    await user.type(parentLast, 'Li');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await slot('Child').findByText(MSG.validation.accountFirstNameMin)).toBeInTheDocument();
    expect(slot('Adoptive parent 1').getByText(MSG.validation.accountLastNameMin)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('keeps a name or e-mail one character over its maximum whole, says so, and saves nothing', async () => {
    const { api, user } = renderPage();
    await screen.findByRole('group', { name: 'Adoptive parent 1' });
    const child = slot('Child');
    const domain = '@example.org';
    const tooLong: [RegExp, string, string][] = [
      [
        /^First name/,
        'a'.repeat(PERSON_NAME_MAX + 1),
        MSG.validation.tooLong(MSG.fields.firstName, PERSON_NAME_MAX),
      ],
      [
        /^Last name/,
        'a'.repeat(PERSON_NAME_MAX + 1),
        MSG.validation.tooLong(MSG.fields.lastName, PERSON_NAME_MAX),
      ],
      [
        /^Email/,
        `${'a'.repeat(EMAIL_MAX + 1 - domain.length)}${domain}`,
        MSG.validation.tooLong(MSG.fields.email, EMAIL_MAX),
      ],
    ];
    for (const [name, value] of tooLong) {
      const box = child.getByRole('textbox', { name });
      await user.clear(box);
      await user.type(box, value);
      expect(box).toHaveValue(value);
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const [name, value, message] of tooLong) {
      expect(await child.findByText(message)).toBeInTheDocument();
      expect(child.getByRole('textbox', { name })).toHaveValue(value);
    }
    // Nothing is saved, and an e-mail too long to be anyone's is not looked up.
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('locks the name of a person found by a valid e-mail, and lets go when the e-mail changes', async () => {
    const { user } = renderPage({
      'POST /api/group/user/check': (body) =>
        (body as { email: string }).email === 'ben@example.org'
          ? jsonResponse({ _id: 'p-ben', name: 'Ben Birch' })
          : jsonResponse({ message: MSG.extra.notFound }, 404),
    });
    await screen.findByRole('group', { name: 'Birth family 2' });
    const second = slot('Birth family 2');
    await user.type(second.getByRole('textbox', { name: /^Email/ }), 'ben@example.org');
    // No need to leave the field: a valid e-mail is looked up as it is typed.
    await waitFor(() => expect(second.getByRole('textbox', { name: /^First name/ })).toHaveValue('Ben'));
    expect(second.getByRole('textbox', { name: /^First name/ })).toBeDisabled();
    expect(second.getByRole('textbox', { name: /^Last name/ })).toBeDisabled();

    await user.clear(second.getByRole('textbox', { name: /^Email/ }));
    await user.type(second.getByRole('textbox', { name: /^Email/ }), 'someone.new@example.org');
    await waitFor(() => expect(second.getByRole('textbox', { name: /^First name/ })).toBeEnabled());
    expect(second.getByRole('textbox', { name: /^First name/ })).toHaveValue('');
  });

  it('edits a renamed person, links a found one, leaves an emptied place out, and saves the list', async () => {
    const { api, router, user } = renderPage({
      'POST /api/group/user/check': (body) =>
        (body as { email: string }).email === 'ben@example.org'
          ? jsonResponse({ _id: 'p-ben', name: 'Ben Birch' })
          : jsonResponse({ message: MSG.extra.notFound }, 404),
      'PUT /api/group/user/edit/m-alice': () =>
        jsonResponse({ _id: 'm-alice', name: 'Alicia Adams', email: 'alice@example.org' }),
      'POST /api/group/member/add': () =>
        jsonResponse({ _id: 'p-ben', name: 'Ben Birch', email: 'ben@example.org' }),
      'POST /api/group/user/sync': () => jsonResponse({ result: [] }),
    });
    await screen.findByRole('group', { name: 'Adoptive parent 1' });
    const first = slot('Adoptive parent 1').getByRole('textbox', { name: /^First name/ });
    await user.clear(first);
    await user.type(first, 'Alicia');
    await user.type(slot('Birth family 2').getByRole('textbox', { name: /^Email/ }), 'ben@example.org');
    await waitFor(() =>
      expect(slot('Birth family 2').getByRole('textbox', { name: /^First name/ })).toHaveValue('Ben'),
    );
    for (const field of [/^Email/, /^First name/, /^Last name/]) {
      await user.clear(slot('Birth family 1').getByRole('textbox', { name: field }));
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MSG.families.membersSaved)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/manage-families/${ID}/details`));
    expect(api.callsTo('PUT', apiPath(API.group.editUser, { userId: 'm-alice' }))[0]?.body).toEqual({
      groupId: ID,
      userId: 'm-alice',
      name: 'Alicia Adams',
      email: 'alice@example.org',
      subtype: 'adoptive_parent',
    });
    expect(api.callsTo('POST', API.group.addMember)[0]?.body).toEqual({
      groupId: ID,
      role: 'birth_family',
      userId: 'p-ben',
    });
    expect(api.callsTo('POST', API.group.createUser)).toHaveLength(0);
    expect(api.callsTo('POST', API.group.syncUsers)[0]?.body).toEqual({
      groupId: ID,
      results: [
        { userId: 'm-child', userType: 'child' },
        { userId: 'm-alice', userType: 'adoptive_parent' },
        { userId: 'p-ben', userType: 'birth_family' },
      ],
    });
  });

  it('shows the server’s text when saving fails', async () => {
    const { user } = renderPage({
      'POST /api/group/user/sync': () => jsonResponse({ message: MSG.families.memberSharedCannotEdit }, 409),
    });
    await screen.findByRole('group', { name: 'Adoptive parent 1' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.families.memberSharedCannotEdit)).toBeInTheDocument();
  });
});
