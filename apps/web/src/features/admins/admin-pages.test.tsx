import {
  ADMIN_PHONE_PLACEHOLDER,
  type AdminListResponse,
  type AdminUser,
  API,
  apiPath,
  MSG,
  type SessionUser,
} from '@bridge-talk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from '../../shared/session/session-provider.js';
import { publishSession } from '../../shared/session/token.js';
import { answerApi, jsonResponse, renderWithProviders } from '../../test/render.js';
import { AdminListPage } from './admin-list-page.js';
import { CreateAdminPage } from './create-admin-page.js';
import { EditAdminPage } from './edit-admin-page.js';

const ME: SessionUser = {
  _id: 'a1',
  name: 'Bridge Talk Admin',
  email: 'admin@example.org',
  role: 'admin',
  subtype: 'admin',
  entityName: null,
  coupon: null,
};

const admin = (id: string, name: string): AdminUser => ({
  _id: id,
  name,
  email: `${id}@example.org`,
  subtype: 'admin',
  phone: ADMIN_PHONE_PLACEHOLDER,
});

const SELF = { ...admin('a1', 'Bridge Talk Admin'), email: ME.email };
const GRACE = admin('a2', 'Grace Hopper');
const ALAN = admin('a3', 'Alan Turing');

const page = (result: AdminUser[], total = result.length, n = 1): AdminListResponse => ({
  result,
  total,
  page: n,
  pageSize: 10,
});

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function SignedIn({ children }: { children: React.ReactNode }) {
  return useSession().status === 'authenticated' ? children : null;
}

function renderAt(at: string) {
  const result = renderWithProviders(null, {
    routes: [
      {
        path: '/bridge-talk-admin',
        element: (
          <SignedIn>
            <AdminListPage />
            <Where />
          </SignedIn>
        ),
      },
      { path: '/bridge-talk-admin/create', element: <CreateAdminPage /> },
      { path: '/bridge-talk-admin/:id/edit', element: <EditAdminPage /> },
    ],
    initialEntries: [at],
    wrapper: (children) => (
      <SessionProvider>
        {children}
        <ToastContainer />
      </SessionProvider>
    ),
  });
  act(() => publishSession({ accessToken: 't', expiresIn: 900, message: MSG.auth.loginSuccess, user: ME }));
  return result;
}

const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) }));
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const save = () => screen.getByRole('button', { name: MSG.common.save });

beforeEach(() => {
  publishSession(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => publishSession(null));
});

describe('AdminListPage', () => {
  it('lists the admins with the count of users, Edit, Remove and Add Account', async () => {
    const calls = answerApi(() => jsonResponse(page([ALAN, SELF, GRACE], 3)));
    renderAt('/bridge-talk-admin');
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('3 users')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Edit',
      'Remove',
    ]);
    expect(row('Grace Hopper').getByRole('link', { name: MSG.common.edit })).toHaveAttribute(
      'href',
      '/bridge-talk-admin/a2/edit',
    );
    expect(screen.getByRole('link', { name: MSG.common.addAccount })).toHaveAttribute(
      'href',
      '/bridge-talk-admin/create',
    );
    expect(calls.find((c) => c.path.startsWith(API.admins.list))!.path).toBe(
      `${API.admins.list}?page=1&pageSize=10`,
    );
  });

  it('does not offer removing your own account, and says why', async () => {
    answerApi(() => jsonResponse(page([SELF, GRACE])));
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin');
    const own = (await screen.findAllByRole('button', { name: MSG.columns.remove }))[0]!;
    expect(row('Bridge Talk Admin').getByRole('button', { name: MSG.columns.remove })).toBe(own);
    expect(own).toHaveAttribute('aria-disabled', 'true');
    expect(own).toHaveAccessibleDescription(MSG.extra.cannotRemoveSelf);
    await user.click(own);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('removes an admin after the confirmation; the list reloads', async () => {
    let removed = false;
    const calls = answerApi((call) => {
      if (call.method === 'DELETE') {
        removed = true;
        return jsonResponse({ message: MSG.extra.adminRemoved });
      }
      return jsonResponse(page(removed ? [SELF] : [SELF, GRACE]));
    });
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin');
    await user.click(
      await waitFor(() => row('Grace Hopper').getByRole('button', { name: MSG.columns.remove })),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.admins.removeConfirm)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: MSG.common.back })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MSG.common.confirm }));
    expect(await screen.findByText(MSG.extra.adminRemoved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('1 user')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(apiPath(API.admins.remove, { id: 'a2' }));
  });

  it("says 'Error, Something went wrong.' when removing fails, closes the dialog and reloads", async () => {
    let loads = 0;
    answerApi((call) => {
      if (call.method === 'DELETE') return jsonResponse({ message: 'boom' }, 500);
      if (call.path === API.secondFactors.policy) return jsonResponse({ requiredForAdmins: false });
      loads += 1;
      return jsonResponse(page([SELF, GRACE]));
    });
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin');
    await user.click(
      await waitFor(() => row('Grace Hopper').getByRole('button', { name: MSG.columns.remove })),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: MSG.common.confirm }),
    );
    expect(await screen.findByText(MSG.common.somethingWrong)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(loads).toBe(2));
  });

  it('says the reason the server gives for refusing (the last admin)', async () => {
    answerApi((call) =>
      call.method === 'DELETE'
        ? jsonResponse({ message: MSG.extra.lastAdminCannotBeRemoved }, 409)
        : jsonResponse(page([SELF, GRACE])),
    );
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin');
    await user.click(
      await waitFor(() => row('Grace Hopper').getByRole('button', { name: MSG.columns.remove })),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: MSG.common.confirm }),
    );
    expect(await screen.findByText(MSG.extra.lastAdminCannotBeRemoved)).toBeInTheDocument();
  });

  it('pages with ?page=', async () => {
    const calls = answerApi((call) =>
      jsonResponse(call.path.includes('page=2') ? page([ALAN], 11, 2) : page([SELF, GRACE], 11, 1)),
    );
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/bridge-talk-admin?page=2'),
    );
    expect(calls.at(-1)!.path).toBe(`${API.admins.list}?page=2&pageSize=10`);
  });
});

describe('CreateAdminPage', () => {
  it('turns Save green only once first name, last name and e-mail are filled', async () => {
    answerApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin/create');
    expect(screen.getByRole('heading', { name: MSG.admins.addAdminAccount })).toBeInTheDocument();
    expect(save()).toHaveAttribute('data-complete', 'false');
    await user.type(field('First name'), 'Grace');
    await user.type(field('Last name'), 'Hopper');
    expect(save()).toHaveAttribute('data-complete', 'false');
    await user.type(field('Email'), 'g');
    expect(save()).toHaveAttribute('data-complete', 'true');
    await user.clear(field('Last name'));
    expect(save()).toHaveAttribute('data-complete', 'false');
  });

  it('shows the spec messages', async () => {
    answerApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin/create');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.emailRequired)).toBeInTheDocument();
    await user.type(field('First name'), 'Al');
    await user.type(field('Last name'), 'Li');
    await user.type(field('Email'), 'al@');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.firstNameMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.lastNameMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.emailWrong)).toBeInTheDocument();
  });

  it("sends 'first last', the subtype and the fixed phone, then goes to the list", async () => {
    const calls = answerApi((call) =>
      call.method === 'POST' ? jsonResponse(GRACE, 201) : jsonResponse(page([SELF, GRACE])),
    );
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin/create');
    await user.type(field('First name'), 'Grace');
    await user.type(field('Last name'), 'Hopper');
    await user.type(field('Email'), 'Grace@Example.org');
    await user.click(save());
    expect(await screen.findByText(MSG.extra.adminCreated)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/bridge-talk-admin');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: API.admins.create,
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.org',
        subtype: 'admin',
        phone: ADMIN_PHONE_PLACEHOLDER,
      },
    });
  });

  it("answers a used e-mail with the toast 'Email already in use.' and the field message", async () => {
    answerApi(() =>
      jsonResponse({ message: MSG.admins.emailInUse, fields: { email: MSG.admins.emailInDatabase } }, 409),
    );
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin/create');
    await user.type(field('First name'), 'Grace');
    await user.type(field('Last name'), 'Hopper');
    await user.type(field('Email'), 'grace@example.org');
    await user.click(save());
    expect(await screen.findByText(MSG.admins.emailInUse)).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(MSG.admins.emailInDatabase);
  });
});

describe('EditAdminPage', () => {
  it('fills first and last name from the name, and saves', async () => {
    const calls = answerApi((call) => {
      if (call.method === 'GET' && call.path === `${API.admins.list}?id=a2`) return jsonResponse(GRACE);
      if (call.method === 'PUT') return jsonResponse({ ...GRACE, name: 'Grace Brewster Hopper' });
      return jsonResponse(page([SELF, GRACE]));
    });
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin/a2/edit');
    await waitFor(() => expect(field('First name')).toHaveValue('Grace'));
    expect(field('Last name')).toHaveValue('Hopper');
    expect(field('Email')).toHaveValue('a2@example.org');
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Brewster Hopper');
    await user.click(save());
    expect(await screen.findByText(MSG.extra.adminSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: apiPath(API.admins.edit, { id: 'a2' }),
      body: {
        name: 'Grace Brewster Hopper',
        email: 'a2@example.org',
        subtype: 'admin',
        phone: ADMIN_PHONE_PLACEHOLDER,
      },
    });
  });

  it('shows a used e-mail on the field', async () => {
    answerApi((call) =>
      call.method === 'PUT'
        ? jsonResponse({ message: MSG.admins.emailInUse, fields: { email: MSG.admins.emailInDatabase } }, 409)
        : jsonResponse(GRACE),
    );
    const user = userEvent.setup();
    renderAt('/bridge-talk-admin/a2/edit');
    await waitFor(() => expect(field('First name')).toHaveValue('Grace'));
    await user.click(save());
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(MSG.admins.emailInDatabase));
  });

  it('says when the admin does not exist', async () => {
    answerApi(() => undefined);
    renderAt('/bridge-talk-admin/nope/edit');
    expect(await screen.findByText(MSG.extra.notFound)).toBeInTheDocument();
  });
});
