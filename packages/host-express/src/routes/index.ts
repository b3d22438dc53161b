import { type Router, Router as createRouter } from 'express';
import type { HostContext } from '../context.js';
import { createAnalyticsRoutes } from './analytics.js';
import { createContentRoutes } from './content.js';
import { createCustomerRoutes } from './customer.js';
import { createOperationsRoutes } from './operations.js';
import { createRequestAttachmentRoutes } from './request-attachments.js';
import { createRequestRoutes } from './requests.js';

/**
 * The contract's data routes (profile, CRM, talent, teams, account manager, analytics, documents,
 * knowledge base, requests) and its staff-only operations routes (./operations.ts), mounted on /api after
 * CORS, the CSRF guard (state-changing requests must be same-origin JSON), `express.json()`
 * (size-limited) and `loadSession`; before the /api 404 and the error handler. Server-to-server
 * routes (signed webhooks) cannot pass the CSRF guard: mount them in app.ts before it, with
 * `express.raw()` so the signature covers the exact bytes.
 * Each route: `ctx.auth.requireSession`, `requireCompany` (./scope.js), `validate(routes.<id>)`
 * from ../http/validate.js, queries scoped by `scopeOf(req).companyId`, errors through
 * ../http/problem.js (or thrown: the error handler answers problem+json).
 *
 * The modules register on the one router they are given (the /api router itself in app.ts): a
 * nested router costs every request that passes through it, whether or not it holds its route.
 */
export function createApiRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  createCustomerRoutes(ctx, router);
  createAnalyticsRoutes(ctx, router);
  createContentRoutes(ctx, router);
  createOperationsRoutes(ctx, router);
  createRequestRoutes(ctx, router);
  createRequestAttachmentRoutes(ctx, router);
  return router;
}
