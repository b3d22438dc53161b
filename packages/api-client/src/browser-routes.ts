import { analyticsRoutes } from './routes/analytics.js';
import { authRoutes } from './routes/auth.js';
import { contentRoutes } from './routes/content.js';
import { customerRoutes } from './routes/customer.js';

/**
 * The routes a browser calls (signed in or not): what the typed client, and so the portal, bundles.
 * The machine routes (ingest, GitHub webhooks) are only in the full table (`routes.ts`), so their
 * schemas and descriptions (~5 KB gzip) stay out of the portal.
 */
export const browserRoutes = { ...authRoutes, ...customerRoutes, ...analyticsRoutes, ...contentRoutes };

/** Fills `{name}` placeholders, encoding each value (a key with "/" must not change the path). */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}
