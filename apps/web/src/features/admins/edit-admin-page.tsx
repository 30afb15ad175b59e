// /bridge-talk-admin/{id}/edit: the admin's name (split at the first space) and e-mail, and the reset of
// their second factor (not one's own: that is removed in one's account settings, after the password).
import { ADMIN_PHONE_PLACEHOLDER, joinName, MSG, splitName } from '@bridge-talk/contract';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { useSession } from '../../shared/session/session-provider.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { ResetSecondFactorButton } from '../account/index.js';
import { useAdmin } from './api/get-admin.js';
import { useUpdateAdmin } from './api/update-admin.js';
import { AdminForm } from './components/admin-form.js';

export const EDIT_ADMIN_TITLE = 'Edit Admin Account';

export function EditAdminPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const admin = useAdmin(id);
  const me = useSession().user;
  const update = useUpdateAdmin(id);
  const missing = admin.error instanceof ApiError && admin.error.status === 404;

  useEffect(() => {
    if (admin.isError && !missing) notify.error(MSG.common.somethingWrong);
  }, [admin.isError, missing]);

  return (
    <>
      <PageHeader
        title={EDIT_ADMIN_TITLE}
        back="/bridge-talk-admin"
        actions={
          admin.data &&
          admin.data._id !== me?._id && (
            <ResetSecondFactorButton userId={admin.data._id} name={admin.data.name} />
          )
        }
        breadcrumbs={[
          { label: MSG.nav.bridgeTalkAdmin, to: '/bridge-talk-admin' },
          { label: EDIT_ADMIN_TITLE },
        ]}
      />
      {admin.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={admin.isPending}>
          {admin.data && (
            <AdminForm
              key={admin.data._id}
              mode="edit"
              defaultValues={{ ...splitName(admin.data.name), email: admin.data.email }}
              onSave={async (values) => {
                await update.mutateAsync({
                  name: joinName(values.firstName, values.lastName),
                  email: values.email,
                  subtype: 'admin',
                  phone: ADMIN_PHONE_PLACEHOLDER,
                });
                notify.success(MSG.extra.adminSaved);
                navigate('/bridge-talk-admin');
              }}
            />
          )}
        </LoadingOverlay>
      )}
    </>
  );
}
