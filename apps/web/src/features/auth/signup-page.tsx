import { MSG, type RegisterRequest, ZRegisterRequest } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/api-client.js';
import { PhoneField } from '../../shared/forms/phone-field.js';
import { sameName, showServerFieldErrors } from '../../shared/forms/server-field-errors.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { notify } from '../../shared/ui/notify.js';
import { useRegister } from './api/register.js';
import { LoggedOutLayout } from './components/logged-out-layout.js';

type SignupForm = z.input<typeof ZRegisterRequest>;

export function SignupPage() {
  const register = useRegister();
  const [done, setDone] = useState(false);
  const form = useBlurValidatedForm<SignupForm>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: { name: '', entityName: '', email: '', phone: '', subtype: 'lawyer' },
  });
  const subtype = form.watch('subtype');
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const input: RegisterRequest = {
      ...values,
      entityName: values.subtype === 'agency' ? values.entityName : null,
    };
    try {
      await register.mutateAsync(input);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError) {
        showServerFieldErrors(
          form.setError,
          error.fields,
          sameName(Object.keys(values) as (keyof SignupForm)[]),
        );
        notify.error(error.message);
      } else {
        notify.error(MSG.common.somethingWrong);
      }
    }
  });

  if (done) {
    return (
      <LoggedOutLayout userRole="entity" title={MSG.auth.requestYourAccess} aside="have-account">
        <Alert color="teal" icon={<IconCircleCheck />} role="status">
          {MSG.signup.thankYou}
        </Alert>
      </LoggedOutLayout>
    );
  }

  return (
    <LoggedOutLayout
      userRole="entity"
      title={MSG.auth.requestYourAccess}
      subtitle="Tell us about you and our team will contact you."
      aside="have-account"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="subtype"
            render={({ field }) => (
              <Radio.Group
                label="I am"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                required
              >
                <Group mt={6}>
                  <Radio value="lawyer" label={MSG.extra.subtypeLawyer} />
                  <Radio value="agency" label={MSG.extra.subtypeAgency} />
                </Group>
              </Radio.Group>
            )}
          />
          <TextInput
            label="Name"
            autoComplete="name"
            required
            autoFocus
            error={errors.name?.message}
            {...form.register('name')}
          />
          {subtype === 'agency' && (
            <TextInput
              label={MSG.fields.entityName}
              autoComplete="organization"
              required
              error={errors.entityName?.message}
              {...form.register('entityName')}
            />
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
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
          <Button type="submit" loading={isSubmitting} fullWidth size="md">
            Send request
          </Button>
        </Stack>
      </form>
    </LoggedOutLayout>
  );
}
