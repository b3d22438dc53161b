import { analyticsRoutes } from './routes/analytics.js';
import { authRoutes } from './routes/auth.js';
import { contentRoutes } from './routes/content.js';
import { customerRoutes } from './routes/customer.js';

/**
 * Every /api route, defined once. The client, the OpenAPI document, the MSW mocks and the
 * contract test kit all read this table. Keys are the route ids used across the package.
 */
export const routes = { ...authRoutes, ...customerRoutes, ...analyticsRoutes, ...contentRoutes };

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type JsonRouteId = { [K in RouteId]: Routes[K]['kind'] extends 'json' ? K : never }[RouteId];

export const routeIds = Object.keys(routes) as RouteId[];

/** Fills `{name}` placeholders, encoding each value (a key with "/" must not change the path). */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}
