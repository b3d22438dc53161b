import { browserRoutes } from './browser-routes.js';
import { ingestRoutes } from './routes/ingest.js';
import { operationsRoutes } from './routes/operations.js';
import { requestRoutes } from './routes/requests.js';

export { fillPath } from './browser-routes.js';

/**
 * Every /api route, defined once. The OpenAPI document, the MSW mocks and the contract test kit
 * read this table; the client reads the browser routes of it (./browser-routes.ts). Keys are the
 * route ids used across the package.
 */
export const routes = { ...browserRoutes, ...requestRoutes, ...ingestRoutes, ...operationsRoutes };

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export type JsonRouteId = { [K in RouteId]: Routes[K]['kind'] extends 'json' ? K : never }[RouteId];

export const routeIds = Object.keys(routes) as RouteId[];
