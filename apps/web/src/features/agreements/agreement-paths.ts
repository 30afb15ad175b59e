/** The agreement's page of a family, and its form (a new version, or the first). */
export const agreementPath = (groupId: string) => `/manage-families/${groupId}/agreement`;
export const agreementEditPath = (groupId: string) => `/manage-families/${groupId}/agreement/edit`;

/** 'Agreements by year', the agency's summary of a calendar year (`?year=`, else the current one). */
export const AGREEMENTS_SUMMARY_PATH = '/agreements/summary';
