// The family's places on a form (wizard step 3 and edit family members): the child, two adoptive
// parents, two birth family members, each with e-mail, first and last name. Leaving an e-mail (and,
// when editing, typing a valid one) looks the person up: someone found is reused — their id and name
// are filled in and the name fields locked. A found person is bound to the e-mail they were found by:
// any change of the e-mail lets them go, and an answer for an e-mail no longer typed is dropped (the
// server finds everyone again by e-mail at the save). In the wizard a second person's row opens once
// the first is complete.
import { type FamilySlot, type FamilySlotsForm, isSlotComplete, MSG, ZEmail } from '@bridge-talk/contract';
import { Alert, Fieldset, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { type FieldError, type UseFormReturn, useWatch } from 'react-hook-form';
import { afterPointerPress } from '../../../shared/forms/pointer-press.js';
import { checkUser } from '../api/check-user.js';
import type { SlotPath } from '../api/save-family-members.js';

type FamilyFormMode = 'wizard' | 'edit';

const LOOKUP_DELAY_MS = 400;

function isEmail(value: string): boolean {
  return ZEmail('x').safeParse(value).success;
}

export interface FamilySlotsFieldsProps {
  form: UseFormReturn<FamilySlotsForm>;
  mode: FamilyFormMode;
  /** People already in this family: they stay editable when found. */
  memberIds: ReadonlySet<string>;
  /** The person each place held when the form opened. */
  originals: Partial<Record<SlotPath, FamilySlot>>;
  disabled?: boolean;
}

/** A message the resolver put on a role's list as a whole ('At least one adoptive parent is required'). */
function listMessage(error: unknown): string | undefined {
  const e = error as (FieldError & { root?: FieldError }) | undefined;
  return e?.message ?? e?.root?.message;
}

export function FamilySlotsFields({ form, mode, memberIds, originals, disabled }: FamilySlotsFieldsProps) {
  const { errors } = form.formState;
  const [adoptive1, birth1] = useWatch({ control: form.control, name: ['adoptive.0', 'birth.0'] });
  const wizard = mode === 'wizard';
  const row = (path: SlotPath, legend: string, options: { required?: boolean; locked?: boolean } = {}) => (
    <SlotRow
      key={path}
      form={form}
      path={path}
      legend={legend}
      mode={mode}
      memberIds={memberIds}
      original={originals[path]}
      required={options.required}
      namesRequired={wizard && path === 'child'}
      closed={options.locked}
      disabled={disabled || options.locked}
    />
  );

  return (
    <Stack gap="lg">
      <Section title={MSG.families.roleChild}>{row('child', MSG.wizard.childSlot)}</Section>
      <Section title={MSG.families.roleAdoptiveParents} error={listMessage(errors.adoptive)}>
        {row('adoptive.0', MSG.wizard.adoptiveParentSlot(1), { required: wizard })}
        {row('adoptive.1', MSG.wizard.adoptiveParentSlot(2), {
          locked: wizard && !isSlotComplete(adoptive1),
        })}
      </Section>
      <Section title={MSG.families.roleBirthFamily} error={listMessage(errors.birth)}>
        {row('birth.0', MSG.wizard.birthFamilySlot(1), { required: wizard })}
        {row('birth.1', MSG.wizard.birthFamilySlot(2), { locked: wizard && !isSlotComplete(birth1) })}
      </Section>
    </Stack>
  );
}

function Section({ title, error, children }: { title: string; error?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {error && (
          <Alert color="red" variant="light" py="xs" role="alert">
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

interface SlotRowProps {
  form: UseFormReturn<FamilySlotsForm>;
  path: SlotPath;
  legend: string;
  mode: FamilyFormMode;
  memberIds: ReadonlySet<string>;
  /** The person the place held when the form opened. */
  original: FamilySlot | undefined;
  required?: boolean;
  /** The child's names in the wizard: required, though the e-mail is not. */
  namesRequired?: boolean;
  /** A second person's row before the first is complete (wizard). */
  closed?: boolean;
  disabled?: boolean;
}

/** A locked name stays readable: the person's name as they are, only not editable. */
const LOCKED_INPUT = { input: { opacity: 1, color: 'var(--mantine-color-text)' } };

function SlotRow({
  form,
  path,
  legend,
  mode,
  memberIds,
  original,
  required,
  namesRequired,
  closed,
  disabled,
}: SlotRowProps) {
  const { register, setValue, getValues } = form;
  const userId = useWatch({ control: form.control, name: `${path}.userId` });
  const locked = userId !== null && !memberIds.has(userId);
  const looked = useRef<string | null>(null);
  /** The e-mail the place's found person was found by (null: nobody found here); a kept draft's too. */
  const [foundAtStart] = useState(() => {
    const id = getValues(`${path}.userId`);
    return id !== null && id !== original?.userId ? getValues(`${path}.email`).trim().toLowerCase() : null;
  });
  const foundBy = useRef(foundAtStart);
  const fieldErrors = fieldErrorsOf(form, path);
  const child = path === 'child';

  const set = (field: 'userId' | 'firstName' | 'lastName', value: string | null) =>
    setValue(`${path}.${field}`, value as string, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  /** Back to the person the place held (with their names), or to an empty place, after a found person is let go. */
  const release = () => {
    foundBy.current = null;
    set('userId', original?.userId ?? null);
    set('firstName', original?.firstName ?? '');
    set('lastName', original?.lastName ?? '');
  };

  const typedEmail = () => getValues(`${path}.email`).trim().toLowerCase();

  /** The e-mail changed: a person found by another e-mail is let go at once. */
  const emailChanged = () => {
    const email = typedEmail();
    if (foundBy.current !== null && email !== foundBy.current) release();
    if (email !== looked.current) looked.current = null;
  };

  const lookup = async () => {
    // A person found fills and locks the row: the click that left the field lands first.
    await afterPointerPress();
    const email = typedEmail();
    if (email === '') {
      looked.current = null;
      if (locked) release();
      return;
    }
    if (!isEmail(email) || looked.current === email) return;
    looked.current = email;
    let found: Awaited<ReturnType<typeof checkUser>>;
    try {
      found = await checkUser(email);
    } catch {
      // The save looks the person up again; nothing is lost.
      looked.current = null;
      return;
    }
    // An answer for an e-mail that is no longer in the field is not this place's.
    if (typedEmail() !== email) return;
    const current = getValues(`${path}.userId`);
    if (found) {
      // The place's own person, found again: the names typed for them stay.
      const named =
        getValues(`${path}.firstName`).trim() !== '' || getValues(`${path}.lastName`).trim() !== '';
      if (found._id === current && named) return;
      set('userId', found._id);
      set('firstName', found.firstName);
      set('lastName', found.lastName);
      // Anyone but the place's own person is bound to the e-mail they were found by.
      foundBy.current = found._id === original?.userId ? null : email;
    } else if (current !== null && !memberIds.has(current)) {
      release();
    }
  };
  const lookupSoon = useDebouncedCallback(() => void lookup(), LOOKUP_DELAY_MS);
  const email = register(`${path}.email`, {
    onBlur: () => void lookup(),
    onChange: () => {
      emailChanged();
      if (mode === 'edit') lookupSoon();
    },
  });

  return (
    <Fieldset
      // The child's place is alone in its section: its title says it all, the name stays for assistive technology.
      legend={
        child ? undefined : (
          <Text size="sm" fw={600} c="dimmed">
            {legend}
          </Text>
        )
      }
      aria-label={child ? legend : undefined}
      disabled={disabled}
      variant="unstyled"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          required={required}
          description={child ? 'Optional' : undefined}
          error={fieldErrors.email}
          {...email}
        />
        <TextInput
          label={MSG.fields.firstName}
          required={required || namesRequired}
          disabled={disabled || locked}
          styles={locked ? LOCKED_INPUT : undefined}
          rightSection={locked ? <IconLock size={14} aria-label="Existing person" /> : null}
          error={fieldErrors.firstName}
          {...register(`${path}.firstName`)}
        />
        <TextInput
          label={MSG.fields.lastName}
          required={required || namesRequired}
          disabled={disabled || locked}
          styles={locked ? LOCKED_INPUT : undefined}
          rightSection={locked ? <IconLock size={14} aria-label="Existing person" /> : null}
          error={fieldErrors.lastName}
          {...register(`${path}.lastName`)}
        />
      </SimpleGrid>
      {locked && (
        <Text size="xs" c="dimmed" mt={4}>
          {MSG.families.existingPersonLocked}
        </Text>
      )}
      {closed && (
        <Text size="xs" c="dimmed" mt={4}>
          {MSG.wizard.secondPersonHint}
        </Text>
      )}
    </Fieldset>
  );
}

function fieldErrorsOf(form: UseFormReturn<FamilySlotsForm>, path: SlotPath) {
  const { errors } = form.formState;
  const slot =
    path === 'child'
      ? errors.child
      : (errors[path.startsWith('adoptive') ? 'adoptive' : 'birth'] as Record<string, unknown> | undefined)?.[
          path.slice(-1)
        ];
  const e = slot as Partial<Record<'email' | 'firstName' | 'lastName', FieldError>> | undefined;
  return { email: e?.email?.message, firstName: e?.firstName?.message, lastName: e?.lastName?.message };
}
