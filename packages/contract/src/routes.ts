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
    meEdit: '/api/auth/me/edit',
    meEmailConfirm: '/api/auth/me/email/confirm',
    register: '/api/auth/register',
    passwordRequest: '/api/auth/password/request',
    passwordValidate: '/api/auth/password/validate',
    passwordChange: '/api/auth/password/change',
    accountCode: '/api/auth/me/password/code',
    accountVerify: '/api/auth/me/password/verify',
    accountChange: '/api/auth/me/password/change',
  },
} as const;
