// /bridge-talk-admin/create: 'Add Admin Account'; the new admin is invited by e-mail.
import { ADMIN_PHONE_PLACEHOLDER, joinName, MSG } from '@bridge-talk/contract';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useCreateAdmin } from './api/create-admin.js';
import { AdminForm } from './components/admin-form.js';

export function CreateAdminPage() {
  const navigate = useNavigate();
  const create = useCreateAdmin();
  return (
    <>
      <PageHeader
        title={MSG.admins.addAdminAccount}
        back="/bridge-talk-admin"
        breadcrumbs={[
          { label: MSG.nav.bridgeTalkAdmin, to: '/bridge-talk-admin' },
          { label: MSG.admins.addAdminAccount },
        ]}
      />
      <AdminForm
        mode="create"
        defaultValues={{ firstName: '', lastName: '', email: '' }}
        onSave={async (values) => {
          await create.mutateAsync({
            name: joinName(values.firstName, values.lastName),
            email: values.email,
            subtype: 'admin',
            phone: ADMIN_PHONE_PLACEHOLDER,
          });
          notify.success(MSG.extra.adminCreated);
          navigate('/bridge-talk-admin');
        }}
      />
    </>
  );
}
