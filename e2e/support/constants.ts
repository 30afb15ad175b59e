export const E2E_ADMIN = {
  email: 'admin@e2e.local',
  password: 'E2e-Admin-Pass-1',
  name: 'Bridge Talk Admin',
} as const;
