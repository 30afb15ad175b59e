// Stripe payment mode: the card number, expiry and CVC are Stripe-hosted fields (iframes from
// js.stripe.com); Stripe turns them into a PaymentMethod, whose id is the token our API receives.
// Before that, a SetupIntent is confirmed with it in the browser: the card's bank checks the card
// (with 3-D Secure when it asks for it), so a refused card is said here and never saved.
// Loaded lazily, and only in Stripe mode: local mode never fetches Stripe.js.

import { MSG } from '@bridge-talk/contract';
import { Box, Input, SimpleGrid, Stack } from '@mantine/core';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { Stripe, StripeElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type ReactNode, type Ref, useImperativeHandle, useMemo, useState } from 'react';
import { createCardSetup } from '../api/create-card-setup.js';
import type { CardEntryHandle } from './card-entry-handle.js';

const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripes.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripes.set(publishableKey, promise);
  }
  return promise;
}

type Field = 'number' | 'expiry' | 'cvc';
interface FieldState {
  complete: boolean;
  empty: boolean;
  error: string | undefined;
}
const INCOMPLETE: Record<Field, string> = {
  number: MSG.billing.cardNumberRequired,
  expiry: MSG.billing.cardExpiryRequired,
  cvc: MSG.billing.cardCvcRequired,
};

const ELEMENT_OPTIONS = {
  style: { base: { fontSize: '14px', color: '#212529', '::placeholder': { color: '#adb5bd' } } },
};

function HostedField({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error?: string;
  required: boolean;
  children: ReactNode;
}) {
  return (
    <Input.Wrapper label={label} required={required} error={error}>
      <Box
        px="sm"
        py={9}
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-body)',
        }}
      >
        {children}
      </Box>
    </Input.Wrapper>
  );
}

function HostedCardFields({ ref, required }: { ref?: Ref<CardEntryHandle>; required: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [fields, setFields] = useState<Record<Field, FieldState>>({
    number: { complete: false, empty: true, error: undefined },
    expiry: { complete: false, empty: true, error: undefined },
    cvc: { complete: false, empty: true, error: undefined },
  });
  const [submitted, setSubmitted] = useState(false);
  /** The bank refused the card at its check: said under the number until the card is changed. */
  const [declined, setDeclined] = useState(false);
  const onChange = (field: Field) => (event: StripeElementChangeEvent) => {
    setDeclined(false);
    setFields((current) => ({
      ...current,
      [field]: { complete: event.complete, empty: event.empty, error: event.error?.message },
    }));
  };
  const errorOf = (field: Field) =>
    fields[field].error ??
    (submitted && !fields[field].complete ? INCOMPLETE[field] : undefined) ??
    (field === 'number' && declined ? MSG.billing.cardDeclined : undefined);

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        setSubmitted(true);
        return Object.values(fields).every((f) => f.complete && !f.error);
      },
      isEmpty() {
        return Object.values(fields).every((f) => f.empty);
      },
      async tokenize(holder) {
        setSubmitted(true);
        const card = elements?.getElement(CardNumberElement);
        if (!stripe || !card) throw new Error('Stripe.js is not loaded');
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: {
            name: holder.name,
            email: holder.email,
            phone: holder.phone,
            address: {
              line1: holder.address.line1,
              city: holder.address.city,
              state: holder.address.state,
              postal_code: holder.address.postalCode,
              country: 'US',
            },
          },
        });
        if (error?.type === 'validation_error') return null;
        if (error || !paymentMethod?.card) throw new Error(error?.message ?? 'no payment method');
        const { clientSecret } = await createCardSetup();
        const setup = await stripe.confirmCardSetup(clientSecret, { payment_method: paymentMethod.id });
        if (setup.error?.type === 'card_error') {
          setDeclined(true);
          return null;
        }
        if (setup.error) throw new Error(setup.error.message ?? 'card setup failed');
        return {
          creditCardTokenId: paymentMethod.id,
          cardBrand: paymentMethod.card.brand,
          cardLast4: paymentMethod.card.last4,
          cardExpiryMonth: paymentMethod.card.exp_month,
          cardExpiryYear: paymentMethod.card.exp_year,
        };
      },
    }),
    [stripe, elements, fields],
  );

  return (
    <Stack gap="xs">
      <HostedField label={MSG.fields.cardNumber} required={required} error={errorOf('number')}>
        <CardNumberElement options={ELEMENT_OPTIONS} onChange={onChange('number')} />
      </HostedField>
      <SimpleGrid cols={2}>
        <HostedField label="Expiry date" required={required} error={errorOf('expiry')}>
          <CardExpiryElement options={ELEMENT_OPTIONS} onChange={onChange('expiry')} />
        </HostedField>
        <HostedField label="CVC" required={required} error={errorOf('cvc')}>
          <CardCvcElement options={ELEMENT_OPTIONS} onChange={onChange('cvc')} />
        </HostedField>
      </SimpleGrid>
    </Stack>
  );
}

export default function StripeCardFields({
  ref,
  publishableKey,
  required = true,
}: {
  ref?: Ref<CardEntryHandle>;
  publishableKey: string;
  required?: boolean;
}) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <HostedCardFields ref={ref} required={required} />
    </Elements>
  );
}
