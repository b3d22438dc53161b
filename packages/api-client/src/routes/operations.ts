import type { AnyRoute } from '../route-types.js';
import { syncStatusResponseSchema } from '../schemas/sync-status.js';

/**
 * What provider staff look at to run the host: the connectors' syncs. Not in the browser routes
 * (./browser-routes.ts), so the portal's bundle does not carry them; only the full table has them.
 */
export const operationsRoutes = {
  syncStatus: {
    kind: 'json',
    method: 'GET',
    path: '/api/staff/sync-status',
    tag: 'Operations',
    auth: 'session',
    summary: 'How the connectors’ syncs went (provider staff)',
    description:
      'Provider staff only; customers are answered 403, whatever company staff act for (none needed). Per source (HubSpot, GitHub, Jira, AI tools), every one listed whether configured or not: whether this host has it configured, its schedule (cron in UTC, or null when off), its latest scheduled run from the job queue (state, retries, instants, the error of a failed or retried run, the summary of a completed one), and per scope (project, company or AI tool scope) how its last run went, its counts and its resume cursor. A failed source or scope never hides the others. Never holds a credential. Never cached.',
    response: syncStatusResponseSchema,
    noStore: true,
    errorNotes: {
      403: 'The caller is a customer (only provider staff see the syncs), or the request is cross-site.',
    },
    retry: true,
    errors: [401, 403, 500],
  },
} as const satisfies Record<string, AnyRoute>;
