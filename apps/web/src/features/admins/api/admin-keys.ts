/** Query keys of the Bridge Talk Admin screens. */
export const adminKeys = {
  all: ['admins'] as const,
  lists: () => [...adminKeys.all, 'list'] as const,
  list: (page: number) => [...adminKeys.lists(), page] as const,
  detail: (id: string) => [...adminKeys.all, 'detail', id] as const,
};
