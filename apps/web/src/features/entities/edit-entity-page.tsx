// /entity-management/{id}/edit: the entity form filled with the saved entity. A pending access request
// is enabled here: saving its completed form enables it and invites its person; Cancel leaves it pending.
// A disabled entity is enabled the same way (`?enable=1`, after the list's confirmation): Cancel leaves
// it disabled. The form sends the version it was filled from, so a save made after another
// administrator's is refused and the page offers to reload the entity.
import { MSG } from '@bridge-talk/contract';
import { Alert, Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
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
  const [search] = useSearchParams();
  const pending = entity.data?.status === 'pending';
  const reenabling = entity.data?.status === 'inactive' && search.get('enable') === '1';
  const [stale, setStale] = useState(false);

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
              {reenabling && <Alert color="blue">{MSG.extra.entityEnableHint}</Alert>}
              {stale && (
                <Alert color="red" role="alert">
                  <Stack gap="xs" align="flex-start">
                    {MSG.extra.entityChangedSinceRead}
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={entity.isFetching}
                      onClick={() => void entity.refetch().then(() => setStale(false))}
                    >
                      {MSG.extra.reloadEntity}
                    </Button>
                  </Stack>
                </Alert>
              )}
              <EntityForm
                key={entity.data.version}
                defaultValues={{
                  subtype: entity.data.subtype,
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
                  try {
                    await update.mutateAsync({
                      ...values,
                      coupon: values.coupon ?? '',
                      version: entity.data.version,
                      ...(pending || reenabling ? { status: 'active' as const } : {}),
                    });
                  } catch (error) {
                    if (error instanceof ApiError && error.message === MSG.extra.entityChangedSinceRead) {
                      setStale(true);
                    }
                    throw error;
                  }
                  notify.success(
                    pending
                      ? MSG.extra.entityEnabled
                      : reenabling
                        ? MSG.entities.changeStatusSuccess
                        : MSG.extra.entitySaved,
                  );
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
