export * from './auth.js';
export * from './common.js';
