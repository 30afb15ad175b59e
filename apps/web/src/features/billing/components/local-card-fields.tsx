// Local payment mode: card number (Luhn-checked), expiry MM/YY and CVC, exchanged for a token by the
// local provider's tokeniser. The number never goes to the billing calls.
import {
  CARD_EXPIRY_INPUT_MAX,
  CARD_NUMBER_MAX,
  cardDigits,
  formatCardExpiry,
  formatCardNumber,
  type LocalCardForm,
  MSG,
  parseCardExpiry,
  ZLocalCardForm,
} from '@bridge-talk/contract';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type Ref, useImperativeHandle, useMemo, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { afterPointerPress } from '../../../shared/forms/pointer-press.js';
import { createLocalCardToken } from '../api/create-card-token.js';
import type { CardEntryHandle } from './card-entry-handle.js';

type Field = keyof LocalCardForm;
const ALL_TOUCHED: Record<Field, boolean> = { number: true, expiry: true, cvc: true };
/** Where the tokeniser's field messages belong in this form. */
const SERVER_FIELD: Record<string, Field> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

function errorsOf(values: LocalCardForm): Partial<Record<Field, string>> {
  const result = ZLocalCardForm.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function LocalCardFields({
  ref,
  disabled,
  required = true,
}: {
  ref?: Ref<CardEntryHandle>;
  disabled?: boolean;
  required?: boolean;
}) {
  const [values, setValues] = useState<LocalCardForm>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const errors = useMemo(() => errorsOf(values), [values]);
  const shown = (field: Field) => (touched[field] ? (errors[field] ?? serverErrors[field]) : undefined);

  // A field's message moves the button below it: the click that left the field lands first.
  const touchAfterPress = (field: Field) =>
    void afterPointerPress().then(() => setTouched((t) => ({ ...t, [field]: true })));

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        setTouched(ALL_TOUCHED);
        return Object.keys(errorsOf(values)).length === 0;
      },
      isEmpty() {
        return values.number === '' && values.expiry === '' && values.cvc === '';
      },
      async tokenize() {
        setTouched(ALL_TOUCHED);
        const expiry = parseCardExpiry(values.expiry);
        if (Object.keys(errorsOf(values)).length > 0 || !expiry) return null;
        try {
          return await createLocalCardToken({
            number: cardDigits(values.number),
            expMonth: expiry.month,
            expYear: expiry.year,
            cvc: values.cvc.trim(),
          });
        } catch (error) {
          if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
            const mapped: Partial<Record<Field, string>> = {};
            for (const [key, message] of Object.entries(error.fields)) {
              const field = SERVER_FIELD[key];
              if (field) mapped[field] ??= message;
            }
            setServerErrors(mapped);
            return null;
          }
          throw error;
        }
      },
    }),
    [values],
  );

  return (
    <Stack gap="xs">
      <TextInput
        label={MSG.fields.cardNumber}
        required={required}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={CARD_NUMBER_MAX}
        disabled={disabled}
        value={values.number}
        onChange={(event) => change('number', formatCardNumber(event.currentTarget.value))}
        onBlur={() => touchAfterPress('number')}
        error={shown('number')}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label="Expiry date"
          required={required}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={CARD_EXPIRY_INPUT_MAX}
          disabled={disabled}
          value={values.expiry}
          onChange={(event) => change('expiry', formatCardExpiry(event.currentTarget.value))}
          onBlur={() => touchAfterPress('expiry')}
          error={shown('expiry')}
        />
        <TextInput
          label="CVC"
          required={required}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          disabled={disabled}
          value={values.cvc}
          onChange={(event) => change('cvc', event.currentTarget.value.replace(/\D/g, ''))}
          onBlur={() => touchAfterPress('cvc')}
          error={shown('cvc')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {MSG.billing.localModeHint}
      </Text>
    </Stack>
  );
}
