export const E2E_ADMIN = {
  email: 'admin@e2e.local',
  password: 'E2e-Admin-Pass-1',
  name: 'Bridge Talk Admin',
} as const;

/** The password every agency made by activeEntity() gets. */
export const AGENCY_PASSWORD = 'Agency-Pass-1';

/**
 * Passwords of the e2e run that the servers' logs must never hold (the scan also finds every
 * `Word-Pass-N`, the form the specs' other passwords take).
 */
export const E2E_PASSWORDS: readonly string[] = [E2E_ADMIN.password, AGENCY_PASSWORD];
