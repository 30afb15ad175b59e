/** The agreement's page of a family, and its form (a new version, or the first). */
export const agreementPath = (groupId: string) => `/manage-families/${groupId}/agreement`;
export const agreementEditPath = (groupId: string) => `/manage-families/${groupId}/agreement/edit`;
