// The payment details form of the add-family and update-billing screens:
// cardholder name, the card (local form or Stripe's fields), address, city, ZIP, state (50 states and
// DC), phone and e-mail. What it hands over is the billing payload, with a card token.
import {
  type BillingDetailsResponse,
  type BillingForm as BillingFormValues,
  type BillingPayload,
  cardBrandName,
  MSG,
  type UpdateBillingRequest,
  US_STATES,
  ZBillingForm,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { Controller } from 'react-hook-form';
import { PhoneField } from '../../../shared/forms/phone-field.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { notify } from '../../../shared/ui/notify.js';
import { CardEntry } from './card-entry.js';
import type { CardEntryHandle } from './card-entry-handle.js';

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.abbreviation, label: state.name }));
const EMPTY: BillingFormValues = {
  cardName: '',
  address: '',
  city: '',
  state: '' as BillingFormValues['state'],
  zip: '',
  phoneNumber: '',
  email: '',
};

/** The form's values from the payment details on file, to change them or to try another card. */
export function billingFormValuesOf(
  saved: NonNullable<BillingDetailsResponse['billingInformation']>,
): Partial<BillingFormValues> {
  const state = US_STATES.find((s) => s.abbreviation === saved.state)?.abbreviation;
  return {
    cardName: saved.cardName,
    address: saved.address,
    city: saved.city,
    ...(state ? { state } : {}),
    zip: saved.zip,
    phoneNumber: saved.phoneNumber,
    email: saved.email,
  };
}

interface BillingFormCommonProps {
  defaultValues?: Partial<BillingFormValues>;
  submitLabel?: string;
  /** Beside the submit button, e.g. a 'Back' link. */
  secondaryAction?: ReactNode;
}

/**
 * Saves the payload (POST save or PUT update); its errors are the caller's to show. With a card on file
 * (update-billing) the card fields may stay empty: the payload then has no card and the card stays.
 */
export type BillingFormProps = BillingFormCommonProps &
  (
    | { cardOnFile?: undefined; onSubmit: (payload: BillingPayload) => Promise<void> }
    | {
        cardOnFile: { brand: string; last4: string } | null;
        onSubmit: (payload: UpdateBillingRequest) => Promise<void>;
      }
  );

export function BillingForm(props: BillingFormProps) {
  const { defaultValues, submitLabel = MSG.common.save, cardOnFile, secondaryAction } = props;
  const form = useBlurValidatedForm<BillingFormValues>({
    resolver: zodResolver(ZBillingForm),
    defaultValues: { ...EMPTY, ...defaultValues },
  });
  const card = useRef<CardEntryHandle>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keepCard = Boolean(cardOnFile) && (card.current?.isEmpty() ?? false);
    // Both parts show their messages at once: the card's and the form's.
    const cardComplete = keepCard || (card.current?.validate() ?? false);
    return form.handleSubmit(async (values) => {
      if (keepCard && props.cardOnFile !== undefined) {
        await props.onSubmit({ ...values, country: 'US' });
        return;
      }
      if (!card.current) {
        notify.error(MSG.common.somethingWrong);
        return;
      }
      if (!cardComplete) return;
      let token: Awaited<ReturnType<CardEntryHandle['tokenize']>>;
      try {
        token = await card.current.tokenize({
          name: values.cardName,
          email: values.email,
          phone: values.phoneNumber,
          address: { line1: values.address, city: values.city, state: values.state, postalCode: values.zip },
        });
      } catch {
        // A card token must be obtainable, else this.
        notify.error(MSG.common.somethingWrong);
        return;
      }
      if (!token) return;
      await props.onSubmit({ ...values, country: 'US', ...token });
    })(event);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Payment details">
      <Stack gap="md">
        <TextInput
          label="Cardholder name"
          required
          autoComplete="cc-name"
          error={errors.cardName?.message}
          {...form.register('cardName')}
        />
        {cardOnFile && (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {MSG.billing.cardOnFile(cardBrandName(cardOnFile.brand), cardOnFile.last4)}
            </Text>
            <Text size="xs" c="dimmed">
              {MSG.billing.keepCardHint}
            </Text>
          </Stack>
        )}
        <CardEntry ref={card} disabled={isSubmitting} optional={Boolean(cardOnFile)} />
        <Divider my={4} />
        <TextInput
          label="Address"
          required
          autoComplete="address-line1"
          error={errors.address?.message}
          {...form.register('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="City"
            required
            autoComplete="address-level2"
            error={errors.city?.message}
            {...form.register('city')}
          />
          <Controller
            control={form.control}
            name="state"
            render={({ field }) => (
              <Select
                label="State"
                required
                placeholder="Select a state"
                data={STATE_OPTIONS}
                searchable
                allowDeselect={false}
                autoComplete="address-level1"
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.state?.message}
              />
            )}
          />
          <TextInput
            label="ZIP"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            error={errors.zip?.message}
            {...form.register('zip')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PhoneField
            control={form.control}
            name="phoneNumber"
            label="Phone"
            required
            error={errors.phoneNumber?.message}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          {secondaryAction}
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
