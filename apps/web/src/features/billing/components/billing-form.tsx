// The payment details form of the add-family and update-billing screens (spec section 5, Billing):
// cardholder name, the card (local form or Stripe's fields), address, city, ZIP, state (50 states and
// DC), phone and e-mail. The phone rule is the screen's: 13–15 characters when adding a family,
// exactly 14 when updating billing. What it hands over is the billing payload, with a card token.
import {
  type BillingForm as BillingFormValues,
  type BillingPayload,
  type BillingPhoneRule,
  billingFormSchema,
  MSG,
  US_STATES,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notify } from '../../../shared/ui/notify.js';
import { PhoneInput } from '../../../shared/ui/phone-input.js';
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

export interface BillingFormProps {
  /** 'add-family': phone of 13 to 15 characters; 'update-billing': exactly 14. */
  phoneRule: BillingPhoneRule;
  defaultValues?: Partial<BillingFormValues>;
  submitLabel?: string;
  /** Saves the payload (POST save or PUT update); its errors are the caller's to show. */
  onSubmit: (payload: BillingPayload) => Promise<void>;
  /** The card already on file (update-billing), shown above the new card's fields. */
  cardOnFile?: { brand: string; last4: string } | null;
  /** Beside the submit button, e.g. a 'Back' link. */
  secondaryAction?: ReactNode;
}

export function BillingForm({
  phoneRule,
  defaultValues,
  submitLabel = MSG.common.save,
  onSubmit,
  cardOnFile,
  secondaryAction,
}: BillingFormProps) {
  const schema = useMemo(() => billingFormSchema(phoneRule), [phoneRule]);
  const form = useForm<BillingFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...EMPTY, ...defaultValues },
    mode: 'onTouched',
  });
  const card = useRef<CardEntryHandle>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Both parts show their messages at once: the card's and the form's.
    const cardComplete = card.current?.validate() ?? false;
    return form.handleSubmit(async (values) => {
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
        // Spec section 5: a card token must be obtainable, else this.
        notify.error(MSG.common.somethingWrong);
        return;
      }
      if (!token) return;
      await onSubmit({ ...values, country: 'US', ...token });
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
          <Text size="sm" c="dimmed">
            {MSG.billing.cardOnFile(cardOnFile.brand, cardOnFile.last4)}
          </Text>
        )}
        <CardEntry ref={card} disabled={isSubmitting} />
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
            maxLength={10}
            error={errors.zip?.message}
            {...form.register('zip')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="phoneNumber"
            render={({ field }) => (
              <PhoneInput
                label="Phone"
                required
                maxLength={phoneRule === 'add-family' ? 15 : 14}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.phoneNumber?.message}
              />
            )}
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
