import type { AppContext } from '../app-context.js';

/** An address in the portal as people reach it: PUBLIC_URL, or this process on localhost. */
export function portalUrl(ctx: Pick<AppContext, 'config'>, path: string): string {
  const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  return new URL(path, base).toString();
}
