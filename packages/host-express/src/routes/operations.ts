import { routes } from '@client-portal/api-client';
import { type Router, Router as createRouter } from 'express';
import type { HostContext } from '../context.js';
import { sendNoStoreJson } from '../http/send-json.js';
import { buildSyncReport } from '../jobs/sync-report.js';
import { expressPath } from './mount.js';
import { requireStaff } from './scope.js';

/**
 * What provider staff look at to run the host (the contract's Operations routes):
 *
 *   GET /api/staff/sync-status   the connectors' syncs: per source whether it is configured, its
 *                                schedule, its latest scheduled run and each scope's last run,
 *                                counts and cursor (../jobs/sync-report.ts, as `sync --status`)
 *
 * Staff only, whether or not they chose a company to act for: no session 401, customers 403 (the
 * role comes only from the session). Not tenant data, so not through the response cache: every
 * answer is read fresh and sent no-store. Reads the store, and of the configuration only which
 * sources are configured and their schedules — never a credential.
 */
export function createOperationsRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  router.get(expressPath(routes.syncStatus), ctx.auth.requireSession, requireStaff, async (_req, res) => {
    sendNoStoreJson(res, await buildSyncReport(ctx.store, ctx.config));
  });
  return router;
}
