import {
  API,
  apiPath,
  COUPON_CODE_MAX,
  type Coupon,
  EMAIL_MAX,
  ENTITY_ADDRESS_MAX,
  ENTITY_NAME_MAX,
  type Entity,
  MSG,
  todayIsoDate,
} from '@bridge-talk/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, jsonResponse, renderWithProviders } from '../../test/render.js';
import { formatContractDateInput } from './components/contract-date-input.js';
import { CreateEntityPage } from './create-entity-page.js';
import { EditEntityPage } from './edit-entity-page.js';

const SAVED: Entity = {
  _id: 'e1',
  name: 'Open Arms',
  email: 'team@openarms.org',
  phone: '(555) 010-2000',
  address: '1 Main Street',
  subtype: 'agency',
  status: 'active',
  active: true,
  startContract: '2026-01-01',
  endContract: '2027-01-01',
  coupon: 'WELCOME10',
  version: '2026-03-01T10:00:00.000Z',
};

const COUPON: Coupon = {
  id: 'c1',
  name: 'Spring 20% off',
  percent_off: 20,
  amount_off: null,
  max_redemptions: null,
  times_redeemed: 0,
  metadata: { products: 'p1' },
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderAt(at: string) {
  return renderWithProviders(null, {
    routes: [
      { path: '/entity-management/create', element: <CreateEntityPage /> },
      { path: '/entity-management/:id/edit', element: <EditEntityPage /> },
      { path: '/entity-management/:id/details', element: <Where /> },
      { path: '/entity-management', element: <Where /> },
    ],
    initialEntries: [at],
    wrapper: (children) => (
      <>
        {children}
        <ToastContainer />
      </>
    ),
  });
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const save = () => screen.getByRole('button', { name: MSG.common.save });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Entity name'), 'Hope Bridge');
  await user.type(field('Email'), 'Team@HopeBridge.org');
  await user.type(field('Phone'), '5550102000');
  await user.type(field('Address'), '2 Side Street');
  await user.type(field('Start contract'), '20260101');
  await user.type(field('End contract'), '20271231');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('formatContractDateInput', () => {
  it('places the dashes as the digits reach them', () => {
    expect(formatContractDateInput('2026')).toBe('2026');
    expect(formatContractDateInput('20260')).toBe('2026-0');
    expect(formatContractDateInput('2026-01-15')).toBe('2026-01-15');
    expect(formatContractDateInput('2026/01/159')).toBe('2026-01-15');
    expect(formatContractDateInput('abc')).toBe('');
  });

  it('turns a date typed the American way into YYYY-MM-DD once its year is whole', () => {
    expect(formatContractDateInput('06/01/2025')).toBe('2025-06-01');
    expect(formatContractDateInput('6/1/2025')).toBe('2025-06-01');
    expect(formatContractDateInput('06/01/20')).toBe('06/01/20');
    expect(formatContractDateInput('12/31/2030x')).toBe('2030-12-31');
  });
});

describe('CreateEntityPage', () => {
  it('shows the message of every required field when saved empty', async () => {
    const calls = answerApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.entityNameRequired)).toBeInTheDocument();
    for (const message of [
      MSG.validation.emailRequired,
      MSG.validation.phoneRequired,
      MSG.validation.addressRequired,
      MSG.validation.startContractLength,
      MSG.validation.endContractLength,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('checks each rule of the fields with the spec messages', async () => {
    answerApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    await user.type(field('Entity name'), 'Ab');
    await user.type(field('Email'), 'team@');
    await user.type(field('Phone'), '55501');
    expect(field('Phone')).toHaveValue('(555) 01');
    await user.type(field('Start contract'), '20261301');
    expect(field('Start contract')).toHaveValue('2026-13-01');
    await user.type(field('End contract'), '2027');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.entityNameMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.emailWrong)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.phoneWrong)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.startContractInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.endContractLength)).toBeInTheDocument();

    await user.clear(field('End contract'));
    await user.type(field('End contract'), '20270230');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.endContractInvalid)).toBeInTheDocument();
  });

  it('keeps a name, e-mail, address and coupon one character over the maximum whole, says so, and sends nothing', async () => {
    const calls = answerApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    const domain = '@example.org';
    const tooLong: Record<string, [value: string, message: string]> = {
      'Entity name': [
        'a'.repeat(ENTITY_NAME_MAX + 1),
        MSG.validation.tooLong(MSG.fields.entityName, ENTITY_NAME_MAX),
      ],
      Email: [
        `${'a'.repeat(EMAIL_MAX + 1 - domain.length)}${domain}`,
        MSG.validation.tooLong(MSG.fields.email, EMAIL_MAX),
      ],
      Address: [
        'a'.repeat(ENTITY_ADDRESS_MAX + 1),
        MSG.validation.tooLong(MSG.fields.address, ENTITY_ADDRESS_MAX),
      ],
      Coupon: ['A'.repeat(COUPON_CODE_MAX + 1), MSG.validation.tooLong(MSG.fields.coupon, COUPON_CODE_MAX)],
    };
    for (const [label, [value]] of Object.entries(tooLong)) {
      await user.click(field(label));
      await user.paste(value);
      expect(field(label)).toHaveValue(value);
    }
    // Leaving the coupon says it is too long, and looks nothing up.
    await user.click(field('Phone'));
    await waitFor(() => expect(field('Coupon')).toHaveAccessibleDescription(tooLong.Coupon![1]));
    await user.click(save());
    for (const [label, [value, message]] of Object.entries(tooLong)) {
      await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
      expect(field(label)).toHaveValue(value);
    }
    expect(calls).toEqual([]);
  });

  it('refuses a phone one digit short, and keeps one pasted with its country code whole', async () => {
    answerApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    await user.type(field('Phone'), '555010200');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.phoneWrong)).toBeInTheDocument();
    await user.clear(field('Phone'));
    await user.paste('+1 555 010 2000');
    expect(field('Phone')).toHaveValue('(555) 010-2000');
    await waitFor(() => expect(screen.queryByText(MSG.validation.phoneWrong)).not.toBeInTheDocument());
  });

  it('refuses a start after today and a start not before the end, on both dates', async () => {
    answerApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    const tomorrow = new Date(Date.parse(`${todayIsoDate()}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await user.type(field('Start contract'), tomorrow);
    await user.type(field('End contract'), '29991231');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.startContractNotFuture)).toBeInTheDocument();

    await user.clear(field('Start contract'));
    await user.type(field('Start contract'), '20260301');
    await user.clear(field('End contract'));
    await user.type(field('End contract'), '20260301');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.startContractBeforeEnd)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.endContractAfterStart)).toBeInTheDocument();
  });

  it('creates the entity as an agency and goes back to the list', async () => {
    const calls = answerApi((call) =>
      call.method === 'POST' && call.path === API.entities.create ? jsonResponse(SAVED, 201) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    await fillValid(user);
    await user.click(save());
    expect(await screen.findByText(MSG.extra.entityCreated)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/entity-management');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Hope Bridge',
      email: 'team@hopebridge.org',
      phone: '(555) 010-2000',
      address: '2 Side Street',
      startContract: '2026-01-01',
      endContract: '2027-12-31',
      coupon: null,
      subtype: 'agency',
    });
  });

  it('creates a lawyer when Lawyer is chosen, with a contract date typed the American way', async () => {
    const calls = answerApi((call) =>
      call.method === 'POST' && call.path === API.entities.create ? jsonResponse(SAVED, 201) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    expect(screen.getByRole('radio', { name: MSG.extra.subtypeAgency })).toBeChecked();
    await fillValid(user);
    await user.click(screen.getByRole('radio', { name: MSG.extra.subtypeLawyer }));
    await user.clear(field('Start contract'));
    await user.type(field('Start contract'), '01/15/2026');
    expect(field('Start contract')).toHaveValue('2026-01-15');
    await user.click(save());

    expect(await screen.findByText(MSG.extra.entityCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      subtype: 'lawyer',
      startContract: '2026-01-15',
    });
  });

  it('shows a used e-mail on the e-mail field', async () => {
    answerApi((call) =>
      call.method === 'POST'
        ? jsonResponse(
            { message: MSG.entities.emailInDatabase, fields: { email: MSG.entities.emailInDatabase } },
            409,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    await fillValid(user);
    await user.click(save());
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(MSG.entities.emailInDatabase));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("clears a coupon the lookup does not know and says 'COUPON NOT VALID!'", async () => {
    const calls = answerApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    await user.type(field('Coupon'), 'NOPE');
    await user.tab();
    await waitFor(() => expect(field('Coupon')).toHaveValue(''));
    expect(field('Coupon')).toHaveAccessibleDescription(MSG.billing.couponNotValid);
    expect(calls.map((c) => c.path)).toEqual([apiPath(API.billing.coupon, { code: 'NOPE' })]);
  });

  it('shows the name of a valid coupon', async () => {
    answerApi((call) =>
      call.path === apiPath(API.billing.coupon, { code: 'SPRING20' }) ? jsonResponse(COUPON) : undefined,
    );
    const user = userEvent.setup();
    renderAt('/entity-management/create');
    await user.type(field('Coupon'), ' SPRING20 ');
    await user.tab();
    expect(await screen.findByText('Spring 20% off')).toBeInTheDocument();
    expect(field('Coupon')).toHaveValue(' SPRING20 ');
  });
});

describe('EditEntityPage', () => {
  it('fills the form, saves it, and opens the details', async () => {
    const calls = answerApi((call) => {
      if (call.method === 'GET' && call.path === apiPath(API.entities.byId, { id: 'e1' }))
        return jsonResponse(SAVED);
      if (call.method === 'PUT' && call.path === apiPath(API.entities.edit, { id: 'e1' }))
        return jsonResponse({ ...SAVED, name: 'Open Arms Agency' });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/entity-management/e1/edit');
    expect(await screen.findByDisplayValue('Open Arms')).toBeInTheDocument();
    expect(field('Coupon')).toHaveValue('WELCOME10');
    // Leaving the saved coupon unchanged looks nothing up.
    await user.click(field('Coupon'));
    await user.tab();
    await user.clear(field('Entity name'));
    await user.type(field('Entity name'), 'Open Arms Agency');
    await user.click(save());
    expect(await screen.findByText(MSG.extra.entitySaved)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/entity-management/e1/details');
    expect(
      calls.some(
        (c) =>
          c.path.startsWith(API.billing.plans) ||
          c.path.startsWith(apiPath(API.billing.coupon, { code: '' })),
      ),
    ).toBe(false);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name: 'Open Arms Agency',
      email: 'team@openarms.org',
      phone: '(555) 010-2000',
      address: '1 Main Street',
      startContract: '2026-01-01',
      endContract: '2027-01-01',
      coupon: 'WELCOME10',
      subtype: 'agency',
      version: SAVED.version,
    });
  });

  it('refuses a save made after another administrator’s, and reloads the entity on request', async () => {
    let saved = SAVED;
    const calls = answerApi((call) => {
      if (call.method === 'GET' && call.path === apiPath(API.entities.byId, { id: 'e1' }))
        return jsonResponse(saved);
      if (call.method === 'PUT' && call.path === apiPath(API.entities.edit, { id: 'e1' }))
        return jsonResponse({ message: MSG.extra.entityChangedSinceRead }, 409);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/entity-management/e1/edit');
    await user.clear(await screen.findByDisplayValue('Open Arms'));
    await user.type(field('Entity name'), 'Mine');
    await user.click(save());
    expect(await screen.findByRole('button', { name: MSG.extra.reloadEntity })).toBeInTheDocument();
    expect(screen.getAllByText(MSG.extra.entityChangedSinceRead).length).toBeGreaterThan(0);
    saved = { ...SAVED, name: 'Theirs', version: '2026-03-02T10:00:00.000Z' };
    await user.click(screen.getByRole('button', { name: MSG.extra.reloadEntity }));
    await waitFor(() => expect(field('Entity name')).toHaveValue('Theirs'));
    expect(screen.queryByText(MSG.extra.reloadEntity)).not.toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { version: string }).version),
    ).toEqual([SAVED.version]);
  });

  it('a disabled entity opened to be enabled: saving enables it; Cancel sends nothing', async () => {
    const hope: Entity = { ...SAVED, _id: 'e2', name: 'Hope Bridge', status: 'inactive', active: false };
    const calls = answerApi((call) => {
      if (call.method === 'GET' && call.path === apiPath(API.entities.byId, { id: 'e2' }))
        return jsonResponse(hope);
      if (call.method === 'PUT' && call.path === apiPath(API.entities.edit, { id: 'e2' }))
        return jsonResponse({ ...hope, status: 'active', active: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/entity-management/e2/edit?enable=1');
    expect(await screen.findByText(MSG.extra.entityEnableHint)).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText(MSG.entities.changeStatusSuccess)).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'PUT')!.body as { status: string }).status).toBe('active');
  });

  const PENDING: Entity = {
    ...SAVED,
    _id: 'e3',
    name: 'Paula Pending',
    email: 'paula@law.example',
    subtype: 'lawyer',
    status: 'pending',
    active: false,
    address: '',
    startContract: null,
    endContract: null,
    coupon: null,
  };

  function stubPending() {
    return answerApi((call) => {
      if (call.method === 'GET' && call.path === apiPath(API.entities.byId, { id: 'e3' }))
        return jsonResponse(PENDING);
      if (call.method === 'PUT' && call.path === apiPath(API.entities.edit, { id: 'e3' })) {
        const body = call.body as Partial<Entity>;
        return jsonResponse({ ...PENDING, ...body, status: 'active', active: true });
      }
      return undefined;
    });
  }

  it('a pending access request: says that saving enables it; the missing fields are required', async () => {
    const calls = stubPending();
    const user = userEvent.setup();
    renderAt('/entity-management/e3/edit');
    expect(await screen.findByText(MSG.extra.entityPendingHint)).toBeInTheDocument();
    expect(field('Entity name')).toHaveValue('Paula Pending');
    await user.click(save());
    expect(await screen.findByText(MSG.validation.addressRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.validation.startContractLength)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('a pending access request: Cancel leaves it as it is, nothing sent', async () => {
    const calls = stubPending();
    const user = userEvent.setup();
    renderAt('/entity-management/e3/edit');
    await screen.findByText(MSG.extra.entityPendingHint);
    await user.type(field('Address'), '9 Harbor Street');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/entity-management/e3/details');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('a pending access request: saving the completed form enables it, with the form in the same call', async () => {
    const calls = stubPending();
    const user = userEvent.setup();
    renderAt('/entity-management/e3/edit');
    await screen.findByText(MSG.extra.entityPendingHint);
    await user.type(field('Address'), '9 Harbor Street');
    await user.type(field('Start contract'), '20260101');
    await user.type(field('End contract'), '20271231');
    await user.click(save());
    expect(await screen.findByText(MSG.extra.entityEnabled)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/entity-management/e3/details');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        name: 'Paula Pending',
        email: 'paula@law.example',
        phone: '(555) 010-2000',
        address: '9 Harbor Street',
        startContract: '2026-01-01',
        endContract: '2027-12-31',
        coupon: '',
        subtype: 'lawyer',
        version: PENDING.version,
        status: 'active',
      },
    ]);
  });

  it('says when the entity does not exist', async () => {
    answerApi(() => undefined);
    renderAt('/entity-management/nope/edit');
    expect(await screen.findByText(MSG.extra.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.common.save })).not.toBeInTheDocument();
  });
});
