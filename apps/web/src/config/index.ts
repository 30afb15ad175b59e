// The only module that reads import.meta.env.
import { z } from 'zod';

const ZWebEnv = z.object({
  MODE: z.string(),
  VITE_API_BASE: z.string().default(''),
});

const env = ZWebEnv.parse(import.meta.env);

export const webConfig = {
  mode: env.MODE,
  /** Same origin by default: the server serves this app and the API. */
  apiBase: env.VITE_API_BASE,
} as const;
