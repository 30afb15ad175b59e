// The Add Admin Account / edit form: first name, last name and
// e-mail; the submit button turns green once all three are filled.
import { type AdminFormValues, MSG, ZAdminForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-client.js';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { notify } from '../../../shared/ui/notify.js';

export interface AdminFormProps {
  mode: 'create' | 'edit';
  defaultValues: AdminFormValues;
  /** Saves; an ApiError it throws is shown on the fields or as a toast. */
  onSave: (values: AdminFormValues) => Promise<void>;
}

const LAST_NAME_MESSAGES: string[] = [MSG.validation.lastNameMin, MSG.validation.lastNameRequired];

export function AdminForm({ mode, defaultValues, onSave }: AdminFormProps) {
  const form = useBlurValidatedForm<AdminFormValues>({
    guardUnsaved: true,
    resolver: zodResolver(ZAdminForm),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const [firstName, lastName, email] = useWatch({
    control: form.control,
    name: ['firstName', 'lastName', 'email'],
  });
  const complete = [firstName, lastName, email].every((value) => value.trim() !== '');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      if (!(error instanceof ApiError)) return notify.error(MSG.common.somethingWrong);
      if (error.status === 409) {
        // Create toasts MSG.admins.emailInUse; both show the field message.
        if (mode === 'create') notify.error(error.message);
        form.setError(
          'email',
          { message: error.fields.email ?? MSG.admins.emailInDatabase },
          { shouldFocus: true },
        );
        return;
      }
      if (error.status === 400 && Object.keys(error.fields).length > 0) {
        // The server has one name field; its message says which half is at fault.
        showServerFieldErrors(form.setError, error.fields, (field, message) => {
          if (field === 'email') return 'email';
          if (field === 'name') return LAST_NAME_MESSAGES.includes(message) ? 'lastName' : 'firstName';
          return null;
        });
        return;
      }
      notify.error(MSG.common.somethingWrong);
    }
  });

  return (
    <Paper withBorder p="xl" radius="md" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={MSG.fields.firstName}
              required
              autoComplete="off"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label={MSG.fields.lastName}
              required
              autoComplete="off"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Group justify="flex-end" mt="md">
            <Button component={Link} to="/bridge-talk-admin" variant="default">
              Cancel
            </Button>
            <Button
              type="submit"
              // Shades dark enough for white text (4.5:1).
              color={complete ? 'teal.9' : 'gray.7'}
              loading={isSubmitting}
              data-complete={complete}
            >
              {MSG.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
