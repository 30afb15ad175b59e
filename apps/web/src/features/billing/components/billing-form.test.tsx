import {
  API,
  BILLING_ADDRESS_MAX,
  CARD_NAME_MAX,
  CITY_MAX,
  EMAIL_MAX,
  MSG,
  type UpdateBillingRequest,
  US_STATES,
} from '@bridge-talk/contract';
import { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER } from '@bridge-talk/contract/test-data';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VALID_BILLING_VALUES } from '../../../test/billing-values.js';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../../test/render.js';
import { BillingForm, type BillingFormProps } from './billing-form.js';

// Lazy chunks and whole forms take longer than the default second on a busy 2-core machine.
configure({ asyncUtilTimeout: 8_000 });

const LOCAL = { provider: 'local', publishableKey: null, dashboardUrl: null };
const TOKEN = {
  creditCardTokenId: 'tok_0123456789abcdef01234567',
  cardBrand: TEST_CARDS.paid.brand,
  cardLast4: TEST_CARDS.paid.last4,
  cardExpiryMonth: TEST_CARD_DETAILS.expMonth,
  cardExpiryYear: TEST_CARD_DETAILS.expYear,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm(
  props: Pick<BillingFormProps, 'cardOnFile'> | Record<string, never> = {},
  tokens: () => Response = () => jsonResponse(TOKEN),
) {
  const api = stubApi({
    'GET /api/payments/config': () => jsonResponse(LOCAL),
    'POST /api/payments/local/tokens': () => tokens(),
  });
  const onSubmit = vi.fn<(payload: UpdateBillingRequest) => Promise<void>>(async () => {});
  renderWithProviders(
    props.cardOnFile === undefined ? (
      <BillingForm onSubmit={onSubmit} />
    ) : (
      <BillingForm cardOnFile={props.cardOnFile} onSubmit={onSubmit} />
    ),
    { wrapper: withToasts },
  );
  return { api, onSubmit, user: userEvent.setup({ delay: null }) };
}

const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function fillValid(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = { ...VALID_BILLING_VALUES, ...overrides };
  for (const [label, value] of Object.entries(values)) {
    await user.clear(box(label));
    if (value !== '') await user.type(box(label), value);
  }
  await user.click(screen.getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: 'Illinois' }));
}

// Typing a whole form takes a few seconds on a busy 2-core machine.
describe('BillingForm', { timeout: 20_000 }, () => {
  it('shows every required-field message of the Billing row at once, card fields included', async () => {
    const { user, onSubmit } = renderForm();
    await screen.findByRole('textbox', { name: /^Card number/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of [
      'Full name is a required field',
      'Address is a required field',
      MSG.validation.cityRequired,
      MSG.validation.stateRequired,
      MSG.validation.zipRequired,
      MSG.validation.phoneRequired,
      'Email is a required field',
      MSG.billing.cardNumberRequired,
      MSG.billing.cardExpiryRequired,
      MSG.billing.cardCvcRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the message of each wrong value', async () => {
    const { user, onSubmit } = renderForm();
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillValid(user, {
      'Cardholder name': 'Al',
      ZIP: 'abcde',
      Email: 'pat@',
      'Card number': '4242424242424241',
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.validation.fullNameMin)).toBeInTheDocument();
    expect(screen.getByText('Zip code must be only numbers')).toBeInTheDocument();
    expect(screen.getByText('Field email is wrong')).toBeInTheDocument();
    expect(screen.getByText(MSG.billing.cardNumberInvalid)).toBeInTheDocument();
    await user.clear(box('ZIP'));
    await user.type(box('ZIP'), '1234');
    await user.tab();
    expect(await screen.findByText('Zip code must be at least 5 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("keeps a ZIP one digit too long whole and says 'Zip code must be at most 5 characters'", async () => {
    const { user, onSubmit } = renderForm();
    await screen.findByRole('textbox', { name: /^Card number/ });
    await user.type(box('ZIP'), '123456');
    expect(box('ZIP')).toHaveValue('123456');
    await user.tab();
    await waitFor(() => expect(box('ZIP')).toHaveAccessibleDescription(MSG.validation.zipMax));
    expect(MSG.validation.zipMax).toBe('Zip code must be at most 5 characters');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps each text one character over its maximum whole, says so on saving, and sends nothing', async () => {
    const { api, user, onSubmit } = renderForm();
    await screen.findByRole('textbox', { name: /^Card number/ });
    const domain = '@example.org';
    const tooLong: Record<string, [value: string, message: string]> = {
      'Cardholder name': [
        'a'.repeat(CARD_NAME_MAX + 1),
        MSG.validation.tooLong(MSG.fields.fullName, CARD_NAME_MAX),
      ],
      Address: [
        'a'.repeat(BILLING_ADDRESS_MAX + 1),
        MSG.validation.tooLong(MSG.fields.address, BILLING_ADDRESS_MAX),
      ],
      City: ['a'.repeat(CITY_MAX + 1), MSG.validation.tooLong(MSG.fields.city, CITY_MAX)],
      ZIP: ['627011', MSG.validation.zipMax],
      Email: [
        `${'a'.repeat(EMAIL_MAX + 1 - domain.length)}${domain}`,
        MSG.validation.tooLong(MSG.fields.email, EMAIL_MAX),
      ],
    };
    await fillValid(
      user,
      Object.fromEntries(Object.entries(tooLong).map(([label, [value]]) => [label, value])),
    );
    for (const [label, [value]] of Object.entries(tooLong)) expect(box(label)).toHaveValue(value);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const [label, [, message]] of Object.entries(tooLong)) {
      await waitFor(() => expect(box(label)).toHaveAccessibleDescription(message));
    }
    expect(onSubmit).not.toHaveBeenCalled();
    expect(api.callsTo('POST', API.payments.localTokens)).toEqual([]);
  });

  it("refuses a phone one digit short with 'Phone field is wrong', and saves nothing", async () => {
    const { user, onSubmit } = renderForm();
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillValid(user, { Phone: '555010200' });
    expect(box('Phone')).toHaveValue('(555) 010-200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone field is wrong')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the 50 states and Washington DC', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('combobox', { name: /^State/ }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(51);
    expect(US_STATES).toHaveLength(51);
    expect(screen.getByRole('option', { name: 'District of Columbia' })).toBeInTheDocument();
  });

  it('hands over the billing payload with a card token; the card number goes to the tokeniser only', async () => {
    const { user, onSubmit, api } = renderForm();
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillValid(user);
    expect(box('Card number')).toHaveValue(TEST_CARDS.paid.spaced);
    expect(box('Expiry date')).toHaveValue(TEST_CARD_DETAILS.expiry);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ...TEST_PAYER, ...TOKEN });
    expect(api.callsTo('POST', API.payments.localTokens)[0]?.body).toEqual({
      number: TEST_CARDS.paid.digits,
      expMonth: TEST_CARD_DETAILS.expMonth,
      expYear: TEST_CARD_DETAILS.expYear,
      cvc: TEST_CARD_DETAILS.cvc,
    });
    expect(JSON.stringify(onSubmit.mock.calls)).not.toContain(TEST_CARDS.paid.digits);
    for (const call of api.calls.filter((c) => c.path !== API.payments.localTokens)) {
      expect(JSON.stringify(call.body ?? '')).not.toContain(TEST_CARDS.paid.digits);
    }
  });

  it("says 'Error, Something went wrong.' when no card token can be had", async () => {
    const { user, onSubmit } = renderForm({}, () => jsonResponse({ message: 'boom' }, 500));
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error, Something went wrong.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the tokeniser's field message under the card field", async () => {
    const { user, onSubmit } = renderForm({}, () =>
      jsonResponse({ message: MSG.billing.cardExpired, fields: { expMonth: MSG.billing.cardExpired } }, 400),
    );
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const expiry = box('Expiry date');
    await waitFor(() => expect(expiry).toHaveAccessibleDescription(MSG.billing.cardExpired));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the card on file when updating', async () => {
    renderForm({ cardOnFile: { brand: 'visa', last4: '4242' } });
    expect(await screen.findByText(MSG.billing.cardOnFile('Visa', '4242'))).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Payment details' });
    expect(await within(form).findByText(MSG.billing.localModeHint)).toBeVisible();
    expect(screen.getByText(MSG.billing.keepCardHint)).toBeVisible();
    // Optional beside a card on file: no asterisk that asks for them.
    expect(box('Card number')).not.toBeRequired();
    expect(box('CVC')).not.toBeRequired();
  });

  it('keeps the card on file when its fields stay empty: the payload carries no card', async () => {
    const { api, user, onSubmit } = renderForm({
      cardOnFile: { brand: 'visa', last4: '4242' },
    });
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillValid(user, { 'Card number': '', 'Expiry date': '', CVC: '' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const payload = onSubmit.mock.calls[0]![0];
    expect(payload).not.toHaveProperty('creditCardTokenId');
    expect(payload).toMatchObject({ cardName: VALID_BILLING_VALUES['Cardholder name'], country: 'US' });
    expect(api.callsTo('POST', API.payments.localTokens)).toEqual([]);
  });

  it('asks for the whole card when part of a new one is typed beside the card on file', async () => {
    const { user, onSubmit } = renderForm({
      cardOnFile: { brand: 'visa', last4: '4242' },
    });
    await screen.findByRole('textbox', { name: /^Card number/ });
    await fillValid(user, { 'Card number': '4242', 'Expiry date': '', CVC: '' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.billing.cardNumberInvalid)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
