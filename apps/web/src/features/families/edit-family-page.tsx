// /manage-families/{id}/edit-group: rename the family ('Edit name group successfully.').
import { type EditFamilyRequest, MSG, ZEditFamilyRequest } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { FormActions } from '../../shared/ui/form-actions.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useRenameFamily } from './api/rename-family.js';
import { familyCrumbs, familyPagePath, useFamilyOfPage } from './components/family-header.js';

export function EditFamilyPage() {
  const { id = '' } = useParams();
  const { family, name, missing } = useFamilyOfPage(id);
  return (
    <>
      <PageHeader
        title={MSG.families.editGroupName}
        back={familyPagePath(id)}
        breadcrumbs={familyCrumbs(id, name, MSG.families.editGroupName)}
      />
      {family.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={family.isPending}>
          {family.data && <RenameForm id={id} current={family.data.name ?? ''} />}
        </LoadingOverlay>
      )}
    </>
  );
}

function RenameForm({ id, current }: { id: string; current: string }) {
  const navigate = useNavigate();
  const rename = useRenameFamily(id);
  const form = useBlurValidatedForm<EditFamilyRequest>({
    guardUnsaved: true,
    resolver: zodResolver(ZEditFamilyRequest),
    defaultValues: { name: current },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await rename.mutateAsync(values);
      notify.success(result.message);
      navigate(familyPagePath(id));
    } catch (error) {
      if (error instanceof ApiError && error.fields.name)
        form.setError('name', { message: error.fields.name });
      notify.error(
        error instanceof ApiError && error.status === 400 ? error.message : MSG.common.somethingWrong,
      );
    }
  });
  return (
    <Paper withBorder radius="md" p="xl" maw={560}>
      <form onSubmit={submit} noValidate aria-label={MSG.families.editGroupName}>
        <Stack gap="md">
          <TextInput
            label={MSG.families.groupNameLabel}
            required
            autoComplete="off"
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <FormActions
            back={familyPagePath(id)}
            submitLabel={MSG.common.save}
            submitting={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </Paper>
  );
}
