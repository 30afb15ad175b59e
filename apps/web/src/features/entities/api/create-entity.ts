import { type CreateEntityRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { entityKeys } from './entity-keys.js';

function createEntity(input: CreateEntityRequest) {
  return callApi(ROUTES.entities.create, { body: input });
}

export function useCreateEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEntity,
    onSuccess: (entity) => {
      queryClient.setQueryData(entityKeys.detail(entity._id), entity);
      return queryClient.invalidateQueries({ queryKey: entityKeys.lists() });
    },
  });
}
