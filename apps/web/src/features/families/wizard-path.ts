/** The wizard's address at a step for a family being made: `/add-new-family?step=2&groupId=…`. */
export function wizardPath(step: number, groupId: string | null): string {
  if (!groupId) return '/add-new-family';
  return `/add-new-family?${new URLSearchParams({ step: String(step), groupId })}`;
}
