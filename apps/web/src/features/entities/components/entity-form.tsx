// The entity form of the create and edit screens: agency or lawyer, name, e-mail, phone with the
// (xxx) xxx-xxxx mask, address, contract dates, and a coupon checked when the field is left.
import { COUPON_CODE_MAX, MSG, ZEntityForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/api-client.js';
import { PhoneField } from '../../../shared/forms/phone-field.js';
import { afterPointerPress } from '../../../shared/forms/pointer-press.js';
import { sameName, showServerFieldErrors } from '../../../shared/forms/server-field-errors.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { notify } from '../../../shared/ui/notify.js';
import { findCoupon } from '../../billing/index.js';
import { ContractDateInput } from './contract-date-input.js';

export type EntityFormInput = z.input<typeof ZEntityForm>;
export type EntityFormOutput = z.output<typeof ZEntityForm>;

const FIELDS = [
  'subtype',
  'name',
  'email',
  'phone',
  'address',
  'startContract',
  'endContract',
  'coupon',
] as const;

type CouponCheck =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'valid'; name: string }
  | { kind: 'invalid' };

export interface EntityFormProps {
  defaultValues: EntityFormInput;
  /** Where Cancel goes. */
  cancelTo: string;
  /** Saves; an ApiError it throws is shown on the fields (or as a toast). */
  onSave: (values: EntityFormOutput) => Promise<void>;
}

export function EntityForm({ defaultValues, cancelTo, onSave }: EntityFormProps) {
  const form = useBlurValidatedForm<EntityFormInput, unknown, EntityFormOutput>({
    guardUnsaved: true,
    resolver: zodResolver(ZEntityForm),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const [coupon, setCoupon] = useState<CouponCheck>({ kind: 'idle' });
  // The code last looked up (the saved one counts as known): leaving the field unchanged looks nothing up.
  const checkedCode = useRef((defaultValues.coupon ?? '').trim());

  async function checkCoupon() {
    // Checking disables Save: the click that left the field (on Save, say) lands first.
    await afterPointerPress();
    const code = (form.getValues('coupon') ?? '').trim();
    if (code === checkedCode.current) return;
    checkedCode.current = code;
    // A code longer than any coupon gets the form's own message for the field, not a look-up.
    if (!code || code.length > COUPON_CODE_MAX) return setCoupon({ kind: 'idle' });
    setCoupon({ kind: 'checking' });
    try {
      const found = await findCoupon(code);
      if (checkedCode.current === code) setCoupon({ kind: 'valid', name: found.name });
    } catch {
      if (checkedCode.current !== code) return;
      // The code is refused and the field cleared.
      checkedCode.current = '';
      form.setValue('coupon', '');
      setCoupon({ kind: 'invalid' });
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      if (!(error instanceof ApiError)) return notify.error(MSG.common.somethingWrong);
      const shown = showServerFieldErrors(form.setError, error.fields, sameName(FIELDS));
      if (!shown) notify.error(error.status === 409 ? error.message : MSG.common.somethingWrong);
    }
  });

  return (
    <Paper withBorder p="xl" radius="md" maw={860}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="subtype"
            render={({ field }) => (
              <Radio.Group
                label={MSG.fields.entityType}
                required
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={errors.subtype?.message}
              >
                <Group mt={4}>
                  <Radio value="agency" label={MSG.extra.subtypeAgency} />
                  <Radio value="lawyer" label={MSG.extra.subtypeLawyer} />
                </Group>
              </Radio.Group>
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={MSG.fields.entityName}
              required
              autoComplete="organization"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <PhoneField
              control={form.control}
              name="phone"
              label="Phone"
              required
              error={errors.phone?.message}
            />
            <TextInput
              label="Address"
              required
              autoComplete="street-address"
              error={errors.address?.message}
              {...form.register('address')}
            />
            <Controller
              control={form.control}
              name="startContract"
              render={({ field }) => (
                <ContractDateInput
                  label={MSG.fields.startContract}
                  required
                  error={errors.startContract?.message}
                  {...field}
                  value={field.value ?? ''}
                />
              )}
            />
            <Controller
              control={form.control}
              name="endContract"
              render={({ field }) => (
                <ContractDateInput
                  label={MSG.fields.endContract}
                  required
                  error={errors.endContract?.message}
                  {...field}
                  value={field.value ?? ''}
                />
              )}
            />
            <TextInput
              label="Coupon"
              autoComplete="off"
              error={coupon.kind === 'invalid' ? MSG.billing.couponNotValid : errors.coupon?.message}
              description={
                coupon.kind === 'valid' ? (
                  <Text component="span" size="sm" c="teal.9" fw={600}>
                    {coupon.name}
                  </Text>
                ) : undefined
              }
              rightSection={
                coupon.kind === 'checking' ? <Loader size="xs" aria-label="Checking coupon" /> : null
              }
              {...form.register('coupon', {
                onChange: () => {
                  if (coupon.kind !== 'idle') setCoupon({ kind: 'idle' });
                },
                onBlur: () => void checkCoupon(),
              })}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={coupon.kind === 'checking'}>
              {MSG.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
