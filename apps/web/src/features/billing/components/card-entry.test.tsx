// Card entry picks its mode from the server: the local card form, or Stripe's hosted fields. Stripe.js
// is never loaded in local mode, and in Stripe mode the card number goes to Stripe, never to our API.
import { MSG } from '@bridge-talk/contract';
import { TEST_PAYER, TEST_PAYER_TYPED } from '@bridge-talk/contract/test-data';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../../test/render.js';
import { BillingForm } from './billing-form.js';

// Lazy chunks and whole forms take longer than the default second on a busy 2-core machine.
configure({ asyncUtilTimeout: 8_000 });

const stripeMocks = vi.hoisted(() => ({
  loadStripe: vi.fn(async () => ({ fake: 'stripe' })),
  createPaymentMethod: vi.fn(),
  confirmCardSetup: vi.fn(async () => ({ setupIntent: { status: 'succeeded' } })),
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeMocks.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => {
  const field =
    (name: string) =>
    ({ onChange }: { onChange: (event: { complete: boolean; error?: { message: string } }) => void }) => (
      <button
        type="button"
        aria-label={`Stripe ${name}`}
        onClick={() => onChange({ complete: true, empty: false } as never)}
      >
        {name}
      </button>
    );
  return {
    Elements: ({ children }: { children: ReactNode }) => <div data-testid="stripe-elements">{children}</div>,
    CardNumberElement: field('card number'),
    CardExpiryElement: field('expiry'),
    CardCvcElement: field('cvc'),
    useStripe: () => ({
      createPaymentMethod: stripeMocks.createPaymentMethod,
      confirmCardSetup: stripeMocks.confirmCardSetup,
    }),
    useElements: () => ({ getElement: () => ({ element: 'card-number' }) }),
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  stripeMocks.loadStripe.mockClear();
  stripeMocks.createPaymentMethod.mockReset();
  stripeMocks.confirmCardSetup.mockClear();
});

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  const type = async (label: RegExp, value: string) =>
    user.type(screen.getByRole('textbox', { name: label }), value);
  await type(/^Cardholder name/, TEST_PAYER.cardName);
  await type(/^Address/, TEST_PAYER.address);
  await type(/^City/, TEST_PAYER.city);
  await type(/^ZIP/, TEST_PAYER.zip);
  await type(/^Phone/, TEST_PAYER_TYPED.phone);
  await type(/^Email/, TEST_PAYER.email);
  await user.click(screen.getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: 'Texas' }));
}

describe('CardEntry', { timeout: 20_000 }, () => {
  it('shows the local card form and never loads Stripe.js in local mode', async () => {
    stubApi({
      'GET /api/payments/config': () =>
        jsonResponse({ provider: 'local', publishableKey: null, dashboardUrl: null }),
    });
    renderWithProviders(<BillingForm onSubmit={async () => {}} />);
    expect(await screen.findByRole('textbox', { name: /^Card number/ })).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-elements')).not.toBeInTheDocument();
    expect(stripeMocks.loadStripe).not.toHaveBeenCalled();
  });

  it('takes an expiry typed or pasted as MM/YYYY or M/YY and shows it as MM/YY', async () => {
    stubApi({
      'GET /api/payments/config': () =>
        jsonResponse({ provider: 'local', publishableKey: null, dashboardUrl: null }),
    });
    renderWithProviders(<BillingForm onSubmit={async () => {}} />);
    const user = userEvent.setup({ delay: null });
    const expiry = await screen.findByRole('textbox', { name: /^Expiry date/ });
    await user.type(expiry, '12/2030');
    expect(expiry).toHaveValue('12/30');
    await user.clear(expiry);
    await user.click(expiry);
    await user.paste('1/30');
    expect(expiry).toHaveValue('01/30');
    await user.clear(expiry);
    await user.click(expiry);
    await user.paste('12/2030');
    expect(expiry).toHaveValue('12/30');
    await user.tab();
    expect(expiry).not.toHaveAccessibleDescription(MSG.billing.cardExpired);
  });

  it("uses Stripe's hosted fields in Stripe mode; the token is Stripe's PaymentMethod, no number reaches our API", async () => {
    const api = stubApi({
      'GET /api/payments/config': () =>
        jsonResponse({ provider: 'stripe', publishableKey: 'pk_test_123', dashboardUrl: null }),
      'POST /api/payments/stripe/card-setup': () => jsonResponse({ clientSecret: 'seti_1_secret_x' }),
    });
    stripeMocks.createPaymentMethod.mockResolvedValue({
      paymentMethod: { id: 'pm_123', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } },
    });
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<BillingForm onSubmit={onSubmit} />);
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('stripe-elements');
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).not.toBeInTheDocument();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Stripe's fields are not complete yet: the form says so and sends nothing.
    expect(await screen.findByText(MSG.billing.cardNumberRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    for (const name of ['card number', 'expiry', 'cvc'])
      await user.click(screen.getByRole('button', { name: `Stripe ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(stripeMocks.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        billing_details: expect.objectContaining({
          name: TEST_PAYER.cardName,
          address: expect.objectContaining({ state: 'TX', postal_code: TEST_PAYER.zip, country: 'US' }),
        }),
      }),
    );
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        creditCardTokenId: 'pm_123',
        cardBrand: 'visa',
        cardLast4: '4242',
        cardExpiryMonth: 4,
        cardExpiryYear: 2031,
        state: 'TX',
      }),
    );
    // The card was checked by its bank, through a SetupIntent confirmed here, before it was handed over.
    expect(stripeMocks.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', {
      payment_method: 'pm_123',
    });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/payments/config',
      'POST /api/payments/stripe/card-setup',
    ]);
    expect(JSON.stringify(api.calls)).not.toMatch(/4242 ?4242/);
  });

  it('says a card its bank refuses is declined, under the card, and hands nothing over', async () => {
    stubApi({
      'GET /api/payments/config': () =>
        jsonResponse({ provider: 'stripe', publishableKey: 'pk_test_123', dashboardUrl: null }),
      'POST /api/payments/stripe/card-setup': () => jsonResponse({ clientSecret: 'seti_2_secret_x' }),
    });
    stripeMocks.createPaymentMethod.mockResolvedValue({
      paymentMethod: { id: 'pm_0002', card: { brand: 'visa', last4: '0002', exp_month: 4, exp_year: 2031 } },
    });
    stripeMocks.confirmCardSetup.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    } as never);
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<BillingForm onSubmit={onSubmit} />);
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('stripe-elements');
    await fillAddress(user);
    for (const name of ['card number', 'expiry', 'cvc'])
      await user.click(screen.getByRole('button', { name: `Stripe ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.billing.cardDeclined)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue(TEST_PAYER.address);
  });

  it("says 'Error, Something went wrong.' when Stripe gives no token", async () => {
    stubApi({
      'GET /api/payments/config': () =>
        jsonResponse({ provider: 'stripe', publishableKey: 'pk_test_123', dashboardUrl: null }),
    });
    stripeMocks.createPaymentMethod.mockResolvedValue({ error: { type: 'api_error', message: 'down' } });
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<BillingForm onSubmit={onSubmit} />, { wrapper: withToasts });
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('stripe-elements');
    await fillAddress(user);
    for (const name of ['card number', 'expiry', 'cvc'])
      await user.click(screen.getByRole('button', { name: `Stripe ${name}` }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error, Something went wrong.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers a retry when the payment configuration cannot be loaded', async () => {
    stubApi({ 'GET /api/payments/config': () => jsonResponse({ message: 'down' }, 500) });
    renderWithProviders(<BillingForm onSubmit={async () => {}} />);
    expect(await screen.findByText(MSG.billing.cardFieldsUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.common.tryAgain })).toBeInTheDocument();
  });
});
