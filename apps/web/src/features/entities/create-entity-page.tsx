// /entity-management/create: a new entity account; its person is invited by e-mail.
import { MSG } from '@bridge-talk/contract';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useCreateEntity } from './api/create-entity.js';
import { EntityForm } from './components/entity-form.js';

export const CREATE_ENTITY_TITLE = 'Create Entity Account';

const EMPTY = {
  subtype: 'agency' as const,
  name: '',
  email: '',
  phone: '',
  address: '',
  startContract: '',
  endContract: '',
  coupon: '',
};

export function CreateEntityPage() {
  const navigate = useNavigate();
  const create = useCreateEntity();
  return (
    <>
      <PageHeader
        title={CREATE_ENTITY_TITLE}
        back="/entity-management"
        breadcrumbs={[
          { label: MSG.nav.entityManagement, to: '/entity-management' },
          { label: CREATE_ENTITY_TITLE },
        ]}
      />
      <EntityForm
        defaultValues={EMPTY}
        cancelTo="/entity-management"
        onSave={async (values) => {
          await create.mutateAsync(values);
          notify.success(MSG.extra.entityCreated);
          navigate('/entity-management');
        }}
      />
    </>
  );
}
