import {
  type Entity,
  type EntityDetails,
  type EntityStatusChange,
  ROUTES,
  type UpdateEntityRequest,
} from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { entityKeys } from './entity-keys.js';

/** Saves the entity form, or (with `status` alone) enables or disables the entity. */
function updateEntity(id: string, input: UpdateEntityRequest) {
  return callApi(ROUTES.entities.edit, { params: { id }, body: input });
}

function useEntitySaved() {
  const queryClient = useQueryClient();
  return (entity: Entity) => {
    // The details keep what only they carry (the contact person, when it was recorded).
    queryClient.setQueryData<EntityDetails>(entityKeys.detail(entity._id), (old) =>
      old ? { ...old, ...entity } : undefined,
    );
    // The details page's prices follow the entity's coupon.
    void queryClient.invalidateQueries({ queryKey: entityKeys.plans(entity._id) });
    return queryClient.invalidateQueries({ queryKey: entityKeys.lists() });
  };
}

export function useUpdateEntity(id: string) {
  const onSuccess = useEntitySaved();
  return useMutation({ mutationFn: (input: UpdateEntityRequest) => updateEntity(id, input), onSuccess });
}

/** Enable (active) or disable (inactive). */
export function useChangeEntityStatus() {
  const onSuccess = useEntitySaved();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EntityStatusChange }) => updateEntity(id, { status }),
    onSuccess,
  });
}
