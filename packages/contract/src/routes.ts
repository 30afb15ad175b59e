/** API paths shared by the server's route table and the web app's fetchers. */
export const API = {
  health: '/api/health',
  ready: '/api/ready',
  docs: '/api/docs',
  auth: {
    login: '/api/auth/login',
    refresh: '/api/auth/refresh',
    logout: '/api/auth/logout',
    me: '/api/auth/me',
  },
} as const;
