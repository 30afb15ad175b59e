// Wizard step 3, Add Family Details: the child (e-mail optional), one or two adoptive parents and one
// or two birth family members. Confirm creates or links each person, sends the final list (which
// makes the family's chat channels) and opens the family page with 'Group created.'. What is typed is
// kept as a draft in the tab's session storage until the family is created, so a reload keeps it.
import {
  type Family,
  type FamilyMember,
  type FamilySlotsForm,
  MSG,
  ZFamilyDetailsForm,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group as Row, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { storedWizardDraft, storeWizardDraft } from '../../../shared/session/storage.js';
import { LoadError } from '../../../shared/ui/load-error.js';
import { LoadingOverlay } from '../../../shared/ui/loading-overlay.js';
import { notify } from '../../../shared/ui/notify.js';
import { useMembers } from '../api/list-members.js';
import { useSaveFamilyMembers } from '../api/save-family-members.js';
import { familyFormStart, typedFields, withDraft } from './family-form-values.js';
import { FamilySlotsFields } from './family-slots-fields.js';
import { showFamilySaveError } from './wizard-messages.js';

export function WizardFamilyStep({ family, onDone }: { family: Family; onDone: () => void }) {
  const members = useMembers(family._id);
  if (members.isError) {
    return <LoadError onRetry={() => void members.refetch()} />;
  }
  return (
    <LoadingOverlay visible={members.isPending}>
      {members.data && <FamilyStepForm family={family} members={members.data.result} onDone={onDone} />}
    </LoadingOverlay>
  );
}

function FamilyStepForm({
  family,
  members,
  onDone,
}: {
  family: Family;
  members: FamilyMember[];
  onDone: () => void;
}) {
  const [start] = useState(() =>
    familyFormStart(members, { firstName: family.childFirstName, lastName: family.childLastName }),
  );
  const [memberIds] = useState(() => new Set(members.map((m) => m._id)));
  const save = useSaveFamilyMembers();
  const [defaultValues] = useState(() => withDraft(start.values, storedWizardDraft('family', family._id)));
  const form = useBlurValidatedForm<FamilySlotsForm>({
    resolver: zodResolver(ZFamilyDetailsForm),
    defaultValues,
  });
  useEffect(() => {
    const watching = form.watch((values) => storeWizardDraft('family', family._id, values));
    return () => watching.unsubscribe();
  }, [form, family._id]);
  // A kept draft comes back with the messages of what was typed (an empty place says nothing yet).
  useEffect(() => {
    const typed = typedFields(defaultValues) as FieldPath<FamilySlotsForm>[];
    if (typed.length > 0) void form.trigger(typed);
  }, [form, defaultValues]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ groupId: family._id, form: values });
      storeWizardDraft('family', family._id, null);
      notify.success(MSG.wizard.groupCreated);
      onDone();
    } catch (error) {
      showFamilySaveError(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={MSG.wizard.stepFamilyDetails}>
      <Stack gap="md">
        <FamilySlotsFields
          form={form}
          mode="wizard"
          memberIds={memberIds}
          originals={start.originals}
          disabled={form.formState.isSubmitting}
        />
        <Row justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {MSG.common.confirm}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
