// /manage-families/{id}/update-families: edit the family's people. An e-mail typed in a valid form looks the person up; someone found is reused with their
// name locked. Saving creates, links or edits each person with a first and a last name, and sends the
// final list: whoever is left out leaves the family.
import { type FamilyMember, type FamilySlotsForm, MSG, ZEditFamilyMembersForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { FormActions } from '../../shared/ui/form-actions.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useMembers } from './api/list-members.js';
import { useSaveFamilyMembers } from './api/save-family-members.js';
import { familyFormStart } from './components/family-form-values.js';
import { familyCrumbs, familyPagePath, useFamilyOfPage } from './components/family-header.js';
import { FamilySlotsFields } from './components/family-slots-fields.js';
import { showFamilySaveError } from './components/wizard-messages.js';

export function UpdateFamiliesPage() {
  const { id = '' } = useParams();
  const { family, name, missing } = useFamilyOfPage(id);
  const members = useMembers(id);
  const failed = family.isError || members.isError;
  return (
    <>
      <PageHeader
        title={MSG.families.editFamilyMembers}
        back={familyPagePath(id)}
        breadcrumbs={familyCrumbs(id, name, MSG.families.editFamilyMembers)}
      />
      {failed ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={family.isPending || members.isPending}>
          {family.data && members.data && (
            <MembersForm
              id={id}
              members={members.data.result}
              child={{ firstName: family.data.childFirstName, lastName: family.data.childLastName }}
            />
          )}
        </LoadingOverlay>
      )}
    </>
  );
}

function MembersForm({
  id,
  members,
  child,
}: {
  id: string;
  members: FamilyMember[];
  child: { firstName: string | null; lastName: string | null };
}) {
  const navigate = useNavigate();
  const [start] = useState(() => familyFormStart(members, child));
  const [memberIds] = useState(() => new Set(members.map((m) => m._id)));
  const save = useSaveFamilyMembers();
  const form = useBlurValidatedForm<FamilySlotsForm>({
    guardUnsaved: true,
    resolver: zodResolver(ZEditFamilyMembersForm),
    defaultValues: start.values,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ groupId: id, form: values });
      notify.success(MSG.families.membersSaved);
      navigate(familyPagePath(id));
    } catch (error) {
      showFamilySaveError(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={MSG.families.editFamilyMembers}>
      <Stack gap="md" maw={960}>
        <FamilySlotsFields
          form={form}
          mode="edit"
          memberIds={memberIds}
          originals={start.originals}
          disabled={form.formState.isSubmitting}
        />
        <FormActions
          back={familyPagePath(id)}
          submitLabel={MSG.common.save}
          submitting={form.formState.isSubmitting}
        />
      </Stack>
    </form>
  );
}
