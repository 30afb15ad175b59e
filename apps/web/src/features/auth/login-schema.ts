// The login form's schema, in a module of its own so that it (and zod) load at the first validation.
export { ZLoginRequest } from '@bridge-talk/contract';
