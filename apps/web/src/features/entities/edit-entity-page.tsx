// /entity-management/{id}/edit: the entity form filled with the saved entity. A pending access request
// is enabled here: saving its completed form enables it and invites its person; Cancel leaves it pending.
import { MSG } from '@bridge-talk/contract';
import { Alert, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useEntity } from './api/get-entity.js';
import { useUpdateEntity } from './api/update-entity.js';
import { EntityForm } from './components/entity-form.js';

export const EDIT_ENTITY_TITLE = 'Edit Entity Account';

export function EditEntityPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const entity = useEntity(id);
  const update = useUpdateEntity(id);
  const missing = entity.error instanceof ApiError && entity.error.status === 404;
  const pending = entity.data?.status === 'pending';

  useEffect(() => {
    if (entity.isError && !missing) notify.error(MSG.common.somethingWrong);
  }, [entity.isError, missing]);

  return (
    <>
      <PageHeader
        title={EDIT_ENTITY_TITLE}
        back={`/entity-management/${id}/details`}
        breadcrumbs={[
          { label: MSG.nav.entityManagement, to: '/entity-management' },
          ...(entity.data ? [{ label: entity.data.name, to: `/entity-management/${id}/details` }] : []),
          { label: EDIT_ENTITY_TITLE },
        ]}
      />
      {entity.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={entity.isPending}>
          {entity.data && (
            <Stack maw={860}>
              {pending && <Alert color="blue">{MSG.extra.entityPendingHint}</Alert>}
              <EntityForm
                key={entity.data._id}
                defaultValues={{
                  name: entity.data.name,
                  email: entity.data.email,
                  phone: entity.data.phone,
                  address: entity.data.address,
                  startContract: entity.data.startContract ?? '',
                  endContract: entity.data.endContract ?? '',
                  coupon: entity.data.coupon ?? '',
                }}
                cancelTo={`/entity-management/${id}/details`}
                onSave={async (values) => {
                  await update.mutateAsync({
                    ...values,
                    coupon: values.coupon ?? '',
                    ...(pending ? { status: 'active' as const } : {}),
                  });
                  notify.success(pending ? MSG.extra.entityEnabled : MSG.extra.entitySaved);
                  navigate(`/entity-management/${id}/details`);
                }}
              />
            </Stack>
          )}
        </LoadingOverlay>
      )}
    </>
  );
}
