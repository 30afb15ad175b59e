// The only module that reads import.meta.env. Read by hand, not with zod: this module is in every page's
// first download, and zod is not (see shared/forms/lazy-zod-resolver.ts).
const env = import.meta.env as Record<string, unknown>;

function text(name: string, fallback: string): string {
  const value = env[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw new Error(`${name} must be a string`);
  return value;
}

export const webConfig = {
  mode: text('MODE', 'production'),
  /** Same origin by default: the server serves this app and the API. */
  apiBase: text('VITE_API_BASE', ''),
} as const;
