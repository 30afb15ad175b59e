import {
  API,
  apiPath,
  EMAIL_MAX,
  type Family,
  type FamilyMember,
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

const GROUP: Family = {
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

function member(overrides: Partial<FamilyMember>): FamilyMember {
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

const BEN = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Ben Birch',
  firstName: 'Ben',
  lastName: 'Birch',
};

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

  it('takes real short names (Bo Li), refuses a name without a letter, and saves nothing then', async () => {
    const { api, user } = renderPage();
    await screen.findByRole('group', { name: 'Adoptive parent 1' });
    const childFirst = slot('Child').getByRole('textbox', { name: /^First name/ });
    await user.clear(childFirst);
    await user.type(childFirst, '-');
    const parentFirst = slot('Adoptive parent 1').getByRole('textbox', { name: /^First name/ });
    const parentLast = slot('Adoptive parent 1').getByRole('textbox', { name: /^Last name/ });
    await user.clear(parentFirst);
    await user.type(parentFirst, 'Bo');
    await user.clear(parentLast);
    await user.type(parentLast, 'Li');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await slot('Child').findByText(MSG.validation.firstNameNeedsLetter)).toBeInTheDocument();
    expect(slot('Adoptive parent 1').queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('refuses the same e-mail for two people on the field, before anything is sent', async () => {
    const { api, user } = renderPage();
    await screen.findByRole('group', { name: 'Birth family 2' });
    const second = slot('Birth family 2');
    await user.type(second.getByRole('textbox', { name: /^Email/ }), 'ALICE@example.org');
    await user.type(second.getByRole('textbox', { name: /^First name/ }), 'Al');
    await user.type(second.getByRole('textbox', { name: /^Last name/ }), 'Ice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await second.findByText(MSG.validation.emailTwiceInFamily)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET' && !call.path.endsWith('/user/check'))).toEqual(
      [],
    );
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
          ? jsonResponse(BEN)
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

  it('drops a look-up answer that comes back after the e-mail changed, and saves by the e-mail typed', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { api, user } = renderPage({
      'POST /api/group/user/check': (body) =>
        (body as { email: string }).email === 'ben@example.org'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : jsonResponse({ message: MSG.extra.notFound }, 404),
      [`PUT /api/group/member/save/${ID}`]: () => jsonResponse({ result: MEMBERS }),
    });
    await screen.findByRole('group', { name: 'Birth family 2' });
    const second = slot('Birth family 2');
    const email = second.getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'ben@example.org');
    await waitFor(() => expect(api.callsTo('POST', API.families.checkUser)).toHaveLength(1));
    // The look-up is still out when the e-mail changes: its answer is for an e-mail no longer typed.
    await user.clear(email);
    await user.type(email, 'totally.new.person@example.org');
    answer(jsonResponse(BEN));
    await user.type(second.getByRole('textbox', { name: /^First name/ }), 'Tom');
    await user.type(second.getByRole('textbox', { name: /^Last name/ }), 'New');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.families.membersSaved)).toBeInTheDocument();
    const saved = api.callsTo('PUT', apiPath(API.families.saveMembers, { groupId: ID }))[0]?.body as {
      birth: { userId: string | null; email: string; firstName: string }[];
    };
    expect(saved.birth[1]).toEqual({
      userId: null,
      email: 'totally.new.person@example.org',
      firstName: 'Tom',
      lastName: 'New',
    });
  });

  it('lets a found person go as soon as the e-mail they were found by changes', async () => {
    const { api, user } = renderPage({
      'POST /api/group/user/check': (body) =>
        (body as { email: string }).email === 'ben@example.org'
          ? jsonResponse(BEN)
          : jsonResponse({ message: MSG.extra.notFound }, 404),
      [`PUT /api/group/member/save/${ID}`]: () => jsonResponse({ result: MEMBERS }),
    });
    await screen.findByRole('group', { name: 'Birth family 2' });
    const second = slot('Birth family 2');
    const email = second.getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'ben@example.org');
    await waitFor(() => expect(second.getByRole('textbox', { name: /^First name/ })).toHaveValue('Ben'));
    // One more character: not the e-mail Ben was found by any more.
    await user.type(email, 'x');
    expect(second.getByRole('textbox', { name: /^First name/ })).toBeEnabled();
    expect(second.getByRole('textbox', { name: /^First name/ })).toHaveValue('');
    await user.type(second.getByRole('textbox', { name: /^First name/ }), 'Tom');
    await user.type(second.getByRole('textbox', { name: /^Last name/ }), 'New');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.families.membersSaved)).toBeInTheDocument();
    const saved = api.callsTo('PUT', apiPath(API.families.saveMembers, { groupId: ID }))[0]?.body as {
      birth: { userId: string | null }[];
    };
    expect(saved.birth[1]?.userId).toBeNull();
  });

  it('gives a place its own person back, names and all, when a found person’s e-mail is undone', async () => {
    const { user } = renderPage({
      'POST /api/group/user/check': (body) => {
        const found = MEMBERS.find((m) => m.email === (body as { email: string }).email);
        return found
          ? jsonResponse({
              _id: found._id,
              name: found.name,
              firstName: found.firstName,
              lastName: found.lastName,
            })
          : jsonResponse({ message: MSG.extra.notFound }, 404);
      },
    });
    await screen.findByRole('group', { name: 'Birth family 1' });
    const place = slot('Birth family 1');
    const email = place.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'alice@example.org');
    await waitFor(() => expect(place.getByRole('textbox', { name: /^First name/ })).toHaveValue('Alice'));
    await user.clear(email);
    await user.type(email, 'bella@example.org');
    expect(place.getByRole('textbox', { name: /^First name/ })).toHaveValue('Bella');
    expect(place.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Birch');
  });

  it('saves every place in one call: a renamed person, a found one, an emptied place', async () => {
    const { api, router, user } = renderPage({
      'POST /api/group/user/check': (body) =>
        (body as { email: string }).email === 'ben@example.org'
          ? jsonResponse(BEN)
          : jsonResponse({ message: MSG.extra.notFound }, 404),
      [`PUT /api/group/member/save/${ID}`]: () => jsonResponse({ result: MEMBERS }),
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
    const empty = { userId: 'm-bella', email: '', firstName: '', lastName: '' };
    expect(
      api.calls.filter((call) => call.method !== 'GET' && !call.path.endsWith('/user/check')),
    ).toHaveLength(1);
    expect(api.callsTo('PUT', apiPath(API.families.saveMembers, { groupId: ID }))[0]?.body).toEqual({
      child: { userId: 'm-child', email: '', firstName: 'Robin', lastName: 'Lee' },
      adoptive: [
        { userId: 'm-alice', email: 'alice@example.org', firstName: 'Alicia', lastName: 'Adams' },
        { userId: null, email: '', firstName: '', lastName: '' },
      ],
      birth: [empty, { userId: BEN._id, email: 'ben@example.org', firstName: 'Ben', lastName: 'Birch' }],
    });
  });

  it('shows the server’s refusal on the field it names, and its text', async () => {
    const { user } = renderPage({
      [`PUT /api/group/member/save/${ID}`]: () =>
        jsonResponse(
          {
            message: MSG.families.foundPersonChanged,
            fields: { 'adoptive.0.email': MSG.families.foundPersonChanged },
          },
          409,
        ),
    });
    await screen.findByRole('group', { name: 'Adoptive parent 1' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await slot('Adoptive parent 1').findByText(MSG.families.foundPersonChanged)).toBeInTheDocument();
    expect(await screen.findAllByText(MSG.families.foundPersonChanged)).toHaveLength(2);
  });
});
